// Sizing, Alignment and Insets: how a stack sizes and places its children.
//
// A child's `sizing` is its length along the stack's axis: a fixed number of cells,
// its fitting size, or a weighted share of what the fixed and fitting children
// leave. `Alignment` places a child across the axis; `Insets` pads a view's content.

/// How a stack sizes a child along its axis (rows in a vertical stack, columns in a
/// horizontal one).
public enum Sizing: Sendable, Hashable {
    /// Exactly this many cells, while space lasts.
    case fixed(Int)
    /// The child's fitting size along the axis (`sizeThatFits`), while space lasts.
    case fitting
    /// A share of the space the fixed and fitting children leave, in proportion to
    /// `weight` (greater than 0) among the flexible children.
    case flexible(Int)

    /// A flexible child of weight 1.
    public static let flexible = Sizing.flexible(1)
}

/// Where a stack places a child across its axis.
public enum Alignment: Sendable, Hashable {
    /// The whole cross extent of the stack.
    case fill
    /// At the start: the left of a vertical stack, the top of a horizontal one.
    case leading
    /// Centred; an odd leftover cell goes after the child.
    case center
    /// At the end: the right of a vertical stack, the bottom of a horizontal one.
    case trailing
}

/// Cells kept free on each side of a view's content.
public struct Insets: Sendable, Hashable {
    /// Rows above.
    public var top: Int
    /// Columns to the left.
    public var left: Int
    /// Rows below.
    public var bottom: Int
    /// Columns to the right.
    public var right: Int

    /// Insets from each side; negative values count as 0.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = max(top, 0)
        self.left = max(left, 0)
        self.bottom = max(bottom, 0)
        self.right = max(right, 0)
    }

    /// The same inset on every side.
    public init(all inset: Int) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// `horizontal` columns left and right, `vertical` rows above and below.
    public init(horizontal: Int = 0, vertical: Int = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// The rectangle left inside `rect` (empty when the insets take it all).
    func inset(_ rect: Rect) -> Rect {
        Rect(column: rect.column + left, row: rect.row + top,
             columns: rect.columns - left - right, rows: rect.rows - top - bottom)
    }
}
