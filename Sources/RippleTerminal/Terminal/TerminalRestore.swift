#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

// TerminalRestore: puts the terminal back exactly once — on close, at exit, or from
// a signal handler when the process is killed or crashes.
//
// A session arms a restore record before it changes anything: the saved termios,
// the descriptors, and the restore bytes in memory of their own. Whoever takes the
// record first — `close()`, the `atexit` handler, or a handler of SIGINT, SIGTERM,
// SIGHUP, SIGQUIT, or of the signals a crash raises (a failed `precondition` traps:
// SIGILL or SIGTRAP, SIGABRT for `abort`, SIGSEGV, SIGBUS, SIGFPE) — writes the
// bytes and restores the termios; the others find nothing to do. The take is an
// atomic exchange, and the handler calls only `write`, `tcsetattr`, `sigaction` and
// `raise`, which are async-signal-safe. The handler then reinstalls the action the
// signal had before the session (the default action, unless the app set another)
// and raises the signal again, so the process ends as it would have: killed by
// SIGTERM, or crashed with the trap's signal and the runtime's crash report. A
// signal that was ignored before the session (SIGHUP under `nohup`) stays ignored.
//
// While the session is open, standard error — when it is the terminal — goes to an
// unlinked temporary file instead, so that a message written on the alternate screen
// (a failed precondition's "Fatal error: …", a log line) is not wiped when the
// shell's screen comes back: the restore points standard error back at the terminal
// and copies the captured text there, after the screen is restored (`dup2`, `lseek`,
// `read` and `write` are async-signal-safe too).

/// What restoring the terminal takes, readable from a signal handler.
private struct RestoreRecord {
    var input: Int32
    var output: Int32
    var original: termios
    var bytes: UnsafeMutablePointer<UInt8>
    var count: Int
    /// A duplicate of the original standard error, or -1 when it is not captured.
    var originalError: Int32
    /// The file standard error is captured in, or -1.
    var capturedError: Int32
}

/// The address of the armed record, or 0.
private let armedRecordAddress = Atomic<UInt>(0)

/// The actions signals had before the session, by signal number: memory that lives
/// as long as the process, since a handler may read it after `close()`.
private let previousActionsAddress = UInt(bitPattern: UnsafeMutablePointer<sigaction>.allocate(capacity: 32))

private let exitHandlerIsRegistered = Atomic<Bool>(false)

private func previousAction(_ signal: Int32) -> UnsafeMutablePointer<sigaction> {
    UnsafeMutablePointer<sigaction>(bitPattern: previousActionsAddress)! + Int(signal)
}

/// Takes the armed record and restores the terminal from it; nil if none was
/// armed. The record is not freed: the caller may be a signal handler.
private func restoreArmedTerminal() -> UnsafeMutablePointer<RestoreRecord>? {
    let address = armedRecordAddress.exchange(0, ordering: .acquiringAndReleasing)
    guard let record = UnsafeMutablePointer<RestoreRecord>(bitPattern: address) else { return nil }
    _ = writeAll(record.pointee.output, record.pointee.bytes, record.pointee.count)
    _ = tcsetattr(record.pointee.input, TCSANOW, &record.pointee.original)
    releaseCapturedError(record)
    return record
}

/// Points standard error back at the terminal and copies what was written to it
/// while the session was open.
private func releaseCapturedError(_ record: UnsafeMutablePointer<RestoreRecord>) {
    let original = record.pointee.originalError, captured = record.pointee.capturedError
    guard original >= 0, captured >= 0 else { return }
    _ = dup2(original, STDERR_FILENO)
    _ = close(original)
    if lseek(captured, 0, SEEK_SET) == 0 {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { chunk in
            while true {
                let count = read(captured, chunk.baseAddress, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                _ = writeAll(STDERR_FILENO, chunk.baseAddress!, count)
            }
        }
    }
    _ = close(captured)
}

/// Sends standard error to an unlinked temporary file if it is a terminal; returns
/// (a duplicate of the original, the file), or (-1, -1) when not captured.
private func captureError() -> (original: Int32, captured: Int32) {
    guard isatty(STDERR_FILENO) == 1 else { return (-1, -1) }
    var template = Array("/tmp/ripple-terminal-stderr-XXXXXX".utf8CString)
    let captured = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard captured >= 0 else { return (-1, -1) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let original = dup(STDERR_FILENO)
    guard original >= 0, dup2(captured, STDERR_FILENO) >= 0 else {
        if original >= 0 { _ = close(original) }
        _ = close(captured)
        return (-1, -1)
    }
    return (original, captured)
}

private func restoreAtExit() {
    _ = restoreArmedTerminal()
}

private func restoreAndReraise(_ signal: Int32) {
    _ = restoreArmedTerminal()
    _ = sigaction(signal, previousAction(signal), nil)
    _ = raise(signal)
}

private func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, for signal: Int32, flags: Int32 = 0, previous: UnsafeMutablePointer<sigaction>?) {
    var action = sigaction()
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    _ = sigaction(signal, &action, previous)
}

private func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
    let handler = action.__sigaction_u.__sa_handler
    #else
    let handler = action.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: UInt.self) == unsafeBitCast(SIG_IGN, to: UInt.self)
}

