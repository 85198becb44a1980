import Observation
import Synchronization

// Observing plain Swift models: a key path of an `@Observable` object as a stream.
//
//     Property(observing: photo, \.thumbnail, on: s)    (nil)--data1--data2--|   (| once photo is gone)
//
// The Observation framework announces a change before it is made (`willSet`), so
// the new value is read on `scheduler`, after the mutation: the scheduler must run
// the read later than the mutating call (a `QueueScheduler`, a `TestScheduler`; not
// an `ImmediateScheduler`). Changes made in one burst, before the scheduler runs,
// arrive as one value: the latest. Each run sends the current value at once, then
// each change once, and completes when the object is deinitialised. The object is
// held weakly.

extension SignalProducer where Error == Never {
    /// A producer whose every run sends `object[keyPath: keyPath]` at once, then its
    /// new value after each change, read on `scheduler`, and completes when `object`
    /// is deinitialised.
    ///
    /// ```swift
    /// @Observable final class Photo { var thumbnail: Data? }
    ///
    /// SignalProducer(observing: photo, \.thumbnail, on: QueueScheduler.main)
    ///     .startWithValues { imageView.image = $0.map(Image.init) }
    /// ```
    ///
    /// Observation announces a change before it is made, so the value is read on
    /// `scheduler` after the mutating call: pass a scheduler that runs work later,
    /// such as a `QueueScheduler` or a `TestScheduler`. Changes made before the
    /// scheduler runs arrive as one value, the latest. `object` is held weakly.
    public init<Object: AnyObject & Observable>(
        observing object: Object,
        _ keyPath: KeyPath<Object, Value>,
        on scheduler: some Scheduler
    ) {
        let object = WeakObject(object)
        self.init { observer, lifetime in
            ObservationTracker(object: object, keyPath: keyPath, scheduler: scheduler, observer: observer, lifetime: lifetime)
                .track()
        }
    }
}

extension Property {
    /// A property that follows `object[keyPath: keyPath]`: its value is read at once,
    /// then again on `scheduler` after each change, and the property completes when
    /// `object` is deinitialised.
    ///
    /// ```swift
    /// let thumbnail = Property(observing: photo, \.thumbnail, on: QueueScheduler.main)
    /// ```
    ///
    /// See ``SignalProducer/init(observing:_:on:)`` for why the scheduler must run
    /// work later than the mutating call. `object` is held weakly.
    public convenience init<Object: AnyObject & Observable>(
        observing object: Object,
        _ keyPath: KeyPath<Object, Value>,
        on scheduler: some Scheduler
    ) {
        self.init(unsafeProducer: SignalProducer(observing: object, keyPath, on: scheduler), capturing: nil)
    }
}

/// A weak reference that can be handed to Observation's `@Sendable` change
/// handler.
private final class WeakObject<Object: AnyObject>: @unchecked Sendable {  // `object` is a weak reference, itself atomic; it is never reassigned
    private(set) weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}

/// One run of ``SignalProducer/init(observing:_:on:)``: reads the value under
/// observation tracking, and again on the scheduler after each announced change.
///
/// Observation's tracking is one-shot: each read installs it anew. The change
/// handler captures a ``TrackingSentinel``, released by the object's registrar either after
/// the handler ran or when the object is deinitialised; in the second case the
/// object is gone and the run completes.
private final class ObservationTracker<Object: AnyObject & Observable, Value>: ObservationClient, @unchecked Sendable {  // immutable but for `pending`, a SerialDisposable (itself locked); the key path is only read
    private let object: WeakObject<Object>
    private let keyPath: KeyPath<Object, Value>
    private let scheduler: any Scheduler
    private let observer: Signal<Value, Never>.Observer
    private let lifetime: Lifetime
    private let pending = SerialDisposable()

    init(
        object: WeakObject<Object>,
        keyPath: KeyPath<Object, Value>,
        scheduler: any Scheduler,
        observer: Signal<Value, Never>.Observer,
        lifetime: Lifetime
    ) {
        self.object = object
        self.keyPath = keyPath
        self.scheduler = scheduler
        self.observer = observer
        self.lifetime = lifetime
        lifetime += pending
    }

    /// Sends the current value and tracks the next change, or completes if the
    /// object is gone.
    func track() {
        guard !lifetime.hasEnded else { return }
        guard let object = object.object else {
            observer.sendCompleted()
            return
        }
        let sentinel = TrackingSentinel(client: self)
        let value = withObservationTracking {
            object[keyPath: keyPath]
        } onChange: {
            sentinel.changeWillHappen()
        }
        observer.send(value: value)
    }

    /// Observation announced a change: read the new value on the scheduler.
    func changeWillHappen() {
        guard !lifetime.hasEnded else { return }
        pending.inner = scheduler.schedule { [self] in track() }
    }

    /// The change handler was released without running: the object is gone.
    func trackingWasReleased() {
        guard object.object == nil else { return }
        pending.dispose()
        observer.sendCompleted()
    }
}

/// What a ``TrackingSentinel`` reports to; non-generic, so that Observation's
/// `@Sendable` change handler captures no generic metatype.
private protocol ObservationClient: AnyObject, Sendable {
    /// Observation announced a change.
    func changeWillHappen()
    /// The change handler was released without running.
    func trackingWasReleased()
}

/// Captured by Observation's change handler; its deinitialisation tells whether
/// the handler was released because it ran or because the object went away.
private final class TrackingSentinel: Sendable {
    private let client: any ObservationClient
    private let hasFired = Synchronization.Atomic(false)

    init(client: any ObservationClient) {
        self.client = client
    }

    func changeWillHappen() {
        hasFired.store(true, ordering: .releasing)
        client.changeWillHappen()
    }

    deinit {
        if !hasFired.load(ordering: .acquiring) { client.trackingWasReleased() }
    }
}
