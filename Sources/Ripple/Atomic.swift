// Atomic: a variable that several threads read and change, one access at a time.
//
//     let count = Atomic(0)
//     count.modify { $0 += 1 }      // 1, whatever thread increments
//     count.swap(0)                 // 1 returned, 0 kept
//
// Every access takes the variable's lock for its duration. `modify` and `withValue`
// run their closure under it: the closure is the critical section the caller asks
// for, so it must be short and must not reach this variable again (the lock is not
// recursive; such an access would never return). A value that `value = …` or
// `swap` replaces is released after the lock, so that its deinitialiser never runs
// under it.
//
// The name is ReactiveSwift's. It hides the standard library's
// `Synchronization.Atomic` for code that imports Ripple and not Synchronization;
// code that imports both gets the standard library's type when it writes
// `Atomic(…)` and must write `Ripple.Atomic` for this one. Ripple's own sources
// use the standard library's type for their flags and counters, and so write it
// `Synchronization.Atomic`.

/// A variable that several threads read and change, one access at a time:
/// ReactiveSwift's `Atomic`.
///
/// ```swift
/// let received = Atomic<[String]>([])
/// messages.observeValues { message in received.modify { $0.append(message) } }
/// received.value                    // what arrived, from any thread
/// ```
///
/// `modify` and `withValue` run their closure while holding the variable's lock:
/// keep it short, and never touch the same `Atomic` from inside it, which would
/// never return. For a flag or a counter of an integer type, the standard
/// library's lock-free `Synchronization.Atomic` is faster.
public final class Atomic<Value> {
    private let lock = Lock()
    /// Guarded by `lock`.
    private var storage: Value

    /// A variable holding `value`.
    public init(_ value: Value) {
        storage = value
    }

    deinit {
        lock.deallocate()
    }

    /// The current value. Setting it replaces the value in one access, as
    /// ``swap(_:)`` does.
    public var value: Value {
        get { withValue { $0 } }
        set { swap(newValue) }
    }

    /// Runs `action` with the value, which it may change, in one access: no other
    /// thread reads or changes the value meanwhile.
    ///
    /// - Returns: what `action` returns. If `action` throws, the changes it made
    ///   before throwing are kept and the error is rethrown.
    @discardableResult
    public func modify<Result, Failure: Swift.Error>(
        _ action: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try action(&storage)
    }

    /// Runs `action` with the value in one access: no other thread changes the
    /// value meanwhile.
    ///
    /// - Returns: what `action` returns.
    @discardableResult
    public func withValue<Result, Failure: Swift.Error>(
        _ action: (Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try action(storage)
    }

    /// Replaces the value with `newValue` in one access.
    ///
    /// - Returns: the value it replaced.
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        let replaced = storage
        storage = newValue
        // Returned, so released by the caller, after the lock.
        return replaced
    }
}

// `storage` is guarded by `lock`; the value crosses threads, hence the condition.
extension Atomic: @unchecked Sendable where Value: Sendable {}
