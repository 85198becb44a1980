// Stack: subviews in a column or a row.
//
// Along the axis, each visible subview gets the length its `sizing` asks for, divided
// as `LengthDistribution` describes (fixed and fitting lengths first, in order,
// while space lasts; flexible subviews share the rest by weight), with `spacing`
// cells between neighbours. Across the axis, `alignment` fills the stack or places
// the subview's fitting extent at the start, centre or end. Hidden subviews take no
// space and no spacing.

/// Subviews laid out in a column (`.vertical`) or a row (`.horizontal`).
///
/// ```swift
/// let field = TextField(placeholder: "Search")
/// field.sizing = .flexible
/// let row = Stack(.horizontal, spacing: 1, [Label("Find:"), field, Button(title: "Go")])
/// ```
@MainActor
public final class Stack: View {
    /// The direction of a stack.
    public enum Axis: Sendable, Hashable {
        /// Top to bottom.
        case vertical
        /// Left to right.
        case horizontal
    }

    /// The direction subviews follow.
    public var axis: Axis {
        didSet { if axis != oldValue { setNeedsLayout() } }
    }
    /// Cells between neighbouring visible subviews.
    public var spacing: Int {
        didSet { if spacing != oldValue { setNeedsLayout() } }
    }
    /// Where subviews sit across the axis.
    public var alignment: Alignment {
        didSet { if alignment != oldValue { setNeedsLayout() } }
    }

    /// A stack along `axis` holding `subviews`.
    public init(_ axis: Axis, spacing: Int = 0, alignment: Alignment = .fill, _ subviews: [View] = []) {
        self.axis = axis
        self.spacing = max(spacing, 0)
        self.alignment = alignment
        super.init()
        subviews.forEach(addSubview)
    }

    /// Along the axis: the sum of the visible subviews' lengths (fixed, or fitting
    /// for the others) and the spacing; across: the largest fitting extent.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let visible = subviews.filter { !$0.isHidden }
        var length = max(visible.count - 1, 0) * spacing
        var cross = 0
        for view in visible {
            let fitting = view.sizeThatFits(proposal)
            if case let .fixed(cells) = view.sizing {
                length += max(cells, 0)
            } else {
                length += main(fitting)
            }
            cross = max(cross, self.cross(fitting))
        }
        return axis == .vertical ? Size(columns: cross, rows: length) : Size(columns: length, rows: cross)
    }

    /// Places the visible subviews along the axis; hidden ones get an empty frame.
    public override func layoutSubviews() {
        let visible = subviews.filter { !$0.isHidden }
        let mainLength = axis == .vertical ? frame.rows : frame.columns
        let crossLength = axis == .vertical ? frame.columns : frame.rows
        let proposal = Size(columns: frame.columns, rows: frame.rows)
        let demands = visible.map { view -> LengthDistribution.Demand in
            switch view.sizing {
            case let .fixed(cells): .exactly(cells)
            case .fitting: .exactly(main(view.sizeThatFits(proposal)))
            case let .flexible(weight): .share(weight)
            }
        }
        let lengths = LengthDistribution.lengths(for: demands, in: mainLength, spacing: spacing)
        var offset = 0
        for (view, length) in zip(visible, lengths) {
            let fitting = alignment == .fill ? crossLength : min(cross(view.sizeThatFits(proposal)), crossLength)
            let (crossExtent, crossOffset) = switch alignment {
            case .fill: (crossLength, 0)
            case .leading: (fitting, 0)
            case .center: (fitting, (crossLength - fitting) / 2)
            case .trailing: (fitting, crossLength - fitting)
            }
            view.frame = axis == .vertical
                ? Rect(column: frame.column + crossOffset, row: frame.row + offset, columns: crossExtent, rows: length)
                : Rect(column: frame.column + offset, row: frame.row + crossOffset, columns: length, rows: crossExtent)
            offset = min(offset + length + spacing, mainLength)
        }
        for view in subviews where view.isHidden {
            view.frame = Rect(column: frame.column, row: frame.row, columns: 0, rows: 0)
        }
    }

    private func main(_ size: Size) -> Int {
        axis == .vertical ? size.rows : size.columns
    }

    private func cross(_ size: Size) -> Int {
        axis == .vertical ? size.columns : size.rows
    }
}
