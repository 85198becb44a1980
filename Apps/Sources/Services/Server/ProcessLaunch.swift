// The command-line tools the photo services run (`rsvg-convert`, `dwebp`), started
// with `posix_spawn` rather than Foundation's `Process`: on Linux, `Process.run()`
// lists `/proc/self/fd` to close the parent's descriptors in the child, and that
// listing crashed here (a bad read in `findMaximumOpenFromProcSelfFD`) while the test
// suite's other threads opened and closed descriptors. Here the child gets
// `/dev/null` for standard input and error, `/dev/null` or a pipe for standard output,
// and the parent's environment; every other descriptor is closed in the child
// (glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`), so a file another thread
// has open for writing (a script being written, say) never stays open in a child,
// which would make running that file fail with "Text file busy".
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Starts a command-line tool as a child process and waits for it.
public enum ProcessLaunch {
    /// A started child: its process id, and the read end of its standard output
    /// when it was asked for (the caller closes it).
    public struct Child: Sendable {
        /// The process id.
        public let pid: pid_t
        /// The read end of the child's standard output, or `nil`.
        public let output: Int32?
    }

    /// How a child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// Why a child could not be started.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What failed, with the system's reason.
        public let description: String
    }

    /// Starts `executable` with `arguments`; its standard output goes to a pipe
    /// (`capturingOutput`) or `/dev/null`.
    public static func start(_ executable: String, _ arguments: [String], capturingOutput: Bool) throws(Failure) -> Child {
        try lock.withLock { _ throws(Failure) in try startLocked(executable, arguments, capturingOutput: capturingOutput) }
    }

    private static let lock = Mutex(())

    private static func startLocked(_ executable: String, _ arguments: [String], capturingOutput: Bool) throws(Failure) -> Child {
        var pipeEnds: [Int32] = [-1, -1]
        if capturingOutput {
            // Both ends close-on-exec, so that no other child started meanwhile holds
            // the write end open (this package's starts are serialised by `lock`;
            // Foundation's close every descriptor in the child); the child's standard
            // output is a copy made by dup2, which has no close-on-exec flag.
            guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeInheritedDescriptors(&actions)

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var result: Int32 = 0
        // "Text file busy": another thread's child, between its fork and its exec,
        // still holds a descriptor open for writing on the executable. That lasts
        // microseconds; the start is tried again a few times before it fails.
        for attempt in 0..<busyAttempts {
            result = (argv + [nil]).withUnsafeBufferPointer { arguments in
                posix_spawn(&pid, executable, &actions, nil, arguments.baseAddress!, environ)
            }
            guard result == ETXTBSY, attempt + 1 < busyAttempts else { break }
            usleep(useconds_t(1_000 << min(attempt, 4)))
        }
        if capturingOutput { close(pipeEnds[1]) }
        guard result == 0 else {
            if capturingOutput { close(pipeEnds[0]) }
            throw Failure(description: "\((executable as NSString).lastPathComponent) could not start: \(String(cString: strerror(result)))")
        }
        return Child(pid: pid, output: capturingOutput ? pipeEnds[0] : nil)
    }

    /// How many times a start that fails with "Text file busy" is tried (about
    /// 0.1 seconds in all).
    private static let busyAttempts = 8

    /// Adds to `actions` the closing, in the child, of every descriptor from 3 up,
    /// where the C library can (glibc 2.34 and later; Swift's Glibc module does not
    /// declare the function, so it is looked up at run time). Elsewhere the child keeps
    /// the descriptors not marked close-on-exec.
    public static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        if let closeFrom {
            _ = closeFrom(&actions, 3)
        }
        #endif
    }

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
    #endif

    /// Reads `descriptor` to its end, or until more than `limit` bytes came
    /// (`overflowed`), then closes it.
    public static func readAll(_ descriptor: Int32, limit: Int) -> (bytes: [UInt8], overflowed: Bool) {
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (bytes, false) }
            bytes += chunk[..<count]
            if bytes.count > limit { return (bytes, true) }
        }
    }

    /// Waits for the child `pid` to end (blocking the calling thread).
    /// `beforeReaping` runs once it has ended but before it is reaped: until it is,
    /// its pid cannot name another process, so a timer that kills it is safe if it
    /// checks a flag that `beforeReaping` sets under the timer's lock.
    public static func wait(_ pid: pid_t, beforeReaping: () -> Void = {}) -> Termination {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            guard errno == EINTR else { break }
        }
        beforeReaping()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (the C macros are not imported).
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// A child's time limit: `expire()` kills it unless `end()` said it has exited (and
/// is not reaped yet), so that a late timer never names a reused pid.
public final class ChildDeadline: Sendable {
    private let pid: pid_t
    private let state = Mutex((ended: false, expired: false))

    /// The deadline of the child `pid`.
    public init(pid: pid_t) {
        self.pid = pid
    }

    /// The time is up: kills the child with SIGKILL unless it has ended.
    public func expire() {
        state.withLock { state in
            guard !state.ended else { return }
            state.expired = true
            kill(pid, SIGKILL)
        }
    }

    /// The child has exited (pass it as `ProcessLaunch.wait`'s `beforeReaping`).
    public func end() {
        state.withLock { $0.ended = true }
    }

    /// Whether `expire()` killed the child.
    public var expired: Bool {
        state.withLock { $0.expired }
    }
}
