import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// Two `todo-server`s on one PostgreSQL database: one changes feed, one order.
@Suite("todo-server sync on PostgreSQL", .timeLimit(.minutes(5)))
struct TodoSyncPostgresTests {
    @Test("two servers, concurrent writers through both: both feeds show every acknowledged write once, in one ascending order")
    func twoServersOneFeed() async throws {
        try await withTwoServersOnOnePostgres(.router) { one, other in
            // A write through one is in the other's feed at once.
            let todo = try await one.createTodo("through-the-first")
            #expect(try await other.changes().changes.map(\.todo) == [todo])

            // 4 writers × 50 writes, alternating servers: a create, then
            // updates and a delete of what they made.
            // Meanwhile a reader tails the other's feed: had a change with a
            // lower cursor become visible after a higher one, it would miss it.
            let servers: [any TestClientProtocol] = [one, other]
            let writersDone = Counter()
            async let tailed = Self.tail(other, until: writersDone)
            let acknowledged = try await withThrowingTaskGroup(of: [Acknowledged].self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        try await Self.write(50, writer: writer, through: servers)
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            writersDone.increment()
            #expect(acknowledged.count == 200)

            let seenByOne = try await one.allChanges(pageSize: 37)
            let seenByOther = try await other.allChanges(pageSize: 1000)
            #expect(seenByOne == seenByOther)
            #expect(try await tailed == seenByOne)
            let cursors = seenByOne.map(\.cursor)
            #expect(zip(cursors, cursors.dropFirst()).allSatisfy { $0 < $1 }, "cursors not strictly ascending")
            // Every acknowledged write exactly once, nothing else.
            let written = seenByOne.dropFirst().map { Acknowledged(kind: $0.kind, objectId: $0.todo.objectId) }
            #expect(written.sorted() == acknowledged.sorted())
            // Each todo's changes in the order its writer made them.
            for objectId in Set(acknowledged.map(\.objectId)) {
                let own = written.filter { $0.objectId == objectId }
                #expect(own == acknowledged.filter { $0.objectId == objectId })
            }
            // The todos are what their last change says.
            let listed = try await one.todos()
            var last: [String: TodoChange] = [:]
            for change in seenByOne {
                last[change.todo.objectId] = change
            }
            let live = last.values.filter { $0.kind != .deleted }.map(\.todo)
            #expect(Set(listed.map(\.objectId)) == Set(live.map(\.objectId)))
            for todo in listed {
                #expect(last[todo.objectId]?.todo == todo)
            }
        }
    }

    /// One acknowledged write: what it did, to which todo.
    struct Acknowledged: Comparable, Sendable {
        let kind: TodoChangeKind
        let objectId: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.objectId, lhs.kind.rawValue) < (rhs.objectId, rhs.kind.rawValue)
        }
    }

    /// The feed read from the beginning, a page after the other, until `done` is
    /// counted and a last read finds nothing new.
    private static func tail(_ server: any TestClientProtocol, until done: Counter) async throws -> [TodoChange] {
        var changes: [TodoChange] = []
        var cursor: Int64 = 0
        while true {
            try Task.checkCancellation()
            let finished = done.value > 0
            let page = try await server.changes(since: cursor, limit: 7)
            changes += page.changes
            cursor = page.cursor
            if finished && !page.more { return changes }
        }
    }

    /// `count` writes through the servers in turn, in cycles of five: a create
    /// with a client id, three status updates, a delete.
    private static func write(_ count: Int, writer: Int, through servers: [any TestClientProtocol]) async throws -> [Acknowledged] {
        var done: [Acknowledged] = []
        var objectId = ""
        for index in 0..<count {
            let server = servers[(writer + index) % servers.count]
            switch index % 5 {
            case 0:
                objectId = clientObjectId()
                let response = try await server.create("writer\(writer)-\(index)", objectId: objectId)
                #expect(response.status == .ok)
                done.append(Acknowledged(kind: .created, objectId: objectId))
            case 4:
                #expect(try await server.deleteTodo(objectId).status == .ok)
                done.append(Acknowledged(kind: .deleted, objectId: objectId))
            default:
                try await server.setStatus(objectId, index.isMultiple(of: 2) ? .finished : .todo)
                done.append(Acknowledged(kind: .updated, objectId: objectId))
            }
        }
        return done
    }
}
