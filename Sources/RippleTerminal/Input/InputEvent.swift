// InputEvent: what the terminal's input stream decodes into.
//
// A key press (text is one event per character), a bracketed paste (one event for
// the whole pasted text, however long), or a mouse report.

/// One decoded piece of terminal input.
public enum InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// A key press, or one typed character.
    case key(KeyEvent)
    /// A bracketed paste: the pasted text, verbatim. Terminals usually send line
    /// breaks in a paste as carriage returns ("\r").
    case paste(String)
    /// A mouse press, release, drag or scroll.
    case mouse(MouseEvent)

    /// The key event's chord ("ctrl-c"), "paste(12 chars)", or the mouse event
    /// ("left-press at 3,4").
    public var description: String {
        switch self {
        case let .key(event): event.description
        case let .paste(text): "paste(\(text.count) chars)"
        case let .mouse(event): event.description
        }
    }
}
