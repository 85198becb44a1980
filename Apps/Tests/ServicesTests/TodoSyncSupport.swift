import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

extension TestClientProtocol {
    /// GETs `/todos/changes` and decodes the page (expecting 200).
    func changes(since: Int64? = nil, limit: Int? = nil) async throws -> TodoChangePage {
        var query: [String] = []
        if let since { query.append("since=\(since)") }
        if let limit { query.append("limit=\(limit)") }
        let response = try await execute(uri: "/todos/changes" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), method: .get)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try JSONDecoder().decode(TodoChangePage.self, from: Data(buffer: response.body))
    }

    /// Every change in the feed, read page by page from the beginning.
    func allChanges(pageSize: Int = 1000) async throws -> [TodoChange] {
        var changes: [TodoChange] = []
        var cursor: Int64 = 0
        while true {
            let page = try await self.changes(since: cursor, limit: pageSize)
            changes += page.changes
            cursor = page.cursor
            if !page.more { return changes }
        }
    }

    /// POSTs a create with a client's object id.
    func create(_ content: String, objectId: String) async throws -> TestResponse {
        try await postForm("/todos/list", "content=\(content)&objectId=\(objectId)")
    }

    /// DELETEs a todo.
    func deleteTodo(_ objectId: String) async throws -> TestResponse {
        try await execute(uri: "/todos/item/\(objectId)", method: .delete)
    }

    /// Sets a todo's status (expecting 200).
    func setStatus(_ objectId: String, _ status: TodoStatus) async throws {
        let response = try await postForm("/todos/list/update", "objectId=\(objectId)&status=\(status.rawValue)")
        #expect(response.status == .ok, "\(String(buffer: response.body))")
    }
}

/// A new object id, as a client makes one.
func clientObjectId() -> String {
    TodoFormat.newObjectId()
}

/// Runs `body` with a client of each of two `todo-server` applications on one new
/// PostgreSQL test database: two servers, one database.
func withTwoServersOnOnePostgres(
    _ setup: TestingSetup,
    _ body: @Sendable (_ one: any TestClientProtocol, _ other: any TestClientProtocol) async throws -> Void
) async throws {
    try await withTestStore(.postgres) { store in
        let configuration = ServicesConfiguration(port: 0, dataDirectory: store.directory)
        let first = try await TodoServer.application(
            configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline
        )
        let second = try await TodoServer.application(
            configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline
        )
        try await first.test(setup) { one in
            try await second.test(setup) { other in try await body(one, other) }
        }
    }
}
