// ValidatingProperty: a mutable property that validates every value proposed to it.
//
//     let name = ValidatingProperty("") { $0.isEmpty ? .invalid(.empty) : .valid }
//     name.producer  ("")-a---b|           name.value = "a"; = ""; = "b"; (deinitialised)
//     name.result    (invalid "")-(valid a)-(invalid "")-(valid b)|
//
// Every proposal (`value =`, `modify`, a binding) is validated while no other update
// can happen, and its outcome is published before the value is stored: observers of
// the value read the outcome that goes with it. A valid value is stored as
// proposed, a coerced one is replaced; an invalid one is not stored (`value` keeps
// the last valid value, and `producer` and `signal` send nothing), and `result`
// carries it with the reason, as in ReactiveSwift. A property validated against
// another one validates its last proposal again whenever the other one changes.
//
// The value lives in a `MutableProperty`: one of its own, or one given to it
// (`ValidatingProperty(name) { … }`), which it then validates for, as ReactiveSwift's
// does: valid proposals are written to that property, and a change made to that
// property directly is validated when it arrives (`result` reports it), but stored
// whatever the outcome, since it is already there. Its own one completes, and its
// lifetime ends, when it is deinitialised.

/// A mutable property that validates every value proposed to it, and publishes the
/// outcome as ``result``.
///
/// ```swift
/// let password = ValidatingProperty<String, FormError>("") { text in
///     (6...16).contains(text.count) ? .valid : .invalid(.passwordLength)
/// }
/// let confirmation = ValidatingProperty<String, FormError>("", with: password) { text, password in
///     text == password ? .valid : .invalid(.mismatch)
/// }
/// password <~ passwordField.textValues
/// let canSubmit = Property.all([password.result, confirmation.result].map { $0.map { !$0.isInvalid } })
/// ```
///
/// - ``value`` is the last valid value: the value as proposed when it is valid, its
///   replacement when the validator coerces it. An invalid proposal leaves it (and
///   ``producer`` and ``signal``) unchanged; ``result`` carries the proposal and the
///   error. The initial value is stored even if it is invalid.
/// - Every update is validated and stored atomically, in the order the updates were
///   made, whatever the thread. The validator runs while no other update of this
///   property can happen; it must not read or set this property.
/// - ``result`` changes before the observers of ``value`` hear of the change, so
///   they read the outcome that goes with the value they get.
/// - When the property is deinitialised, ``result`` completes and ``lifetime``
///   ends; so do ``signal`` and every run of ``producer``, unless the property
///   validates for a `MutableProperty` that lives on (they are that property's).
///
/// Over an existing `MutableProperty`, the validating property is a validating view
/// of it, which keeps it alive:
///
/// ```swift
/// let email = MutableProperty("")                       // the model's
/// let validatedEmail = ValidatingProperty(email) { $0.contains("@") ? .valid : .invalid(.format) }
/// validatedEmail.value = "nobody"                       // refused: `email` keeps ""
/// email.value = "someone@example.com"                   // validated on arrival: `result` is valid
/// ```
public final class ValidatingProperty<Value, ValidationError: Swift.Error>: MutablePropertyProtocol {
    /// What a validator decides about a proposed value.
    public enum Decision {
        /// The value is accepted as proposed.
        case valid
        /// The value is replaced by another one, which is stored instead; an error
        /// may say why.
        case coerced(Value, ValidationError? = nil)
        /// The value is invalid, for the reason given; it is not stored (the
        /// property keeps its last valid value), and ``ValidatingProperty/result``
        /// reports it with the error.
        case invalid(ValidationError)
    }

    /// The outcome of validating the last proposed value.
    public enum Result {
        /// The proposed value was valid.
        case valid(Value)
        /// The proposed value was replaced by `replacement`.
        case coerced(replacement: Value, proposed: Value, error: ValidationError?)
        /// The proposed value was invalid.
        case invalid(Value, ValidationError)

        /// Whether the proposed value was invalid.
        public var isInvalid: Bool {
            if case .invalid = self { true } else { false }
        }

        /// The valid value, the replacement, or the invalid proposal. The property
        /// holds it after this outcome unless the proposal was invalid (it then
        /// keeps its last valid value).
        public var value: Value {
            switch self {
            case let .valid(value), let .coerced(value, _, _), let .invalid(value, _): value
            }
        }

