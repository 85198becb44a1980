import Ripple
import RippleTerminal

// MessageLabel: the error line. An error names what failed and why, often more
// than a terminal's width; a `Label` would cut it at the frame's edge, so this one
// wraps it over a few rows, at spaces where it can (by display width: CJK counts
// two columns), cutting a word only when it is longer than a row.

/// Text wrapped at its width over at most ``maximumLines`` rows (the last one ends
/// with `…` when the text goes on).
@MainActor
public final class MessageLabel: View {
    /// The text shown.
    public var text: String {
        didSet { if text != oldValue { setNeedsLayout() } }
    }
    /// The look of the text.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// The most rows the text takes.
    public let maximumLines: Int

    /// An empty label in `style`, of at most `maximumLines` rows.
    public init(style: Style = .plain, maximumLines: Int = 3) {
        text = ""
        self.style = style
        self.maximumLines = max(maximumLines, 1)
        super.init()
    }

    /// As wide as the widest wrapped row, as many rows as the text needs.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let rows = Self.wrap(text, width: proposal.columns, maximumLines: maximumLines)
        return Size(columns: rows.map(\.displayWidth).max() ?? 0, rows: rows.count)
    }

    /// Draws the wrapped rows.
    public override func draw(in context: inout DrawingContext) {
        let rows = Self.wrap(text, width: context.size.columns, maximumLines: maximumLines)
        for (index, row) in rows.enumerated() where index < context.size.rows {
            context.put(row, at: Position(column: 0, row: index), style: style)
        }
    }

    /// `text` in rows of at most `width` columns, at most `maximumLines` of them.
    static func wrap(_ text: String, width: Int, maximumLines: Int) -> [String] {
        guard width > 0, !text.isEmpty else { return [] }
        var rows: [String] = []
        var row = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = row.isEmpty ? String(word) : row + " " + word
            if candidate.displayWidth <= width {
                row = candidate
                continue
            }
            if !row.isEmpty { rows.append(row) }
            row = ""
            for character in word {
                if (row + String(character)).displayWidth > width {
                    rows.append(row)
                    row = ""
                }
                row.append(character)
            }
        }
        rows.append(row)
        guard rows.count > maximumLines else { return rows }
        var kept = Array(rows.prefix(maximumLines))
        var last = kept[maximumLines - 1]
        while !last.isEmpty, (last + "…").displayWidth > width { last.removeLast() }
        kept[maximumLines - 1] = last + "…"
        return kept
    }
}

extension Reactive where Base: MessageLabel {
    /// Sets the label's text.
    public var text: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }
}
