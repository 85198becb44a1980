import AppsTestSupport
import Foundation
import Ripple
import RippleTerminal
import SeedApp
import Services
import Testing
import Todos
import TodosCore

/// The app as the launcher opens it: `TodosApp().makeScreen(environment:)` on the
/// main queue against the services, and its walkthrough run as the launcher runs
/// it, on a 100 × 30 VirtualTerminal, twice over one data directory that already
/// holds todos (the second run also finds the first one's, and opens on the local
/// copy the first one left).
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TodosAppTests {
    @Test func itIsTodos() {
        #expect(TodosApp().title == "Todos")
    }

    /// Runs the walkthrough on a new screen over `services`, as the launcher does,
    /// its todo named with the time of `date`; returns the screen after each step.
    func runWalkthrough(_ services: LocalServices, directory: URL, date: Date) async -> [[String]] {
        let environment = SeedAppEnvironment(servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main)
        let app = TodosApp(walkthroughDate: { date })
        let terminal = VirtualTerminal(columns: 100, rows: 30, root: app.makeScreen(environment: environment))
        var screens: [[String]] = []
        for step in app.walkthrough(environment: environment) {
            await step.perform(terminal)
            screens.append(terminal.lines)
        }
        return screens
    }

    @Test func theWalkthroughAddsATodoAndTicksItOff() async throws {
        let directory = try TemporaryDirectory(prefix: "todos-tests")
        defer { directory.remove() }
        try await withTodoServices(directory: directory.url) { services in
            // The user's todos from before: the walkthrough leaves them as they are.
            let client = TodoClient(baseURL: services.url, scheduler: QueueScheduler.main)
            let readme = TodoItem(id: "6b061a3b34cad1fa73566099", title: "Write the README", status: .normal)
            _ = try await client.send(.add(readme)).first()
            _ = try await client.send(.setStatus(id: readme.id, status: .finished)).first()
            _ = try await client.send(.add(TodoItem(id: "6b061a3b34cad1fa7356609a", title: "Buy milk", status: .normal))).first()
            for run in 1...2 {
                // Each run's todo carries its own time of day.
                let screens = await runWalkthrough(services, directory: directory.url, date: Date(timeIntervalSince1970: 1_795_032_000 + Double(run)))
                #expect(screens.count == 3)
                let last = try #require(screens.last)
                #expect(screens[0].contains { $0.hasPrefix("│[ ] Buy milk ") }, "the first step waits for the list")
                let finished = try #require(last.firstIndex { $0.hasPrefix("│Finished ") }, "run \(run)")
                let ticked = last.indices.filter { last[$0].contains("[x] Water the plants (") }
                #expect(ticked.count == run, "run \(run): every walkthrough's todo is finished")
                #expect(ticked.allSatisfy { $0 > finished })
                #expect(!last.contains { $0.contains("[ ] Water the plants (") })
                let milk = try #require(last.firstIndex { $0.hasPrefix("│[ ] Buy milk ") })
                let readmeRow = try #require(last.firstIndex { $0.hasPrefix("│[x] Write the README ") })
                #expect(milk < finished && readmeRow > finished)
                #expect(last[2].hasPrefix("│New: Type todo here..."), "the input cleared")
            }
        }
    }

    @Test func theDateLabelShowsToday() async throws {
        try await withTodoServices { services in
            let environment = SeedAppEnvironment(servicesURL: services.url, dataDirectory: nil, scheduler: QueueScheduler.main)
            // The day before and after the screen is made: the same one, unless midnight passed between.
            let before = DateLabelFormat().string(from: environment.scheduler.currentDate)
            let terminal = VirtualTerminal(columns: 60, rows: 10, root: TodosApp().makeScreen(environment: environment))
            let after = DateLabelFormat().string(from: environment.scheduler.currentDate)
            await terminal.settle()
            #expect([before, after].contains { terminal.lines[1].hasPrefix("│" + $0) })
        }
    }
}