        /// The error of an invalid value, or the error that came with a
        /// replacement; `nil` for a valid value.
        public var error: ValidationError? {
            switch self {
            case .valid: nil
            case let .coerced(_, _, error): error
            case let .invalid(_, error): error
            }
        }

        /// The value that was proposed.
        fileprivate var proposed: Value {
            switch self {
            case let .valid(value), let .coerced(_, value, _), let .invalid(value, _): value
            }
        }

        /// The outcome of `decision` about `proposed`.
        fileprivate init(proposing proposed: Value, _ decision: Decision) {
            switch decision {
            case .valid: self = .valid(proposed)
            case let .coerced(replacement, error): self = .coerced(replacement: replacement, proposed: proposed, error: error)
            case let .invalid(error): self = .invalid(proposed, error)
            }
        }
    }

    /// The outcome of the last proposal. Set only under `inner`'s update lock, just
    /// before `inner` is, so that the two change in one order.
    private let outcomes: MutableProperty<Result>
    /// Holds the value: a property of its own, or the one given to `init(_:_:)`.
    /// Its update lock serialises every proposal (see `propose(_:)`).
    private let inner: MutableProperty<Value>
    private let validator: (Value) -> Decision
    /// The values written to `inner` by proposals that `inner` has still to
    /// deliver: its observer here skips them, and validates any other change.
    private let writebacks: Writebacks
    private let token: Lifetime.Token

    /// The outcome of validating the last proposed value, which says whether
    /// ``value`` can be used.
    public let result: Property<Result>

    /// Ends when the property is deinitialised.
    public let lifetime: Lifetime

    /// The changes of ``value`` from now on; completes when the property is
    /// deinitialised (when the `MutableProperty` it validates for is, for a
    /// property made over one).
    public var signal: Signal<Value, Never> {
        inner.signal
    }

    /// Creates a property whose every proposed value, `initial` included, is
    /// validated by `validator`.
    ///
    /// ```swift
    /// let account = ValidatingProperty<String, FormError>("") { text in
    ///     text.count > 11 ? .coerced(String(text.prefix(11))) : .valid
    /// }
    /// ```
    public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// Creates a property that validates every value proposed to it before writing
    /// it to `inner`, and every change made to `inner` directly; `inner`'s current
    /// value is validated first, like an initial value. The property keeps `inner`
    /// alive.
    ///
    /// A valid proposal is written to `inner`, a coerced one is replaced first, an
    /// invalid one is not written. A change made to `inner` directly is validated
    /// when it arrives and reported by ``result``, but stays in `inner` whatever the
    /// outcome: ``value`` may then be invalid, as in ReactiveSwift. (A coerced
    /// direct change is not replaced either; only proposals are.)
    public init(_ inner: MutableProperty<Value>, _ validator: @escaping (Value) -> Decision) {
        let (lifetime, token) = Lifetime.make()
        let writebacks = Writebacks()
        // One update of `inner`: no change of it can come between validating its
        // current value and following its changes.
        let outcomes = inner.withValue { current in
            let first = Result(proposing: current, validator(current))
            let outcomes = MutableProperty(first)
            inner.signal.take(during: lifetime).observeValues { [weak outcomes] value in
                guard !writebacks.skip() else { return }
                outcomes?.value = Result(proposing: value, validator(value))
            }
            // The current value counts as the first proposal: a coerced one is replaced.
            if case let .coerced(replacement, _, _) = first {
                writebacks.expect()
                inner.value = replacement
            }
            return outcomes
        }
        self.inner = inner
        self.validator = validator
        self.writebacks = writebacks
        (self.lifetime, self.token) = (lifetime, token)
        self.outcomes = outcomes
        result = Property(outcomes)
    }

