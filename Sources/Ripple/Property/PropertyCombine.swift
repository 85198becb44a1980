// Property combination: properties whose value is made of the values of several.
//
//     Property.combineLatest(a, b)   a (1)-2-----|   b (x)---y-|   →   (1,x)-(2,x)-(2,y)-|
//     Property.zip(a, b)             a (1)-2-3---|   b (x)---y-|   →   (1,x)---(2,y)-|
//     a.combinePrevious(0)           a (1)-2-3-|                   →   (0,1)-(1,2)-(2,3)-|
//
// Every input has a value at once, so the combined property has one too. The
// combined property owns none of its inputs: a `combineLatest` completes when every
// input has gone away, a `zip` when an input has gone away and none of its values is
// left to pair. Once completed, it keeps its last value.

extension PropertyProtocol {
    /// The instance form of `combineLatest`: `property.combineLatest(with: other)`
    /// is a property whose value pairs this property's value with `other`'s,
    /// changing whenever either changes; it completes once both have gone away.
    ///
    /// ```swift
    /// let fullName = firstName.combineLatest(with: lastName).map { "\($0) \($1)" }
    /// ```
    ///
    /// A callable value rather than a method, so that `Property.combineLatest(a, b)`
    /// keeps inferring its generic arguments (see "Instance forms" at ``Signal``).
    public var combineLatest: PropertyPairing<Self> {
        PropertyPairing(self, .combineLatest)
    }

    /// The instance form of `zip`: `property.zip(with: other)` is a property whose
    /// value pairs the n-th values of this property and `other` (the current
    /// values counting as the first); it completes once one has gone away and
    /// none of its values is left to pair.
    ///
    /// A callable value rather than a method, so that `Property.zip(a, b)` keeps
    /// inferring its generic arguments (see "Instance forms" at ``Signal``).
    public var zip: PropertyPairing<Self> {
        PropertyPairing(self, .zip)
    }

    /// A property whose value pairs every value with the one before it; the
    /// current value is paired with `initial`.
    ///
    /// ```swift
    /// page.combinePrevious(0).map { $0.current > $0.previous ? "forward" : "back" }
    /// ```
    public func combinePrevious(_ initial: Value) -> Property<(previous: Value, current: Value)> {
        lift { $0.combinePrevious(initial) }
    }

    /// A property whose value pairs every value with the one before it; the
    /// current value, having none before it, is paired with itself.
    public func combinePrevious() -> Property<(previous: Value, current: Value)> {
        lift { producer in
            producer.scanMap(into: Value?.none) { previous, current in
                defer { previous = current }
                return (previous ?? current, current)
            }
        }
    }
}

extension Property {
    /// A property whose value is a tuple of the values of `first` and every
    /// property of `rest`, changing whenever any of them changes.
    ///
    /// ```swift
    /// let canSubmit = Property.combineLatest(account, password, agreed).map { … }
    /// ```
    ///
    /// It completes once every input has gone away.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
    public static func combineLatest<First: PropertyProtocol, each Rest: PropertyProtocol>(
        _ first: First,
        _ rest: repeat each Rest
    ) -> Property<(Value, repeat (each Rest).Value)> where First.Value == Value {
        first.lift { SignalProducer.combineLatest($0, repeat (each rest).producer) }
    }

    /// A property whose value is the array of the values of `properties`, in their
    /// order, changing whenever any of them changes.
    ///
    /// With no property at all, the result is a constant property whose value is
    /// `[]` (ReactiveSwift answers `nil` instead: see the Migrating from ReactiveSwift article).
    /// Otherwise it completes once every input has gone away.
    public static func combineLatest<S: Sequence>(_ properties: S) -> Property<[Value]>
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        combineLatest(properties, emptySentinel: [])
    }

    /// A property whose value is the array of the values of `properties`, in their
    /// order, changing whenever any of them changes; with no property at all, a
    /// constant property whose value is `emptySentinel`.
    ///
    /// ```swift
    /// let totals = Property.combineLatest(cart.map(\.price), emptySentinel: [0])
    /// ```
    public static func combineLatest<S: Sequence>(_ properties: S, emptySentinel: [Value]) -> Property<[Value]>
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        Property<[Value]>(
            unsafeProducer: SignalProducer.combineLatest(properties.map(\.producer), emptySentinel: emptySentinel),
            capturing: nil
        )
    }

    /// A property whose value is a tuple of the n-th values of `first` and every
    /// property of `rest` (the current values counting as the first), changing
    /// once every input has changed again.
    ///
    /// It completes once an input has gone away and none of its values is left to
    /// pair.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
    public static func zip<First: PropertyProtocol, each Rest: PropertyProtocol>(
        _ first: First,
        _ rest: repeat each Rest
    ) -> Property<(Value, repeat (each Rest).Value)> where First.Value == Value {
        first.lift { SignalProducer.zip($0, repeat (each rest).producer) }
    }

    /// A property whose value is the array of the n-th values of `properties`, in
    /// their order (the current values counting as the first), changing once every
    /// input has changed again.
    ///
    /// With no property at all, the result is a constant property whose value is
    /// `[]` (ReactiveSwift answers `nil` instead: see the Migrating from ReactiveSwift article).
    public static func zip<S: Sequence>(_ properties: S) -> Property<[Value]>
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        zip(properties, emptySentinel: [])
    }

    /// A property whose value is the array of the n-th values of `properties`, in
    /// their order (the current values counting as the first), changing once every
    /// input has changed again; with no property at all, a constant property whose
    /// value is `emptySentinel`.
    public static func zip<S: Sequence>(_ properties: S, emptySentinel: [Value]) -> Property<[Value]>
    where S.Element: PropertyProtocol, S.Element.Value == Value {
        Property<[Value]>(
            unsafeProducer: SignalProducer.zip(properties.map(\.producer), emptySentinel: emptySentinel),
            capturing: nil
        )
    }
}

