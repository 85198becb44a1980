// Binding: `target <~ source` applies every value of the source to the target.
//
//     label.reactive[\.text] <~ viewModel.title      (title) -a-b-…  →  text = title, a, b, …
//
// A binding starts the source at once (a property sends its current value first)
// and ends when the target's lifetime ends, when the source terminates, or when the
// returned disposable is disposed; then it keeps nothing alive.

precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

/// Binds a source to a target: `target <~ source`.
infix operator <~ : BindingPrecedence

extension BindingTargetProvider {
    /// Applies every value of `source` to `target` until the target's lifetime ends
    /// or `source` terminates.
    ///
    /// ```swift
    /// viewModel.query <~ searchField.textValues
    /// label.reactive[\.text] <~ viewModel.title
    /// ```
    ///
    /// - Returns: a disposable that ends the binding early, or `nil` if the
    ///   target's lifetime had already ended.
    @discardableResult
    public static func <~ <Source: BindingSource>(target: Self, source: Source) -> (any Disposable)?
    where Source.Value == Value {
        let target = target.bindingTarget
        guard !target.lifetime.hasEnded else { return nil }
        let disposable = source.producer.take(during: target.lifetime).startWithValues(target.action)
        return disposable.isDisposed ? nil : disposable
    }

    /// Applies every value of a non-optional `source` to an optional target until
    /// the target's lifetime ends or `source` terminates.
    ///
    /// - Returns: a disposable that ends the binding early, or `nil` if the
    ///   target's lifetime had already ended.
    @discardableResult
    public static func <~ <Source: BindingSource, Wrapped>(target: Self, source: Source) -> (any Disposable)?
    where Value == Wrapped?, Source.Value == Wrapped {
        target <~ source.producer.map(Optional.some)
    }
}

extension Optional where Wrapped: BindingTargetProvider {
    /// Binds `source` to the target if there is one; a `nil` target is a no-op that
    /// returns `nil`.
    @discardableResult
    public static func <~ <Source: BindingSource>(target: Self, source: Source) -> (any Disposable)?
    where Source.Value == Wrapped.Value {
        guard let target else { return nil }
        return target <~ source
    }
}

extension Signal.Observer {
    /// Forwards every value of `source` to this observer until `source`
    /// terminates; the observer receives values only, never a terminal event.
    ///
    /// - Returns: a disposable that stops forwarding.
    @discardableResult
    public static func <~ <Source: BindingSource>(observer: Signal.Observer, source: Source) -> any Disposable
    where Source.Value == Value {
        source.producer.startWithValues { observer.send(value: $0) }
    }
}
