#if os(Linux)
import Glibc

// PtyChild: the terminal-session-probe, run as a child process on a pseudo-terminal
// (or with its output on pipes), for the Pty suite. Every wait is bounded: a child
// still running at the deadline is killed, so a failure cannot hang the suite.

/// A probe process and the pseudo-terminal it runs on.
final class PtyChild {
    /// How the child ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case timedOut

        var description: String {
            switch self {
            case let .exited(status): "exited with status \(status)"
            case let .signaled(signal): "killed by signal \(signal)"
            case .timedOut: "still running at the deadline (killed)"
            }
        }
    }

    static let deadline: Duration = .seconds(10)

    /// The pty's controlling side, where the test reads the child's output and types.
    let master: Int32
    /// The pty's terminal side, kept open so that its settings can be read after the
    /// child exits.
    let terminal: Int32
    /// The pipes of standard output and error, when they are not the pty.
    let outputPipe: Int32?
    let errorPipe: Int32?
    let pid: pid_t
    /// Everything read from the pty so far.
    private(set) var output: [UInt8] = []
    /// Where in `output` each resize happened, and the new size.
    private(set) var resizes: [(offset: Int, size: (columns: UInt16, rows: UInt16))] = []
    /// The pty's settings before the child started.
    let originalSettings: TerminalSettings

    /// The probe's path: next to the test binary, in the build folder.
    static var probePath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(length > 0, "cannot read /proc/self/exe")
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/terminal-session-probe"
    }

    /// Starts the probe with `mode` on a new 80x24 pty; with `pipedOutput`, its
    /// standard output and error go to pipes instead.
    init(mode: String, environment: [String: String] = ["TERM": "xterm-256color"], pipedOutput: Bool = false) {
        master = PtyFunctions.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        precondition(master >= 0 && PtyFunctions.grantpt(master) == 0 && PtyFunctions.unlockpt(master) == 0, "no pseudo-terminal")
        var name = [CChar](repeating: 0, count: 128)
        precondition(PtyFunctions.ptsnameR(master, &name, name.count) == 0)
        terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        precondition(terminal >= 0)
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        var initial = termios()
        precondition(tcgetattr(terminal, &initial) == 0)
        originalSettings = TerminalSettings(initial)

        var childOutput = terminal
        var childError = terminal
        if pipedOutput {
            var outputEnds: [Int32] = [0, 0]
            var errorEnds: [Int32] = [0, 0]
            precondition(PtyFunctions.pipe2(&outputEnds, O_CLOEXEC) == 0 && PtyFunctions.pipe2(&errorEnds, O_CLOEXEC) == 0)
            (outputPipe, childOutput) = (outputEnds[0], outputEnds[1])
            (errorPipe, childError) = (errorEnds[0], errorEnds[1])
        } else {
            (outputPipe, errorPipe) = (nil, nil)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, terminal, 0)
        posix_spawn_file_actions_adddup2(&actions, childOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, childError, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // A process group of its own, whose parent (this process) is outside it: not an
        // orphaned group, so that SIGTSTP stops the child as it would under a shell.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var variables = Self.inheritedEnvironment()
        variables["TERM"] = nil
        variables["SWIFT_BACKTRACE"] = "enable=no"
        variables.merge(environment) { $1 }
        let arguments = ["terminal-session-probe", mode].map { $0.withCString { strdup($0) } } + [nil]
        let environmentStrings = variables.map { "\($0.key)=\($0.value)".withCString { strdup($0) } } + [nil]
        var child: pid_t = 0
        let status = posix_spawn(&child, Self.probePath, &actions, &attributes, arguments, environmentStrings)
        precondition(status == 0, "cannot start \(Self.probePath): \(String(cString: strerror(status)))")
        pid = child
        for string in arguments + environmentStrings { free(string) }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        if pipedOutput {
            close(childOutput)
            close(childError)
        }
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            _ = waitpid(pid, nil, 0)
        }
        close(master)
        close(terminal)
        if let outputPipe { close(outputPipe) }
        if let errorPipe { close(errorPipe) }
    }

    private static func inheritedEnvironment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// The pty output as text (invalid UTF-8 repaired).
    var text: String {
        String(decoding: output, as: UTF8.self)
    }

    /// Reads the pty until `text` (from byte `offset` of the output) contains
    /// `expected`; false at the deadline.
    @discardableResult
    func read(until expected: String, after offset: Int = 0) -> Bool {
        let start = ContinuousClock.now
        while !String(decoding: output[min(offset, output.count)...], as: UTF8.self).contains(expected) {
            let left = Self.deadline - (ContinuousClock.now - start)
            guard left > .zero else { return false }
            readAvailable(waitingUpTo: min(left, .milliseconds(50)))
        }
        return true
    }

    /// The screen the child drew: its output replayed into a terminal emulator of
    /// the pty's size (resized as the test resized the pty).
    var screen: ReplayTerminal {
        var terminal = ReplayTerminal(columns: 80, rows: 24)
        var start = 0
        for (offset, size) in resizes {
            terminal.feed(Array(output[start..<min(offset, output.count)]))
            terminal.resize(columns: Int(size.columns), rows: Int(size.rows))
            start = min(offset, output.count)
        }
        terminal.feed(Array(output[start...]))
        return terminal
    }

    /// Reads the pty until the replayed screen has a line containing `expected`;
    /// false at the deadline.
    @discardableResult
    func read(untilScreenShows expected: String) -> Bool {
        let start = ContinuousClock.now
        while !screen.lines.contains(where: { $0.contains(expected) }) {
            let left = Self.deadline - (ContinuousClock.now - start)
            guard left > .zero else { return false }
            readAvailable(waitingUpTo: min(left, .milliseconds(50)))
        }
        return true
    }

    /// Reads what the pty has, waiting up to `wait` for something.
    private func readAvailable(waitingUpTo wait: Duration) {
        var state = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&state, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(master, &buffer, buffer.count)
        if count > 0 { output += buffer[..<count] }
    }

    /// Types `text` into the pty.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        precondition(write(master, bytes, bytes.count) == bytes.count)
    }

    private(set) var ending: Ending?

    /// Waits (reading meanwhile) until the child is stopped by a signal; false at
    /// the deadline or if it ended instead.
    func waitForStop() -> Bool {
        let start = ContinuousClock.now
        var status: Int32 = 0
        while ContinuousClock.now - start < Self.deadline {
            let result = waitpid(pid, &status, WNOHANG | WUNTRACED)
            if result == pid {
                readAvailable(waitingUpTo: .zero)
                return status & 0xFF == 0x7F
            }
            readAvailable(waitingUpTo: .milliseconds(20))
        }
        return false
    }

    /// Waits for the child to end (reading its output meanwhile), then reads what
    /// it left in the pty.
    func waitForEnding() -> Ending {
        if let ending { return ending }
        let start = ContinuousClock.now
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now - start < Self.deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                ending = .timedOut
                return .timedOut
            }
            readAvailable(waitingUpTo: .milliseconds(20))
        }
        readAvailable(waitingUpTo: .zero)
        readAvailable(waitingUpTo: .zero)
        let signal = status & 0x7F
        let result: Ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        ending = result
        return result
    }

    /// Everything in a pipe until its writer closes it (bounded by the deadline).
    static func readToEnd(_ pipe: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        let start = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now - start < deadline {
            var state = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            guard poll(&state, 1, 100) >= 0 else { break }
            if state.revents == 0 { continue }
            let count = Glibc.read(pipe, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// The pty's current settings.
    var settings: TerminalSettings {
        var current = termios()
        precondition(tcgetattr(terminal, &current) == 0)
        return TerminalSettings(current)
    }

    /// Resizes the pty and tells the child, as a terminal emulator does (the child
    /// does not have the pty as its controlling terminal, so the kernel would not).
    /// What the child wrote before it was resized is replayed at the old size.
    func resize(columns: UInt16, rows: UInt16) {
        readAvailable(waitingUpTo: .milliseconds(20))
        resizes.append((output.count, (columns, rows)))
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        kill(pid, SIGWINCH)
    }
}

/// The pty functions of the C library that Swift's Glibc module does not declare
/// (they need _XOPEN_SOURCE or _GNU_SOURCE), looked up by name.
enum PtyFunctions {
    private static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { preconditionFailure("no \(name) in the C library") }
        return unsafeBitCast(symbol, to: type)
    }

    static let posixOpenpt = lookUp("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = lookUp("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = lookUp("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsnameR = lookUp("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
    static let pipe2 = lookUp("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
}

/// The fields of a termios that a session changes, comparable.
struct TerminalSettings: Equatable, CustomStringConvertible {
    let input, output, control, local: UInt32
    let controlCharacters: [UInt8]

    init(_ settings: termios) {
        var copy = settings
        input = copy.c_iflag
        output = copy.c_oflag
        control = copy.c_cflag
        local = copy.c_lflag
        controlCharacters = withUnsafeBytes(of: &copy.c_cc) { Array($0) }
    }

    var description: String {
        "iflag \(input) oflag \(output) cflag \(control) lflag \(local) cc \(controlCharacters)"
    }
}
#endif
