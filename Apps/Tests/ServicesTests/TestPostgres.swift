import AppsTestSupport
import Foundation
import Logging
import PostgresNIO
import Services
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for the tests, one per test process: `initdb` in a
/// temporary directory, the server on a free loopback port (its socket in that
/// directory, `fsync` on as in production), each test on a database of its own.
/// Stopped and deleted when the process exits, and by a watchdog if the process
/// dies first. As root, the server runs as the `postgres` user, which owns the
/// directory (PostgreSQL refuses to run as root).
///
/// Without PostgreSQL on the machine every test that asks for a database fails,
/// naming the Debian package to install.
enum TestPostgres {
    /// A new empty database on the shared server (started on first use).
    static func database() async throws -> PostgresDatabaseURL {
        let cluster = try await shared.value
        let name = "todos_\(ProcessInfo.processInfo.processIdentifier)_\(counter.add(1, ordering: .relaxed).newValue)"
        try await cluster.execute("CREATE DATABASE \(name)")
        return PostgresDatabaseURL(host: "127.0.0.1", port: cluster.port, username: TestCluster.user, database: name)
    }

    /// Deletes a database made by ``database()`` (its connections closed by force).
    static func drop(_ database: PostgresDatabaseURL) async throws {
        try await shared.value.execute("DROP DATABASE \(database.database) WITH (FORCE)")
    }

    /// Runs one SQL statement (no parameters: schema changes, as tests break the
    /// store) on `database`.
    static func execute(_ sql: String, on database: PostgresDatabaseURL) async throws {
        try await withConnection(to: database) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: quietLogger)
            return ()
        }
    }

    /// The integers a one-column query answers on `database`.
    static func integers(_ sql: String, on database: PostgresDatabaseURL) async throws -> [Int] {
        try await withConnection(to: database) { connection in
            var values: [Int] = []
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: quietLogger).decode(Int.self) {
                values.append(value)
            }
            return values
        }
    }

    /// Connects to `database`, runs `body`, closes the connection.
    static func withConnection<Value: Sendable>(
        to database: PostgresDatabaseURL, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: database.host, port: database.port, username: database.username, password: database.password,
                database: database.database, tls: .disable
            ),
            id: 1, logger: quietLogger
        )
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// A server of the caller's own, which it may stop and start (the shared one
    /// serves every other test): for the database outage tests.
    static func privateServer() async throws -> TestPostgresServer {
        _ = try await shared.value
        return TestPostgresServer(cluster: try await TestCluster.start())
    }

    private static let counter = Atomic<Int>(0)

    /// The process's server, started once.
    private static let shared = Task { try await TestCluster.start() }
}

/// A test's own PostgreSQL server (``TestPostgres/privateServer()``), removed with
/// the others when the process exits.
struct TestPostgresServer: Sendable {
    fileprivate let cluster: TestCluster

    /// Its `postgres` database.
    var database: PostgresDatabaseURL {
        PostgresDatabaseURL(host: "127.0.0.1", port: cluster.port, username: TestCluster.user, database: "postgres")
    }

    /// Stops the server: connections are refused until ``start()``.
    func stop() async throws {
        try await cluster.stopServer()
    }

    /// Starts the server again, on the same port and data.
    func start() async throws {
        try await cluster.startServer()
    }
}

/// PostgreSQL is not on this machine, or its server would not start.
struct TestPostgresUnavailable: Error, CustomStringConvertible {
    let description: String
}

/// The running test server: its directory, port and programs.
private struct TestCluster: Sendable {
    /// The superuser `initdb` makes; local logins are trusted.
    static let user = "todo"

    let directory: String
    let port: Int
    let binaries: String
    let asPostgresUser: Bool

    /// Makes the cluster and starts its server; registers its removal at exit.
    static func start() async throws -> TestCluster {
        let binaries = try findBinaries()
        let asPostgresUser = geteuid() == 0
        let directory = try TemporaryDirectory(prefix: "todo-pg").url.path
        if asPostgresUser {
            guard getpwnam("postgres") != nil else {
                throw TestPostgresUnavailable(description: "PostgreSQL refuses to run as root and there is no postgres user: install Debian's package postgresql (apt-get install postgresql)")
            }
            try await run("chown postgres \(quoted(directory))", "could not give \(directory) to the postgres user")
        }
        var cluster = TestCluster(directory: directory, port: 0, binaries: binaries, asPostgresUser: asPostgresUser)
        try await run(
            cluster.asServer("\(quoted(binaries + "/initdb")) -D \(quoted(directory + "/data")) -U \(user) --auth=trust -E UTF8 --no-locale"),
            "initdb failed"
        )
        // A free port can be taken between the check and the start: try a few.
        var lastError: (any Error)?
        for _ in 0..<3 {
            cluster = TestCluster(directory: directory, port: try freeLoopbackPort(), binaries: binaries, asPostgresUser: asPostgresUser)
            do {
                try await run(cluster.asServer(cluster.startCommand), "the PostgreSQL server did not start")
                lastError = nil
                break
            } catch {
                lastError = error
            }
        }
        if let lastError {
            throw lastError
        }
        cluster.registerRemoval()
        return cluster
    }

