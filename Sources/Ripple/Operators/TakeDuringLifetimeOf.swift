// Take during the lifetime of an object: forward a stream until an object that
// says when it is deinitialised (a ``LifetimeProvider``) is gone.
//
//     take(duringLifetimeOf: view)    -a-b-c-d-|   →   -a-b-|      (view deinitialised between b and c)
//
// The object is not retained: only its lifetime is. This is `take(during:
// object.lifetime)`, so an object whose lifetime has already ended gives a stream
// that completes at once; failures and interruption pass through unchanged.

extension Signal {
    /// Forwards this signal until `object` is deinitialised (until its
    /// ``LifetimeProvider/lifetime`` ends), then completes. `object` is not retained.
    ///
    /// ```swift
    /// viewModel.alerts.take(duringLifetimeOf: self).observeValues { [unowned self] in show($0) }
    /// ```
    public func take(duringLifetimeOf object: some LifetimeProvider) -> Signal<Value, Error> {
        take(during: object.lifetime)
    }
}

extension SignalProducer {
    /// Forwards this producer until `object` is deinitialised (until its
    /// ``LifetimeProvider/lifetime`` ends), then completes. `object` is not retained.
    ///
    /// A run started after the object is gone completes at once, without starting
    /// this producer.
    public func take(duringLifetimeOf object: some LifetimeProvider) -> SignalProducer<Value, Error> {
        take(during: object.lifetime)
    }
}
