// ControlCharacter: the key a C0 control byte (or DEL) stands for.
//
//     0x0D CR, 0x0A LF  → enter          0x09 → tab
//     0x7F DEL, 0x08 BS → backspace      0x00 → ctrl-space
//     0x01…0x1A         → ctrl-a … ctrl-z (but for the four above)
//     0x1C…0x1F         → ctrl-\  ctrl-]  ctrl-^  ctrl-_
//
// ESC (0x1B) is not here: it starts a sequence, see `EscapeSequence`.

enum ControlCharacter {
    /// Whether `byte` is a control byte this table reads: C0 but ESC, and DEL.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x1B) || byte == 0x7F
    }

    /// The key event of a control byte; `byte` must satisfy ``isControl(_:)``.
    static func keyEvent(for byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x0D, 0x0A: KeyEvent(.enter)
        case 0x09: KeyEvent(.tab)
        case 0x7F, 0x08: KeyEvent(.backspace)
        case 0x00: KeyEvent(.character(" "), modifiers: .control)
        case 0x01...0x1A: KeyEvent(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .control)
        default: KeyEvent(.character(Character(Unicode.Scalar(byte + 0x40))), modifiers: .control)
        }
    }
}
