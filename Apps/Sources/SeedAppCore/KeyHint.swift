// KeyHint: one key a screen answers to and what it does there, as the footer shows it.
// A ViewModel decides its screen's keys (they change with its state: "Enter: add"
// only while there is text to add); the view shows them in the shared footer.
//
//     [KeyHint("Enter", "search"), KeyHint("Esc", "back")].footerText
//         == "Enter: search · Esc: back"

/// A key a screen answers to, and what it does there.
///
/// ```swift
/// let hints = [KeyHint("Enter", "add"), KeyHint("Space", "tick"), KeyHint("Esc", "back")]
/// hints.footerText   // "Enter: add · Space: tick · Esc: back"
/// ```
public struct KeyHint: Sendable, Hashable {
    /// The key as the user reads it: `"Enter"`, `"Tab"`, `"↑↓"`, `"q"`.
    public var key: String
    /// What it does, in a few lower-case words: `"search"`, `"next field"`.
    public var action: String

    /// The hint that `key` does `action`.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }

    /// `"key: action"`.
    public var text: String { "\(key): \(action)" }
}

extension Sequence where Element == KeyHint {
    /// The hints as the footer writes them: `"Enter: search · Esc: back"`.
    public var footerText: String {
        map(\.text).joined(separator: " · ")
    }
}
