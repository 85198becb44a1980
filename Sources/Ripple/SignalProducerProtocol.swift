/// A producer, as a protocol: lets generic code and extensions constrain a type to
/// be a ``SignalProducer`` of some values and error, as ReactiveSwift's
/// `SignalProducerProtocol` does. Its `producer` is the producer itself.
///
/// ```swift
/// extension SignalProducerProtocol {
///     func demoteErrors() -> SignalProducer<Value, Never> {
///         producer.flatMapError { _ in .empty }
///     }
/// }
/// ```
///
/// Only `SignalProducer` conforms (signals and properties are
/// ``SignalProducerConvertible``, which this protocol refines); the protocol exists
/// so that code written against ReactiveSwift's compiles unchanged.
public protocol SignalProducerProtocol<Value, Error>: SignalProducerConvertible {}

extension SignalProducer: SignalProducerProtocol {}
