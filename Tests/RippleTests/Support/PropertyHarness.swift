import Ripple

/// What became of a property composed from a source that was then deinitialised.
struct ComposedAfterSourceGone<U> {
    /// What a run of the composed property's producer, started while the source
    /// lived, saw (`VALUE …`, `COMPLETED`).
    let events: [String]
    /// Whether the source was freed once the test let go of it.
    let sourceWasFreed: Bool
    /// The composed property, still held.
    let composed: Property<U>
}

/// Composes a property from a fresh `MutableProperty(initial)` with `compose`, starts
/// a run of the composed producer, sets the source to `next`, then lets the source go.
func composed<V, U>(
    from initial: V,
    then next: V,
    _ compose: (MutableProperty<V>) -> Property<U>
) -> ComposedAfterSourceGone<U> {
    let recorder = Recorder<String>()
    var source: MutableProperty<V>? = MutableProperty(initial)
    weak let weakSource = source
    let result = compose(source!)
    result.producer.start(recorder.observer())
    source?.value = next
    source = nil
    return ComposedAfterSourceGone(events: recorder.entries, sourceWasFreed: weakSource == nil, composed: result)
}
