// Property logic: properties of `Bool` computed from others.
//
//     isEmpty.negate()          (t)-f-|                      →   (f)-t-|
//     a.and(b)                  a (t)---f-|   b (f)-t-|      →   (f)-t-f-|
//     a.or(b)                   a (f)---t-|   b (f)-f-|      →   (f)-f-t-|
//     Property.all([a, b, c])   true while every input is true (also `Property.all(a, b, c)`)
//     Property.any([a, b, c])   true while some input is true (also `Property.any(a, b, c)`)
//
// The result changes whenever an input changes (also to the same Bool; add
// `skipRepeats()` to drop repeats). It owns none of its inputs: `negate` completes
// when its source goes away, the others once every input has gone away.

extension PropertyProtocol where Value == Bool {
    /// A property whose value is the negation of this property's value.
    ///
    /// ```swift
    /// let canEdit = isLocked.negate()
    /// ```
    public func negate() -> Property<Bool> {
        lift { $0.negate() }
    }

    /// A property whose value is whether this property's value and that of `other`
    /// are both `true`.
    ///
    /// ```swift
    /// let canSubmit = isFormValid.and(isOnline)
    /// ```
    public func and(_ other: some PropertyProtocol<Bool>) -> Property<Bool> {
        lift { $0.and(other.producer) }
    }

    /// A property whose value is whether this property's value or that of `other`
    /// is `true`.
    public func or(_ other: some PropertyProtocol<Bool>) -> Property<Bool> {
        lift { $0.or(other.producer) }
    }
}

extension Property where Value == Bool {
    /// A property whose value is whether the values of all `properties` are
    /// `true`; with no property at all, a constant `true`.
    ///
    /// ```swift
    /// let isFormValid = Property.all([isAccountValid, isPasswordValid, isConfirmed])
    /// ```
    public static func all<S: Sequence>(_ properties: S) -> Property<Bool>
    where S.Element: PropertyProtocol, S.Element.Value == Bool {
        Property(unsafeProducer: SignalProducer.all(properties.map(\.producer)), capturing: nil)
    }

    /// A property whose value is whether the value of any of `properties` is
    /// `true`; with no property at all, a constant `false`.
    public static func any<S: Sequence>(_ properties: S) -> Property<Bool>
    where S.Element: PropertyProtocol, S.Element.Value == Bool {
        Property(unsafeProducer: SignalProducer.any(properties.map(\.producer)), capturing: nil)
    }

    /// A property whose value is whether the values of all `properties`, of any
    /// property types, are `true`; the variadic form of ``all(_:)-(S)``.
    ///
    /// ```swift
    /// let canSubmit = Property.all(isNameValid, email.result.map { !$0.isInvalid }, hasAgreed)
    /// ```
    public static func all(_ properties: any PropertyProtocol<Bool>...) -> Property<Bool> {
        // A closure, not `\.producer`: Swift 6.3.1 crashes forming that key path
        // on the existential.
        Property(unsafeProducer: SignalProducer.all(properties.map { $0.producer }), capturing: nil)
    }

    /// A property whose value is whether the value of any of `properties`, of any
    /// property types, is `true`; the variadic form of ``any(_:)-(S)``.
    public static func any(_ properties: any PropertyProtocol<Bool>...) -> Property<Bool> {
        Property(unsafeProducer: SignalProducer.any(properties.map { $0.producer }), capturing: nil)
    }
}
