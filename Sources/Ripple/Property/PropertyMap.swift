// Property map: a property whose value is derived from another's.
//
//     count.map { $0 * 10 }     count (1)-2-3-|   →   (10)-20-30-|
//
// The transform runs once per change (and once for the current value, when the
// derived property is made), not on every read. The derived property follows its
// source and completes when the source goes away.

extension PropertyProtocol {
    /// A property whose value is `transform` applied to this property's value.
    ///
    /// ```swift
    /// let isEmpty = todos.map { $0.isEmpty }
    /// ```
    public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        lift { $0.map(transform) }
    }

    /// A property whose value is the value at `keyPath` of this property's value.
    ///
    /// ```swift
    /// let name = user.map(\.name)
    /// ```
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
        lift { $0.map(keyPath) }
    }

    /// A property whose value is always `value`, changing (sending `value` again)
    /// whenever this property changes.
    @_disfavoredOverload
    public func map<U>(value: U) -> Property<U> {
        lift { $0.map(value: value) }
    }
}
