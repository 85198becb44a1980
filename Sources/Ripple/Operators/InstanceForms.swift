// Instance forms: `a.merge(with: b)`, `a.combineLatest(with: b)`, `a.zip(with: b)`.
//
//     signal.merge(with: other)           ==  Signal.merge(signal, other)
//     signal.combineLatest(with: other)   ==  Signal.combineLatest(signal, other)
//     property.zip(with: other)           ==  Property.zip(property, other)
//
// Called like methods, but `merge`, `combineLatest` and `zip` are properties whose
// values are callable (`callAsFunction(with:)`). Signals, producers and properties
// are `Sendable` only when their values are, and next to such a conditional
// conformance Swift 6.3 cannot infer `Value` in the static `Signal.merge(a, b)` if a
// *method* shares its name (swiftlang/swift#80146; `ConcurrencyRulesTests` keeps a
// reproduction, and says when the workaround can go). A property does not get in
// the way.

extension Signal {
    /// `signal.merge(with: other)`: see ``merge``.
    public struct Merging {
        @usableFromInline let base: Signal

        @inlinable
        init(_ base: Signal) {
            self.base = base
        }

        /// Forwards the values of the signal and of `other` as they arrive.
        @inlinable
        public func callAsFunction(with other: Signal) -> Signal {
            Signal.merge(base, other)
        }
    }

    /// `signal.combineLatest(with: other)` and `signal.zip(with: other)`: see
    /// ``combineLatest`` and ``zip``.
    public struct Pairing {
        @usableFromInline let base: Signal
        @usableFromInline let pairs: PairingKind

        @inlinable
        init(_ base: Signal, _ pairs: PairingKind) {
            self.base = base
            self.pairs = pairs
        }

        /// Pairs the values of the signal with those of `other`: their latest values
        /// (`combineLatest`) or their n-th values (`zip`).
        @inlinable
        public func callAsFunction<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
            switch pairs {
            case .combineLatest: Signal.combineLatest(base, other)
            case .zip: Signal.zip(base, other)
            }
        }
    }
}

extension SignalProducer {
    /// `producer.merge(with: other)`: see ``merge``.
    public struct Merging {
        let base: SignalProducer

        @usableFromInline
        init(_ base: SignalProducer) {
            self.base = base
        }

        /// Forwards the values of the producer and of `other` as they arrive; the
        /// producer's run starts first.
        ///
        /// Taking a producer by name lets `other` be written by context, as in
        /// `merge(with: .init(value: 0))` or `merge(with: .empty)`.
        public func callAsFunction(with other: SignalProducer) -> SignalProducer {
            base.lift(with: other) { $0.merge(with: $1) }
        }

        /// Forwards the values of the producer and of `other` (a producer, a signal
        /// observed from each start on, a property) as they arrive; the producer's
        /// run starts first.
        public func callAsFunction(with other: some SignalProducerConvertible<Value, Error>) -> SignalProducer {
            callAsFunction(with: other.producer)
        }
    }

    /// `producer.combineLatest(with: other)` and `producer.zip(with: other)`: see
    /// ``combineLatest`` and ``zip``.
    public struct Pairing {
        let base: SignalProducer
        let pairs: PairingKind

        @usableFromInline
        init(_ base: SignalProducer, _ pairs: PairingKind) {
            self.base = base
            self.pairs = pairs
        }

        /// Pairs the values of the producer with those of `other`: their latest, or
        /// their n-th values; the producer's run starts first.
        ///
        /// Taking a producer by name lets `other` be written by context, as in
        /// `combineLatest(with: .init(value: "a"))`.
        public func callAsFunction<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
            switch pairs {
            case .combineLatest: base.lift(with: other) { $0.combineLatest(with: $1) }
            case .zip: base.lift(with: other) { $0.zip(with: $1) }
            }
        }

        /// Pairs the values of the producer with those of `other` (a producer, a
        /// signal observed from each start on, a property): their latest, or their
        /// n-th values; the producer's run starts first.
        public func callAsFunction<Other: SignalProducerConvertible>(
            with other: Other
        ) -> SignalProducer<(Value, Other.Value), Error> where Other.Error == Error {
            callAsFunction(with: other.producer)
        }
    }
}

/// `property.combineLatest(with: other)` and `property.zip(with: other)`: see
/// ``PropertyProtocol/combineLatest`` and ``PropertyProtocol/zip``.
public struct PropertyPairing<Base: PropertyProtocol> {
    let base: Base
    let pairs: PairingKind

    init(_ base: Base, _ pairs: PairingKind) {
        self.base = base
        self.pairs = pairs
    }

    /// A property whose value pairs the property's value with `other`'s: changing
    /// whenever either changes and completing once both have gone away
    /// (`combineLatest`), or pairing their n-th values and completing once one has
    /// gone away with none of its values left to pair (`zip`).
    public func callAsFunction<Other: PropertyProtocol>(with other: Other) -> Property<(Base.Value, Other.Value)> {
        switch pairs {
        case .combineLatest: base.lift { $0.combineLatest(with: other.producer) }
        case .zip: base.lift { $0.zip(with: other.producer) }
        }
    }
}

/// Which pairs an instance form makes.
@usableFromInline
enum PairingKind: Sendable {
    /// The latest value of each side, whenever either changes.
    case combineLatest
    /// The n-th value of each side.
    case zip
}
