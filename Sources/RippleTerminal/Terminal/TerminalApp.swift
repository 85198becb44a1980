#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Ripple

// TerminalApp: a view tree, full screen, on the process's terminal — the terminal's
// UIApplication.
//
// `run` opens a `TerminalSession` (or exits with a clear message when the process has
// no terminal), hosts the root view in a `Window` of the terminal's size, and parks
// the main thread in `dispatchMain()`, which drains the main queue for the rest of
// the process: `UIScheduler`, `MainActorScheduler`, `QueueScheduler.main` and
// `@MainActor` code all run there, as on iOS. Input and SIGWINCH arrive through the
// session's Dispatch sources on the main queue; each input event goes to the window
// (focused view first, then up its ancestors; mouse events to the view under the
// pointer) and each size change resizes the window, which then repaints everything.
// The window's renders are coalesced to one per turn of the main queue; each render's
// bytes are written to the terminal at once.
//
// Ctrl-C, when no view handles it, quits, and Ctrl-Z suspends the app to the shell
// (raw mode turns both into keys; the app decides); back in the foreground, it
// repaints everything. `quit(status:)` runs the `willQuit` handlers, gives the terminal back and
// ends the process: like an iOS app, a terminal app does not return from its run
// loop. A terminal that hangs up quits too (status 0), and a process killed by a
// signal or crashing still has its terminal restored by the session.

/// A full-screen terminal app: runs a view tree on the process's terminal and the
/// main queue until it quits.
///
/// ```swift
/// // main.swift
/// import RippleTerminal
///
/// TerminalApp.run { app in
///     SearchScreen(viewModel: SearchViewModel(), quit: { app.quit() })
/// }
/// ```
@MainActor
public final class TerminalApp {
    /// The app that `run` started, once it runs.
    public private(set) static var current: TerminalApp?

    /// The window showing the app's view tree at the terminal's size.
    public let window: Window
    /// The terminal the app draws on and reads from.
    public let session: TerminalSession
    /// Keys that quit the app when no view handles them; Ctrl-C by default.
    public var quitKeys: Set<KeyEvent> = [KeyEvent(.character("c"), modifiers: .control)]
    /// Keys that suspend the app to the shell when no view handles them; Ctrl-Z by
    /// default.
    public var suspendKeys: Set<KeyEvent> = [KeyEvent(.character("z"), modifiers: .control)]

    private var quitHandlers: [@MainActor () -> Void] = []
    private var isQuitting = false
    private let disposables = CompositeDisposable()

    /// An app showing `root` on `session`, rendering in `colorMode` (by default the
    /// one `COLORTERM` and `TERM` announce). Its first frame is drawn in the coming
    /// turn of the main queue; from then on, input and size changes are handled on
    /// the main queue. Most apps call ``run(colorMode:_:)`` instead.
    public init(root: View, session: TerminalSession, colorMode: ColorMode? = nil) {
        self.session = session
        let mode = colorMode ?? ColorMode.detect(environment: Self.colorEnvironment())
        let renderer = Renderer(colorMode: mode, graphics: session.graphics, cellPixelSize: session.cellPixelSize)
        window = Window(root: root, size: session.size.value, renderer: renderer)
        window.onRender = { [session] bytes in
            session.write(bytes)
        }
        disposables += session.size.signal.observeValues { [weak self] size in
            MainActor.assumeIsolated { self?.window.resize(to: size) }
        }
        disposables += session.input.observe { [weak self] event in
            MainActor.assumeIsolated {
                guard let self else { return }
                switch event {
                case let .value(input): self.handle(input)
                case .completed, .interrupted: self.quit()
                }
            }
        }
    }

    /// Takes over the terminal and runs the view tree `makeRoot` builds (it gets the
    /// app, to bind a "quit" command to it) until the app quits; never returns. If the
    /// process has no usable terminal (output piped, `TERM=dumb`), prints why to
    /// standard error and exits with status 1.
    public static func run(colorMode: ColorMode? = nil, _ makeRoot: @MainActor (TerminalApp) -> View) -> Never {
        let session = TerminalSession.openOrExit()
        let holder = View()
        let app = TerminalApp(root: holder, session: session, colorMode: colorMode)
        current = app
        holder.addSubview(makeRoot(app))
        dispatchMain()
    }

    /// Takes over the terminal and runs `root` until the app quits; never returns.
    /// See ``run(colorMode:_:)``.
    public static func run(root: @autoclosure @MainActor () -> View, colorMode: ColorMode? = nil) -> Never {
        run(colorMode: colorMode) { _ in root() }
    }

    /// Calls `handler` when the app quits, before the terminal is given back (to
    /// save state, say); handlers run in the order they were added.
    public func onQuit(_ handler: @escaping @MainActor () -> Void) {
        quitHandlers.append(handler)
    }

    /// Quits: runs the ``onQuit(_:)`` handlers, restores the terminal, and ends the
    /// process with `status`. A second call while quitting does nothing.
    public func quit(status: Int32 = 0) {
        guard !isQuitting else { return }
        isQuitting = true
        for handler in quitHandlers { handler() }
        disposables.dispose()
        if session.graphics == .kitty {
            var deleteImages: [UInt8] = []
            KittyGraphics.deleteAll(into: &deleteImages)
            session.write(deleteImages)
        }
        session.close()
        exit(status)
    }

    private func handle(_ event: InputEvent) {
        if window.send(event) { return }
        guard case let .key(key) = event else { return }
        if quitKeys.contains(key) {
            quit()
        } else if suspendKeys.contains(key) {
            suspend()
        }
    }

    /// Suspends the app to the shell (see ``TerminalSession/suspend()``); back in
    /// the foreground, it repaints everything.
    public func suspend() {
        guard session.suspend() else { return }
        window.redrawAll()
    }

    /// The variables ``ColorMode/detect(environment:)`` reads.
    private static func colorEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["COLORTERM", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}

/// The binding target that quits a terminal app.
extension Reactive where Base: TerminalApp {
    /// Quits the app with status 0 on each value: `app.reactive.quit <~ viewModel.didFinish`.
    public var quit: BindingTarget<Void> {
        makeBindingTarget(on: MainActorScheduler()) { app, _ in app.quit() }
    }
}

extension TerminalApp: ReactiveExtensionsProvider {}
