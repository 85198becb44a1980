import Foundation
import Synchronization

/// Wakes the open change streams when a change is committed (by this process, or,
/// on PostgreSQL, by any server on the database).
///
/// A wake carries no change: each stream reads the changes after its own cursor
/// from the store. So a subscriber holds at most one pending wake whatever the rate
/// of writes (a slow or vanished reader costs no memory beyond it), and a writer
/// never waits for a reader.
public final class TodoChangeSignal: Sendable {
    /// Why a subscriber was woken.
    public enum Wake: Sendable, Equatable {
        /// Changes may have been committed.
        case changes
        /// The keep-alive interval passed.
        case tick
    }

    private struct Subscribers {
        var next: UInt64 = 0
        var continuations: [UInt64: AsyncStream<Wake>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// Makes a signal with no subscribers.
    public init() {}

    /// How many streams are subscribed now.
    public var subscriberCount: Int {
        subscribers.withLock { $0.continuations.count }
    }

    /// Wakes every subscriber (after a commit).
    public func notify() {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations {
            continuation.yield(.changes)
        }
    }

    /// A new subscription, already woken once (so its first read happens at once),
    /// ticked every `keepAlive`.
    public func subscribe(keepAlive: Duration) -> TodoChangeSubscription {
        let (stream, continuation) = AsyncStream<Wake>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = subscribers.withLock { subscribers in
            subscribers.next += 1
            subscribers.continuations[subscribers.next] = continuation
            return subscribers.next
        }
        continuation.yield(.changes)
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: keepAlive)
                continuation.yield(.tick)
            }
        }
        return TodoChangeSubscription(wakes: stream) { [weak self] in
            ticker.cancel()
            continuation.finish()
            self?.subscribers.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
    }
}

/// One open stream's wakes; ends its subscription when cancelled or released.
public final class TodoChangeSubscription: Sendable {
    /// The wakes: at most one waits while the reader is busy.
    public let wakes: AsyncStream<TodoChangeSignal.Wake>
    private let end: Mutex<(@Sendable () -> Void)?>

    init(wakes: AsyncStream<TodoChangeSignal.Wake>, end: @escaping @Sendable () -> Void) {
        self.wakes = wakes
        self.end = Mutex(end)
    }

    /// Stops the wakes and leaves the signal (idempotent).
    public func cancel() {
        let end = self.end.withLock { end in
            defer { end = nil }
            return end
        }
        end?()
    }

    deinit {
        cancel()
    }
}
