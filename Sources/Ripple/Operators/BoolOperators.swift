// Bool operators: logic over streams of `Bool`.
//
//     negate()     -t-f-|                           →   -f-t-|
//     and(b)       a: -t---f-|     b: ---t-|        →   ---t-f-|
//     or(b)        a: -f---f---|   b: ---t---f-|    →   ---t-t-f-|
//     all([a, b])  like `and`, over any number of streams (also `all(a, b, c)`)
//     any([a, b])  like `or`, over any number of streams (also `any(a, b, c)`)
//
// `and`, `or`, `all` and `any` combine the latest values (see `combineLatest`): they
// wait for every input, send on every change of any input, complete when all inputs
// have completed, and fail or are interrupted as soon as any input is.

extension Signal where Value == Bool {
    /// Sends the negation of every value.
    public func negate() -> Signal<Bool, Error> {
        map { !$0 }
    }

    /// Sends whether both the latest value of this signal and that of `other` are
    /// `true`, once each has sent a value and whenever either sends one.
    public func and(_ other: Signal<Bool, Error>) -> Signal<Bool, Error> {
        combineLatest(with: other).map { $0 && $1 }
    }

    /// Sends whether the latest value of this signal or that of `other` is `true`,
    /// once each has sent a value and whenever either sends one.
    public func or(_ other: Signal<Bool, Error>) -> Signal<Bool, Error> {
        combineLatest(with: other).map { $0 || $1 }
    }

    /// Sends whether the latest values of all `signals` are `true`, once each has
    /// sent a value and whenever any sends one.
    ///
    /// With no signal at all, the result has completed already (observers get
    /// `interrupted`); the producer version sends `true` first.
    public static func all<S: Sequence>(_ signals: S) -> Signal<Bool, Error> where S.Element == Signal<Bool, Error> {
        combineLatest(signals).map { $0.allSatisfy { $0 } }
    }

    /// Sends whether the latest value of any of `signals` is `true`, once each has
    /// sent a value and whenever any sends one.
    ///
    /// With no signal at all, the result has completed already (observers get
    /// `interrupted`); the producer version sends `false` first.
    public static func any<S: Sequence>(_ signals: S) -> Signal<Bool, Error> where S.Element == Signal<Bool, Error> {
        combineLatest(signals).map { $0.contains(true) }
    }

    /// Sends whether the latest values of all `signals` are `true`; the variadic
    /// form of ``all(_:)-(S)``.
    ///
    /// ```swift
    /// let canSubmit = Signal.all(isNameValid, isEmailValid, hasAgreed)
    /// ```
    public static func all(_ signals: Signal<Bool, Error>...) -> Signal<Bool, Error> {
        all(signals)
    }

    /// Sends whether the latest value of any of `signals` is `true`; the variadic
    /// form of ``any(_:)-(S)``.
    public static func any(_ signals: Signal<Bool, Error>...) -> Signal<Bool, Error> {
        any(signals)
    }
}

extension SignalProducer where Value == Bool {
    /// Sends the negation of every value.
    public func negate() -> SignalProducer<Bool, Error> {
        lift { $0.negate() }
    }

    /// Sends whether both the latest value of this producer and that of `other` are
    /// `true`, once each has sent a value and whenever either sends one. This
    /// producer's run starts first.
    public func and(_ other: SignalProducer<Bool, Error>) -> SignalProducer<Bool, Error> {
        lift(with: other) { $0.and($1) }
    }

    /// Sends whether the latest value of this producer or that of `other` is `true`,
    /// once each has sent a value and whenever either sends one. This producer's run
    /// starts first.
    public func or(_ other: SignalProducer<Bool, Error>) -> SignalProducer<Bool, Error> {
        lift(with: other) { $0.or($1) }
    }

    /// Sends whether both the latest value of this producer and that of `other` (a
    /// producer, a signal observed from each start on, a property) are `true`; see
    /// ``and(_:)-(SignalProducer<Bool,Error>)``.
    public func and(_ other: some SignalProducerConvertible<Bool, Error>) -> SignalProducer<Bool, Error> {
        and(other.producer)
    }

    /// Sends whether the latest value of this producer or that of `other` (a
    /// producer, a signal observed from each start on, a property) is `true`; see
    /// ``or(_:)-(SignalProducer<Bool,Error>)``.
    public func or(_ other: some SignalProducerConvertible<Bool, Error>) -> SignalProducer<Bool, Error> {
        or(other.producer)
    }

    /// Sends whether the latest values of all `producers` are `true`, once each has
    /// sent a value and whenever any sends one. With no producer at all, sends
    /// `true` and completes.
    public static func all<S: Sequence>(_ producers: S) -> SignalProducer<Bool, Error> where S.Element == SignalProducer<Bool, Error> {
        combineLatest(producers, emptySentinel: []).map { $0.allSatisfy { $0 } }
    }

    /// Sends whether the latest value of any of `producers` is `true`, once each has
    /// sent a value and whenever any sends one. With no producer at all, sends
    /// `false` and completes.
    public static func any<S: Sequence>(_ producers: S) -> SignalProducer<Bool, Error> where S.Element == SignalProducer<Bool, Error> {
        combineLatest(producers, emptySentinel: []).map { $0.contains(true) }
    }

    /// Sends whether the latest values of all `streams` (producers, signals observed
    /// from each start on, properties) are `true`; see `all(_:)` over producers.
    ///
    /// ```swift
    /// let canSubmit = SignalProducer.all([isNameValid.signal, isEmailValid.signal])
    /// ```
    public static func all<S: Sequence>(_ streams: S) -> SignalProducer<Bool, Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        all(streams.map(\.producer))
    }

    /// Sends whether the latest value of any of `streams` (producers, signals
    /// observed from each start on, properties) is `true`; see `any(_:)` over
    /// producers.
    public static func any<S: Sequence>(_ streams: S) -> SignalProducer<Bool, Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        any(streams.map(\.producer))
    }

    /// Sends whether the latest values of all `producers` are `true`; the variadic
    /// form of ``all(_:)-4fp17``.
    public static func all(_ producers: SignalProducer<Bool, Error>...) -> SignalProducer<Bool, Error> {
        all(producers)
    }

    /// Sends whether the latest value of any of `producers` is `true`; the
    /// variadic form of ``any(_:)-1lp4c``.
    public static func any(_ producers: SignalProducer<Bool, Error>...) -> SignalProducer<Bool, Error> {
        any(producers)
    }
}
