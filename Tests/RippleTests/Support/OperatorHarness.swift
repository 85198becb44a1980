import Ripple

/// Sends `events` through a pipe transformed by `transform` and returns what an
/// observer of the result saw, as event descriptions (`VALUE 1`, `COMPLETED`, …).
func events<V, E, U, F>(
    of transform: (Signal<V, E>) -> Signal<U, F>,
    sending events: [Signal<V, E>.Event]
) -> [String] {
    let recorder = Recorder<String>()
    let (signal, input) = Signal<V, E>.pipe()
    transform(signal).observe(recorder.observer())
    events.forEach(input.send)
    return recorder.entries
}

/// Starts a producer that sends `events` synchronously, transformed by `transform`,
/// and returns what the observer saw, as event descriptions.
func events<V, E, U, F>(
    of transform: (SignalProducer<V, E>) -> SignalProducer<U, F>,
    starting events: [Signal<V, E>.Event]
) -> [String] {
    let recorder = Recorder<String>()
    let source = SignalProducer<V, E> { observer, _ in events.forEach(observer.send) }
    transform(source).start(recorder.observer())
    return recorder.entries
}

/// What a producer sends when started, as event descriptions.
func events<V, E>(of producer: SignalProducer<V, E>) -> [String] {
    let recorder = Recorder<String>()
    producer.start(recorder.observer())
    return recorder.entries
}
