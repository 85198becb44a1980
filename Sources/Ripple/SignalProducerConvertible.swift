/// Anything that can be turned into a ``SignalProducer``: a producer itself, a
/// ``Signal`` (each start observes it), and every property (each start sends the
/// current value, then every change).
///
/// Operators that take "a stream" (flattening, triggers, samplers, the inputs of
/// `combineLatest`, `zip`, `concat` and `then` on producers, bindings) accept any
/// conforming type, so that a property and a producer mix.
///
/// Does not require Sendable: Ripple's conformers are Sendable already, and code
/// that sends a stream across isolation asks for `& Sendable` itself.
public protocol SignalProducerConvertible<Value, Error> {
    /// The type of the values.
    associatedtype Value
    /// The type of the failure.
    associatedtype Error: Swift.Error

    /// The stream as a producer.
    var producer: SignalProducer<Value, Error> { get }
}

extension Signal: SignalProducerConvertible {
    /// A producer whose every run observes this signal from the moment it starts.
    public var producer: SignalProducer<Value, Error> {
        SignalProducer(self)
    }
}

extension SignalProducer: SignalProducerConvertible {
    /// The producer itself.
    public var producer: SignalProducer<Value, Error> {
        self
    }
}

/// A `Result` is a one-value producer wherever a stream is taken.
extension Result: SignalProducerConvertible {
    /// A producer whose every run sends the success value then completes, or fails
    /// with the failure: `SignalProducer(result)`, and a `Result` wherever a stream
    /// is taken (`flatMap(.latest) { validate($0) }` with a `validate` returning a
    /// `Result`).
    public var producer: SignalProducer<Success, Failure> {
        SignalProducer(result: self)
    }
}