    /// Creates a property whose every proposed value, `initial` included, is
    /// validated by `validator` against the current value of `other`; the last
    /// proposal is validated again whenever `other` changes.
    ///
    /// The property does not keep `other` alive: once `other` has gone away,
    /// proposals are validated against its last value.
    public convenience init<Other: PropertyProtocol>(
        _ initial: Value,
        with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Creates a property that validates for `inner` (see ``init(_:_:)-(MutableProperty<Value>,_)``)
    /// against the current value of `other`; the last proposal is validated again
    /// whenever `other` changes.
    ///
    /// The property keeps `inner` alive, not `other`: once `other` has gone away,
    /// proposals are validated against its last value.
    public convenience init<Other: PropertyProtocol>(
        _ inner: MutableProperty<Value>,
        with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        let other = Property(other)
        self.init(inner) { validator($0, other.value) }
        // The run sends other's current value at once, then every change: no change
        // made since `other.value` was read for the first validation is missed.
        other.producer.take(during: lifetime).startWithValues { [weak self] _ in self?.revalidate() }
    }

    /// The current value: the last valid value (or its replacement if the
    /// validator coerced it; or, over a `MutableProperty` changed directly, what it
    /// was changed to). Setting it validates the new value and sends the outcome
    /// on ``result``, also when it equals the old one; a valid value is stored and
    /// sent, an invalid one only reported.
    public var value: Value {
        get { inner.value }
        set { propose { $0 = newValue } }
    }

    /// A producer whose every run sends the current value at once, then every
    /// change (every valid or coerced proposal, not an invalid one), and completes
    /// when the property is deinitialised (when the `MutableProperty` it validates
    /// for is, for a property made over one). The producer does not keep the
    /// property alive.
    public var producer: SignalProducer<Value, Never> {
        inner.producer
    }

    /// Mutates the current (last valid) value in place, then validates the new
    /// value, atomically with respect to every other update; returns what `action`
    /// returns.
    ///
    /// - Precondition: `action` neither reads nor sets this property.
    @discardableResult
    public func modify<R, Failure>(_ action: (inout Value) throws(Failure) -> R) throws(Failure) -> R {
        try propose(action)
    }

    /// Runs `action` with the current value while no update can happen; returns
    /// what `action` returns.
    public func withValue<R, Failure>(_ action: (Value) throws(Failure) -> R) throws(Failure) -> R {
        try inner.withValue(action)
    }

    /// The target of `property <~ source`: proposes every value, until the
    /// property is deinitialised.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] value in self?.value = value }
    }

    /// Applies `change` to the current value and stores the outcome of validating
    /// the result. `inner.withValue` holds `inner`'s update lock (not its value
    /// lock), so the read, the validation and the store form one update; the store
    /// runs on the thread that holds that lock, which `inner` lets through.
    private func propose<R, Failure>(_ change: (inout Value) throws(Failure) -> R) throws(Failure) -> R {
        try inner.withValue { (current) throws(Failure) -> R in
            var value = current
            let outcome = try change(&value)
            store(Result(proposing: value, validator(value)))
            return outcome
        }
    }

    /// Validates the last proposed value again.
    private func revalidate() {
        inner.withValue { _ in
            let proposed = outcomes.value.proposed
            store(Result(proposing: proposed, validator(proposed)))
        }
    }

    /// Publishes `outcome`, then writes its value to `inner` unless it is invalid;
    /// called under `inner`'s update lock.
    private func store(_ outcome: Result) {
        outcomes.value = outcome
        guard !outcome.isInvalid else { return }
        write(outcome.value)
    }

    /// Writes `value` to `inner` as a proposal's outcome, which `inner`'s observer
    /// here then skips; called under `inner`'s update lock.
    private func write(_ value: Value) {
        writebacks.expect()
        inner.value = value
    }
}

// All state is in `inner` and `outcomes`, behind their locks, and in the atomic
// `writebacks`. The value crosses threads, hence the condition (as for
// `MutableProperty`).
extension ValidatingProperty: @unchecked Sendable where Value: Sendable {}

// Checked, conditional on the payload (`ValidationError` is always Sendable).
extension ValidatingProperty.Decision: Sendable where Value: Sendable {}

extension ValidatingProperty.Decision: Equatable where Value: Equatable, ValidationError: Equatable {}

// Checked, conditional on the payload (`ValidationError` is always Sendable).
extension ValidatingProperty.Result: Sendable where Value: Sendable {}

extension ValidatingProperty.Result: Equatable where Value: Equatable, ValidationError: Equatable {}
