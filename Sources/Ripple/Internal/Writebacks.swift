import Synchronization

/// Counts the values a `ValidatingProperty` wrote to its inner property and the
/// inner property has not delivered yet. Touched under the inner property's update
/// lock only (writes and deliveries both happen there); atomic so that the thread
/// sanitizer sees it handed from thread to thread.
final class Writebacks: Sendable {
    private let pending = Synchronization.Atomic<Int>(0)

    /// Records a write about to happen.
    func expect() {
        pending.wrappingAdd(1, ordering: .relaxed)
    }

    /// Whether the value being delivered is a recorded write, which it consumes.
    func skip() -> Bool {
        guard pending.load(ordering: .relaxed) > 0 else { return false }
        pending.wrappingSubtract(1, ordering: .relaxed)
        return true
    }
}
