import AppsTestSupport
import Foundation
import Services
import Synchronization
import Testing

/// The `ripple-services` executable, started as a child process.
@Suite("ripple-services command line")
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
        let exit = try await server.waitForExit(within: .seconds(10))
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
        let exit = try await first.waitForExit(within: .seconds(10))
        #expect(exit.reason == .uncaughtSignal)
        #expect(exit.status == SIGKILL)

        let second = try ServerProcess(arguments: ["--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", fixturePhotos.path])
        defer { second.kill() }
        let secondPort = try await second.waitForPort()
        let list = try await client.get(URL(string: "http://127.0.0.1:\(secondPort)/todos/list")!)
        second.signal(SIGTERM)
        _ = try await second.waitForExit(within: .seconds(10))
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
        _ = try await first.waitForExit(within: .seconds(10))
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
        _ = try await second.waitForExit(within: .seconds(10))
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
        let exit = try await server.waitForExit(within: .seconds(10))
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
        _ = try await first.waitForExit(within: .seconds(10))
        #expect(first.output.contains("ripple-services photos corpus: \(fixturePhotos.resolvingSymlinksInPath().path), 9 image files\n"))
        #expect(first.output.contains("ripple-services flickr app key: \(key) (new)\n"))
        #expect(first.output.contains("ripple-services photos: importing in the background; the photo routes answer 503 until it ends\n"))
        #expect(first.errors.contains("photos: read 9 of 9 files"))

        let second = try ServerProcess(arguments: arguments)
        defer { second.kill() }
        _ = try await second.waitForPort()
        second.signal(SIGTERM)
        _ = try await second.waitForExit(within: .seconds(10))
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
        let exit = try await server.waitForExit(within: .seconds(10))
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
        let exit = try await server.waitForExit(within: .seconds(10))
        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(server.errors.contains("--fidelity must be one of: corrected, original"))
    }
}

/// A `ripple-services` child process with its output collected.
final class ServerProcess: Sendable {
    private let child: ChildProcess
    private let stdout = OutputBuffer()
    private let stderr = OutputBuffer()

    /// The built executable, beside the test bundle in the products directory.
    static var executable: URL {
        let products = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent("ripple-services")
    }

    init(arguments: [String]) throws {
        let executable = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no ripple-services at \(executable.path)")
        child = try ChildProcess(executable: executable, arguments: arguments)
        stdout.read(child.output)
        stderr.read(child.errors)
    }

    /// Everything printed to standard output so far.
    var output: String { stdout.text }
    /// Everything printed to standard error so far.
    var errors: String { stderr.text }

    /// Waits (at most 60 s: a start under the full suite on two shared cores has taken
    /// over 20 s) for `ripple-services listening on http://HOST:PORT`.
    func waitForPort() async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let match = output.firstMatch(of: /ripple-services listening on http:\/\/127\.0\.0\.1:(\d+)\n/) {
                return try #require(Int(match.1))
            }
            try #require(child.termination == nil, "ripple-services exited early: \(output) \(errors)")
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("ripple-services did not print its address within 60 s: \(output)")
        throw CancellationError()
    }

    /// Waits (at most 60 s) until the standard output contains `text`.
    func waitForOutput(_ text: String) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if output.contains(text) { return }
            try #require(child.termination == nil, "ripple-services exited early: \(output) \(errors)")
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("ripple-services did not print \"\(text)\" within 60 s: \(output)")
        throw CancellationError()
    }

    /// Sends a signal to the process.
    func signal(_ signal: Int32) {
        child.signal(signal)
    }

    /// Waits for the process to end and for both of its pipes to reach their end
    /// (so that everything it printed has been read), at most `limit`.
    func waitForExit(within limit: Duration) async throws -> (reason: Process.TerminationReason, status: Int32) {
        let deadline = ContinuousClock.now + limit
        while child.termination == nil || !stdout.isFinished || !stderr.isFinished {
            guard ContinuousClock.now < deadline else {
                Issue.record("ripple-services still running (\(child.termination == nil)), or its output still open (standard output: \(!stdout.isFinished), standard error: \(!stderr.isFinished)), after \(limit)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let termination = try #require(child.termination)
        return (termination.reason, termination.status)
    }

    /// Kills the process if it still runs (cleanup after a failed test).
    func kill() {
        child.signal(SIGKILL)
    }
}

/// Bytes a pipe reader appends while a test reads them, and whether the pipe has
/// reached its end.
final class OutputBuffer: Sendable {
    private let state = Mutex((data: Data(), isFinished: false))

    /// Reads the pipe to its end on a thread of its own, with blocking reads.
    /// (`FileHandle.readabilityHandler` on Linux sometimes never reported a pipe's
    /// end, so a test waited for an exited child's output forever.)
    func read(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let bytes = handle.availableData
                state.withLock { state in
                    if bytes.isEmpty { state.isFinished = true } else { state.data.append(bytes) }
                }
                if bytes.isEmpty { return }
            }
        }
        thread.start()
    }

    var text: String {
        state.withLock { String(decoding: $0.data, as: UTF8.self) }
    }

    /// Whether the writer has closed the pipe and everything has been read.
    var isFinished: Bool {
        state.withLock { $0.isFinished }
    }
}
