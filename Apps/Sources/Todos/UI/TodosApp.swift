import Foundation
import Ripple
import RippleTerminal
import SeedApp
import TodosCore

// TodosApp: seed 001 as the launcher opens it. `makeScreen(environment:)` builds
// the HTTP client from the launcher's environment (the services' URL, the
// scheduler); `makeScreen(service:scheduler:)` takes any implementation of the
// service, for tests and other hosts.

/// Todos (seed 001, let.swift's Todo app): add todos, tick them off, over the local
/// todo service.
///
/// ```swift
/// let screen = TodosApp().makeScreen(environment: SeedAppEnvironment(
///     servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main))
/// ```
public struct TodosApp: SeedApp {
    /// The time the walkthrough names its todo with; `nil`: the scheduler's date.
    private let walkthroughDate: (@Sendable () -> Date)?

    /// The app; its walkthrough names its todo with the time of day `walkthroughDate`
    /// gives (by default the environment scheduler's date, so that each run adds a
    /// todo of its own).
    public init(walkthroughDate: (@Sendable () -> Date)? = nil) {
        self.walkthroughDate = walkthroughDate
    }

    /// `"Todos"`.
    public var title: String { TodosScreen.title }

    /// The screen, talking to the todo service at `environment.servicesURL`, its
    /// requests timing out on `environment.scheduler`.
    public func makeScreen(environment: SeedAppEnvironment) -> View {
        Self.makeScreen(service: TodoClient(baseURL: environment.servicesURL, scheduler: environment.scheduler),
                        scheduler: environment.scheduler)
    }

    /// The screen over `service`, its ViewModel's answers, date and spinner on
    /// `scheduler`.
    public static func makeScreen(service: some TodoService, scheduler: some DateScheduler) -> TodosScreen {
        TodosScreen(viewModel: HomeViewModel(service: service, scheduler: scheduler), scheduler: scheduler)
    }

    /// Loads the list, adds a todo named with the time of day (so that it is new
    /// whatever the data directory already holds), and ticks it off: it moves to
    /// "Finished".
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        let title = Self.walkthroughTitle(at: walkthroughDate?() ?? environment.scheduler.currentDate)
        return [
            WalkthroughStep("The list as the service has it: “To Do”, then “Finished”") { terminal in
                await terminal.waitUntilScreen { lines in
                    Self.headerLine(HomeViewModel.finishedHeader, in: lines) != nil
                        && terminal.firstView(ofType: TodosScreen.self)?.viewModel.isLoading.value == false
                }
            },
            WalkthroughStep("Type a todo and press Enter: it is added at the top of “To Do”, and the input clears") { terminal in
                terminal.type(title)
                terminal.press(.enter)
                await terminal.waitUntilScreen { lines in
                    lines.contains { $0.contains("[ ] " + title) } && lines.contains { $0.contains("New: Type todo here...") }
                }
            },
            WalkthroughStep("Tab to the list, Home to select the newest todo, Space: it moves to “Finished” once the service confirms") { terminal in
                terminal.press(.tab)
                terminal.press(.home)
                terminal.type(" ")
                await terminal.waitUntilScreen { lines in
                    guard let header = Self.headerLine(HomeViewModel.finishedHeader, in: lines),
                        let row = lines.firstIndex(where: { $0.contains("[x] " + title) && !$0.contains("…") })
                    else { return false }
                    return row > header
                }
            },
        ]
    }

    /// `Water the plants (04:12:33)`, the time of day of `date` in the user's time zone.
    static func walkthroughTitle(at date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        let clock = [parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? 0) }.joined(separator: ":")
        return "Water the plants (\(clock))"
    }

    /// The index of the line that is the section header `header`, if one is.
    static func headerLine(_ header: String, in lines: [String]) -> Int? {
        lines.firstIndex { line in
            line.drop(while: { $0 == "│" }).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "│█ "))
                == header
        }
    }
}
