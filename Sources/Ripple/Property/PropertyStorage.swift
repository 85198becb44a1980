import Synchronization

/// The state behind a property: its current value and the input of the signal
/// that relays its changes.
///
/// Invariants:
/// - `storedValue` is guarded by `valueLock`, which is held only to read or write
///   it, never while anything is sent; so `value` is readable from any thread,
///   also from inside the property's own observers.
/// - Every update, the attachment of a producer's observer together with its
///   initial value, and completion run under `updateLock`, with the owning thread
///   in `updateOwner`. So observers see every update once, in the order the values
///   were stored, and a run of `producer` sees the current value, then every later
///   change, without gap or duplicate.
/// - A property set from inside its own delivery (the owning thread again) stores
///   the value at once and sends it through the relay, whose core queues it until
///   the current delivery is over: recursive sets neither deadlock nor re-enter an
///   observer.
/// - `mutatingThread` is the thread running a `modify` action, which holds
///   `valueLock`: a read or write of the same property from inside that action is
///   a programming error, reported instead of deadlocking.
final class PropertyStorage<Value>: @unchecked Sendable {  // `storedValue` and `hasEnded` are guarded by `valueLock`
    private let valueLock = Lock()
    private var storedValue: Value
    private var hasEnded = false
    private let updateLock = Lock()
    private let updateOwner = Atomic<UInt>(0)
    private let mutatingThread = Atomic<UInt>(0)
    private let input: Signal<Value, Never>.Observer

    init(_ initial: Value, relayingTo input: Signal<Value, Never>.Observer) {
        storedValue = initial
        self.input = input
    }

    deinit {
        valueLock.deallocate()
        updateLock.deallocate()
    }

    /// The current value.
    var value: Value {
        lockValue()
        defer { valueLock.unlock() }
        return storedValue
    }

    /// Runs `body` with updates serialised (see the type's invariants); a call from
    /// the thread that is already serialising runs `body` at once.
    func serialised<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let thread = currentThreadID()
        if updateOwner.load(ordering: .relaxed) == thread {
            return try body()
        }
        updateLock.lock()
        updateOwner.store(thread, ordering: .relaxed)
        defer {
            updateOwner.store(0, ordering: .relaxed)
            updateLock.unlock()
        }
        return try body()
    }

    /// Mutates the value in place, then sends the new value; returns what `action`
    /// returns.
    func modify<Result, Failure>(_ action: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try serialised { () throws(Failure) -> Result in
            let (result, newValue) = try mutateLocked(action)
            input.send(value: newValue)
            return result
        }
    }

    /// Runs `action` on the stored value under `valueLock`; returns its result and
    /// the new value.
    private func mutateLocked<Result, Failure>(
        _ action: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> (Result, Value) {
        lockValue()
        mutatingThread.store(currentThreadID(), ordering: .relaxed)
        defer {
            mutatingThread.store(0, ordering: .relaxed)
            valueLock.unlock()
        }
        let result = try action(&storedValue)
        return (result, storedValue)
    }

    /// Stores `newValue` and sends it.
    func set(_ newValue: Value) {
        modify { $0 = newValue }
    }

    /// Runs `action` with the current value while no update can happen.
    func withValue<Result, Failure>(_ action: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try serialised { () throws(Failure) -> Result in try action(value) }
    }

    /// Ends the relay: observers of the changes complete, and later runs of
    /// `producer` get the final value, then `completed`.
    func complete() {
        serialised {
            lockValue()
            hasEnded = true
            valueLock.unlock()
            input.sendCompleted()
        }
    }

    /// A producer whose runs send the current value, then every change relayed by
    /// `changes`, and complete when the property ends.
    func producer(relaying changes: Signal<Value, Never>) -> SignalProducer<Value, Never> {
        SignalProducer { [self] observer, lifetime in
            // Attached first, under the update lock: a set from inside the delivery
            // of the current value reaches the run after it, queued by the run's
            // own signal.
            serialised {
                let (current, ended) = { lockValue(); defer { valueLock.unlock() }; return (storedValue, hasEnded) }()
                if !ended { lifetime += changes.observe(observer) }
                observer.send(value: current)
                if ended { observer.sendCompleted() }
            }
        }
    }

    private func lockValue() {
        precondition(
            mutatingThread.load(ordering: .relaxed) != currentThreadID(),
            "A property was read or set from inside its own modify action"
        )
        valueLock.lock()
    }
}
