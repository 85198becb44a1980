import AppsTestSupport
import Foundation
import Services
import Synchronization
import Testing

/// The `ripple-services` executable, started as a child process.
/// Each test waits for the child's events (a line printed, its exit); the time
/// limit only ends a test whose event never comes, and allows for starts that take
/// tens of seconds on two cores loaded by the whole suite.
@Suite("ripple-services command line", .timeLimit(.minutes(5)))
struct CommandLineTests {
    @Test("--port 0 prints the address and data directory, answers GET /todos/list, exits 0 on SIGTERM")
    func startsAnswersAndStopsOnSIGTERM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(arguments: ["--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", fixturePhotos.path])
        defer { server.kill() }
        let port = try await server.waitForPort()
        #expect(server.output.contains("ripple-services data directory: \(directory.url.path)\n"))

        let answer = try await LoopbackClient().get(URL(string: "http://127.0.0.1:\(port)/todos/list")!)
        #expect(answer.status == 200)
        #expect(answer.text == "[]")

        server.signal(SIGTERM)
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(server.output.hasSuffix("ripple-services stopped\n"))
    }

    @Test("an acknowledged POST survives SIGKILL right after it (WAL durability)")
    func acknowledgedWriteSurvivesSIGKILL() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = LoopbackClient()

        let first = try ServerProcess(arguments: ["--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", fixturePhotos.path])
        defer { first.kill() }
        let firstPort = try await first.waitForPort()
        let created = try await client.postForm(URL(string: "http://127.0.0.1:\(firstPort)/todos/list")!, "content=durable")
        #expect(created.status == 200)
        first.signal(SIGKILL)
        let exit = try await first.waitForExit()
        #expect(exit.reason == .uncaughtSignal)
        #expect(exit.status == SIGKILL)

        let second = try ServerProcess(arguments: ["--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", fixturePhotos.path])
        defer { second.kill() }
        let secondPort = try await second.waitForPort()
        let list = try await client.get(URL(string: "http://127.0.0.1:\(secondPort)/todos/list")!)
        second.signal(SIGTERM)
        _ = try await second.waitForExit()
        let todo = try JSONDecoder().decode(Todo.self, from: created.body)
        #expect(try JSONDecoder().decode([Todo].self, from: list.body) == [todo])
    }

    @Test("the tweet corpus and credentials are printed at start; the import's result when it ends; a second start does not import")
    func printsTweetCorpus() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let noImages = try TemporaryDirectory()
        defer { noImages.remove() }
        let arguments = ["--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", noImages.url.path]
        let summary = "ripple-services tweets: 13 tweets from 6 entries of 3 packages by 3 maintainers (imported in "

        let first = try ServerProcess(arguments: arguments)
        defer { first.kill() }
        _ = try await first.waitForPort()
        try await first.waitForOutput(summary)
        first.signal(SIGTERM)
        _ = try await first.waitForExit()
        let credentials = directory.url.appendingPathComponent("twitter-app.json").path
        #expect(first.output.contains("ripple-services tweets corpus: \(fixtureChangelogs.path), 6 changelog files\n"))
        #expect(first.output.contains("ripple-services twitter app credentials: \(credentials) (new)\n"))
        #expect(first.output.contains(
            "ripple-services tweets: importing in the background; searches answer 503 until the index is built\n"
        ))
        #expect(first.errors.contains("tweets: read 6 of 6 changelogs"))

        let second = try ServerProcess(arguments: arguments)
        defer { second.kill() }
        _ = try await second.waitForPort()
        second.signal(SIGTERM)
        _ = try await second.waitForExit()
        #expect(second.output.contains("ripple-services twitter app credentials: \(credentials)\n"))
        #expect(second.output.contains(summary))
        #expect(!second.output.contains("importing"))
        #expect(!second.errors.contains("tweets: importing"))
    }

    @Test("--tweets-corpus that is not a directory is refused with a usage error")
    func tweetsCorpusNotADirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(arguments: ["--tweets-corpus", "/nonexistent/changelogs", "--data-dir", directory.url.path])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(server.errors.contains("--tweets-corpus must be a directory or 'bundled'"))
    }

    @Test("the photo corpus and the Flickr key are printed at start; the import's result when it ends; a second start does not import")
    func printsPhotoCorpus() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = ["--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", fixturePhotos.path]
        let summary = "ripple-services photos: 5 photos from 9 files (2 malformed, 1 too small, 1 copies; 2 with metadata; thumbnails: 5 made, 0 cached) imported in "
        let key = directory.url.appendingPathComponent("flickr-app.json").path

        let first = try ServerProcess(arguments: arguments)
        defer { first.kill() }
        let port = try await first.waitForPort()
        try await first.waitForOutput(summary)
        let photos = try await LoopbackClient().get(URL(string: "http://127.0.0.1:\(port)/v1/photos?rpp=1")!)
        #expect(photos.status == 200)
        #expect(photos.text.contains(#""total_items":5"#))
        first.signal(SIGTERM)
        _ = try await first.waitForExit()
        #expect(first.output.contains("ripple-services photos corpus: \(fixturePhotos.resolvingSymlinksInPath().path), 9 image files\n"))
        #expect(first.output.contains("ripple-services flickr app key: \(key) (new)\n"))
        #expect(first.output.contains("ripple-services photos: importing in the background; the photo routes answer 503 until it ends\n"))
        #expect(first.errors.contains("photos: read 9 of 9 files"))

        let second = try ServerProcess(arguments: arguments)
        defer { second.kill() }
        _ = try await second.waitForPort()
        second.signal(SIGTERM)
        _ = try await second.waitForExit()
        #expect(second.output.contains("ripple-services flickr app key: \(key)\n"))
        #expect(second.output.contains(summary))
        #expect(!second.output.contains("importing"))
        #expect(!second.errors.contains("photos: importing"))
    }

    @Test("--photos that is not a directory is refused with a usage error")
    func photosNotADirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(arguments: ["--photos", "/nonexistent/pictures", "--data-dir", directory.url.path])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(server.errors.contains("--photos must be a directory or 'bundled': /nonexistent/pictures"))
    }

    @Test("an unknown --fidelity is refused with a usage error")
    func unknownFidelity() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(arguments: ["--fidelity", "sloppy", "--data-dir", directory.url.path])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(server.errors.contains("--fidelity must be one of: corrected, original"))
    }
}

