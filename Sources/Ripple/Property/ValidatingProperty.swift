// ValidatingProperty: a mutable property that validates every value proposed to it.
//
//     let name = ValidatingProperty("") { $0.isEmpty ? .invalid(.empty) : .valid }
//     name.producer  ("")-a---b|           name.value = "a"; = ""; = "b"; (deinitialised)
//     name.result    (invalid "")-(valid a)-(invalid "")-(valid b)|
//
// Every proposal (`value =`, `modify`, a binding) is validated while no other update
// can happen, and the outcome is stored with the value, in one update: `value` and
// `result` never disagree. A valid value is stored as proposed, a coerced one is
// replaced; an invalid one is not stored (`value` keeps the last valid value, and
// `producer` and `signal` send nothing), and `result` carries it with the reason, as
// in ReactiveSwift. A property validated against another one validates its last
// proposal again whenever the other one changes. Completes, and ends its lifetime,
// when deinitialised.

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
/// - When the property is deinitialised, ``signal``, ``result`` and every run of
///   ``producer`` complete, and ``lifetime`` ends.
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

    /// The last valid value and the latest outcome, stored together.
    private struct State {
        var value: Value
        var result: Result

        /// The state after validating `proposed`: its outcome, and the value it
        /// stores (this state's value if `proposed` is invalid).
        func validating(_ proposed: Value, with validator: (Value) -> Decision) -> State {
            let outcome = Result(proposing: proposed, validator(proposed))
            return State(value: outcome.isInvalid ? value : outcome.value, result: outcome)
        }
    }

    /// The value and the outcome; their updates are serialised by `state`'s update
    /// lock, under which every proposal is validated (see `propose(_:)`).
    private let state: MutableProperty<State>
    private let validator: (Value) -> Decision

    /// The outcome of validating the last proposed value, which says whether
    /// ``value`` can be used.
    public let result: Property<Result>

    /// The changes of ``value`` from now on; completes when the property is
    /// deinitialised.
    public let signal: Signal<Value, Never>

    /// Creates a property whose every proposed value, `initial` included, is
    /// validated by `validator`.
    ///
    /// ```swift
    /// let account = ValidatingProperty<String, FormError>("") { text in
    ///     text.count > 11 ? .coerced(String(text.prefix(11))) : .valid
    /// }
    /// ```
    public init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.validator = validator
        let outcome = Result(proposing: initial, validator(initial))
        state = MutableProperty(State(value: outcome.value, result: outcome))
        // Attached to `state` first: it changes before the value's observers hear.
        result = state.map(\.result)
        signal = state.signal.filter { !$0.result.isInvalid }.map(\.value)
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
        let other = Property(other)
        self.init(initial) { validator($0, other.value) }
        // The run sends other's current value at once, then every change: no change
        // made since `other.value` was read for `initial` is missed.
        other.producer.take(during: lifetime).startWithValues { [weak self] _ in self?.revalidate() }
    }

    /// The current value: the last valid value (or its replacement if the
    /// validator coerced it). Setting it validates the new value and sends the
    /// outcome on ``result``, also when it equals the old one; a valid value is
    /// stored and sent, an invalid one only reported.
    public var value: Value {
        get { state.value.value }
        set { propose { $0 = newValue } }
    }

    /// A producer whose every run sends the current value at once, then every
    /// change (every valid or coerced proposal, not an invalid one), and completes
    /// when the property is deinitialised. The producer does not keep the property
    /// alive.
    public var producer: SignalProducer<Value, Never> {
        // The first state always passes; later ones only if they stored a value.
        state.producer.skipRepeats { _, next in next.result.isInvalid }.map(\.value)
    }

    /// Ends when the property is deinitialised.
    public var lifetime: Lifetime {
        state.lifetime
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
        try state.withValue { (current) throws(Failure) -> R in try action(current.value) }
    }

    /// The target of `property <~ source`: proposes every value, until the
    /// property is deinitialised.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] value in self?.value = value }
    }

    /// Applies `change` to the current value and stores the outcome of validating
    /// the result. `state.withValue` holds `state`'s update lock (not its value
    /// lock), so the read, the validation and the store form one update; the store
    /// runs on the thread that holds that lock, which `state` lets through.
    private func propose<R, Failure>(_ change: (inout Value) throws(Failure) -> R) throws(Failure) -> R {
        try state.withValue { (current) throws(Failure) -> R in
            var value = current.value
            let outcome = try change(&value)
            state.value = current.validating(value, with: validator)
            return outcome
        }
    }

    /// Validates the last proposed value again.
    private func revalidate() {
        state.withValue { current in
            state.value = current.validating(current.result.proposed, with: validator)
        }
    }
}

// All state is in `state`, behind its locks. The value crosses threads, hence the
// condition (as for `MutableProperty`).
extension ValidatingProperty: @unchecked Sendable where Value: Sendable {}

// Checked, conditional on the payload (`ValidationError` is always Sendable).
extension ValidatingProperty.Decision: Sendable where Value: Sendable {}

extension ValidatingProperty.Decision: Equatable where Value: Equatable, ValidationError: Equatable {}

// Checked, conditional on the payload (`ValidationError` is always Sendable).
extension ValidatingProperty.Result: Sendable where Value: Sendable {}

extension ValidatingProperty.Result: Equatable where Value: Equatable, ValidationError: Equatable {}
