// One cell of the screen grid.
//
// Layout: a `Character` (16 bytes; Swift stores a cluster of up to 15 UTF-8 bytes inline,
// so ASCII, CJK and nearly every emoji need no allocation, and only longer clusters —
// long ZWJ families — point to a heap string), a `Style` (9 bytes) and one byte of
// flags: 26 bytes, a stride of 32. A table of interned clusters would make the cell
// smaller but no longer a value that stands on its own, so the grapheme stays inline.

/// One cell of the grid: a grapheme cluster, its width, its style.
///
/// A one-column character fills its cell. A two-column character (CJK, emoji) fills its
/// cell and the cell to its right, which holds a *continuation* cell (`isContinuation`,
/// width 0, the same style) that the renderer never writes on its own.
public struct Cell: Sendable, Hashable {
    /// The grapheme cluster shown in the cell; a space in a continuation cell.
    public let grapheme: Character
    /// The colours and attributes of the cell.
    public var style: Style
    private let flags: UInt8

    private static let widthMask: UInt8 = 0b11
    private static let isolatedFlag: UInt8 = 0b100

    /// A cell showing `grapheme`, or `nil` when the cluster takes no column (a lone
    /// combining mark, a control character), which cannot stand in a cell.
    public init?(_ grapheme: Character, style: Style = .plain) {
        let width = grapheme.displayWidth
        guard width > 0 else { return nil }
        self.init(grapheme, width: width, style: style)
    }

    /// A cell of a measured, non-zero `width`.
    init(_ grapheme: Character, width: Int, style: Style) {
        self.grapheme = grapheme
        self.style = style
        self.flags = UInt8(width) | (Cell.isIsolated(grapheme) ? Cell.isolatedFlag : 0)
    }

    private init(grapheme: Character, style: Style, flags: UInt8) {
        self.grapheme = grapheme
        self.style = style
        self.flags = flags
    }

    /// A space in the default style.
    public static let blank = Cell(grapheme: " ", style: .plain, flags: 1 | isolatedFlag)

    /// A space drawn in `style` (its background shows).
    public static func blank(_ style: Style) -> Cell {
        Cell(grapheme: " ", style: style, flags: 1 | isolatedFlag)
    }

    /// The right half of a two-column character drawn in `style`.
    /// A cell no frame holds: what the renderer records for a cell whose content on
    /// the terminal it no longer knows (under an image that went away), so that the
    /// next frame writes it again.
    static let unknown = Cell(grapheme: " ", style: .plain, flags: 1 | 0b1000)

    static func continuation(_ style: Style) -> Cell {
        Cell(grapheme: " ", style: style, flags: isolatedFlag)
    }

    /// Columns the cell's character takes: 1 or 2, 0 for a continuation cell.
    public var width: Int { Int(flags & Cell.widthMask) }

    /// Whether this cell is the right half of the two-column character to its left.
    public var isContinuation: Bool { flags & Cell.widthMask == 0 }

    /// Whether the cluster can never join a neighbouring cell's cluster into one
    /// grapheme cluster: one scalar whose grapheme break property is Other, from a
    /// list of common scripts. Cells without the flag are checked one pair at a time.
    var isIsolated: Bool { flags & Cell.isolatedFlag != 0 }

    private static func isIsolated(_ grapheme: Character) -> Bool {
        let scalars = grapheme.unicodeScalars
        let value = scalars.first!.value
        guard scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
        switch value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF,  // ASCII, Latin-1, Latin Extended
             0x2500...0x259F,  // box drawing, block elements (borders, half-block images)
             0x2800...0x28FF,  // Braille patterns (dot graphics)
             0x3041...0x3096, 0x30A1...0x30FA,  // hiragana, katakana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0x20000...0x2FFFD,  // CJK ideographs
             0xAC00...0xD7A3,  // Hangul syllables: they join only with jamo
             0xFF01...0xFF60:  // fullwidth forms
            return true
        default:
            return false
        }
    }
}