/// A `ripple-services` (or `todo-server`) child process with its output collected. Every wait is for
/// an event of the child (a line printed, its exit), never for a time.
final class ServerProcess: Sendable {
    /// What the test has seen of the child so far.
    private struct Seen: Sendable {
        var output = Data()
        var errors = Data()
        var outputEnded = false
        var errorsEnded = false
        var termination: ChildProcess.Termination?

        var outputText: String { String(decoding: output, as: UTF8.self) }
        var errorsText: String { String(decoding: errors, as: UTF8.self) }

        /// The child has ended and both of its pipes have been read to their end.
        var hasExited: Bool { termination != nil && outputEnded && errorsEnded }

        /// The port of `PROGRAM listening on http://127.0.0.1:PORT`, once printed.
        var port: Int? {
            outputText.firstMatch(of: /[a-z-]+ listening on http:\/\/127\.0\.0\.1:(\d+)\n/).flatMap { Int($0.1) }
        }
    }

    private let child: ChildProcess
    /// The executable's name, for the failures' messages.
    private let program: String
    private let seen = WatchedState(Seen())

    /// The built executable, beside the test bundle in the products directory.
    static func executable(_ program: String) -> URL {
        let products = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent(program)
    }

    /// Starts `program` (a product of the package, `ripple-services` by default).
    init(program: String = "ripple-services", arguments: [String]) throws {
        self.program = program
        let executable = Self.executable(program)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no \(program) at \(executable.path)")
        let seen = seen
        child = try ChildProcess(executable: executable, arguments: arguments) { termination in
            seen.update { $0.termination = termination }
        }
        Self.read(child.output) { bytes in
            seen.update { if let bytes { $0.output.append(bytes) } else { $0.outputEnded = true } }
        }
        Self.read(child.errors) { bytes in
            seen.update { if let bytes { $0.errors.append(bytes) } else { $0.errorsEnded = true } }
        }
    }

    /// Everything printed to standard output so far.
    var output: String { seen.value.outputText }
    /// Everything printed to standard error so far.
    var errors: String { seen.value.errorsText }
    /// Whether the process has ended.
    var hasEnded: Bool { seen.value.termination != nil }

    /// Waits until `PROGRAM listening on http://HOST:PORT` is printed.
    func waitForPort() async throws -> Int {
        await seen.wait { $0.port != nil || $0.termination != nil }
        let state = seen.value
        return try #require(state.port, "\(program) exited before it listened: \(state.outputText) \(state.errorsText)")
    }

    /// Waits until the standard output contains `text`.
    func waitForOutput(_ text: String) async throws {
        await seen.wait { $0.outputText.contains(text) || $0.termination != nil }
        let state = seen.value
        try #require(state.outputText.contains(text), "\(program) exited before printing \"\(text)\": \(state.outputText)")
    }

    /// Waits until the standard error contains `text`.
    func waitForErrors(_ text: String) async throws {
        await seen.wait { $0.errorsText.contains(text) || $0.termination != nil }
        let state = seen.value
        try #require(state.errorsText.contains(text), "\(program) exited before logging \"\(text)\": \(state.errorsText)")
    }

    /// Sends a signal to the process.
    func signal(_ signal: Int32) {
        child.signal(signal)
    }

    /// Waits for the process to end and for both of its pipes to reach their end
    /// (so that everything it printed has been read).
    func waitForExit() async throws -> (reason: Process.TerminationReason, status: Int32) {
        await seen.wait { $0.hasExited }
        let termination = try #require(seen.value.termination, "the wait for \(program) to exit was cancelled")
        return (termination.reason, termination.status)
    }

    /// Kills the process if it still runs (cleanup after a failed test).
    func kill() {
        child.signal(SIGKILL)
    }

    /// Reads `handle` to its end on a thread of its own, with blocking reads, handing
    /// each chunk to `receive`, then `nil` at the end. (`FileHandle.readabilityHandler`
    /// on Linux sometimes never reported a pipe's end, so a test waited for an exited
    /// child's output forever.)
    private static func read(_ handle: FileHandle, _ receive: @escaping @Sendable (Data?) -> Void) {
        let thread = Thread {
            while true {
                let bytes = handle.availableData
                receive(bytes.isEmpty ? nil : bytes)
                if bytes.isEmpty { return }
            }
        }
        thread.start()
    }
}
