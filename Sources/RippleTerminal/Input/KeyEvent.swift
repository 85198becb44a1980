// KeyEvent: a key press, with the modifier keys held.
//
// Its description reads as a key chord: "a", "ctrl-c", "shift-tab", "ctrl-right",
// "alt-x", "f5", "你" — so a failed expectation shows what was typed.

/// A key press: the key and the modifier keys held with it.
///
/// ```swift
/// KeyEvent(.character("c"), modifiers: .control)   // ctrl-c
/// KeyEvent(.tab, modifiers: .shift)                // shift-tab
/// ```
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key pressed.
    public var key: Key
    /// The modifier keys held.
    public var modifiers: KeyModifiers

    /// Creates a key event.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// The chord, modifiers first: "ctrl-c", "shift-tab", "alt-up", "a".
    public var description: String {
        modifiers.prefix + key.description
    }
}
