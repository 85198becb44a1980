// Key: which key a key event is about.
//
// Text arrives as `.character`, one grapheme cluster per event (a CJK ideograph, an
// emoji with its skin-tone modifier or ZWJ sequence), with the case the user typed:
// shift is not reported for text. Control letters arrive as the lowercase letter with
// `.control` (Ctrl-C is `.character("c")` with control); Enter, Tab, Backspace and Esc
// have keys of their own, so Ctrl-M, Ctrl-I, Ctrl-H and Ctrl-[ read as them.

/// A key of the keyboard, as a terminal reports it.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character: one grapheme cluster, as typed (no shift modifier for
    /// capitals); with `.control`, a control letter or `@`, `\`, `]`, `^`, `_`, space.
    case character(Character)
    /// Enter or Return (CR or LF).
    case enter
    /// Tab; with `.shift`, Shift-Tab (back tab).
    case tab
    /// Backspace (DEL or BS).
    case backspace
    /// Escape, reported once no other byte has followed it for a short while.
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// A function key, F1 to F12: `.function(1)` is F1.
    case function(Int)

    /// The key's name: the character itself (`space` for a space), or `enter`,
    /// `tab`, `up`, `pageDown`, `f5` …
    public var description: String {
        switch self {
        case let .character(character): character == " " ? "space" : String(character)
        case .enter: "enter"
        case .tab: "tab"
        case .backspace: "backspace"
        case .escape: "esc"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageUp"
        case .pageDown: "pageDown"
        case .insert: "insert"
        case .delete: "delete"
        case let .function(number): "f\(number)"
        }
    }
}
