import LauncherCore
import Ripple
import RippleTerminal
import SeedApp

// WalkthroughRunner: the launcher where nobody can type (a pipe, CI, TERM=dumb, or
// --walkthrough). It shows the launcher on a VirtualTerminal of 100 × 30, opens each
// app from the menu as a person would (its digit), runs the app's scripted steps
// (`SeedApp.walkthrough(environment:)`), goes back with Esc, and prints every
// step's screen as plain text under a heading:
//
//     ── 2 Todos · Type “Buy milk” and press Enter: it is added ─────────────
//     ‹ Back  Todos
//     ┌ Todos ──────────────────────────────────────────────────────────────┐
//     …
//     services: http://127.0.0.1:41234 (in process) · tweet index: 29,856 tweets
//
// Steps run with the real services and real time: each waits for its outcome on
// the screen (bounded), so the printed screen is the result, not a frame between.

/// Runs the launcher's scripted walkthrough on a ``VirtualTerminal`` and prints each
/// step's screen.
///
/// ```swift
/// let runner = WalkthroughRunner(catalog: catalog, viewModel: viewModel, environment: environment) {
///     print($0)
/// }
/// let report = await runner.run()
/// ```
@MainActor
public struct WalkthroughRunner {
    /// The walkthrough terminal's size: 100 × 30.
    public nonisolated static let columns = 100
    /// The walkthrough terminal's size: 100 × 30.
    public nonisolated static let rows = 30
    /// How long opening an app or going back may take to show.
    public nonisolated static let screenTimeout: Duration = .seconds(10)

    /// What a walkthrough did.
    public struct Report: Sendable, Equatable {
        /// The headings of the screens printed, in order.
        public var headings: [String]
        /// The apps whose screen did not open, or did not close with Esc, in time.
        public var failures: [String]
    }

    private let catalog: SeedAppCatalog
    private let viewModel: LauncherViewModel
    private let environment: SeedAppEnvironment
    private let output: @MainActor (String) -> Void

    /// A walkthrough of the apps of `catalog`, on the launcher of `viewModel` (made
    /// from the same catalog), in `environment`; each printed block goes to `output`.
    public init(
        catalog: SeedAppCatalog,
        viewModel: LauncherViewModel,
        environment: SeedAppEnvironment,
        output: @escaping @MainActor (String) -> Void
    ) {
        self.catalog = catalog
        self.viewModel = viewModel
        self.environment = environment
        self.output = output
    }

    /// Shows the menu, then each available app and its steps, then the menu again;
    /// returns the headings printed and what failed to show in time.
    public func run() async -> Report {
        let screen = LauncherScreen(viewModel: viewModel) { [catalog, environment] entry in
            catalog.makeScreen(for: entry, environment: environment)
        }
        let terminal = VirtualTerminal(columns: Self.columns, rows: Self.rows, root: screen)
        var report = Report(headings: [], failures: [])
        func show(_ heading: String) {
            report.headings.append(heading)
            output(Self.block(heading: heading, lines: terminal.lines))
        }

        await terminal.waitUntilScreen(contains: MenuScreen.title, timeout: Self.screenTimeout)
        show("The menu")
        for item in catalog.items {
            let title = item.entry.title
            guard let app = item.app else {
                terminal.type("\(item.entry.number)")
                await terminal.settle()
                show("\(item.entry.number) \(title) · coming: the menu opens nothing")
                continue
            }
            terminal.type("\(item.entry.number)")
            let opened = await terminal.waitUntilScreen(timeout: Self.screenTimeout) { _ in
                screen.isShowingApp
            }
            guard opened else {
                report.failures.append("\(title): the screen did not open")
                show("\(item.entry.number) \(title) · did not open")
                continue
            }
            show("\(item.entry.number) \(title) · opened from the menu with “\(item.entry.number)”")
            for step in app.walkthrough(environment: environment) {
                await step.perform(terminal)
                show("\(item.entry.number) \(title) · \(step.heading)")
            }
            var closed = false
            for _ in 0..<4 where !closed {
                terminal.press(.escape)
                closed = await terminal.waitUntilScreen(timeout: .seconds(1)) { _ in
                    !screen.isShowingApp
                }
            }
            if !closed {
                report.failures.append("\(title): Esc did not go back to the menu")
                viewModel.back()
                await terminal.settle()
            }
        }
        show("Back to the menu")
        return report
    }

    /// `heading` in a rule as wide as the terminal, then the screen's lines.
    static func block(heading: String, lines: [String]) -> String {
        let head = "── \(heading) "
        let rule = String(repeating: "─", count: max(Self.columns - head.displayWidth, 3))
        return ([head + rule] + lines).joined(separator: "\n") + "\n"
    }
}