    /// Runs one statement on the `postgres` database.
    func execute(_ sql: String) async throws {
        try await TestPostgres.execute(
            sql, on: PostgresDatabaseURL(host: "127.0.0.1", port: port, username: Self.user, database: "postgres")
        )
    }

    private var startCommand: String {
        let options = "-p \(port) -c listen_addresses=127.0.0.1 -k \(directory) -c fsync=on -c max_connections=200"
        return "\(quoted(binaries + "/pg_ctl")) -D \(quoted(directory + "/data")) -l \(quoted(directory + "/server.log")) -w -t 60 -o '\(options)' start"
    }

    private var stopCommand: String {
        asServer("\(quoted(binaries + "/pg_ctl")) -D \(quoted(directory + "/data")) -m immediate -w stop")
            + " > /dev/null 2>&1; rm -rf \(quoted(directory))"
    }

    /// `command` as the user the server runs as.
    private func asServer(_ command: String) -> String {
        asPostgresUser ? "runuser -u postgres -- sh -c \(quoted(command))" : command
    }

    /// Stops and deletes the cluster at the process's exit, or, if the process dies
    /// without exiting, when a watchdog sees it gone.
    private func registerRemoval() {
        let stop = stopCommand
        let first = removalCommands.withLock { commands in
            commands.append(stop)
            return commands.count == 1
        }
        if first {
            atexit {
                for command in removalCommands.withLock({ $0 }) {
                    if let child = try? ProcessLaunch.start("/bin/sh", ["-c", command], capturingOutput: false) {
                        _ = ProcessLaunch.wait(child.pid)
                    }
                }
            }
        }
        let watchdog = "while kill -0 \(getpid()) 2> /dev/null; do sleep 1; done; \(stop)"
        if let child = try? ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", watchdog]) {
            watchdogs.withLock { $0.append(child) }
        }
    }

    /// Stops the server (a fast shutdown: connections closed, no new ones).
    func stopServer() async throws {
        try await run(
            asServer("\(quoted(binaries + "/pg_ctl")) -D \(quoted(directory + "/data")) -m fast -w stop"),
            "the PostgreSQL server did not stop"
        )
    }

    /// Starts the server again on the same port.
    func startServer() async throws {
        try await run(asServer(startCommand), "the PostgreSQL server did not start again")
    }

    /// The newest PostgreSQL's programs: Debian's `/usr/lib/postgresql/<version>/bin`,
    /// else `initdb` on the PATH.
    private static func findBinaries() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let installed = versions.compactMap(Int.init).sorted(by: >)
            .map { "\(root)/\($0)/bin" }
            .filter { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
        if let newest = installed.first {
            return newest
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        if let directory = path.split(separator: ":").map(String.init)
            .first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }) {
            return directory
        }
        throw TestPostgresUnavailable(
            description: "PostgreSQL is not installed (no initdb in \(root)/*/bin or on the PATH): install Debian's package postgresql (apt-get install postgresql)"
        )
    }

    /// Runs a shell command; throws `failure` with its output when it fails. A
    /// ``ChildProcess``: the child gets none of this process's descriptors (the
    /// server it may start would otherwise keep the tests' listening sockets open).
    private static func run(_ command: String, _ failure: String) async throws {
        let (ended, end) = AsyncStream<ChildProcess.Termination>.makeStream()
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "\(command) 2>&1"]) {
            end.yield($0)
            end.finish()
        }
        let output = await withCheckedContinuation { continuation in
            // A blocking read to the end, on a thread of its own.
            Thread.detachNewThread { continuation.resume(returning: child.output.readDataToEndOfFile()) }
        }
        var terminations = ended.makeAsyncIterator()
        let termination = await terminations.next()
        guard termination == ChildProcess.Termination(reason: .exit, status: 0) else {
            let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw TestPostgresUnavailable(description: "\(failure) (\(termination.map { "\($0.reason) \($0.status)" } ?? "no status")): \(text)")
        }
    }

    private func run(_ command: String, _ failure: String) async throws {
        try await Self.run(command, failure)
    }
}

/// A port on 127.0.0.1 that nothing listens on now.
func freeLoopbackPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw TestPostgresUnavailable(description: "no socket for a free port") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
        }
    }
    guard bound else { throw TestPostgresUnavailable(description: "no free loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// What `atexit` runs: stopping and deleting each test cluster.
private let removalCommands = Mutex<[String]>([])

/// The watchdogs, kept for the process's life (their pipes stay open).
private let watchdogs = Mutex<[ChildProcess]>([])

/// `text` in single quotes for `sh`.
private func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
