import Synchronization

/// The state behind a property: its current value and the input of the signal
/// that relays its changes.
///
/// Invariants:
/// - `storedValue` is guarded by `valueLock`, which is held only to read or write
///   it, never while anything is sent; so `value` is readable from any thread,
///   also from inside the property's own observers.
/// - Every update, the attachment of a producer's observer together with its
///   initial value, and completion run under `updateLock`, which records the
///   thread holding it. So observers see every update once, in the order the values
///   were stored, and a run of `producer` sees the current value, then every later
///   change, without gap or duplicate.
/// - Disposing a run of `producer` takes neither lock and waits for no delivery:
///   the run leaves the relay's observers at once, and is interrupted by the
///   disposing thread if the relay is idle, or else by the thread delivering, when
///   its delivery is over (see ``Signal/AttachedRun``). A run is often disposed by
///   an observer of another property, on a thread holding that property's
///   `updateLock` for its delivery: waiting here for this property's would let two
///   such threads wait for each other forever.
/// - A property set from inside its own delivery (the owning thread again) stores
///   the value at once and sends it through the relay, whose core queues it until
///   the current delivery is over: recursive sets neither deadlock nor re-enter an
///   observer.
/// - A `modify` action runs holding `valueLock`, which records its holder: a read
///   or write of the same property from inside that action is a programming error,
///   reported instead of deadlocking. (That action is the one
///   piece of user code run under `valueLock`, by the API's design: a value it
///   releases by mutating in place is released there. `set` and `swap` release the
///   old value after unlocking.)
///
/// The update path (`set`, `modify`, `serialised`, `value`) is inlinable, so a
/// client specialises it for its value type, down to the relay's signal core: a set
/// sends straight into `relay` rather than through `input`'s closure, which would run
/// the core's delivery unspecialised. `input` is kept for its lifetime only (its
/// deinitialisation interrupts the relay, which `complete()` has done first).
@usableFromInline
final class PropertyStorage<Value>: @unchecked Sendable {  // `storedValue` and `hasEnded` are guarded by `valueLock`
    /// A send lock used as a plain lock that knows its holder (see `updateLock`);
    /// the holder it reports is what catches a `modify` action that reads or sets
    /// its own property.
    @usableFromInline let valueLock = SendLock()
    // Touched only under `valueLock`; a `modify` action that would reach it again is
    // stopped by `lockValue`'s precondition first: unchecked exclusivity.
    @exclusivity(unchecked) @usableFromInline var storedValue: Value
    /// Whether `complete()` has ended the relay; guarded by `valueLock`.
    @usableFromInline var hasEnded = false
    /// A send lock used as a plain lock that knows its holder: biased to the thread
    /// that sets the property, so that a set from that thread takes it with plain
    /// stores (see `SendLock`).
    @usableFromInline let updateLock = SendLock()
    /// The core of the signal that relays the changes; what `input` sends into.
    @usableFromInline let relay: Signal<Value, Never>.Core
    private let input: Signal<Value, Never>.Observer

    /// A storage whose changes the signal of core `relay` relays; `input` is that
    /// signal's input.
    init(_ initial: Value, relay: Signal<Value, Never>.Core, input: Signal<Value, Never>.Observer) {
        storedValue = initial
        self.relay = relay
        self.input = input
    }

    /// The current value.
    @inlinable
    var value: Value {
        let thread = lockValue()
        defer { valueLock.release(for: thread) }
        return storedValue
    }

