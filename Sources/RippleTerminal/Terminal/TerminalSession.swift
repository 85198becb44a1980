#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Ripple
import Synchronization

// TerminalSession: the process's terminal, taken over for a full-screen app, and
// always given back.
//
// Opening checks first that standard input and output are terminals and that TERM
// names one that can draw (not unset, not `dumb`); otherwise it throws before
// writing a byte. Then it arms the restore (see TerminalRestore), puts the terminal
// in raw mode and writes the enter sequence (alternate screen, hidden cursor,
// bracketed paste, SGR mouse; see TerminalModes). The terminal is restored exactly
// once: by `close()` (also run by `deinit`), at `exit`, or by the handler of a
// terminating signal or a crash, which then lets the signal end the process as it
// would have.
//
// Input is read by a Dispatch read source on the main queue and decoded by an
// `InputReader` whose quiet-time flush also runs on the main queue: `input` delivers
// every event on the main queue, and completes when the session closes or the
// terminal hangs up. `size` follows SIGWINCH, also on the main queue. One session
// can be open per process at a time.
//
// Right after entering, outside tmux and screen, the session asks the terminal how it
// shows images (GraphicsProbe) and waits at most `probeTimeout` for the answers;
// keys typed meanwhile are decoded as usual. `RIPPLE_GRAPHICS` forces a mode.

/// The process's terminal (standard input and output) in raw mode on the
/// alternate screen, for a full-screen app; restored when the session closes, the
/// process exits, is killed, or crashes.
///
/// ```swift
/// let terminal = TerminalSession.openOrExit()
/// terminal.input.observeValues { event in
///     if event == .key(KeyEvent(.character("q"))) { terminal.close(); exit(0) }
/// }
/// terminal.write("\u{1B}[H" + "Hello")
/// dispatchMain()
/// ```
public final class TerminalSession: Sendable {
    /// The window's size; changes arrive on the main queue.
    public let size: Property<TerminalSize>

    /// Keys, pastes and mouse events, delivered on the main queue; completes when
    /// the session closes or the terminal hangs up.
    public let input: Signal<InputEvent, Never>
    /// How the terminal shows images: as it answered when asked, `RIPPLE_GRAPHICS`
    /// when set, half blocks inside tmux or screen or when it did not answer.
    public let graphics: TerminalGraphics
    /// The size of a cell in pixels: as the terminal reported it, else from the
    /// window's size in pixels, else typical.
    public let cellPixelSize: CellPixelSize

    private let reader: InputReader
    private let currentSize: MutableProperty<TerminalSize>
    /// The read and SIGWINCH sources, until ``close()`` cancels them.
    private let sources: Protected<[any DispatchSourceProtocol]>
    private let handledSignals: [Int32]
    private let isOpen = Atomic<Bool>(true)
    /// The terminal's settings before the session, and in raw mode.
    private let originalSettings: termios, rawSettings: termios

    private static let inputDescriptor: Int32 = STDIN_FILENO
    private static let outputDescriptor: Int32 = STDOUT_FILENO

    /// Takes over the terminal.
    ///
    /// - Parameters:
    ///   - escapeTimeout: how long the input must stay quiet after an ESC before it
    ///     counts as the Esc key rather than the start of a sequence.
    ///   - probeTimeout: how long to wait for the terminal's answers about images.
    /// - Throws: ``TerminalSessionError`` when standard input or output is not a
    ///   terminal, `TERM` is unset or `dumb`, `RIPPLE_GRAPHICS` names no mode, a
    ///   session is already open, or the terminal cannot be set up; nothing has been
    ///   written then.
    public init(escapeTimeout: Duration = .milliseconds(25),
                probeTimeout: Duration = .milliseconds(300)) throws(TerminalSessionError) {
        guard isatty(Self.inputDescriptor) == 1 else { throw .inputIsNotATerminal }
        guard isatty(Self.outputDescriptor) == 1 else { throw .outputIsNotATerminal }
        guard let type = getenv("TERM").map({ String(cString: $0) }), !type.isEmpty else { throw .terminalTypeUnknown }
        guard type != "dumb" else { throw .dumbTerminal }
        var environment: [String: String] = [:]
        for name in ["RIPPLE_GRAPHICS", "TMUX", "STY"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let forcedGraphics: TerminalGraphics?
        do {
            forcedGraphics = try TerminalGraphics.forced(by: environment)
        } catch {
            throw .invalidSetting(error.description)
        }
        var original = termios()
        guard tcgetattr(Self.inputDescriptor, &original) == 0 else { throw .systemCallFailed("tcgetattr", errno: errno) }
        guard TerminalRestore.arm(
            input: Self.inputDescriptor, output: Self.outputDescriptor, original: original, bytes: TerminalModes.restore
        ) else { throw .alreadyOpen }
        handledSignals = TerminalRestore.installSignalHandlers()
        var raw = TerminalModes.raw(from: original)
        originalSettings = original
        rawSettings = raw
        guard tcsetattr(Self.inputDescriptor, TCSANOW, &raw) == 0 else {
            let error = errno
            TerminalRestore.removeSignalHandlers(handledSignals)
            TerminalRestore.restore()
            throw .systemCallFailed("tcsetattr", errno: error)
        }
        _ = TerminalModes.enter.withUnsafeBytes { writeAll(Self.outputDescriptor, $0.baseAddress!, $0.count) }
        var probe = GraphicsProbe()
        if TerminalGraphics.shouldProbe(environment: environment) {
            Self.ask(&probe, within: probeTimeout)
        }
        graphics = forcedGraphics ?? probe.graphics
        cellPixelSize = probe.cellPixelSize ?? Self.queryCellPixelSize() ?? .typical
        let typedWhileProbing = probe.takeInput()

        let currentSize = MutableProperty(Self.querySize())
        self.currentSize = currentSize
        size = Property(currentSize)
        TerminalRestore.ignoreWindowChanges()
        let resizeSource = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resizeSource.setEventHandler {
            currentSize.value = Self.querySize()
        }

        let reader = InputReader(escapeTimeout: escapeTimeout, scheduler: QueueScheduler.main)
        self.reader = reader
        input = reader.events
        let inputSource = DispatchSource.makeReadSource(fileDescriptor: Self.inputDescriptor, queue: .main)
        inputSource.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(Self.inputDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                reader.receive(buffer[..<count])
            } else if count < 0 ? errno != EINTR && errno != EAGAIN : Self.inputHungUp() {
                inputSource.cancel()
                reader.finish()
            }
        }
        sources = Protected([resizeSource, inputSource])
        resizeSource.resume()
        inputSource.resume()
        if !typedWhileProbing.isEmpty {
            // After the caller has observed `input`, as the read source's bytes are.
            DispatchQueue.main.async { reader.receive(typedWhileProbing) }
        }
    }

