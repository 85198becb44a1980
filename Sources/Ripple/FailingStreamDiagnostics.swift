// Diagnostics for a stream that can fail used where only a stream that cannot is
// accepted (`observeValues`, `startWithValues`, `Property(initial:then:)`, `<~`).
//
// Without these, the compiler reports "requires the types 'SearchError' and 'Never'
// be equivalent", often at another call of the chain. Each overload below accepts
// any error type and is unavailable, with a message naming the fix; for a stream
// whose error is `Never` the real API is the more specialised overload, so the
// compiler keeps choosing it and these are never called.

extension Signal {
    /// Unavailable: `observeValues` is for signals that cannot fail. See the message.
    @available(
        *, unavailable,
        message: "observeValues needs a signal that cannot fail (Error == Never). Handle failures with observeResult { … } or observe { event in … }, turn them into values with materializeResults(), or replace them with flatMapError { _ in .empty }"
    )
    @discardableResult
    public func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
        fatalError("unavailable")
    }
}

extension SignalProducer {
    /// Unavailable: `startWithValues` is for producers that cannot fail. See the
    /// message.
    @available(
        *, unavailable,
        message: "startWithValues needs a producer that cannot fail (Error == Never). Handle failures with startWithResult { … } or start { event in … }, turn them into values with materializeResults(), or replace them with flatMapError { _ in .empty }"
    )
    @discardableResult
    public func startWithValues(_ action: @escaping (Value) -> Void) -> any Disposable {
        fatalError("unavailable")
    }
}

extension Property {
    /// Unavailable: a property is fed by a stream that cannot fail. See the message.
    @available(
        *, unavailable,
        message: "Property(initial:then:) needs a stream that cannot fail (Error == Never): a property has no failed state. Replace failures with flatMapError { _ in .empty } (or a fallback value), or keep them as values with materializeResults()"
    )
    public convenience init<Source: SignalProducerConvertible>(initial: Value, then values: Source)
    where Source.Value == Value {
        fatalError("unavailable")
    }
}

extension Property where Value: OptionalProtocol {
    /// Unavailable: a property is fed by a stream that cannot fail. See the message.
    @available(
        *, unavailable,
        message: "Property(initial:then:) needs a stream that cannot fail (Error == Never): a property has no failed state. Replace failures with flatMapError { _ in .empty } (or a fallback value), or keep them as values with materializeResults()"
    )
    public convenience init<Source: SignalProducerConvertible>(initial: Value, then values: Source)
    where Source.Value == Value.Wrapped {
        fatalError("unavailable")
    }
}

extension BindingTargetProvider {
    /// Unavailable: a binding's source must not fail. See the message.
    @available(
        *, unavailable,
        message: "a binding (<~) needs a source that cannot fail (Error == Never): a target has nothing to do with a failure. Replace failures with flatMapError { _ in .empty } (or a fallback value), or bind materializeResults() to a target of Result values"
    )
    @discardableResult
    public static func <~ <Source: SignalProducerConvertible>(target: Self, source: Source) -> (any Disposable)?
    where Source.Value == Value {
        fatalError("unavailable")
    }

    /// Unavailable: a binding's source must not fail. See the message.
    @available(
        *, unavailable,
        message: "a binding (<~) needs a source that cannot fail (Error == Never): a target has nothing to do with a failure. Replace failures with flatMapError { _ in .empty } (or a fallback value), or bind materializeResults() to a target of Result values"
    )
    @discardableResult
    public static func <~ <Source: SignalProducerConvertible, Wrapped>(target: Self, source: Source) -> (any Disposable)?
    where Value == Wrapped?, Source.Value == Wrapped {
        fatalError("unavailable")
    }
}

extension Signal.Observer {
    /// Unavailable: a binding's source must not fail. See the message.
    @available(
        *, unavailable,
        message: "observer <~ source needs a source that cannot fail (Error == Never). Forward failures too with source.observe(observer) or source.start(observer), or replace them with flatMapError { _ in .empty }"
    )
    @discardableResult
    public static func <~ <Source: SignalProducerConvertible>(observer: Signal.Observer, source: Source) -> (any Disposable)?
    where Source.Value == Value {
        fatalError("unavailable")
    }
}
