// Skip: drop values at the start of a stream, or values already seen.
//
//     skip(first: 2)           -a-b-c-d-|   →   -----c-d-|
//     skip { $0 < 3 }          -1-2-3-1-|   →   -----3-1-|
//     skip(until: trigger)     -a-b-c-d-|   →   -----c-d-|    (trigger fires between b and c)
//     skipRepeats()            -a-a-b-a-|   →   -a---b-a-|
//     uniqueValues()           -a-b-a-c-|   →   -a-b---c-|
//
// Only values are dropped: failures, completion and interruption pass through
// unchanged and at once, also while values are still being skipped.
// `skip(until:)` opens when the trigger sends a value or completes, so that
// `skip(until: t)` and `take(until: t)` split a stream between them; a trigger that
// is interrupted (or already terminated when observed) never opens it. On
// `SignalProducer`, the trigger's run starts before this producer's run, so a
// trigger that fires at once lets every value through.

extension Signal {
    /// Drops the first `count` values, then forwards the rest.
    ///
    /// - Precondition: `count >= 0`.
    public func skip(first count: Int) -> Signal<Value, Error> {
        precondition(count >= 0, "skip(first:) needs a count of at least 0, got \(count)")
        guard count > 0 else { return self }
        var skipped = 0
        return derived(forwarding: { event, input in
            if case .value = event, skipped < count {
                skipped += 1
                return
            }
            input.send(event)
        })
    }

    /// Drops values while `shouldContinue` returns `true`; from the first value for
    /// which it returns `false` on, forwards every value without asking again.
    public func skip(while shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        var isSkipping = true
        return derived(forwarding: { event, input in
            if isSkipping, case let .value(value) = event {
                guard !shouldContinue(value) else { return }
                isSkipping = false
            }
            input.send(event)
        })
    }

    /// Drops values until `trigger` sends a value or completes, then forwards every
    /// value.
    ///
    /// Terminal events of this signal are forwarded at once, even before the trigger
    /// fires. A trigger that is interrupted, or that has already terminated when this
    /// operator observes it, never fires: every value is then dropped. Once fired, the
    /// trigger is no longer observed.
    public func skip(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        Signal { input, lifetime in
            let hasFired = Locked(false)
            let triggerSubscription = SerialDisposable()
            lifetime += triggerSubscription
            lifetime += observe { event in
                if case .value = event, !hasFired.withLock({ $0 }) { return }
                input.send(event)
            }
            triggerSubscription.inner = trigger.observe { event in
                if case .interrupted = event { return }
                hasFired.withLock { $0 = true }
                triggerSubscription.dispose()
            }
        }
    }

    /// Drops every value that `isEquivalent` finds equivalent to the last value
    /// forwarded.
    ///
    /// Only the last value forwarded is kept, as the reference for the next
    /// comparison; an older value is released as soon as a newer distinct value
    /// replaces it, and a dropped repeat is not kept at all. Comparing with the last
    /// value forwarded (not the last value received) keeps a non-transitive test,
    /// such as "closer than 5", from letting a slow drift through unseen.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal<Value, Error> {
        var reference: Value?
        return derived(forwarding: { event, input in
            if case let .value(value) = event {
                if let reference, isEquivalent(reference, value) { return }
                reference = value
            }
            input.send(event)
        })
    }

    /// Drops every value equal to the last value forwarded; see
    /// ``skipRepeats(_:)``.
    public func skipRepeats() -> Signal<Value, Error> where Value: Equatable {
        skipRepeats(==)
    }

    /// Forwards a value only if no earlier value had the same identity, as computed
    /// by `transform`.
    ///
    /// Every identity seen is kept until the signal terminates (the values
    /// themselves are not).
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> Signal<Value, Error> {
        var seen = Set<Identity>()
        return derived(forwarding: { event, input in
            if case let .value(value) = event, !seen.insert(transform(value)).inserted { return }
            input.send(event)
        })
    }

    /// Forwards a value only if no equal value came before it; see
    /// ``uniqueValues(_:)``.
    public func uniqueValues() -> Signal<Value, Error> where Value: Hashable {
        uniqueValues { $0 }
    }
}

extension SignalProducer {
    /// Drops the first `count` values, then forwards the rest.
    ///
    /// - Precondition: `count >= 0`.
    public func skip(first count: Int) -> SignalProducer<Value, Error> {
        lift { $0.skip(first: count) }
    }

    /// Drops values while `shouldContinue` returns `true`; from the first value for
    /// which it returns `false` on, forwards every value without asking again.
    public func skip(while shouldContinue: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.skip(while: shouldContinue) }
    }

    /// Drops values until a run of `trigger` sends a value or completes, then
    /// forwards every value.
    ///
    /// The trigger's run starts first, so a trigger that fires at once lets every
    /// value through. Terminal events of this producer are forwarded at once; an
    /// interrupted trigger never fires. Disposing the result disposes both runs.
    public func skip(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
        trigger.lift(with: self) { trigger, source in source.skip(until: trigger) }
    }

    /// Drops values until `trigger` (a producer, a signal observed from each start
    /// on, a property of `Void`) sends a value or completes, then forwards every
    /// value; see ``skip(until:)-(SignalProducer<(),Never>)``.
    public func skip(until trigger: some SignalProducerConvertible<(), Never>) -> SignalProducer<Value, Error> {
        skip(until: trigger.producer)
    }

    /// Drops every value that `isEquivalent` finds equivalent to the last value
    /// forwarded; only that value is kept.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.skipRepeats(isEquivalent) }
    }

    /// Drops every value equal to the last value forwarded; see
    /// ``skipRepeats(_:)``.
    public func skipRepeats() -> SignalProducer<Value, Error> where Value: Equatable {
        lift { $0.skipRepeats() }
    }

    /// Forwards a value only if no earlier value of the same run had the same
    /// identity, as computed by `transform`.
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> SignalProducer<Value, Error> {
        lift { $0.uniqueValues(transform) }
    }

    /// Forwards a value only if no equal value came before it in the same run; see
    /// ``uniqueValues(_:)``.
    public func uniqueValues() -> SignalProducer<Value, Error> where Value: Hashable {
        lift { $0.uniqueValues() }
    }
}
