// Padding: one view with free cells around it.

/// Shows `content` inset by `insets`; its fitting size is the content's plus the
/// insets.
///
/// ```swift
/// Padding(Insets(horizontal: 1), Label("Results"))
/// ```
@MainActor
public final class Padding: View {
    /// The cells kept free on each side.
    public var insets: Insets {
        didSet { if insets != oldValue { setNeedsLayout() } }
    }

    /// `content` inset by `insets`.
    public init(_ insets: Insets, _ content: View) {
        self.insets = insets
        super.init()
        addSubview(content)
    }

    /// The largest visible subview's fitting size plus the insets.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let inner = Size(columns: proposal.columns - insets.left - insets.right,
                         rows: proposal.rows - insets.top - insets.bottom)
        let content = super.sizeThatFits(inner)
        return Size(columns: content.columns + insets.left + insets.right,
                    rows: content.rows + insets.top + insets.bottom)
    }

    /// Gives each subview the frame less the insets.
    public override func layoutSubviews() {
        let inner = insets.inset(frame)
        for view in subviews {
            view.frame = inner
        }
    }
}
