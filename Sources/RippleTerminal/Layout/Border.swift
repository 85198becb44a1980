// Border: a box around one view, with an optional title in its top edge.

/// Draws a single-line box around `content`, with `title` in the top edge (cut to
/// fit; CJK titles are cut at a whole character). The content sits one cell inside.
///
/// ```swift
/// Border(title: "搜索", Stack(.vertical, [field, results]))
/// ```
@MainActor
public final class Border: View {
    /// The text in the top edge; `nil` or empty for none.
    public var title: String? {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The look of the box and its title.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    /// A box titled `title` around `content`.
    public init(title: String? = nil, style: Style = .plain, _ content: View) {
        self.title = title
        self.style = style
        super.init()
        addSubview(content)
    }

    /// The content's fitting size plus one cell on each side, widened to show the
    /// title.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let content = super.sizeThatFits(Size(columns: proposal.columns - 2, rows: proposal.rows - 2))
        let titleColumns = (title?.displayWidth).map { $0 + 3 } ?? 0
        return Size(columns: max(content.columns + 2, titleColumns + 2), rows: content.rows + 2)
    }

    /// Gives each subview the frame less one cell on each side.
    public override func layoutSubviews() {
        let inner = Insets(all: 1).inset(frame)
        for view in subviews {
            view.frame = inner
        }
    }

    /// Draws the box and its title.
    public override func draw(in context: inout DrawingContext) {
        context.drawBorder(title: title, style: style)
    }
}
