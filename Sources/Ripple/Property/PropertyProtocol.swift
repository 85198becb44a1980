/// A value that changes over time and can be observed: the state of a ViewModel.
///
/// A property always has a value, readable synchronously (also from inside its own
/// observers). `producer` sends the current value, then every change; `signal`
/// sends the changes only. Both complete when the property's source goes away.
/// A property never fails.
///
/// Conforming types: ``Property`` (read-only, often composed from others) and
/// ``MutableProperty``.
///
/// Does not require Sendable: ``ValidatingProperty`` is Sendable only for Sendable
/// values.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource where Error == Never {
    /// The current value.
    var value: Value { get }

    /// A producer whose every run sends the current value at once, then every
    /// change, and completes when the property ends.
    var producer: SignalProducer<Value, Never> { get }

    /// The changes from now on, without the current value; completes when the
    /// property ends.
    var signal: Signal<Value, Never> { get }
}

/// A property whose value can be set, and that can be the target of a binding
/// (`property <~ source`).
public protocol MutablePropertyProtocol<Value>: PropertyProtocol, BindingTargetProvider {
    /// The current value. Setting it sends the new value to observers, also when it
    /// equals the old one.
    var value: Value { get set }

    /// The lifetime of the property: it ends when the property is deinitialised,
    /// which also ends every binding to it.
    var lifetime: Lifetime { get }

    /// Mutates the value in place, atomically with respect to every other update,
    /// then sends the new value; returns what `action` returns.
    ///
    /// - Precondition: `action` neither reads nor sets this property.
    func modify<Result, Failure>(_ action: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result

    /// Runs `action` with the current value while no update can happen; returns
    /// what `action` returns.
    func withValue<Result, Failure>(_ action: (Value) throws(Failure) -> Result) throws(Failure) -> Result
}
