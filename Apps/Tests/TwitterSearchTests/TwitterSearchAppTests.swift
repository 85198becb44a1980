import Foundation
import Ripple
import RippleTerminal
import SeedApp
import Testing
import TwitterSearch
import TwitterSearchCore

/// The app as the launcher opens it: `TwitterSearchApp().makeScreen(environment:)`
/// with the services' URL and data directory, on the main queue as in the launcher,
/// in a VirtualTerminal.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TwitterSearchAppTests {
    /// Renders until `condition` holds for the screen's lines, or 20 s have passed.
    func waitForScreen(_ terminal: VirtualTerminal, until condition: ([String]) -> Bool) async throws -> [String] {
        if !(await terminal.waitUntilScreen(timeout: .seconds(20), until: condition)) {
            Issue.record("the screen never got there:\n\(terminal.snapshot)")
        }
        return terminal.lines
    }

    @Test func itIsTwitterSearch() {
        #expect(TwitterSearchApp().title == "Twitter Search")
    }

    @Test func theLaunchersEnvironmentSearchesTheServices() async throws {
        try await withLocalServices { services, directory in
            let environment = SeedAppEnvironment(servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main)
            let terminal = VirtualTerminal(columns: 60, rows: 12, root: TwitterSearchApp().makeScreen(environment: environment))
            terminal.type("quux viewer")
            let lines = try await waitForScreen(terminal) { $0.contains { $0.contains("@dave.maint+debian") } }
            #expect(lines[1] == "│Search: quux viewer                                       │")
            #expect(lines[2].hasPrefix("│Execution time: "))
            #expect(lines[4].hasPrefix("│") && lines[4].contains("Add a widget to the quux viewer."))
        }
    }

    @Test func theWalkthroughSearchesNarrowsAndClears() async throws {
        try await withLocalServices { services, directory in
            let environment = SeedAppEnvironment(servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main)
            let app = TwitterSearchApp()
            let terminal = VirtualTerminal(columns: 60, rows: 12, root: app.makeScreen(environment: environment))
            let steps = app.walkthrough(environment: environment)
            #expect(steps.count == 3)
            await steps[0].perform(terminal)
            #expect(terminal.lines[1].hasPrefix("│Search: build "))
            #expect(terminal.lines[2].hasPrefix("│Execution time: "), "the search was answered")
            await steps[1].perform(terminal)
            #expect(terminal.lines[1].hasPrefix("│Search: build failure "))
            await steps[2].perform(terminal)
            #expect(terminal.lines[1].hasPrefix("│Search: bu "))
            #expect(terminal.lines[2].hasPrefix("│  ") && terminal.lines[3].hasPrefix("│No tweets "), "the results and the execution time cleared")
        }
    }

    @Test func withoutTheServicesDataDirectoryTheScreenSaysThereIsNoAccount() async throws {
        let environment = SeedAppEnvironment(
            servicesURL: URL(string: "http://127.0.0.1:9")!, dataDirectory: nil, scheduler: QueueScheduler.main)
        let terminal = VirtualTerminal(columns: 80, rows: 8, root: TwitterSearchApp().makeScreen(environment: environment))
        let lines = try await waitForScreen(terminal) { $0.contains { $0.contains("No Twitter account") } }
        #expect(lines[3] == "│No Twitter account: the app has no credentials (twitter-app.json).            │")
    }
}
