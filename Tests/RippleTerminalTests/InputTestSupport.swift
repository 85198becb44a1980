import RippleTerminal

/// A key event as an input event.
func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(key, modifiers: modifiers))
}

/// A control letter, as Ctrl and the letter.
func ctrl(_ letter: Character) -> InputEvent {
    key(.character(letter), .control)
}

/// One key event per character of `text`.
func typed(_ text: String) -> [InputEvent] {
    text.map { key(.character($0)) }
}

/// A mouse event.
func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int, _ modifiers: KeyModifiers = []) -> InputEvent {
    .mouse(MouseEvent(kind, column: column, row: row, modifiers: modifiers))
}

/// What a fresh decoder makes of `bytes` in one chunk, then a flush.
func decodeAll(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.decode(bytes) + decoder.flush()
}

/// What a fresh decoder makes of `text`'s UTF-8 in one chunk, then a flush.
func decodeAll(_ text: String) -> [InputEvent] {
    decodeAll(Array(text.utf8))
}
