import Foundation
import Services
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process with its standard output and error on pipes, and how it ended.
///
/// On Linux it is started with `posix_spawn`, not Foundation's `Process`: there,
/// `Process.run()` lists `/proc/self/fd` with a read of each entry's whole 256-byte
/// `d_name`, which reads past glibc's buffer when an entry ends it at a page's end
/// (swift-corelibs-foundation #5472, fixed after this toolchain). With the many
/// files and sockets the suites hold open at once, that crashed the test process one
/// run in three. Here the child closes every descriptor above 2 itself
/// (``ProcessLaunch/closeInheritedDescriptors(_:)``), so nothing is listed;
/// the pipes' ends are marked close-on-exec, so no other child inherits them.
final class ChildProcess: Sendable {
    /// How a child ended.
    struct Termination: Sendable, Equatable {
        /// Exited, or killed by a signal.
        let reason: Process.TerminationReason
        /// The exit status, or the signal.
        let status: Int32
    }

    /// The read ends of the child's standard output and standard error.
    let output: FileHandle
    let errors: FileHandle

    private let ended = Mutex<Termination?>(nil)
    #if os(Linux)
    private let pid: pid_t
    #else
    private let process: Process
    #endif

    /// Starts `executable` with `arguments` and the parent's environment;
    /// `onTermination` is called, on a thread of its own, once the child has ended.
    init(executable: URL, arguments: [String], onTermination: @escaping @Sendable (Termination) -> Void = { _ in }) throws {
        #if os(Linux)
        let outputPipe = try Self.pipe()
        let errorPipe: [Int32]
        do {
            errorPipe = try Self.pipe()
        } catch {
            close(outputPipe[0])
            close(outputPipe[1])
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        ProcessLaunch.closeInheritedDescriptors(&actions)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable.path, &actions, nil, argv, environment)
        close(outputPipe[1])
        close(errorPipe[1])
        guard result == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw POSIXError(.init(rawValue: result) ?? .EIO)
        }
        self.pid = pid
        output = FileHandle(fileDescriptor: outputPipe[0], closeOnDealloc: true)
        errors = FileHandle(fileDescriptor: errorPipe[0], closeOnDealloc: true)
        // Reap the child on a thread of its own (a blocking waitpid for this pid only).
        let spawned = pid
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(spawned, &status, 0) == -1 && errno == EINTR {}
            let signal = status & 0x7f
            let termination = signal == 0
                ? Termination(reason: .exit, status: (status >> 8) & 0xff)
                : Termination(reason: .uncaughtSignal, status: signal)
            ended.withLock { $0 = termination }
            onTermination(termination)
        }
        thread.start()
        #else
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        output = out.fileHandleForReading
        errors = err.fileHandleForReading
        process.terminationHandler = { [self] process in
            let termination = Termination(reason: process.terminationReason, status: process.terminationStatus)
            ended.withLock { $0 = termination }
            onTermination(termination)
        }
        try process.run()
        #endif
    }

    /// How the child ended, or `nil` while it runs.
    var termination: Termination? {
        ended.withLock { $0 }
    }

    /// Sends a signal to the child (if it has not been reaped).
    func signal(_ signal: Int32) {
        guard termination == nil else { return }
        #if os(Linux)
        Foundation.kill(pid, signal)
        #else
        Foundation.kill(process.processIdentifier, signal)
        #endif
    }

    #if os(Linux)
    /// A pipe whose two ends are closed on exec (the child gets copies on 1 and 2).
    private static func pipe() throws -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return ends
    }
    #endif
}
