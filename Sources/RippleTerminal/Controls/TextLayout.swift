// TextLayout: text soft-wrapped into rows of a given width, and the mapping between
// character offsets and (row, column) — the arithmetic of TextView.
//
// The text is a list of characters (grapheme clusters) in which "\n" ends a line.
// Each line is wrapped into rows of at most `width` columns, measured in display
// widths (a CJK character takes two). A row breaks after a space, or next to a wide
// character (CJK text breaks between any two ideographs, but never before closing
// punctuation such as "。" or "」", which stays with the character before it, as CJK
// typesetting wants); a word longer than a row
// is cut where the row is full, and a row always takes at least one character. The
// spaces where a row breaks stay at its end, even past the width (they show as
// nothing), so the next row starts with the next word. A row's range never includes
// the "\n"; an empty line is one empty row.
//
// An offset on a row's boundary belongs to the next row of the same line: the
// cursor after the last character of a wrapped row shows at the start of the next
// one, as in other editors. At the end of a line (before its "\n") it stays on the
// line's last row.

/// Punctuation that closes a phrase in CJK text: a row never starts with it.
private let closingPunctuation: Set<Character> = [
    "。", "，", "、", "．", "：", "；", "！", "？", "）", "］", "｝", "」", "』", "】", "〉", "》", "〕", "…", "々", "ー", "”", "’",
]

/// Text wrapped into rows: their character ranges, and the conversions between
/// character offsets and row and column.
struct TextLayout {
    /// One row on the screen: the characters `start..<end` (without the "\n").
    struct Row {
        /// The offset of the row's first character.
        let start: Int
        /// The offset after the row's last character.
        let end: Int
        /// Whether the row is the last of its line (the line's "\n", or the end of
        /// the text, follows it).
        let endsLine: Bool
    }

    /// The rows, top to bottom; at least one.
    let rows: [Row]
    /// The display width of each character.
    private let widths: [Int]

    /// `characters` wrapped into rows of `width` columns (at least 1).
    init(_ characters: [Character], width: Int) {
        let width = max(width, 1)
        let widths = characters.map(\.displayWidth)
        var rows: [Row] = []
        var lineStart = 0
        while true {
            let lineEnd = characters[lineStart...].firstIndex(of: "\n") ?? characters.count
            TextLayout.wrap(lineStart..<lineEnd, of: characters, widths: widths, width: width, into: &rows)
            guard lineEnd < characters.count else { break }
            lineStart = lineEnd + 1
        }
        self.rows = rows
        self.widths = widths
    }

    /// The row that shows the cursor at `offset`: the last row starting at or
    /// before it.
    func row(containing offset: Int) -> Int {
        var low = 0, high = rows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rows[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The column of `offset` on row `row`: the display width of the row's
    /// characters before it.
    func column(of offset: Int, inRow row: Int) -> Int {
        let start = rows[row].start
        return widths[start..<max(min(offset, rows[row].end), start)].reduce(0, +)
    }

    /// The offset on row `row` nearest to `column` from the left: before the
    /// character that covers `column` (so a column on the second half of a wide
    /// character is before it), at most the row's end — or, on a row that wraps,
    /// before its last character, so that the offset stays on the row.
    func offset(inRow row: Int, atColumn column: Int) -> Int {
        let current = rows[row]
        let last = current.endsLine || current.end == current.start ? current.end : current.end - 1
        var offset = current.start, width = 0
        while offset < last, width + widths[offset] <= column {
            width += widths[offset]
            offset += 1
        }
        return offset
    }

    /// Appends the rows of the line `line` (its characters, without the "\n").
    private static func wrap(_ line: Range<Int>, of characters: [Character], widths: [Int], width: Int,
                             into rows: inout [Row]) {
        /// Whether a row may break between `offset - 1` and `offset`.
        func canBreak(before offset: Int) -> Bool {
            if closingPunctuation.contains(characters[offset]) { return false }
            return characters[offset - 1] == " " || widths[offset - 1] == 2 || widths[offset] == 2
        }
        var start = line.lowerBound
        while true {
            var end = start, used = 0
            var lastBreak: Int?
            while end < line.upperBound, end == start || used + widths[end] <= width {
                used += widths[end]
                end += 1
                if end < line.upperBound, canBreak(before: end) { lastBreak = end }
            }
            if end == line.upperBound {
                rows.append(Row(start: start, end: end, endsLine: true))
                return
            }
            if characters[end] == " " {
                // The spaces at the break hang past the edge.
                while end < line.upperBound, characters[end] == " " { end += 1 }
                if end == line.upperBound {
                    rows.append(Row(start: start, end: end, endsLine: true))
                    return
                }
            } else if !canBreak(before: end), let lastBreak, lastBreak > start {
                end = lastBreak
            }
            rows.append(Row(start: start, end: end, endsLine: false))
            start = end
        }
    }
}
