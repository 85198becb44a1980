// Property flatten: a property whose value comes from the properties that another
// property's values choose, followed as a `FlattenStrategy` says.
//
//     selected.flatMap(.latest) { $0.name }    selected (a)-----b---|
//                                              a.name   (1)-2-…
//                                              b.name         (7)-8-|
//                                                       (1)-2-7-8-|
//
// Every inner property sends its current value as soon as it is followed, and the
// first inner property is followed at once under every strategy, so the result has
// a value at once. With `.latest` the result is "the value of the chosen property"
// at every moment: a new inner property replaces the previous one. The other
// strategies, as for streams: `.merge` follows every inner property chosen so far
// (the value is the latest change of any of them); `.concat` follows one at a time
// and the next once the current one has gone away; `.concurrent(limit:)` up to
// `limit` at once; `.race` keeps the first one (it always wins, having a value at
// once); `.throttle` ignores new ones while the current one lives. The result owns
// none of the properties involved, and completes once the outer property and the
// inner properties it follows have gone away.

extension PropertyProtocol where Value: PropertyProtocol {
    /// A property whose value is the value of the properties that this property
    /// holds, followed as `strategy` says.
    ///
    /// ```swift
    /// let title = currentDocument.flatten(.latest)   // currentDocument: Property<Property<String>>
    /// ```
    public func flatten(_ strategy: FlattenStrategy) -> Property<Value.Value> {
        flatMap(strategy) { $0 }
    }
}

extension PropertyProtocol {
    /// A property whose value is the value of the properties that `transform`
    /// returns for this property's values, followed as `strategy` says.
    ///
    /// ```swift
    /// let title = selectedDocument.flatMap(.latest) { $0.title }
    /// ```
    ///
    /// With `.latest`, the value is that of the property chosen by this property's
    /// current value; see `FlattenStrategy` and the file comment for the others.
    /// The result does not keep the properties that `transform` returns: like any
    /// composed property, it follows their sources.
    public func flatMap<Inner: PropertyProtocol>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Property<Inner.Value> {
        lift { $0.flatMap(strategy) { transform($0).producer } }
    }
}
