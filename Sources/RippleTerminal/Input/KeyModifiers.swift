// KeyModifiers: the modifier keys held with a key or a mouse event.
//
// Terminals report shift, alt (also sent as an ESC prefix) and control; they encode
// them in the parameter of a CSI sequence as 1 + a bit mask (shift 1, alt 2,
// control 4), so `ESC [ 1 ; 5 C` is control-right. Other bits (meta, super) are not
// reported. Descriptions list them in a fixed order: "ctrl-alt-shift-".

/// The modifier keys held with a key press or a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits of the set: shift 1, alt 2, control 4 (the bits of xterm's CSI
    /// modifier parameter).
    public let rawValue: UInt8

    /// Creates a set from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The shift key.
    public static let shift = KeyModifiers(rawValue: 1)
    /// The alt (option, meta) key; terminals send it as an ESC prefix or in a CSI
    /// parameter.
    public static let alt = KeyModifiers(rawValue: 2)
    /// The control key.
    public static let control = KeyModifiers(rawValue: 4)

    /// The set encoded by an xterm CSI modifier parameter (`1` is none, `5` is
    /// control); bits other than shift, alt and control are ignored.
    init(csiParameter: Int) {
        self.init(rawValue: UInt8(truncatingIfNeeded: max(csiParameter - 1, 0)) & 0b111)
    }

    /// "ctrl-alt-shift-" for the held keys, in that order; empty when none is held.
    var prefix: String {
        (contains(.control) ? "ctrl-" : "") + (contains(.alt) ? "alt-" : "") + (contains(.shift) ? "shift-" : "")
    }
}