    /// Writes the graphics query and reads the terminal's answers until they are
    /// complete or `timeout` has passed.
    private static func ask(_ probe: inout GraphicsProbe, within timeout: Duration) {
        _ = GraphicsProbe.query.withUnsafeBytes { writeAll(outputDescriptor, $0.baseAddress!, $0.count) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !probe.isComplete {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            probe.receive(buffer[..<count])
        }
        probe.finish()
    }

    deinit {
        close()
    }

    /// Opens a session for an app's entry point: if the terminal cannot be taken
    /// over, prints why to standard error (`name: reason`) and exits with status 1,
    /// having written nothing to standard output.
    public static func openOrExit(escapeTimeout: Duration = .milliseconds(25)) -> TerminalSession {
        do {
            return try TerminalSession(escapeTimeout: escapeTimeout)
        } catch {
            let name = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "error"
            let message = Array("\(name): \(error)\n".utf8)
            _ = message.withUnsafeBytes { writeAll(STDERR_FILENO, $0.baseAddress!, $0.count) }
            exit(1)
        }
    }

    /// Writes `bytes` to the terminal, all of them (a partial write or an interrupted
    /// one goes on). Call it from one thread at a time, normally the main thread.
    ///
    /// - Returns: false if the session is closed or the terminal cannot be written
    ///   (it hung up).
    @discardableResult
    public func write(_ bytes: some Collection<UInt8>) -> Bool {
        guard isOpen.load(ordering: .acquiring) else { return false }
        let written = bytes.withContiguousStorageIfAvailable { buffer in
            buffer.isEmpty || writeAll(Self.outputDescriptor, buffer.baseAddress!, buffer.count)
        }
        return written ?? write(Array(bytes))
    }

    /// Writes `text` as UTF-8 to the terminal; see the byte form of `write`.
    @discardableResult
    public func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Suspends the process as Ctrl-Z does in a shell (raw mode delivers Ctrl-Z as a
    /// key, so the app decides): gives the terminal back to the shell, stops the
    /// process's group with SIGTSTP (the whole job, as a shell expects), and takes
    /// the terminal over again when the shell continues it (`fg`). The caller
    /// repaints then (``Window/redrawAll()``), since the shell has drawn meanwhile;
    /// the size is read again. Returns false, doing nothing, when the session is
    /// closed. If SIGTSTP is ignored or discarded (an orphaned process group, with
    /// no shell to continue it), the process goes on at once.
    @discardableResult
    public func suspend() -> Bool {
        guard isOpen.load(ordering: .acquiring) else { return false }
        var original = originalSettings, raw = rawSettings
        _ = TerminalModes.restore.withUnsafeBytes { writeAll(Self.outputDescriptor, $0.baseAddress!, $0.count) }
        _ = tcsetattr(Self.inputDescriptor, TCSADRAIN, &original)
        TerminalRestore.stopUntilContinued(waitingForStopUpTo: .milliseconds(500))
        _ = tcsetattr(Self.inputDescriptor, TCSADRAIN, &raw)
        _ = TerminalModes.enter.withUnsafeBytes { writeAll(Self.outputDescriptor, $0.baseAddress!, $0.count) }
        currentSize.value = Self.querySize()
        return true
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor,
    /// switches off bracketed paste and mouse reports, restores the terminal's
    /// original settings and signal actions, and completes ``input``. Later calls do
    /// nothing.
    public func close() {
        guard isOpen.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let open = sources.withLock { sources in
            defer { sources = [] }
            return sources
        }
        for source in open { source.cancel() }
        TerminalRestore.restore()
        TerminalRestore.removeSignalHandlers(handledSignals)
        TerminalRestore.restoreWindowChangeAction()
        reader.finish()
    }

    /// Whether the terminal hung up: a read found nothing although the source
    /// fired (with VMIN = 0, an empty read alone can also mean no data yet).
    private static func inputHungUp() -> Bool {
        var state = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&state, 1, 0) > 0 && state.revents & Int16(POLLHUP | POLLERR) != 0
    }

    /// The cell size from the window's size in pixels, when the terminal fills in
    /// that part of `TIOCGWINSZ` (xterm does; many leave it 0).
    private static func queryCellPixelSize() -> CellPixelSize? {
        var window = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
              window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row else { return nil }
        return CellPixelSize(width: Int(window.ws_xpixel) / Int(window.ws_col),
                             height: Int(window.ws_ypixel) / Int(window.ws_row))
    }

    private static func querySize() -> TerminalSize {
        var window = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
}