/// Set by the SIGCONT handler while ``TerminalRestore/stopUntilContinued(waitingForStopUpTo:)`` waits.
private let continued = Atomic<Bool>(false)

private func noteContinued(_ signal: Int32) {
    continued.store(true, ordering: .releasing)
}

enum TerminalRestore {
    /// Stops the process's group with SIGTSTP and returns once the process has been
    /// continued (SIGCONT). In a multithreaded process the stop may take effect a
    /// little after `kill` returns (another thread can take the signal), so this
    /// waits for it, rather than going on and taking the terminal back before the
    /// shell has it. If no stop comes within `wait` — SIGTSTP is ignored, or the
    /// kernel discards it for an orphaned process group — it returns then.
    static func stopUntilContinued(waitingForStopUpTo wait: Duration) {
        continued.store(false, ordering: .releasing)
        var previous = sigaction()
        setHandler(noteContinued, for: SIGCONT, flags: Int32(SA_RESTART), previous: &previous)
        defer { _ = sigaction(SIGCONT, &previous, nil) }
        let deadline = ContinuousClock.now + wait
        _ = kill(0, SIGTSTP)
        while !continued.load(ordering: .acquiring), ContinuousClock.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&pause, nil)
        }
    }

    /// The signals whose handlers restore the terminal.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Arms a record that writes `bytes` to `output` and sets `original` on
    /// `input`; false if one is armed already (a session is open).
    static func arm(input: Int32, output: Int32, original: termios, bytes: [UInt8]) -> Bool {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        let record = UnsafeMutablePointer<RestoreRecord>.allocate(capacity: 1)
        record.initialize(to: RestoreRecord(input: input, output: output, original: original, bytes: copy,
                                            count: bytes.count, originalError: -1, capturedError: -1))
        _ = previousActionsAddress  // initialised before any handler can read it
        let (armed, _) = armedRecordAddress.compareExchange(
            expected: 0, desired: UInt(bitPattern: record), ordering: .acquiringAndReleasing
        )
        if !armed { free(record) }
        if armed {
            // Captured only once armed, so a refused second session leaves stderr alone;
            // the fields are set before any restore can read them (the main thread
            // arms, and the restore of an error in between finds -1s and skips).
            let (originalError, capturedError) = captureError()
            record.pointee.capturedError = capturedError
            record.pointee.originalError = originalError
        }
        if armed, !exitHandlerIsRegistered.exchange(true, ordering: .acquiringAndReleasing) {
            _ = atexit(restoreAtExit)
        }
        return armed
    }

    /// Restores the terminal now if the record is still armed, and frees it; false
    /// if it was restored already (at exit or by a handler).
    @discardableResult
    static func restore() -> Bool {
        guard let record = restoreArmedTerminal() else { return false }
        free(record)
        return true
    }

    private static func free(_ record: UnsafeMutablePointer<RestoreRecord>) {
        record.pointee.bytes.deallocate()
        record.deinitialize(count: 1)
        record.deallocate()
    }

    /// Installs the restoring handler for each of ``signals`` not ignored;
    /// returns those it installed it for.
    static func installSignalHandlers() -> [Int32] {
        signals.filter { signal in
            _ = sigaction(signal, nil, previousAction(signal))
            guard !isIgnored(previousAction(signal).pointee) else { return false }
            setHandler(restoreAndReraise, for: signal, flags: Int32(SA_ONSTACK), previous: nil)
            return true
        }
    }

    /// Reinstalls the actions `signals` had before ``installSignalHandlers()``.
    static func removeSignalHandlers(_ signals: [Int32]) {
        for signal in signals {
            _ = sigaction(signal, previousAction(signal), nil)
        }
    }

    /// Ignores SIGWINCH, so that a Dispatch signal source alone sees it; saves its
    /// action for ``restoreWindowChangeAction()``.
    static func ignoreWindowChanges() {
        setHandler(SIG_IGN, for: SIGWINCH, previous: previousAction(SIGWINCH))
    }

    /// Reinstalls the SIGWINCH action saved by ``ignoreWindowChanges()``.
    static func restoreWindowChangeAction() {
        _ = sigaction(SIGWINCH, previousAction(SIGWINCH), nil)
    }
}
