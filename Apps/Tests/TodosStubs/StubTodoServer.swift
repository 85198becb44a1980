import Foundation
import Ripple
import RippleTesting
import Synchronization
import TodosCore

/// The todo server in virtual time: it keeps its todos and its changes feed in
/// memory and answers each request `latency` seconds of a `TestScheduler` after
/// its start, as the real server does (an add's id taken as given, a retried add
/// answered again without a second todo, an update of an unknown todo refused with
/// 404, a cursor ahead of its feed refused with 409) — or not at all while it is
/// unreachable. Every request is sent on `calls` when it starts.
///
/// ```swift
/// let server = StubTodoServer(scheduler: scheduler, todos: [milk])
/// server.isReachable = false                       // requests fail: no answer
/// server.commitElsewhere(.updated, finishedMilk)   // another client's write
/// let calls = scheduler.record(server.calls)
/// ```
public final class StubTodoServer: TodoRemote {
    /// One request.
    public enum Call: Hashable, Sendable {
        /// `send(_:)`, with the change.
        case send(TodoChange)
        /// `changes(since:)`, with the cursor.
        case changes(since: Int64)
    }

    /// The virtual time every answer takes.
    public let scheduler: TestScheduler
    /// Every request, when it starts.
    public let calls: Signal<Call, Never>

    private let callInput: Signal<Call, Never>.Observer
    private let state: Mutex<State>

    private struct State {
        var isReachable = true
        var latency: Double = 1
        var pageLimit = 500
        /// Newest first.
        var todos: [TodoItem] = []
        /// Every id ever created, with its title (deleted ones too).
        var created: [String: String] = [:]
        var feed: [RemoteChange] = []
        var refusals: [TodoError] = []

        mutating func log(_ kind: RemoteChange.Kind, _ item: TodoItem) {
            feed.append(RemoteChange(cursor: Int64(feed.count + 1), kind: kind, item: item))
        }
    }

    /// A reachable server holding `todos` (newest first: the feed has them created
    /// oldest first), answering after one second.
    public init(scheduler: TestScheduler, todos: [TodoItem] = []) {
        self.scheduler = scheduler
        (calls, callInput) = Signal<Call, Never>.pipe()
        state = Mutex(State())
        for todo in todos.reversed() { commitElsewhere(.created, todo) }
    }

    // MARK: Set-up

    /// Whether requests get an answer; `false`: each fails with no response when
    /// its answer would have come.
    public var isReachable: Bool {
        get { state.withLock { $0.isReachable } }
        set { state.withLock { $0.isReachable = newValue } }
    }

    /// The seconds between a request's start and its answer.
    public var latency: Double {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// The most changes one page of the feed holds.
    public var pageLimit: Int {
        get { state.withLock { $0.pageLimit } }
        set { state.withLock { $0.pageLimit = newValue } }
    }

    /// The next change sent fails with `error` (once), whatever it is.
    public func failNextSend(with error: TodoError) {
        state.withLock { $0.refusals.append(error) }
    }

    /// A write by another client, committed now: a created or updated todo is
    /// stored as given, a deleted one removed.
    public func commitElsewhere(_ kind: RemoteChange.Kind, _ item: TodoItem) {
        state.withLock { state in
            switch kind {
            case .created:
                state.todos.insert(item, at: 0)
                state.created[item.id] = item.title
            case .updated:
                if let index = state.todos.firstIndex(where: { $0.id == item.id }) { state.todos[index] = item }
            case .deleted:
                state.todos.removeAll { $0.id == item.id }
            }
            state.log(kind, item)
        }
    }

    /// The todos the server holds, newest first.
    public var todos: [TodoItem] {
        state.withLock { $0.todos }
    }

    /// Every change committed, in order.
    public var feed: [RemoteChange] {
        state.withLock { $0.feed }
    }

    // MARK: TodoRemote

    /// Commits `change` when its answer is due, as the real server would.
    public func send(_ change: TodoChange) -> SignalProducer<Void, TodoError> {
        answered(as: .send(change)) { state in
            if let refusal = state.refusals.first {
                state.refusals.removeFirst()
                return .failure(refusal)
            }
            switch change {
            case let .add(item):
                if let title = state.created[item.id] {
                    return title == item.title ? .success(()) : .failure(.rejected(status: 409, message: "objectId already names another todo"))
                }
                state.todos.insert(item, at: 0)
                state.created[item.id] = item.title
                state.log(.created, item)
            case let .setStatus(id, status):
                guard let index = state.todos.firstIndex(where: { $0.id == id }) else {
                    return .failure(.rejected(status: 404, message: "no todo has this objectId"))
                }
                state.todos[index].status = status
                state.log(.updated, state.todos[index])
            }
            return .success(())
        }
    }

    /// The feed after `cursor`, at most ``pageLimit`` changes.
    public func changes(since cursor: Int64) -> SignalProducer<ChangesPage, TodoError> {
        answered(as: .changes(since: cursor)) { state in
            guard cursor <= Int64(state.feed.count) else {
                return .failure(.rejected(status: 409, message: "the cursor is ahead of this server's changes: read the list again"))
            }
            let after = state.feed.dropFirst(Int(cursor))
            let page = Array(after.prefix(state.pageLimit))
            return .success(ChangesPage(changes: page, cursor: page.last?.cursor ?? cursor, more: after.count > page.count))
        }
    }

    /// A request recorded at its start, answered by `answer` after the latency
    /// (or failing with no response while unreachable).
    private func answered<Value>(as call: Call, _ answer: @escaping @Sendable (inout State) -> Result<Value, TodoError>) -> SignalProducer<Value, TodoError> {
        SignalProducer { [self] observer, lifetime in
            callInput.send(value: call)
            lifetime += scheduler.schedule(after: latency) { [self] in
                let result: Result<Value, TodoError> = state.withLock { state in
                    state.isReachable ? answer(&state) : .failure(.noResponse(reason: "Could not connect to the server. (URLError -1004)"))
                }
                switch result {
                case let .success(value):
                    observer.send(value: value)
                    observer.sendCompleted()
                case let .failure(error):
                    observer.send(error: error)
                }
            }
        }
    }
}

/// The local copy in memory: what `SQLiteTodoCopy` keeps, in a lock; it can be made
/// to fail its writes.
public final class InMemoryTodoCopy: TodoLocalCopy {
    private let state: Mutex<(snapshot: LocalSnapshot, nextSequence: Int64, failsWrites: Bool)>

