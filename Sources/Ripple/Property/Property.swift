// Property: a read-only view of a value that changes over time.
//
//     Property(value: 1).producer                    (1|)
//     Property(initial: 0, then: -1-2-|).producer    (0)-1-2-|   (started when the property is made)
//     count.map { $0 * 10 }.producer                 (10)-20-30-|  while count goes 1, 2, 3, then is deinitialised
//
// A property made from a producer or another property starts one run of that
// producer at once and keeps its latest value, so `value` is always at hand. It
// owns none of its sources: it follows its ultimate source, and completes when that
// source goes away (`Property(capturing:)` keeps its source alive instead). The
// run stops when the property, its signal and the runs of its producer are gone.

/// A read-only property: the current value of something, and its changes.
///
/// ```swift
/// let count = MutableProperty(1)
/// let label: Property<String> = count.map { "\($0) items" }
/// label.value                                        // "1 items"
/// label.producer.startWithValues { print($0) }       // 1 items
/// count.value = 2                                    // 2 items
/// ```
///
/// A ViewModel exposes `Property` so that views can read and observe a value
/// without being able to set it. `Property` is also a property wrapper, which is
/// given the property it wraps (it has no `init(wrappedValue:)`, as in
/// ReactiveSwift, so a memberwise initialiser takes a `Property`):
///
/// ```swift
/// @Property var title: String
/// init(name: MutableProperty<String>) { _title = name.map { "Hello, \($0)" } }
///
/// struct Badge { @Property var count: Int }
/// let badge = Badge(count: Property(capturing: unread))   // unread: MutableProperty<Int>
/// ```
@propertyWrapper
public final class Property<Value>: PropertyProtocol {
    @usableFromInline let storage: PropertyStorage<Value>
    /// Relays the changes; deinitialised with the last user, which stops the run
    /// that feeds `storage`.
    public let signal: Signal<Value, Never>
    /// The source of `Property(capturing:)`, kept alive with this property.
    private let capturedSource: AnyObject?

    /// A property that never changes.
    ///
    /// Its `producer` sends the value and completes; its `signal` has already
    /// completed.
    public init(value: Value) {
        let (changes, input) = Signal<Value, Never>.pipe()
        signal = changes
        storage = PropertyStorage(value, relay: changes.core, input: input)
        capturedSource = nil
        storage.complete()
    }

    /// A read-only view of `property` that does not keep it alive: it completes
    /// when `property` goes away.
    public convenience init(_ property: some PropertyProtocol<Value>) {
        self.init(unsafeProducer: property.producer, capturing: nil)
    }

    /// A read-only view of `property` that keeps it alive as long as this property
    /// lives.
    public convenience init(capturing property: some PropertyProtocol<Value>) {
        self.init(unsafeProducer: property.producer, capturing: property)
    }

    /// A property whose value is `initial` until `values` sends one; `values` is
    /// started at once, and the property completes when it terminates.
    public convenience init(initial: Value, then values: some SignalProducerConvertible<Value, Never>) {
        self.init(unsafeProducer: values.producer.prefix(value: initial), capturing: nil)
    }

    /// A property whose value is `initial` until `values` sends one; `values` is
    /// started at once, and the property completes when it terminates.
    ///
    /// The form that a producer written by context picks:
    /// `Property(initial: 0, then: .init(value: 1))`.
    public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        self.init(unsafeProducer: values.prefix(value: initial), capturing: nil)
    }

    /// A property whose value is `initial` until `values` sends one; the property
    /// completes when `values` terminates.
    ///
    /// Disfavoured, so that a stream written by context (`then: .empty`) is a
    /// producer, as in ReactiveSwift.
    @_disfavoredOverload
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(unsafeProducer: SignalProducer(values).prefix(value: initial), capturing: nil)
    }

    /// A property fed by one run of `producer`, started at once, which must send a
    /// value synchronously when it starts: the current value of the property.
    ///
    /// The run is stopped when `signal` is deinitialised: once the property, and
    /// every user of its signal and producer, are gone.
    init(unsafeProducer producer: SignalProducer<Value, Never>, capturing source: AnyObject?) {
        let first = FirstValue<Value>()
        let relay: Signal<Value, Never> = producer.startWithSignal { upstream, interrupter in
            let (changes, input) = Signal<Value, Never>.pipe(disposable: interrupter)
            // The core, not the shell: the run must not keep `changes` alive.
            let relay = changes.core
            upstream.observe { event in
                switch event {
                case let .value(value):
                    if let storage = first.storage {
                        storage.set(value)
                    } else {
                        first.storage = PropertyStorage(value, relay: relay, input: input)
                    }
                case .completed, .interrupted:
                    first.storage?.complete()
                }
            }
            return changes
        }
        guard let storage = first.storage else {
            preconditionFailure("A property's producer must send its current value as soon as it starts")
        }
        self.storage = storage
        signal = relay
        capturedSource = source
    }

    /// The current value.
    @inlinable
    public var value: Value {
        storage.value
    }

    /// The current value, as a property wrapper.
    @inlinable
    public var wrappedValue: Value {
        storage.value
    }

    /// The property itself, as `$title` for `@Property var title`.
    public var projectedValue: Property<Value> {
        self
    }

    /// A producer whose every run sends the current value at once, then every
    /// change, and completes when the property's source goes away. Its runs keep
    /// the property's source subscription alive, not the property.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        storage.producer(relaying: signal)
    }
}

// Immutable; all state is in `storage`, behind its locks. The value crosses
// threads, hence the condition.
extension Property: @unchecked Sendable where Value: Sendable {}

extension Property where Value: OptionalProtocol {
    /// An optional property whose value is `initial` until `values`, a stream of
    /// the wrapped type, sends one; `values` is started at once, and the property
    /// completes when it terminates.
    ///
    /// ```swift
    /// let selection = Property<Item?>(initial: nil, then: taps.map(\.item))   // taps: Signal<Tap, Never>
    /// ```
    public convenience init(initial: Value, then values: some SignalProducerConvertible<Value.Wrapped, Never>) {
        self.init(initial: initial, then: values.producer)
    }

    /// An optional property whose value is `initial` until the producer `values`,
    /// of the wrapped type, sends one; the form that a producer written by context
    /// picks: `Property(initial: Optional(0), then: .init(value: 1))`.
    public convenience init(initial: Value, then values: SignalProducer<Value.Wrapped, Never>) {
        self.init(initial: initial, then: values.map { Value(reconstructing: $0) })
    }
}

extension PropertyProtocol {
    /// A property made by applying `transform` to this property's producer; the
    /// transformed producer must send a value as soon as it starts. The building
    /// block of property composition.
    func lift<U>(_ transform: (SignalProducer<Value, Never>) -> SignalProducer<U, Never>) -> Property<U> {
        Property(unsafeProducer: transform(producer), capturing: nil)
    }
}

/// Where `Property(unsafeProducer:capturing:)` keeps the storage it creates from
/// the run's first value, which arrives synchronously while the run starts.
private final class FirstValue<Value>: @unchecked Sendable {  // written once, during the synchronous start, before any other thread can see it
    var storage: PropertyStorage<Value>?
}
