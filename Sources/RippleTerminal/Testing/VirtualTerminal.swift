import Dispatch
import Ripple

// VirtualTerminal: a window in memory, for tests — scripted input in, screen text and
// cell styles out, everything synchronous on the main actor.
//
// It hosts a view tree in a `Window` whose renders are coalesced on a `TestScheduler`
// of its own. Each `type`, `press`, `paste` and `send` delivers its events and then
// runs the render they asked for; reading `screen` (or `lines`, `snapshot`) first runs
// any render still pending, so changes made by code (a property bound into a label)
// show too. Bindings into views apply at once when set on the main thread with
// nothing waiting on the main queue; `settle()` lets main-queue work that did have to
// wait (tests running in parallel may have queued some) run first. Time-driven views
// (an activity indicator) take a `TestScheduler` of the test's own.

/// An in-memory terminal that shows a view tree, for tests:
///
/// ```swift
/// @MainActor @Test func searchingShowsTheCount() async {
///     let terminal = VirtualTerminal(columns: 30, rows: 3, root: SearchView(viewModel))
///     terminal.type("swift")
///     terminal.press(.tab)
///     terminal.press(.enter)
///     await terminal.settle()
///     #expect(terminal.lines == ["swift", "[ Search ]", "3 results"])
/// }
/// ```
@MainActor
public final class VirtualTerminal {
    /// The window holding the view tree.
    public let window: Window
    private let renderScheduler = TestScheduler()

    /// A terminal of `columns` × `rows` cells showing `root`, rendered once.
    public init(columns: Int, rows: Int, root: View) {
        window = Window(root: root, size: TerminalSize(columns: columns, rows: rows), scheduler: renderScheduler)
        flush()
    }

    /// Types `text`: one key event per character, then a render.
    public func type(_ text: String) {
        for character in text {
            window.send(.key(KeyEvent(.character(character))))
        }
        flush()
    }

    /// Presses `key` with `modifiers`, then renders; returns whether a view (or the
    /// focus chain) handled it.
    @discardableResult
    public func press(_ key: Key, modifiers: KeyModifiers = []) -> Bool {
        send(.key(KeyEvent(key, modifiers: modifiers)))
    }

    /// Pastes `text` as one bracketed paste, then renders.
    @discardableResult
    public func paste(_ text: String) -> Bool {
        send(.paste(text))
    }

    /// Delivers `event`, then renders; returns whether it was handled.
    @discardableResult
    public func send(_ event: InputEvent) -> Bool {
        let handled = window.send(event)
        flush()
        return handled
    }

    /// Clicks the left button at a cell (window coordinates): a press then a
    /// release, then a render; returns whether the press was handled.
    @discardableResult
    public func click(column: Int, row: Int) -> Bool {
        let handled = window.send(.mouse(MouseEvent(.press(.left), column: column, row: row)))
        window.send(.mouse(MouseEvent(.release(.left), column: column, row: row)))
        flush()
        return handled
    }

    /// Turns the wheel `steps` notches down (positive) or up (negative) over a cell,
    /// then renders; returns whether every notch was handled.
    @discardableResult
    public func scroll(_ steps: Int, column: Int, row: Int) -> Bool {
        var handled = true
        for _ in 0..<abs(steps) {
            let kind: MouseEvent.Kind = steps > 0 ? .scrollDown : .scrollUp
            handled = window.send(.mouse(MouseEvent(kind, column: column, row: row))) && handled
        }
        flush()
        return handled
    }

    /// Changes the terminal's size, then renders.
    public func resize(columns: Int, rows: Int) {
        window.resize(to: TerminalSize(columns: columns, rows: rows))
        flush()
    }

    /// Lets the work already waiting on the main queue run — with what it queues in
    /// turn, up to `rounds` deep — then renders.
    public func settle(rounds: Int = 8) async {
        for _ in 0..<max(rounds, 1) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { continuation.resume() }
            }
        }
        flush()
    }

    /// The screen after any pending render.
    public var screen: ScreenBuffer {
        flush()
        return window.screen
    }

    /// The screen's rows as text, trailing spaces dropped.
    public var lines: [String] {
        screen.lines()
    }

    /// The screen's rows as text joined by newlines, trailing spaces dropped.
    public var snapshot: String {
        lines.joined(separator: "\n")
    }

    /// The runs of consecutive cells whose style satisfies `predicate`, as text, row
    /// by row: `runs { $0.attributes.contains(.reverse) }` is what is focused.
    public func runs(where predicate: (Style) -> Bool) -> [String] {
        let screen = screen
        var runs: [String] = []
        for row in 0..<screen.rows {
            var run: String?
            for column in 0..<screen.columns {
                let cell = screen[column, row]
                if predicate(cell.style) {
                    if !cell.isContinuation { run = (run ?? "") + String(cell.grapheme) }
                } else if let finished = run {
                    runs.append(finished)
                    run = nil
                }
            }
            if let run { runs.append(run) }
        }
        return runs
    }

    /// The text drawn reversed — the focused control — run by run.
    public var reversedText: [String] {
        runs { $0.attributes.contains(.reverse) }
    }

    /// Where the terminal's cursor shows, if anywhere.
    public var cursor: Position? {
        flush()
        return window.cursor
    }

    /// Runs the render the window has scheduled, if any.
    private func flush() {
        renderScheduler.advance()
    }

    /// How many renders the window has run.
    public var renderCount: Int {
        window.renderCount
    }
}
