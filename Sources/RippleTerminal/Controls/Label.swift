import Ripple

// Label: text that the user reads — one line per "\n", cut at the frame's edges.

/// Read-only text, one line per `"\n"`, in one style, aligned in its frame.
///
/// ```swift
/// let count = Label("0 results")
/// count.reactive.text <~ viewModel.resultCount.map { "\($0) results" }
/// ```
@MainActor
public final class Label: View {
    /// Where each line sits across the label's width.
    public enum TextAlignment: Sendable, Hashable {
        /// Against the left edge.
        case leading
        /// Centred; an odd leftover column goes to the right.
        case center
        /// Against the right edge.
        case trailing
    }

    /// The text shown; its widest line and its line count are the label's fitting
    /// size.
    public var text: String {
        didSet { if text != oldValue { setNeedsLayout() } }
    }
    /// The look of the text.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// Where lines sit across the frame.
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }

    /// A label showing `text` in `style`.
    public init(_ text: String = "", style: Style = .plain, alignment: TextAlignment = .leading) {
        self.text = text
        self.style = style
        self.alignment = alignment
        super.init()
    }

    private var lines: [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The widest line's display width by the number of lines (one for empty text).
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let lines = lines
        return Size(columns: lines.map(\.displayWidth).max() ?? 0, rows: lines.count)
    }

    /// Draws each line on its row, aligned and cut at the frame.
    public override func draw(in context: inout DrawingContext) {
        let width = context.size.columns
        for (row, line) in lines.enumerated() where row < context.size.rows {
            let free = max(width - line.displayWidth, 0)
            let column = switch alignment {
            case .leading: 0
            case .center: free / 2
            case .trailing: free
            }
            context.put(line, at: Position(column: column, row: row), style: style)
        }
    }
}

extension Reactive where Base: Label {
    /// Sets the label's text.
    public var text: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }

    /// Sets the label's style.
    public var style: BindingTarget<Style> {
        makeBindingTarget(on: MainActorScheduler()) { $0.style = $1 }
    }
}
