import ArgumentParser
import ConsoleOutput
import Foundation
import Logging
import ServiceLifecycle
import Services

/// `todo-server`: the Todo service alone, on SQLite or PostgreSQL, with a health route.
@main
struct TodoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-server",
        abstract: "Serve the Todo routes and GET /health over SQLite (todos.sqlite in the data directory) or PostgreSQL.",
        discussion: """
            A write answered 2xx is in the database file before the answer leaves: it survives the \
            process being killed at any moment (SIGKILL included). Stops gracefully on SIGTERM or \
            SIGINT: in-flight requests finish, then the process exits 0.

            With --database postgres://user:password@host:port/database the todos are in PostgreSQL \
            (plain TCP, a pool of up to 20 connections, the schema migrated at start): several \
            todo-server processes may share one database. A write is answered once PostgreSQL has \
            committed it with synchronous_commit on.
            """
    )

    @Option(help: "The host to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free port (printed at start).")
    var port = 8080

    @Option(help: "The directory of todos.sqlite, unused with --database (default: $XDG_DATA_HOME/ripple or ~/.local/share/ripple).")
    var dataDir: String?

    @Option(help: "The largest request body accepted, in bytes.")
    var maxBodySize = 64 * 1024

    @Option(help: ArgumentHelp(
        "A PostgreSQL database for the todos instead of todos.sqlite.",
        valueName: "postgres://user:password@host:port/database"
    ))
    var database: String?

    @Option(help: "With --database: how long a request waits for PostgreSQL before it answers 503, in seconds.")
    var databaseTimeout: Double = 3

    @Option(help: "How long a request may take before it is answered 503, in seconds.")
    var requestTimeout: Double = 10

    @Option(help: "The lowest level logged to standard error: trace, debug, info (a line per request), notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "The log lines' format: text, or json (one JSON object per line).")
    var logFormat: LogFormat = .text

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535")
        }
        guard maxBodySize > 0 else {
            throw ValidationError("--max-body-size must be positive")
        }
        guard requestTimeout >= 0.001, requestTimeout <= 86_400 else {
            throw ValidationError("--request-timeout must be from 0.001 to 86400 seconds")
        }
        guard databaseTimeout > 0, databaseTimeout.isFinite else {
            throw ValidationError("--database-timeout must be a positive number of seconds")
        }
        // One line ("Error: --database: the database URL …"), without the usage text a
        // ValidationError adds: the URL is wrong, not the command.
        _ = try todoDatabase()
    }

    /// The store `--database` names (SQLite when it is absent).
    func todoDatabase() throws -> TodoDatabase {
        guard let database else { return .sqlite }
        do {
            return .postgres(try PostgresDatabaseURL(parsing: database))
        } catch {
            throw DatabaseOptionError(description: "--database: \(error)")
        }
    }

    func run() async throws {
        let dataDirectory = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? ServicesConfiguration.defaultDataDirectory()
        var configuration = ServicesConfiguration(
            host: host, port: port, dataDirectory: dataDirectory, maxBodySize: maxBodySize
        )
        configuration.requestTimeout = .milliseconds(Int64((requestTimeout * 1000).rounded()))
        ServerLogging.bootstrap(format: logFormat, level: logLevel)
        var logger = Logger(label: "todo-server")
        logger.logLevel = logLevel
        let database = try todoDatabase()
        switch database {
        case .sqlite: StandardOutput.writeLine("todo-server data directory: \(dataDirectory.path)")
        case .postgres(let location): StandardOutput.writeLine("todo-server database: \(location)")
        }
        let host = self.host
        // A database that cannot be reached or migrated ends the command here, with
        // its one-line reason on standard error ("Error: cannot reach …") and status 1.
        let application = try await TodoServer.application(
            configuration: configuration, database: database, logger: logger,
            databaseDeadline: .milliseconds(Int64((databaseTimeout * 1000).rounded()))
        ) { port in
            StandardOutput.writeLine("todo-server listening on \(ServicesConfiguration.baseURL(host: host, port: port))")
        }
        var groupConfiguration = ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        )
        // SIGTERM lets the requests under way finish (each has --request-timeout), then
        // escalates to cancellation: a safety net, so that a request or a database
        // client that does not finish cannot keep the server from stopping.
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(Int64((requestTimeout * 1000).rounded())) + .seconds(5)
        let group = ServiceGroup(configuration: groupConfiguration)
        try await group.run()
        StandardOutput.writeLine("todo-server stopped")
    }
}

/// A `--database` value that is not a usable PostgreSQL URL.
struct DatabaseOptionError: Error, CustomStringConvertible {
    let description: String
}
