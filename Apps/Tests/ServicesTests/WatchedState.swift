import Synchronization

/// State that threads change and tests wait on: each change resumes, after the lock
/// is released, the waiters whose condition now holds. A test waits for the event
/// itself (a child's output, a sleep starting on a test clock, a listener starting),
/// never for a time.
final class WatchedState<Value: Sendable>: Sendable {
    private struct Waiter {
        let condition: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct Guarded {
        var value: Value
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let guarded: Mutex<Guarded>

    init(_ value: Value) {
        guarded = Mutex(Guarded(value: value))
    }

    /// The current value.
    var value: Value {
        guarded.withLock { $0.value }
    }

    /// Changes the value, then resumes the waiters whose condition holds.
    @discardableResult
    func update<Outcome>(_ change: (inout Value) -> Outcome) -> Outcome {
        let (outcome, ready) = guarded.withLock { guarded in
            let outcome = change(&guarded.value)
            let value = guarded.value
            let ready = guarded.waiters.filter { $0.value.condition(value) }
            for id in ready.keys {
                guarded.waiters[id] = nil
            }
            return (outcome, ready.values.map(\.continuation))
        }
        for continuation in ready {
            continuation.resume()
        }
        return outcome
    }

    /// Waits until `condition` holds for the value; whether it does (`false` only
    /// when the waiting task was cancelled first, as a test's time limit does).
    @discardableResult
    func wait(until condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
        let id = guarded.withLock { guarded in
            guarded.nextWaiter += 1
            return guarded.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = guarded.withLock { guarded in
                    if condition(guarded.value) || Task.isCancelled { return true }
                    guarded.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            guarded.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
        return condition(value)
    }
}
