import Foundation
import Ripple
import RippleTerminal
import SeedApp
import TodosCore

// TodosApp: seed 001 as the launcher opens it. `makeScreen(environment:)` builds
// the HTTP client from the launcher's environment (the services' URL, the
// scheduler) and opens the local copy in its data directory;
// `makeScreen(copy:remote:scheduler:)` takes any implementation of both, for tests
// and other hosts.

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

    /// The screen, syncing with the todo server at `environment.servicesURL`, its
    /// requests timing out on `environment.scheduler`, its local copy in
    /// `environment.dataDirectory` (in memory when there is none).
    public func makeScreen(environment: SeedAppEnvironment) -> View {
        Self.makeScreen(copy: Self.openCopy(in: environment.dataDirectory),
                        remote: TodoClient(baseURL: environment.servicesURL, scheduler: environment.scheduler),
                        scheduler: environment.scheduler)
    }

    /// The screen over `copy` and `remote`, its ViewModel's answers, date and
    /// spinner on `scheduler`.
    public static func makeScreen(copy: some TodoLocalCopy, remote: some TodoRemote, scheduler: some DateScheduler) -> TodosScreen {
        TodosScreen(viewModel: HomeViewModel(copy: copy, remote: remote, scheduler: scheduler), scheduler: scheduler)
    }

    /// The local copy in `directory` (`todos-app.sqlite`), or in memory without
    /// one; a copy that cannot be opened says why on the screen's error line.
    static func openCopy(in directory: URL?) -> any TodoLocalCopy {
        do {
            if let directory { return try SQLiteTodoCopy(directory: directory) }
            return try SQLiteTodoCopy.inMemory()
        } catch {
            return UnopenedTodoCopy(reason: "\(error)")
        }
    }

    /// Loads the list, adds a todo named with the time of day (so that it is new
    /// whatever the data directory already holds), and ticks it off: it moves to
    /// "Finished".
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        let title = Self.walkthroughTitle(at: walkthroughDate?() ?? environment.scheduler.currentDate)
        return [
            WalkthroughStep("The list as the server has it: “To Do”, then “Finished”") { terminal in
                await terminal.waitUntilScreen { lines in
                    Self.headerLine(HomeViewModel.finishedHeader, in: lines) != nil
                        && terminal.firstView(ofType: TodosScreen.self)?.viewModel.isLoading.value == false
                }
            },
            WalkthroughStep("Type a todo and press Enter: it is added at the top of “To Do” at once, and the input clears") { terminal in
                terminal.type(title)
                terminal.press(.enter)
                await terminal.waitUntilScreen { lines in
                    lines.contains { $0.contains("[ ] " + title) } && lines.contains { $0.contains("New: Type todo here...") }
                }
            },
            WalkthroughStep("Tab to the list, Home to select the newest todo, Space: it moves to “Finished”, synced once its “…” is gone") { terminal in
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

/// The local copy when its file could not be opened: every call fails with why,
/// so that the screen says it (the todos cannot be kept without it).
struct UnopenedTodoCopy: TodoLocalCopy {
    /// Why the file could not be opened.
    let reason: String

    /// What the calls throw.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func read() throws -> LocalSnapshot {
        throw Failure(description: "it could not be opened (\(reason))")
    }

    func enqueue(_ change: TodoChange) throws -> QueuedChange {
        throw Failure(description: "it could not be opened (\(reason))")
    }

    func commit(confirmed: [TodoItem], cursor: Int64, removing sequences: [Int64]) throws {
        throw Failure(description: "it could not be opened (\(reason))")
    }
}