    /// A copy holding `snapshot`.
    public init(_ snapshot: LocalSnapshot = LocalSnapshot()) {
        let next = (snapshot.queue.map(\.sequence).max() ?? 0) + 1
        state = Mutex((snapshot, next, false))
    }

    /// What the copy holds now.
    public var snapshot: LocalSnapshot {
        state.withLock { $0.snapshot }
    }

    /// Whether writes fail (a full disk).
    public var failsWrites: Bool {
        get { state.withLock { $0.failsWrites } }
        set { state.withLock { $0.failsWrites = newValue } }
    }

    /// The failure of a write while ``failsWrites``.
    public struct DiskFull: Error, CustomStringConvertible {
        /// "disk full".
        public var description: String { "disk full" }
    }

    /// What the copy holds.
    public func read() throws -> LocalSnapshot {
        snapshot
    }

    /// Appends `change` to the queue.
    public func enqueue(_ change: TodoChange) throws -> QueuedChange {
        try state.withLock { state throws -> QueuedChange in
            guard !state.failsWrites else { throw DiskFull() }
            let queued = QueuedChange(sequence: state.nextSequence, change: change)
            state.nextSequence += 1
            state.snapshot.queue.append(queued)
            return queued
        }
    }

    /// Replaces the confirmed todos and the cursor, removes the queued changes.
    public func commit(confirmed: [TodoItem], cursor: Int64, removing sequences: [Int64]) throws {
        try state.withLock { state throws in
            guard !state.failsWrites else { throw DiskFull() }
            state.snapshot.confirmed = confirmed
            state.snapshot.cursor = cursor
            state.snapshot.queue.removeAll { sequences.contains($0.sequence) }
        }
    }
}

/// The time and the date format the ViewModel and screen tests share.
public enum Fixture {
    /// 2026-11-18 20:00:00 UTC: the 18th in UTC, already the 19th in Tokyo.
    public static let evening = Date(timeIntervalSince1970: 1_795_032_000)
    /// The date label's format in UTC.
    public static let utc = DateLabelFormat(timeZone: TimeZone(identifier: "UTC")!)

    /// An id of 24 hexadecimal characters made of `n`.
    public static func id(_ n: Int) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 24 - digits.count) + digits
    }

    /// Ids made of 1, 2, 3 … in turn: the ids of the todos a test adds.
    public static func sequentialIDs() -> @Sendable () -> String {
        let next = Mutex(1)
        return {
            next.withLock { n in
                defer { n += 1 }
                return id(n)
            }
        }
    }
}

/// Three todos, for the suites that show them.
public protocol TodoFixtures {}

extension TodoFixtures {
    /// "Buy milk", to do.
    public var milk: TodoItem { TodoItem(id: Fixture.id(0xa1), title: "Buy milk", status: .normal) }
    /// "Write the README", finished.
    public var readme: TodoItem { TodoItem(id: Fixture.id(0xa2), title: "Write the README", status: .finished) }
    /// "Call mum", to do.
    public var mum: TodoItem { TodoItem(id: Fixture.id(0xa3), title: "Call mum", status: .normal) }
}
