// MouseEvent: a mouse report (SGR, mode 1006), in 0-based screen cells.
//
// Terminals report cells from 1; a MouseEvent counts from 0, like the screen grid:
// the top-left cell is column 0, row 0. A drag is a motion with a button held; the
// wheel reports scrolls (no release). Shift, alt and control come with the event,
// though terminals often keep shift-clicks for their own text selection.

/// A mouse press, release, drag or wheel scroll at a screen cell.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// A mouse button.
    public enum Button: Hashable, Sendable, CustomStringConvertible {
        /// The left (primary) button.
        case left
        /// The middle button (the wheel pressed).
        case middle
        /// The right (secondary) button.
        case right

        /// "left", "middle" or "right".
        public var description: String {
            switch self {
            case .left: "left"
            case .middle: "middle"
            case .right: "right"
            }
        }
    }

    /// What the mouse did.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// A button went down.
        case press(Button)
        /// A button went up.
        case release(Button)
        /// The mouse moved with a button held.
        case drag(Button)
        /// The mouse moved with no button held (only when the terminal reports
        /// every motion).
        case move
        /// The wheel turned up (away from the user).
        case scrollUp
        /// The wheel turned down (towards the user).
        case scrollDown
        /// The wheel (or a trackpad) scrolled left.
        case scrollLeft
        /// The wheel (or a trackpad) scrolled right.
        case scrollRight

        /// "left-press", "right-release", "left-drag", "move", "scroll-up" …
        public var description: String {
            switch self {
            case let .press(button): "\(button)-press"
            case let .release(button): "\(button)-release"
            case let .drag(button): "\(button)-drag"
            case .move: "move"
            case .scrollUp: "scroll-up"
            case .scrollDown: "scroll-down"
            case .scrollLeft: "scroll-left"
            case .scrollRight: "scroll-right"
            }
        }
    }

    /// What the mouse did.
    public var kind: Kind
    /// The cell's column, from 0 at the left edge.
    public var column: Int
    /// The cell's row, from 0 at the top edge.
    public var row: Int
    /// The modifier keys held.
    public var modifiers: KeyModifiers

    /// Creates a mouse event at a 0-based cell.
    public init(_ kind: Kind, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// The action and the cell, modifiers first: "left-press at 3,4",
    /// "ctrl-scroll-down at 0,0".
    public var description: String {
        "\(modifiers.prefix)\(kind) at \(column),\(row)"
    }
}
