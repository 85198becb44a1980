/// What can feed a binding (`target <~ source`): a stream that cannot fail —
/// ``Signal``, ``SignalProducer`` or any property.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal: BindingSource where Error == Never {}

extension SignalProducer: BindingSource where Error == Never {}
