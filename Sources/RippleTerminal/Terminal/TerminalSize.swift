// TerminalSize: the size of the terminal window, in character cells.

/// The size of a terminal window in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns (cells per row).
    public var columns: Int
    /// The number of rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// "80x24": columns, then rows.
    public var description: String {
        "\(columns)x\(rows)"
    }
}
