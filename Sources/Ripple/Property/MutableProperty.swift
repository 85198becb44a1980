// MutableProperty: a value you can set, and observe.
//
//     let count = MutableProperty(1)
//     count.producer       (1)-2-3-|     the current value at once, then every change
//     count.signal         ---2-3-|      the changes only
//     count.value = 2; count.value = 3; (count deinitialised)
//
// Setting the value sends it to observers, also when it equals the old one. Updates
// are atomic and delivered in the order they were made, whatever the thread; a set
// from inside the property's own observer is delivered after the current one,
// without deadlock. The property completes, and its lifetime ends, when it is
// deinitialised.

/// A thread-safe value that observers can follow: the state of a ViewModel.
///
/// ```swift
/// let name = MutableProperty("")
/// name.producer.startWithValues { print("name is \($0)") }   // name is
/// name.value = "Ripple"                                      // name is Ripple
/// ```
///
/// It is also a property wrapper, whose projected value is the property itself:
///
/// ```swift
/// final class ProfileViewModel {
///     @MutableProperty var name = ""
/// }
/// viewModel.name = "Ripple"                          // sets the value
/// label.reactive[\.text] <~ viewModel.$name           // binds to its changes
/// ```
///
/// - Setting ``value`` sends the new value, also when it equals the old one. Reads
///   never wait for observers.
/// - Every update (`value =`, ``modify(_:)``, ``swap(_:)``, bindings) is atomic and
///   reaches observers in the order it was made. A set from inside an observer of
///   the same property is delivered once the current value has reached every
///   observer.
/// - When the property is deinitialised, ``signal`` and every run of ``producer``
///   complete, and ``lifetime`` ends.
@propertyWrapper
public final class MutableProperty<Value>: MutablePropertyProtocol {
    @usableFromInline let storage: PropertyStorage<Value>
    private let token: Lifetime.Token

    /// The changes from now on; completes when the property is deinitialised.
    public let signal: Signal<Value, Never>

    /// Ends when the property is deinitialised.
    public let lifetime: Lifetime

    /// Creates a property with an initial value.
    public init(_ initial: Value) {
        let (changes, input) = Signal<Value, Never>.pipe()
        signal = changes
        storage = PropertyStorage(initial, relay: changes.core, input: input)
        (lifetime, token) = Lifetime.make()
    }

    /// Creates a property with an initial value: the property-wrapper form,
    /// `@MutableProperty var name = ""`.
    public convenience init(wrappedValue: Value) {
        self.init(wrappedValue)
    }

    deinit {
        storage.complete()
        token.dispose()
    }

    /// The current value. Setting it sends the new value to observers, also when it
    /// equals the old one.
    @inlinable
    public var value: Value {
        get { storage.value }
        set { storage.set(newValue) }
    }

    /// The current value, as a property wrapper.
    @inlinable
    public var wrappedValue: Value {
        get { storage.value }
        set { storage.set(newValue) }
    }

    /// The property itself, as `$name` for `@MutableProperty var name`.
    public var projectedValue: MutableProperty<Value> {
        self
    }

    /// A producer whose every run sends the current value at once, then every
    /// change, and completes when the property is deinitialised. The producer does
    /// not keep the property alive.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        storage.producer(relaying: signal)
    }

    /// Mutates the value in place, atomically with respect to every other update,
    /// then sends the new value; returns what `action` returns.
    ///
    /// ```swift
    /// todos.modify { $0.append(item) }
    /// ```
    ///
    /// - Precondition: `action` neither reads nor sets this property (it would
    ///   deadlock; it is reported instead).
    @inlinable
    @discardableResult
    public func modify<Result, Failure>(_ action: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.modify(action)
    }

    /// Sets a new value and returns the old one, atomically.
    @inlinable
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        storage.modify { value in
            defer { value = newValue }
            return value
        }
    }

    /// Runs `action` with the current value while no update can happen; returns
    /// what `action` returns.
    @inlinable
    public func withValue<Result, Failure>(_ action: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.withValue(action)
    }

    /// The target of `property <~ source`: sets the value, until the property is
    /// deinitialised.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] value in self?.value = value }
    }
}

// All state is in `storage`, behind its locks. The value crosses threads, hence
// the condition.
extension MutableProperty: @unchecked Sendable where Value: Sendable {}

/// A mutable property's lifetime ends when it is deinitialised, so streams can be
/// bounded by it: `updates.take(duringLifetimeOf: property)`.
extension MutableProperty: LifetimeProvider {}
