// Property flatten: a property whose value is that of the property that another
// property's value chooses.
//
//     selected.flatMap(.latest) { $0.name }    selected (a)-----b---|
//                                              a.name   (1)-2-…
//                                              b.name         (7)-8-|
//                                                       (1)-2-7-8-|
//
// The result follows the latest inner property only: when the outer property
// changes, the previous inner property is let go and the new one's current value
// becomes the result's value at once. It owns none of the properties involved and
// completes once the outer property and the latest inner property have gone away.
// Only `.latest` keeps "the value of the chosen property" true at every moment, so
// it is the one strategy a property offers.

/// How `flatten(_:)` and `flatMap(_:_:)` of a property follow the inner properties.
///
/// Only one strategy makes sense for properties; the type exists so that property
/// code reads like stream code: `selected.flatMap(.latest) { $0.name }`.
public enum PropertyFlattenStrategy: Sendable, Equatable {
    /// Follows the latest inner property only: a new inner property replaces the
    /// previous one, whose later changes are ignored.
    case latest
}

extension PropertyProtocol where Value: PropertyProtocol {
    /// A property whose value is the value of the property that this property
    /// currently holds, followed as `strategy` says.
    public func flatten(_ strategy: PropertyFlattenStrategy) -> Property<Value.Value> {
        flatMap(strategy) { $0 }
    }
}

extension PropertyProtocol {
    /// A property whose value is the value of the property that `transform`
    /// returns for this property's value, followed as `strategy` says.
    ///
    /// ```swift
    /// let title = selectedDocument.flatMap(.latest) { $0.title }
    /// ```
    ///
    /// The result does not keep the property that `transform` returns: like any
    /// composed property, it follows that property's source.
    public func flatMap<Inner: PropertyProtocol>(
        _ strategy: PropertyFlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Property<Inner.Value> {
        switch strategy {
        case .latest:
            lift { $0.flatMap(.latest) { transform($0).producer } }
        }
    }
}
