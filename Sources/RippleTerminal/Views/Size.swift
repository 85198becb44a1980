// Size: an extent on the cell grid, in columns and rows, for what a view would like
// to take (`sizeThatFits`) and what it is offered.

/// An extent on the cell grid: columns wide, rows high. Negative extents count as 0.
public struct Size: Sendable, Hashable {
    /// How many columns wide.
    public var columns: Int
    /// How many rows high.
    public var rows: Int

    /// A size from its columns and rows; a negative extent counts as 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
    }

    /// No columns, no rows.
    public static let zero = Size(columns: 0, rows: 0)
}
