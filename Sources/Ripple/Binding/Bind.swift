// Binding: `target <~ source` applies every value of the source to the target.
//
//     label.reactive[\.text] <~ viewModel.title      (title) -a-b-…  →  text = title, a, b, …
//
// A binding starts the source at once (a property sends its current value first)
// and ends when the target's lifetime ends, when the source terminates, or when the
// returned disposable is disposed; then it keeps nothing alive. The forms:
//
//     target <~ source          same value type
//     target <~ source          a non-optional source feeding an optional target
//     optionalTarget <~ source  both of the above (an optional target is a target,
//                               see BindingTarget.swift); a `nil` target is a no-op
//     observer <~ source        forwards values (never a terminal event) to an observer

precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

/// Binds a source to a target: `target <~ source`.
infix operator <~ : BindingPrecedence

extension BindingTarget {
    /// Starts `producer`, applying its values until the lifetime ends or the
    /// producer terminates; `nil` if the binding is already over.
    fileprivate func bind(_ producer: SignalProducer<Value, Never>) -> (any Disposable)? {
        guard !lifetime.hasEnded else { return nil }
        let disposable = producer.take(during: lifetime).startWithValues(action)
        return disposable.isDisposed ? nil : disposable
    }
}

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
    ///   binding is already over (the target's lifetime had ended, or the source
    ///   terminated at once).
    @discardableResult
    public static func <~ <Source: BindingSource>(target: Self, source: Source) -> (any Disposable)?
    where Source.Value == Value {
        target.bindingTarget.bind(source.producer)
    }

    /// Applies every value of a non-optional `source` to an optional target until
    /// the target's lifetime ends or `source` terminates.
    ///
    /// ```swift
    /// label.reactive[\.text] <~ viewModel.title   // text: String?, title: MutableProperty<String>
    /// ```
    ///
    /// - Returns: a disposable that ends the binding early, or `nil` if the
    ///   binding is already over.
    @discardableResult
    public static func <~ <Source: BindingSource, Wrapped>(target: Self, source: Source) -> (any Disposable)?
    where Value == Wrapped?, Source.Value == Wrapped {
        target.bindingTarget.bind(source.producer.map(Optional.some))
    }
}

extension Signal.Observer {
    /// Forwards every value of `source` to this observer until `source`
    /// terminates; the observer receives values only, never a terminal event.
    ///
    /// ```swift
    /// let (taps, tapInput) = Signal<Void, Never>.pipe()
    /// tapInput <~ button.taps
    /// ```
    ///
    /// - Returns: a disposable that stops forwarding, or `nil` if `source`
    ///   terminated at once.
    @discardableResult
    public static func <~ <Source: BindingSource>(observer: Signal.Observer, source: Source) -> (any Disposable)?
    where Source.Value == Value {
        let disposable = source.producer.startWithValues { observer.send(value: $0) }
        return disposable.isDisposed ? nil : disposable
    }
}
