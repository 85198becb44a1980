// The look of a cell: colours and attributes.

/// The colours and attributes a cell is drawn with. A value type, compared and hashed
/// by its parts; `Style()` is the terminal's default look.
public struct Style: Sendable, Hashable {
    /// Text attributes that can be combined.
    public struct Attributes: OptionSet, Sendable, Hashable {
        /// The bits of the set.
        public let rawValue: UInt8

        /// A set from its bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Bold or increased intensity (SGR 1).
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Faint, decreased intensity (SGR 2).
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Italic (SGR 3).
        public static let italic = Attributes(rawValue: 1 << 2)
        /// Underlined (SGR 4).
        public static let underline = Attributes(rawValue: 1 << 3)
        /// Foreground and background swapped (SGR 7).
        public static let reverse = Attributes(rawValue: 1 << 4)
    }

    /// The text colour.
    public var foreground: Color
    /// The cell's background colour.
    public var background: Color
    /// Bold, dim, italic, underline, reverse.
    public var attributes: Attributes

    /// A style from its colours and attributes; each defaults to the terminal's default.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look: default colours, no attributes.
    public static let plain = Style()
}
