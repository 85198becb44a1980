/// A signal, as a protocol: lets generic code and extensions constrain a type to be
/// a ``Signal`` of some values and error, as ReactiveSwift's `SignalProtocol` does.
///
/// ```swift
/// extension SignalProtocol where Value: OptionalProtocol {
///     func ignoreNil() -> Signal<Value.Wrapped, Error> {
///         signal.filter { $0.optional != nil }.map { $0.optional! }
///     }
/// }
/// ```
///
/// Only `Signal` conforms; the protocol exists so that code written against
/// ReactiveSwift's compiles unchanged.
public protocol SignalProtocol<Value, Error>: AnyObject {
    /// The type of the values.
    associatedtype Value
    /// The type of the failure.
    associatedtype Error: Swift.Error

    /// The signal itself.
    var signal: Signal<Value, Error> { get }
}

extension Signal: SignalProtocol {
    /// The signal itself.
    public var signal: Signal<Value, Error> {
        self
    }
}
