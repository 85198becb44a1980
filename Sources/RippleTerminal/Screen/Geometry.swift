// Positions and rectangles on the cell grid, in columns and rows from the top left.

/// A cell's place on the grid: column and row from the top left, both from 0.
public struct Position: Sendable, Hashable {
    /// The column, from 0 at the left edge.
    public var column: Int
    /// The row, from 0 at the top.
    public var row: Int

    /// A position from its column and row.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// A rectangle of cells: its top-left cell and its extent in columns and rows.
public struct Rect: Sendable, Hashable {
    /// The leftmost column.
    public var column: Int
    /// The top row.
    public var row: Int
    /// How many columns wide it is (0 for an empty rectangle).
    public var columns: Int
    /// How many rows high it is (0 for an empty rectangle).
    public var rows: Int

    /// A rectangle from its top-left cell and its extent; a negative extent counts as 0.
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
    }

    /// The column just right of the rectangle.
    public var endColumn: Int { column + columns }
    /// The row just below the rectangle.
    public var endRow: Int { row + rows }
    /// Whether the rectangle holds no cell.
    public var isEmpty: Bool { columns == 0 || rows == 0 }

    /// The cells both rectangles hold (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(endColumn, other.endColumn), bottom = min(endRow, other.endRow)
        return Rect(column: left, row: top, columns: right - left, rows: bottom - top)
    }

    /// Whether `position` is one of the rectangle's cells.
    public func contains(_ position: Position) -> Bool {
        position.column >= column && position.column < endColumn && position.row >= row && position.row < endRow
    }
}
