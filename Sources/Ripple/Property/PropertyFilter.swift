// Property filters: properties that keep only some of another property's values.
//
//     count.filter(initial: 0) { $0 > 1 }   count (1)-2-1-3-|   →   (0)-2---3-|
//     count.skipRepeats()                   count (1)-1-2-2-|   →   (1)---2---|
//     count.uniqueValues()                  count (1)-2-1-3-|   →   (1)-2---3-|
//
// A value that is left out does not change the filtered property: it keeps the
// last value let through (or `initial`, for `filter`, until a value passes). The
// current value of the source always passes `skipRepeats` and `uniqueValues`. The
// filtered property follows its source and completes when the source goes away.

extension PropertyProtocol {
    /// A property whose value is the latest value of this property that passes
    /// `isIncluded`, or `initial` until one does (the current value included).
    ///
    /// ```swift
    /// let lastValidEmail = email.filter(initial: "") { $0.contains("@") }
    /// ```
    public func filter(initial: Value, _ isIncluded: @escaping (Value) -> Bool) -> Property<Value> {
        lift { $0.filter(isIncluded).prefix(value: initial) }
    }

    /// A property that changes only when this property changes to a value that
    /// `isEquivalent` finds different from the last value let through.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        lift { $0.skipRepeats(isEquivalent) }
    }

    /// A property that changes only when this property changes to a value different
    /// from the last value let through.
    ///
    /// ```swift
    /// let title = screen.map(\.title).skipRepeats()
    /// ```
    public func skipRepeats() -> Property<Value> where Value: Equatable {
        lift { $0.skipRepeats() }
    }

    /// A property that changes only when this property changes to a value whose
    /// identity, computed by `identity`, it has never had before; every identity
    /// seen is kept while the property lives.
    public func uniqueValues<Identity: Hashable>(_ identity: @escaping (Value) -> Identity) -> Property<Value> {
        lift { $0.uniqueValues(identity) }
    }

    /// A property that changes only when this property changes to a value it has
    /// never had before; see ``uniqueValues(_:)``.
    public func uniqueValues() -> Property<Value> where Value: Hashable {
        lift { $0.uniqueValues() }
    }
}
