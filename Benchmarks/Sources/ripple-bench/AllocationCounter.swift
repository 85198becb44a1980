// Allocation counting through ordo-one's malloc interposer. The interposer only
// sees allocations when its library is preloaded, so ripple-bench re-executes itself
// with LD_PRELOAD (DYLD_INSERT_LIBRARIES on macOS) set to the copy built next to the
// executable; if that is impossible, allocations are reported as not counted.

import CHeapUse
import Foundation
import MallocInterposerSwift

/// Counts the allocations of a measured region.
final class AllocationCounter {
    /// Allocation counts of one region.
    struct Counts {
        /// Calls to malloc, calloc, realloc and friends.
        var mallocs = 0
        /// Bytes allocated minus bytes freed.
        var netBytes = 0
    }

    #if canImport(Darwin)
    private static let preloadVariable = "DYLD_INSERT_LIBRARIES"
    private static let libraryName = "libMallocInterposerSwift.dylib"
    #else
    private static let preloadVariable = "LD_PRELOAD"
    private static let libraryName = "libMallocInterposerSwift.so"
    #endif
    /// Set in the re-executed process, so that it never re-executes again.
    private static let guardVariable = "RIPPLE_BENCH_REEXECUTED"

    /// Whether allocations are really counted in this process.
    let isAvailable: Bool

    /// Checks that the interposer sees an allocation made on purpose; with
    /// `enabled` false, counts nothing.
    init(enabled: Bool) {
        guard enabled else {
            isAvailable = false
            return
        }
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        // `opaque` keeps the optimiser from eliding the malloc/free pair.
        let probe = opaque(malloc(48))
        free(probe)
        MallocInterposerSwift.unhook()
        isAvailable = MallocInterposerSwift.getStatistics().mallocCount >= 1
        MallocInterposerSwift.reset()
    }

    /// Starts counting from zero.
    func start() {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
    }

    /// Stops counting and returns what was counted since `start()`.
    func stop() -> Counts {
        MallocInterposerSwift.unhook()
        let statistics = MallocInterposerSwift.getStatistics()
        return Counts(
            mallocs: statistics.mallocCount,
            netBytes: statistics.mallocBytesCount - statistics.freeBytesCount
        )
    }

    /// Replaces this process with itself, the interposer preloaded, unless it is
    /// preloaded already, was tried already, or is not next to the executable.
    static func reexecuteWithInterposerIfNeeded() {
        let environment = ProcessInfo.processInfo.environment
        guard environment[guardVariable] == nil,
              environment[preloadVariable]?.contains(libraryName) != true,
              let executable = executablePath()
        else { return }
        let library = URL(fileURLWithPath: executable).deletingLastPathComponent()
            .appendingPathComponent(libraryName).path
        guard FileManager.default.fileExists(atPath: library) else { return }

        var variables = environment
        variables[guardVariable] = "1"
        variables[preloadVariable] = [library, environment[preloadVariable]]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        let arguments = [executable] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(executable, argv, envp)
        // execve only returns on failure: go on without counting.
        FileHandle.standardError.write(Data("ripple-bench: could not re-execute with \(preloadVariable): errno \(errno)\n".utf8))
    }

    private static func executablePath() -> String? {
        #if os(Linux)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
        return Bundle.main.executablePath
        #endif
    }
}

/// The process's in-use heap, as malloc itself counts it.
enum HeapUse {
    /// glibc's in-use bytes (`mallinfo2().uordblks`: the blocks handed out, at
    /// their real size); 0 where there is no `mallinfo2`.
    static func inUseBytes() -> Int {
        Int(ripple_bench_heap_in_use())
    }
}
