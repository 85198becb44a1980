// Display width: how many terminal columns a character takes.
//
// A grapheme cluster takes the width of its first scalar that takes space: two columns
// for East Asian Wide and Fullwidth characters and for emoji presentation (UAX #11,
// UTS #51), none for marks, format characters and controls, one otherwise (East Asian
// Ambiguous characters count as one). A text-default emoji followed by U+FE0F
// (VARIATION SELECTOR-16) or by a skin-tone modifier takes two. So a flag, a keycap, a
// skin-toned emoji and a ZWJ sequence are each one two-column cluster, and
// `"e\u{301}"` is one column. The tables come from the Unicode data files (see
// DisplayWidthTables.swift).

/// How many terminal columns a Unicode scalar takes.
extension Unicode.Scalar {
    /// The columns this scalar takes on its own in a terminal: 0 for controls, marks and
    /// format characters, 2 for East Asian Wide/Fullwidth and emoji presentation,
    /// 1 otherwise.
    public var displayWidth: Int {
        let value = self.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        if value >= 0x4E00 && value <= 0x9FFF { return 2 }
        if contains(value, in: wideRanges) { return 2 }
        if contains(value, in: zeroWidthRanges) { return 0 }
        return 1
    }

    /// Whether this scalar is an emoji shown as text by default, which U+FE0F turns
    /// into a two-column emoji.
    var isTextDefaultEmoji: Bool {
        contains(value, in: emojiTextDefaultRanges)
    }
}

/// How many terminal columns a character takes.
extension Character {
    /// The columns this grapheme cluster takes in a terminal: 0, 1 or 2.
    ///
    /// It is the width of the cluster's first scalar that takes space, or 2 when that
    /// scalar is a text-default emoji followed by U+FE0F or a skin-tone modifier. A
    /// cluster of marks or controls alone (`"\u{301}"`, `"\r\n"`) takes 0 columns.
    public var displayWidth: Int {
        let scalars = unicodeScalars
        let first = scalars.first!.value
        if first >= 0x20 && first < 0x7F && scalars.index(after: scalars.startIndex) == scalars.endIndex { return 1 }
        var iterator = scalars.makeIterator()
        while let scalar = iterator.next() {
            let width = scalar.displayWidth
            if width == 0 { continue }
            if width == 1 && scalar.isTextDefaultEmoji, let following = iterator.next(),
               following.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(following.value) {
                return 2
            }
            return width
        }
        return 0
    }
}

/// How many terminal columns a text takes.
extension StringProtocol {
    /// The columns this text takes in a terminal: the sum of its grapheme clusters'
    /// widths (controls count 0). ASCII text is measured without grapheme breaking.
    public var displayWidth: Int {
        var printable = 0
        var isASCII = true
        for byte in utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= 0x20 && byte < 0x7F { printable += 1 }
        }
        if isASCII { return printable }
        var width = 0
        for character in self { width += character.displayWidth }
        return width
    }
}

/// Whether `value` lies in one of the inclusive ranges of `table`, a sorted list of
/// first/last pairs.
private func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
    var low = 0
    var high = table.count / 2
    while low < high {
        let middle = (low + high) / 2
        if value > table[2 * middle + 1] {
            low = middle + 1
        } else if value < table[2 * middle] {
            high = middle
        } else {
            return true
        }
    }
    return false
}
