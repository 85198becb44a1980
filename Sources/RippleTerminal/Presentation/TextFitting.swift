// Fitting text into columns: the one routine every view uses to wrap text or cut it
// with "…". Widths are display widths: a CJK character takes two columns and is never
// split. Wrapping follows TextLayout (the rows a TextView shows): lines break at
// spaces and between wide characters, a word wider than a line breaks where the line
// is full, and the spaces at a break are dropped.
//
//     "Fix the tests before lunch".truncated(toColumns: 12)   // "Fix the tes…"
//     "Fix the tests before lunch".wrapped(toColumns: 12)     // ["Fix the", "tests before", "lunch"]
//     "Fix the tests before lunch".wrapped(toColumns: 12, maximumLines: 2)
//                                                             // ["Fix the", "tests befor…"]

/// Cutting text to a number of terminal columns.
extension StringProtocol {
    /// The longest leading part of the text whose display width is at most
    /// `columns`, cut at a whole character.
    func prefix(columns: Int) -> String {
        var result = ""
        var width = 0
        for character in self {
            let characterWidth = character.displayWidth
            if width + characterWidth > columns { break }
            result.append(character)
            width += characterWidth
        }
        return result
    }

    /// The text on one line of at most `columns` display columns: whole when it fits,
    /// otherwise cut at a whole character and ended with "…". Empty when `columns` is
    /// zero or less.
    ///
    /// ```swift
    /// "importing 528 of 658".truncated(toColumns: 16)   // "importing 528 o…"
    /// ```
    public func truncated(toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        if displayWidth <= columns { return String(self) }
        var cut = prefix(columns: columns - 1)
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    /// The text in lines of at most `columns` display columns (at least one column):
    /// each `"\n"` starts a line; within a line, rows break at spaces and next to wide
    /// characters, and a word wider than a line breaks where the line is full. Spaces
    /// at a break are dropped. When the text needs more than `maximumLines` lines,
    /// the last one shown ends with "…". At least one line (empty for empty text),
    /// none when `maximumLines` is zero or less.
    ///
    /// ```swift
    /// "Could not reach the server after 3 tries".wrapped(toColumns: 20)
    /// // ["Could not reach the", "server after 3 tries"]
    /// ```
    public func wrapped(toColumns columns: Int, maximumLines: Int = .max) -> [String] {
        guard maximumLines > 0 else { return [] }
        let characters = Array(String(self))
        let layout = TextLayout(characters, width: columns)
        var lines: [String] = []
        for row in layout.rows.prefix(maximumLines) {
            var line = String(characters[row.start..<row.end])
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        if layout.rows.count > maximumLines, let last = lines.last {
            lines[lines.count - 1] = (last + "…").truncated(toColumns: Swift.max(columns, 1))
        }
        return lines
    }
}
