// Helpers the workloads share: an optimisation barrier, a lock, a mutable box.

import Foundation

/// Consumes a value in a way the optimiser cannot see through, so the work that
/// produced it is not deleted.
@inline(never)
func blackhole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

// `opaque` returns a closure unchanged through a call the optimiser cannot see
// through, so a hand-written baseline's closures are really called rather than
// folded away. One non-generic overload per closure type: a generic `opaque<T>`
// would hand the closure back in its most general representation, and every call
// would then go through a reabstraction thunk with the `Int` passed in memory, a
// cost no careful engineer's plain Swift pays.

/// Returns `pointer` unchanged, hidden from the optimiser.
@inline(never)
func opaque(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    pointer
}

/// Returns `body` unchanged, hidden from the optimiser.
@inline(never)
func opaque(_ body: @escaping (Int) -> Void) -> (Int) -> Void {
    body
}

/// Zero, hidden from the optimiser: a value a closure captures that the compiler
/// cannot fold away.
@inline(never)
func opaqueZero() -> Int {
    0
}

/// Returns `body` unchanged, hidden from the optimiser.
@inline(never)
func opaque(_ body: @escaping () -> Void) -> () -> Void {
    body
}

/// Returns `body` unchanged, hidden from the optimiser.
@inline(never)
func opaque(_ body: @escaping (Int, Int) -> Void) -> (Int, Int) -> Void {
    body
}

/// Observers called the way a careful engineer calls them, and the way Ripple's
/// core does: each closure lives in a box the list owns, and a send calls it through
/// an unmanaged, borrowed reference to its box, with no reference counting per call.
/// (Iterating an array of closures with `for … in`, or even through its buffer,
/// copies each closure out and retains and releases its context on every call.)
final class ObserverList {
    private final class Box {
        let call: (Int) -> Void

        init(_ call: @escaping (Int) -> Void) {
            self.call = call
        }
    }

    /// Keeps the boxes alive.
    private let boxes: [Box]
    /// The same boxes, borrowed by `send`.
    private let borrowed: ContiguousArray<Unmanaged<Box>>

    /// A list calling `observers`, in order.
    init(_ observers: [(Int) -> Void]) {
        boxes = observers.map { Box(opaque($0)) }
        borrowed = ContiguousArray(boxes.map { Unmanaged.passUnretained($0) })
    }

    /// Calls every observer with `value`, in order.
    @inline(__always)
    func send(_ value: Int) {
        borrowed.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index]._withUnsafeGuaranteedRef { $0.call(value) }
            }
        }
    }
}

/// A mutable integer shared by the closures of one run (a sum or a count).
final class Tally {
    var sum = 0
    var count = 0

    /// Adds `value` to the sum and one to the count.
    @inline(__always)
    func add(_ value: Int) {
        sum &+= value
        count &+= 1
    }
}

/// A pthread mutex, for the hand-written and OpenCombine versions of W8.
final class Lock: @unchecked Sendable {  // `mutex` is only used through pthread calls
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

/// The sum of `0..<n`.
func triangle(_ n: Int) -> Int {
    n * (n - 1) / 2
}

/// Folds a count and a sum into one checksum, so that both are checked.
func checksum(count: Int, sum: Int) -> Int {
    sum &* 31 &+ count
}
