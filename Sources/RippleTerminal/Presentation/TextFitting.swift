// Fitting text into columns, for titles cut at a bar's free space and alert messages
// wrapped to a dialog's width. Widths are display widths: a CJK character takes two
// columns and is never split.

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

    /// The text in lines of at most `columns` display columns: each `"\n"` starts a
    /// line; within a paragraph, lines break at spaces, and a word wider than a line
    /// (or a run of CJK text, which has no spaces) breaks between characters. Spaces
    /// at a break are dropped. At least one line, and at least one character per line
    /// even when `columns` is smaller than the character.
    func wrapped(columns: Int) -> [String] {
        let width = Swift.max(columns, 1)
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            func breakLine() {
                while line.last == " " { line.removeLast() }
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = word.displayWidth
                let gap = line.isEmpty ? 0 : 1
                if lineWidth + gap + wordWidth <= width {
                    if gap == 1 { line.append(" ") }
                    line += word
                    lineWidth += gap + wordWidth
                    continue
                }
                if !line.isEmpty { breakLine() }
                for character in word {
                    let characterWidth = character.displayWidth
                    if lineWidth + characterWidth > width, !line.isEmpty { breakLine() }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            breakLine()
        }
        return lines
    }
}
