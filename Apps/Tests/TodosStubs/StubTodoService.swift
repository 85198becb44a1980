import Foundation
import Ripple
import RippleTesting
import Synchronization
import TodosCore

/// The todo service in virtual time: each call answers as a marble diagram on a
/// `TestScheduler`, and every call started and abandoned is sent on a signal the
/// test records.
///
/// ```swift
/// let service = StubTodoService(scheduler: scheduler)
/// try service.answerList("--(l|)", with: [milk])    // the next list answers 2 frames after its start
/// try service.answerAdd("-(a|)")                     // the next add answers the todo saved, 1 frame after
/// try service.failSetStatus("-#", with: .rejected(status: 503, message: "busy"))
/// let calls = scheduler.record(service.calls)        // "a-s": the calls made
/// ```
public final class StubTodoService: TodoService {
    /// One call to the service.
    public enum Call: Hashable, Sendable {
        /// `list()`.
        case list
        /// `add(title:)`, with the title.
        case add(String)
        /// `setStatus(_:ofTodo:)`, with the status and the id.
        case setStatus(TodoStatus, String)
    }

    /// The virtual time every answer takes.
    public let scheduler: TestScheduler
    /// Every call, when its run starts.
    public let calls: Signal<Call, Never>
    /// Every call whose run was disposed before it ended.
    public let cancellations: Signal<Call, Never>

    private let callInput: Signal<Call, Never>.Observer
    private let cancellationInput: Signal<Call, Never>.Observer
    private let state: Mutex<State>

    private struct State {
        /// The answers set up for the next calls of each kind, each for one call, in
        /// order; once they are used up, the defaults answer.
        var lists: [SignalProducer<[TodoItem], TodoError>] = []
        var adds: [(String) -> SignalProducer<TodoItem, TodoError>] = []
        var updates: [SignalProducer<Void, TodoError>] = []
        var nextID = 1
    }

    /// A service whose list is empty, whose adds save a todo with the next id
    /// (``id(_:)``) and whose updates succeed, each one frame after its start.
    public init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        (calls, callInput) = Signal<Call, Never>.pipe()
        (cancellations, cancellationInput) = Signal<Call, Never>.pipe()
        state = Mutex(State())
    }

    /// The id of the `n`-th todo an add saves: 24 hexadecimal characters.
    public static func id(_ n: Int) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 24 - digits.count) + digits
    }

    // MARK: Set-up

    /// The next list answers as `marbles`, `l` being `items`.
    public func answerList(_ marbles: String, with items: [TodoItem]) throws {
        let producer: SignalProducer<[TodoItem], TodoError> = try scheduler.coldProducer(marbles, values: ["l": items], error: nil)
        state.withLock { $0.lists.append(producer) }
    }

    /// The next list fails as `marbles` with `error`.
    public func failList(_ marbles: String, with error: TodoError) throws {
        let producer: SignalProducer<[TodoItem], TodoError> = try scheduler.coldProducer(marbles, values: [:], error: error)
        state.withLock { $0.lists.append(producer) }
    }

    /// The next add answers as `marbles`, `a` being the todo saved (the title sent,
    /// the next id, to do).
    public func answerAdd(_ marbles: String) throws {
        // Parsed once here so that a malformed diagram fails the set-up, not the call.
        let _: SignalProducer<TodoItem, TodoError> = try scheduler.coldProducer(
            marbles, values: ["a": TodoItem(id: "", title: "", status: .normal)], error: nil)
        let scheduler = scheduler
        state.withLock { state in
            state.adds.append { [self] title in
                let saved = TodoItem(id: self.takeID(), title: title, status: .normal)
                return (try? scheduler.coldProducer(marbles, values: ["a": saved], error: nil)) ?? .empty
            }
        }
    }

    /// The next add fails as `marbles` with `error`.
    public func failAdd(_ marbles: String, with error: TodoError) throws {
        let producer: SignalProducer<TodoItem, TodoError> = try scheduler.coldProducer(marbles, values: [:], error: error)
        state.withLock { $0.adds.append { _ in producer } }
    }

    /// The next update answers as `marbles`, `s` being the confirmation.
    public func answerSetStatus(_ marbles: String) throws {
        let producer: SignalProducer<Void, TodoError> = try scheduler.coldProducer(marbles, values: ["s": ()], error: nil)
        state.withLock { $0.updates.append(producer) }
    }

    /// The next update fails as `marbles` with `error`.
    public func failSetStatus(_ marbles: String, with error: TodoError) throws {
        let producer: SignalProducer<Void, TodoError> = try scheduler.coldProducer(marbles, values: [:], error: error)
        state.withLock { $0.updates.append(producer) }
    }

    private func takeID() -> String {
        state.withLock { state in
            defer { state.nextID += 1 }
            return Self.id(state.nextID)
        }
    }

    // MARK: The service

    /// The next list set up, or an empty list one frame after the start.
    public func list() -> SignalProducer<[TodoItem], TodoError> {
        let producer = state.withLock { Self.next(&$0.lists) } ?? (try? scheduler.coldProducer("-(l|)", values: ["l": []], error: nil)) ?? .empty
        return recorded(producer, as: .list)
    }

    /// The next add set up, or the todo saved one frame after the start.
    public func add(title: String) -> SignalProducer<TodoItem, TodoError> {
        let make = state.withLock { Self.next(&$0.adds) }
        let producer: SignalProducer<TodoItem, TodoError>
        if let make {
            producer = make(title)
        } else {
            let saved = TodoItem(id: takeID(), title: title, status: .normal)
            producer = (try? scheduler.coldProducer("-(a|)", values: ["a": saved], error: nil)) ?? .empty
        }
        return recorded(producer, as: .add(title))
    }

    /// The next update set up, or a confirmation one frame after the start.
    public func setStatus(_ status: TodoStatus, ofTodo id: String) -> SignalProducer<Void, TodoError> {
        let producer = state.withLock { Self.next(&$0.updates) } ?? (try? scheduler.coldProducer("-(s|)", values: ["s": ()], error: nil)) ?? .empty
        return recorded(producer, as: .setStatus(status, id))
    }

    /// The first answer set up, taken off the queue.
    private static func next<T>(_ queue: inout [T]) -> T? {
        queue.isEmpty ? nil : queue.removeFirst()
    }

    private func recorded<Value>(_ producer: SignalProducer<Value, TodoError>, as call: Call) -> SignalProducer<Value, TodoError> {
        let (calls, cancellations) = (callInput, cancellationInput)
        return producer.on(started: { calls.send(value: call) }, interrupted: { cancellations.send(value: call) })
    }
}

/// The time and the date format the ViewModel and screen tests share.
public enum Fixture {
    /// 2026-11-18 20:00:00 UTC: the 18th in UTC, already the 19th in Tokyo.
    public static let evening = Date(timeIntervalSince1970: 1_795_032_000)
    /// The date label's format in UTC.
    public static let utc = DateLabelFormat(timeZone: TimeZone(identifier: "UTC")!)

}

/// Three todos, for the suites that show them.
public protocol TodoFixtures {}

extension TodoFixtures {
    /// "Buy milk", to do.
    public var milk: TodoItem { TodoItem(id: StubTodoService.id(0xa1), title: "Buy milk", status: .normal) }
    /// "Write the README", finished.
    public var readme: TodoItem { TodoItem(id: StubTodoService.id(0xa2), title: "Write the README", status: .finished) }
    /// "Call mum", to do.
    public var mum: TodoItem { TodoItem(id: StubTodoService.id(0xa3), title: "Call mum", status: .normal) }
}
