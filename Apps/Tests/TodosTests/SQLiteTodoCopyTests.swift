import AppsTestSupport
import Foundation
import Testing
import Todos
import TodosCore

/// The local copy in SQLite: what it keeps survives closing and reopening it, the
/// queue keeps the order the changes were made in, and a commit replaces the
/// confirmed todos and the cursor and removes queued changes together.
@Suite struct SQLiteTodoCopyTests {
    let milk = TodoItem(id: "6b061a3b34cad1fa73566099", title: "Buy milk", status: .normal)
    let mum = TodoItem(id: "6b061a3b34cad1fa7356609a", title: "Call “mum” & co", status: .finished)

    @Test func theQueueSurvivesReopeningInTheOrderTheChangesWereMade() throws {
        let directory = try TemporaryDirectory(prefix: "todos-copy")
        defer { directory.remove() }
        do {
            let copy = try SQLiteTodoCopy(directory: directory.url)
            #expect(try copy.read() == LocalSnapshot())
            _ = try copy.enqueue(.add(milk))
            _ = try copy.enqueue(.setStatus(id: milk.id, status: .finished))
            _ = try copy.enqueue(.add(mum))
        }
        let reopened = try SQLiteTodoCopy(directory: directory.url)
        let queue = try reopened.read().queue
        #expect(queue.map(\.change) == [.add(milk), .setStatus(id: milk.id, status: .finished), .add(mum)])
        #expect(queue.map(\.sequence) == queue.map(\.sequence).sorted() && Set(queue.map(\.sequence)).count == 3)
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("todos-app.sqlite").path))
    }

    @Test func aCommitReplacesTheConfirmedTodosAndTheCursorAndRemovesQueuedChanges() throws {
        let directory = try TemporaryDirectory(prefix: "todos-copy")
        defer { directory.remove() }
        let copy = try SQLiteTodoCopy(directory: directory.url)
        let first = try copy.enqueue(.add(milk))
        let second = try copy.enqueue(.add(mum))
        try copy.commit(confirmed: [milk], cursor: 41, removing: [first.sequence])
        try copy.commit(confirmed: [mum, milk], cursor: 42, removing: [])

        let reopened = try SQLiteTodoCopy(directory: directory.url).read()
        #expect(reopened == LocalSnapshot(confirmed: [mum, milk], queue: [second], cursor: 42))
        let third = try copy.enqueue(.setStatus(id: mum.id, status: .normal))
        #expect(third.sequence > second.sequence, "never a sequence used before")
    }

    @Test func aCopyInMemoryKeepsWhatItIsGiven() throws {
        let copy = try SQLiteTodoCopy.inMemory()
        let queued = try copy.enqueue(.add(milk))
        #expect(try copy.read() == LocalSnapshot(queue: [queued]))
    }
}
