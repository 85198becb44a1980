// BindingSource: what can feed `target <~ source` — a Signal, a SignalProducer or a
// property, whose error type is Never (a binding cannot handle a failure).
//
// A binding starts `source.producer` once; a property's producer sends the current
// value first, so the target is up to date at once.

/// What can feed a binding (`target <~ source`): a stream that cannot fail —
/// ``Signal``, ``SignalProducer`` or any property.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal: BindingSource where Error == Never {}

extension SignalProducer: BindingSource where Error == Never {}
