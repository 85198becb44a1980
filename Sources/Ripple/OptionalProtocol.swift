/// `Optional`, as a protocol: lets generic code, and extensions of streams and
/// properties, constrain a type to be an optional of something.
///
/// ```swift
/// extension SignalProducerProtocol where Value: OptionalProtocol {
///     func replacingNil(with fallback: Value.Wrapped) -> SignalProducer<Value.Wrapped, Error> {
///         producer.map { $0.optional ?? fallback }
///     }
/// }
/// ```
///
/// Only `Optional` conforms; the protocol exists so that code written against
/// ReactiveSwift's `OptionalProtocol` compiles unchanged.
public protocol OptionalProtocol<Wrapped>: ExpressibleByNilLiteral {
    /// The type of the value the optional may hold.
    associatedtype Wrapped

    /// The optional made from `value`.
    init(reconstructing value: Wrapped?)

    /// The optional itself.
    var optional: Wrapped? { get }
}

/// `Optional` conforms to ``OptionalProtocol``, so that operators such as `skipNil()` can name the wrapped type.
extension Optional: OptionalProtocol {
    /// The optional itself.
    public var optional: Wrapped? {
        self
    }

    /// The optional made from `value`: `value` itself.
    public init(reconstructing value: Wrapped?) {
        self = value
    }
}
