// TerminalGraphics: how a terminal can show an image — in half blocks, which every
// terminal with true colour shows, or in real pixels through the kitty graphics
// protocol or DEC sixel, which some terminals add.
//
// The choice is never guessed from `TERM`: a terminal says what it can do when asked
// (see GraphicsProbe). A session inside tmux or screen does not ask, because the
// multiplexer answers for itself and keeps no pixels across its redraws: it uses half
// blocks. `RIPPLE_GRAPHICS` (`halfblocks`, `kitty`, `sixel`) overrides the answer.

/// How images reach the terminal's screen.
public enum TerminalGraphics: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// "▀" cells in true colour, two pixels a cell: every terminal, and the cells
    /// under any image in the other modes.
    case halfBlocks = "halfblocks"
    /// The kitty graphics protocol: the image's pixels, placed over its cells.
    case kitty
    /// DEC sixel graphics: the image's pixels written at the cursor, in at most 256
    /// colours.
    case sixel

    /// The mode's name for people: "half blocks", "kitty graphics" or "sixel".
    public var description: String {
        switch self {
        case .halfBlocks: "half blocks"
        case .kitty: "kitty graphics"
        case .sixel: "sixel"
        }
    }

    /// The mode an environment forces with `RIPPLE_GRAPHICS`, or `nil` when it forces
    /// none (unset, empty or `auto`).
    ///
    /// - Throws: ``TerminalGraphicsError/unknownMode(_:)`` for any other value, so
    ///   that a misspelt setting is reported instead of ignored.
    public static func forced(by environment: [String: String]) throws(TerminalGraphicsError) -> TerminalGraphics? {
        guard let value = environment["RIPPLE_GRAPHICS"]?.lowercased(), !value.isEmpty, value != "auto" else {
            return nil
        }
        guard let mode = TerminalGraphics(rawValue: value) else { throw .unknownMode(value) }
        return mode
    }

    /// Whether a session in `environment` should ask its terminal at all: not inside
    /// tmux or GNU screen, whose answers are their own and which redraw their panes
    /// from text alone.
    public static func shouldProbe(environment: [String: String]) -> Bool {
        let multiplexed = environment["TMUX"].map { !$0.isEmpty } == true
            || environment["STY"].map { !$0.isEmpty } == true
        return !multiplexed
    }
}

/// A graphics setting that cannot be used.
public enum TerminalGraphicsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `RIPPLE_GRAPHICS` names no mode.
    case unknownMode(String)

    /// What is wrong, with the modes that can be named.
    public var description: String {
        switch self {
        case let .unknownMode(value):
            let modes = TerminalGraphics.allCases.map(\.rawValue).joined(separator: ", ")
            return "RIPPLE_GRAPHICS=\(value) is not a graphics mode (use one of \(modes), or auto)"
        }
    }
}

/// The size of one character cell in the terminal's pixels.
public struct CellPixelSize: Sendable, Hashable, CustomStringConvertible {
    /// The width of a cell, in pixels (at least 1).
    public var width: Int
    /// The height of a cell, in pixels (at least 1).
    public var height: Int

    /// A cell of `width` × `height` pixels (each at least 1).
    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    /// What most terminals use at a common font size, for a terminal that does not
    /// say: 10 × 20.
    public static let typical = CellPixelSize(width: 10, height: 20)

    /// The size as "10×20 px".
    public var description: String { "\(width)×\(height) px" }
}
