import Ripple

// Label: text that the user reads. Nothing is ever cut without a sign: by default each
// "\n" line takes one row and a line wider than the frame ends with "…"; a wrapping
// label breaks its lines at spaces to the frame's width instead. When the frame has
// fewer rows than the text needs, the last row shown ends with "…". Both go through
// the one fitting routine (TextFitting.swift).
//
//     truncatingTail, 16 columns:   │importing 528 o…│
//     wordWrapping, 16 columns:     │importing 528 of│
//                                   │658 tweets      │

/// Read-only text in one style, aligned in its frame: one row per `"\n"` line, cut
/// with "…" where it does not fit, or wrapped to the frame's width
/// (``LineBreakMode-swift.enum/wordWrapping(maximumLines:)``).
///
/// ```swift
/// let count = Label("0 results")
/// count.reactive.text <~ viewModel.resultCount.map { "\($0) results" }
///
/// let error = Label(style: Style(foreground: .red), lineBreakMode: .wordWrapping(maximumLines: 3))
/// error.reactive.text <~ viewModel.errorText
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

    /// How text wider than the frame is fitted to it.
    public enum LineBreakMode: Sendable, Hashable {
        /// Each `"\n"` line on one row; a line wider than the frame ends with "…".
        case truncatingTail
        /// Lines wrap at spaces (and between wide characters) to the frame's width,
        /// in at most `maximumLines` rows (`nil`: as many as the frame has); the last
        /// row shown ends with "…" when text is left out.
        case wordWrapping(maximumLines: Int? = nil)
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

    /// How text wider than the frame is fitted to it; `.truncatingTail` by default.
    public var lineBreakMode: LineBreakMode {
        didSet { if lineBreakMode != oldValue { setNeedsLayout() } }
    }

    /// A label showing `text` in `style`, fitted to its frame by `lineBreakMode`.
    public init(
        _ text: String = "", style: Style = .plain, alignment: TextAlignment = .leading,
        lineBreakMode: LineBreakMode = .truncatingTail
    ) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        super.init()
    }

    /// The lines as they show in `columns` columns and at most `rows` rows: cut or
    /// wrapped by the line break mode, the last one ended with "…" when lines are
    /// left out.
    private func lines(columns: Int, rows: Int) -> [String] {
        guard rows > 0 else { return [] }
        switch lineBreakMode {
        case .truncatingTail:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var shown = lines.prefix(rows).map { $0.truncated(toColumns: columns) }
            if lines.count > rows, let last = shown.last {
                shown[shown.count - 1] = (last + "…").truncated(toColumns: columns)
            }
            return shown
        case let .wordWrapping(maximumLines):
            return text.wrapped(toColumns: columns, maximumLines: min(maximumLines ?? .max, rows))
        }
    }

    /// Truncating: the widest line's display width by the number of lines (one for
    /// empty text). Wrapping: the lines the text wraps into at the proposal's width
    /// (its widest line when the proposal offers no width), at most `maximumLines`.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        switch lineBreakMode {
        case .truncatingTail:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return Size(columns: lines.map(\.displayWidth).max() ?? 0, rows: lines.count)
        case let .wordWrapping(maximumLines):
            let widest = text.split(separator: "\n", omittingEmptySubsequences: false).map(\.displayWidth).max() ?? 0
            let columns = proposal.columns > 0 ? min(widest, proposal.columns) : widest
            let lines = text.wrapped(toColumns: max(columns, 1), maximumLines: maximumLines ?? .max)
            return Size(columns: lines.map(\.displayWidth).max() ?? 0, rows: lines.count)
        }
    }

    /// Draws each line on its row, aligned, fitted to the frame.
    public override func draw(in context: inout DrawingContext) {
        let width = context.size.columns
        for (row, line) in lines(columns: width, rows: context.size.rows).enumerated() {
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

/// The binding targets of a label.
extension Reactive where Base: Label {
    /// Sets the label's text.
    public var text: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }

    /// Sets how the label fits its text to its frame.
    public var lineBreakMode: BindingTarget<Label.LineBreakMode> {
        makeBindingTarget(on: MainActorScheduler()) { $0.lineBreakMode = $1 }
    }

    /// Sets the label's style.
    public var style: BindingTarget<Style> {
        makeBindingTarget(on: MainActorScheduler()) { $0.style = $1 }
    }
}
