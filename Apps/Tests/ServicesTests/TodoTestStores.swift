import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The two stores the Todo suites run once each on.
enum TestStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `todos.sqlite` in a temporary data directory.
    case sqlite
    /// A new database on the test process's PostgreSQL server (``TestPostgres``).
    case postgres

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }
}

/// One test's store: a temporary data directory, and on PostgreSQL its database.
struct OpenedTestStore: Sendable {
    /// Which store.
    let kind: TestStore
    /// The data directory (SQLite's file is there).
    let directory: URL
    /// The database, on PostgreSQL.
    let database: PostgresDatabaseURL?

    /// The store as `todo-server` names it.
    var todoDatabase: TodoDatabase {
        database.map { .postgres($0) } ?? .sqlite
    }

    /// Whether the store's schema exists: the SQLite file, or the PostgreSQL
    /// migrations' record of every version.
    func schemaExists() async throws -> Bool {
        guard let database else {
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent("todos.sqlite").path)
        }
        return try await TestPostgres.integers("SELECT version FROM todo_schema_migrations ORDER BY version", on: database) == [1, 2]
    }

    /// Breaks the store under a running service, as a real query error would.
    func dropTable() async throws {
        if let database {
            try await TestPostgres.execute("DROP TABLE todos", on: database)
        } else {
            try dropTodosTable(in: directory)
        }
    }
}

/// Runs `body` with a new store of `kind` (a temporary directory, and a new
/// PostgreSQL database), removed afterwards.
func withTestStore<Value: Sendable>(
    _ kind: TestStore, _ body: @Sendable (OpenedTestStore) async throws -> Value
) async throws -> Value {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = kind == .postgres ? try await TestPostgres.database() : nil
    let value = try await body(OpenedTestStore(kind: kind, directory: directory.url, database: database))
    if let database {
        try await TestPostgres.drop(database)
    }
    return value
}

/// Runs `body` against the Todo service alone on a new store of `kind` (through
/// the router, with the store's connection pool running).
func withTodos(
    _ kind: TestStore,
    clock: ServicesClock = .system,
    fidelity: Fidelity = .corrected,
    _ body: @Sendable (any TestClientProtocol, OpenedTestStore) async throws -> Void
) async throws {
    try await withTestStore(kind) { store in
        let configuration = ServicesConfiguration(port: 0, dataDirectory: store.directory, fidelity: fidelity, clock: clock)
        let todos: TodosService = switch store.database {
        case .none: try TodosService(configuration: configuration)
        case .some(let database):
            TodosService(
                store: try await PostgresTodoStore.open(database, deadline: testDatabaseDeadline, logger: quietLogger),
                configuration: configuration
            )
        }
        let app = ServicesApplication.make(services: [todos], configuration: configuration, logger: quietLogger)
        try await app.test(.router) { client in try await body(client, store) }
    }
}

/// The PostgreSQL store's deadline in tests about answers, not outages: one no
/// loaded test machine reaches.
let testDatabaseDeadline = Duration.seconds(600)
