// Compile probes: small client programs that must not compile, each next to the
// corrected program that must. They prove what the compiler refuses in code that
// uses Ripple (a race, main-actor state touched off the main actor), which a test
// that compiles cannot show.
//
// Each probe is compiled by the toolchain's `swiftc` in Swift 6 mode against the
// `Ripple` module this test bundle was built with, as far as SIL generation, where
// the region-based isolation checks run (`-typecheck` alone misses them).

import Foundation
import Testing

/// A client program that must fail to compile with the given errors, and its
/// corrected form, which must compile.
struct CompileProbe: CustomTestStringConvertible, Sendable {
    /// What the probe shows, as the test's argument description.
    let name: String
    /// The program with the mistake.
    let refused: String
    /// Text that every error of `refused` contains one of, and each must appear.
    let expectedErrors: [String]
    /// The same program written the way the compiler accepts.
    let accepted: String

    var testDescription: String { name }

    /// The errors and warnings `swiftc` reports for `source` (both empty if it
    /// compiles cleanly), and the line of `source` each error is reported at;
    /// stops the test if the compiler or the `Ripple` module cannot be found.
    ///
    /// The compiler runs, and is waited for, on a thread of its own: a wait on
    /// one of the concurrency runtime's threads (two, on a two-core machine)
    /// would hold it for the whole compilation, while other tests' tasks wait
    /// for it.
    static func diagnostics(
        compiling source: String,
        named name: String
    ) async throws -> (errors: [String], warnings: [String], errorLines: [Int]) {
        let toolchain = try #require(swiftc(), "swiftc is not on PATH: the compile probes need the toolchain")
        let modules = try #require(rippleModules(), "the Ripple module of this test build was not found")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ripple-probe-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(name).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        var arguments = [
            "-swift-version", "6", "-emit-sil", "-o", "/dev/null",
            "-module-name", "Probe", "-I", modules.path, file.path,
        ]
        // Ripple imports a C module of its own (the system call behind its send
        // lock), which a client compiled outside SwiftPM must be shown, as SwiftPM
        // shows it to its clients.
        let systemModuleMap = modules.deletingLastPathComponent()
            .appendingPathComponent("CRippleSystem.build/module.modulemap")
        if FileManager.default.fileExists(atPath: systemModuleMap.path) {
            arguments += ["-Xcc", "-fmodule-map-file=\(systemModuleMap.path)"]
        }
        let finalArguments = arguments
        let (text, status) = try await onThreadOfItsOwn { try run(toolchain, finalArguments) }
        // `path:line:column: kind: message`
        func messages(_ kind: String) -> [(line: Int, message: String)] {
            text.split(separator: "\n")
                .filter { $0.hasPrefix(file.path + ":") && $0.contains(kind) }
                .map { diagnostic in
                    let location = diagnostic.dropFirst(file.path.count + 1)
                    let line = Int(location.prefix { $0.isNumber }) ?? 0
                    return (line, String(diagnostic[diagnostic.range(of: kind)!.upperBound...]))
                }
        }
        let errors = messages(": error: ")
        if status != 0, errors.isEmpty {
            Issue.record("swiftc failed without an error line:\n\(text)")
        }
        return (errors.map(\.message), messages(": warning: ").map(\.message), errors.map(\.line))
    }

    /// Runs `executable` with `arguments` to its end: what it wrote (standard
    /// output and error together) and its exit status. Blocks the calling thread.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }

    /// The result of `work`, run on a new thread while the caller's task is
    /// suspended, so that blocking work holds none of the concurrency runtime's
    /// threads.
    private static func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The `swiftc` next to the running toolchain, found on `PATH`.
    private static func swiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The folder holding `Ripple.swiftmodule` for this build: the test bundle's
    /// own folder's `Modules` (SwiftPM's layout), or one of its parents'.
    private static func rippleModules() -> URL? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = (Bundle.main.executableURL ?? executable).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Ripple.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
