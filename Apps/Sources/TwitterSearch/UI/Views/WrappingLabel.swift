import RippleTerminal

// WrappingLabel: read-only text wrapped to its width, in at most a few lines — a
// tweet's text in its row (UILabel with `numberOfLines`). `Label` draws one line per
// "\n" and cuts at the edge; this one breaks lines at spaces by display width, and
// between any two wide characters (CJK text has no spaces), so nothing is cut but
// the end: when the text needs more lines than it may take, the last line ends with
// "…".

/// Text wrapped to the view's width by display width, in at most `maximumLines`
/// lines, the last one ending with "…" when the text does not fit.
@MainActor
final class WrappingLabel: View {
    /// The text; `"\n"` starts a new line.
    var text: String {
        didSet { if text != oldValue { setNeedsLayout() } }
    }
    /// The look of the text.
    var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// The most lines shown (at least 1).
    let maximumLines: Int

    init(_ text: String = "", style: Style = .plain, maximumLines: Int) {
        self.text = text
        self.style = style
        self.maximumLines = max(maximumLines, 1)
        super.init()
    }

    /// The proposal's width (or less, for short text) by the lines the text takes
    /// at that width.
    override func sizeThatFits(_ proposal: Size) -> Size {
        let lines = Self.lines(of: text, columns: proposal.columns, maximumLines: maximumLines)
        return Size(columns: lines.map(\.displayWidth).max() ?? 0, rows: lines.count)
    }

    override func draw(in context: inout DrawingContext) {
        let lines = Self.lines(of: text, columns: context.size.columns, maximumLines: min(maximumLines, context.size.rows))
        for (row, line) in lines.enumerated() {
            context.put(line, at: Position(column: 0, row: row), style: style)
        }
    }

    /// `text` in lines of at most `columns` display columns, at most `maximumLines`
    /// of them; the last ends with "…" when some text was left out.
    static func lines(of text: String, columns: Int, maximumLines: Int) -> [String] {
        guard columns > 0, maximumLines > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrap(paragraph, columns: columns)
        }
        guard lines.count > maximumLines else { return lines }
        var shown = Array(lines.prefix(maximumLines))
        var last = shown[maximumLines - 1]
        while last.last == " " { last.removeLast() }
        while !last.isEmpty, last.displayWidth + 1 > columns { last.removeLast() }
        shown[maximumLines - 1] = last + "…"
        return shown
    }

    /// One paragraph in lines: words (runs of narrow characters between spaces) go
    /// whole onto a line while they fit; a wide character is a word of its own; a
    /// word wider than a line is cut where the line is full. Spaces at a break are
    /// dropped.
    private static func wrap(_ paragraph: Substring, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var width = 0
        var pendingSpace = false
        func breakLine() {
            lines.append(line)
            line = ""
            width = 0
            pendingSpace = false
        }
        for word in words(of: paragraph) {
            if word == " " {
                pendingSpace = !line.isEmpty
                continue
            }
            let wordWidth = word.displayWidth
            let gap = pendingSpace ? 1 : 0
            if width + gap + wordWidth <= columns {
                if pendingSpace { line.append(" ") }
                line += word
                width += gap + wordWidth
                pendingSpace = false
                continue
            }
            if !line.isEmpty { breakLine() }
            for character in word {
                let characterWidth = character.displayWidth
                if width + characterWidth > columns, !line.isEmpty { breakLine() }
                line.append(character)
                width += characterWidth
            }
        }
        breakLine()
        return lines
    }

    /// The paragraph as words, single-space markers for runs of spaces, and wide
    /// characters one by one.
    private static func words(of paragraph: Substring) -> [String] {
        var words: [String] = []
        var word = ""
        for character in paragraph {
            if character == " " || character == "\t" {
                if !word.isEmpty { words.append(word) }
                word = ""
                if words.last != " " { words.append(" ") }
            } else if character.displayWidth > 1 {
                if !word.isEmpty { words.append(word) }
                word = ""
                words.append(String(character))
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