    /// Runs `body` with updates serialised (see the type's invariants); a call from
    /// the thread that is already serialising runs `body` at once.
    @inlinable
    func serialised<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let thread = currentThreadID()
        let holder = updateLock.tryHold(for: thread)
        if holder == thread { return try body() }
        if holder != 0 { updateLock.waitToHold(for: thread) }
        // Nobody leaves requests on this lock: there is nothing to serve.
        defer { updateLock.release(for: thread) }
        return try body()
    }

    /// Mutates the value in place, then sends the new value; returns what `action`
    /// returns.
    @inlinable
    func modify<Result, Failure>(_ action: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try serialised { () throws(Failure) -> Result in
            let (result, newValue) = try mutateLocked(action)
            relay.send(.value(newValue))
            return result
        }
    }

    /// Runs `action` on the stored value under `valueLock`; returns its result and
    /// the new value.
    @inlinable
    func mutateLocked<Result, Failure>(
        _ action: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> (Result, Value) {
        let thread = lockValue()
        defer { valueLock.release(for: thread) }
        let result = try action(&storedValue)
        return (result, storedValue)
    }

    /// Stores `newValue` and sends it: `modify { $0 = newValue }` without a user
    /// action under `valueLock`.
    @inlinable
    func set(_ newValue: Value) {
        serialised {
            // The old value is swapped out and released after unlocking: its
            // deinitialiser may read this property.
            var replaced = newValue
            let thread = lockValue()
            swap(&storedValue, &replaced)
            valueLock.release(for: thread)
            withExtendedLifetime(replaced) {}
            relay.send(.value(newValue))
        }
    }

    /// Runs `action` with the current value while no update can happen.
    @inlinable
    func withValue<Result, Failure>(_ action: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try serialised { () throws(Failure) -> Result in try action(value) }
    }

    /// Ends the relay: observers of the changes complete, and later runs of
    /// `producer` get the final value, then `completed`.
    func complete() {
        serialised {
            let thread = lockValue()
            hasEnded = true
            valueLock.release(for: thread)
            relay.send(.completed)
        }
    }

    /// A producer whose runs send the current value, then every change relayed by
    /// `changes` (whose core is `relay`), and complete when the property ends.
    ///
    /// Started for one observer (`startWithValues`, a binding, through fused
    /// operators such as `map`), a run is an observer of `relay` itself (an
    /// ``Signal/AttachedRun``): each change reaches it as it reaches the property's
    /// other observers, with no signal of its own in between. Prepared without an
    /// observer (`startWithSignal`, `lift`, `combineLatest`…), a run is a start
    /// handler's that observes `changes`.
    ///
    /// Inlinable, so that a client's run, its start and its deliveries are
    /// specialised for the client's value type.
    @inlinable
    func producer(relaying changes: Signal<Value, Never>) -> SignalProducer<Value, Never> {
        SignalProducer(preparingRunFor: { [self] sink in
            guard let sink else {
                return .init({ observer, lifetime in
                    // Attached first, under the update lock: a set from inside the
                    // delivery of the current value reaches the run after it, queued
                    // by the run's own signal.
                    self.serialised {
                        let (current, ended) = self.currentValueAndEnd()
                        if !ended { lifetime += changes.observe(observer) }
                        observer.send(value: current)
                        if ended { observer.sendCompleted() }
                    }
                }, attaching: nil)
            }
            // Disposing the run takes neither lock: it never waits for a set under way
            // (see `Signal.AttachedRun`).
            let run = Signal<Value, Never>.AttachedRun(sink, attachingTo: relay)
            return .init(signal: nil, handle: run, immediateRun: run, start: { [self, run] in
                // Under the update lock, as every update is: the run sees the current
                // value, then every later change, without gap or duplicate; a set
                // from inside the delivery of the current value is queued by
                // `relay` and reaches the run after it.
                self.serialised {
                    let (current, ended) = self.currentValueAndEnd()
                    self.relay.start(run, current: current, sourceEnded: ended)
                }
            })
        })
    }

    /// The current value, and whether the property has ended.
    @inlinable
    func currentValueAndEnd() -> (Value, Bool) {
        let thread = lockValue()
        defer { valueLock.release(for: thread) }
        return (storedValue, hasEnded)
    }

    /// Takes `valueLock`; returns the calling thread's id, to give it back with.
    @inlinable
    func lockValue() -> UInt {
        let thread = currentThreadID()
        let holder = valueLock.tryHold(for: thread)
        if holder == 0 { return thread }
        precondition(holder != thread, "A property was read or set from inside its own modify action")
        valueLock.waitToHold(for: thread)
        return thread
    }
}
