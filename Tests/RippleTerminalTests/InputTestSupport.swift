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

/// A deterministic random number generator (SplitMix64), so that property tests
/// replay the same cases on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
