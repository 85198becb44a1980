// Merge: forward the values of several inputs as they arrive, in one stream.
//
//     merge(a, b)     a: -1---3-|
//                     b: ---2-----4-|
//                        -1-2-3---4-|
//
// Completes when every input has completed; fails or is interrupted at once when any
// input fails or is interrupted, and then detaches from every input.

extension Signal {
    /// Forwards the values of all `signals` as they arrive.
    ///
    /// Completes when every signal has completed; fails or is interrupted as soon as
    /// any signal is. With no signal at all, the result has completed already
    /// (observers get `interrupted`).
    public static func merge<S: Sequence>(_ signals: S) -> Signal where S.Element == Signal {
        let signals = Array(signals)
        return Signal { input, lifetime in
            guard !signals.isEmpty else {
                input.sendCompleted()
                return
            }
            let activeInputs = Locked(signals.count)
            for signal in signals {
                lifetime += signal.observe { event in
                    guard event.isCompleted else {
                        input.send(event)
                        return
                    }
                    let isLast = activeInputs.withLock { count in
                        count -= 1
                        return count == 0
                    }
                    if isLast { input.sendCompleted() }
                }
            }
        }
    }

    /// Forwards the values of all `signals` as they arrive; see the sequence
    /// version of `merge(_:)`.
    ///
    /// ```swift
    /// Signal.merge(taps, swipes, keyPresses).observeValues { print($0) }
    /// ```
    public static func merge(_ signals: Signal...) -> Signal {
        merge(signals)
    }

    /// The instance form of `merge`: `signal.merge(with: other)` forwards the
    /// values of this signal and of `other` as they arrive; see the sequence
    /// version of `merge(_:)`.
    ///
    /// A callable value rather than a method, so that `Signal.merge(a, b)` keeps
    /// inferring its generic arguments (see "Instance forms" at ``Signal``).
    @inlinable
    public var merge: Merging {
        Merging(self)
    }
}

extension SignalProducer {
    /// Forwards the values of all `producers` as they arrive. Each start starts one
    /// run of every producer, in order.
    ///
    /// Completes when every producer has completed (at once if there is none);
    /// fails or is interrupted as soon as any producer is.
    public static func merge<S: Sequence>(_ producers: S) -> SignalProducer where S.Element == SignalProducer {
        let producers = Array(producers)
        guard !producers.isEmpty else { return .empty }
        return lift(producers) { Signal<Value, Error>.merge($0) }
    }

    /// Forwards the values of all `producers` as they arrive; see the sequence
    /// version of `merge(_:)`.
    public static func merge(_ producers: SignalProducer...) -> SignalProducer {
        merge(producers)
    }

    /// The instance form of `merge`: `producer.merge(with: other)` forwards the
    /// values of this producer and of `other` as they arrive; see the sequence
    /// version of `merge(_:)`. This producer's run starts first.
    ///
    /// A callable value rather than a method, so that `SignalProducer.merge(a, b)`
    /// keeps inferring its generic arguments (see "Instance forms" at ``Signal``).
    @inlinable
    public var merge: Merging {
        Merging(self)
    }
}
