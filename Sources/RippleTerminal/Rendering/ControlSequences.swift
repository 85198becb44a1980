// Writing ECMA-48 control sequences into a byte buffer without allocating.

extension Array where Element == UInt8 {
    /// Appends `value` (≥ 0) in decimal.
    mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// Appends CSI (ESC `[`).
    mutating func appendCSI() {
        append(0x1B)
        append(0x5B)
    }

    /// Appends CSI, an optional count (left out when it is 1, the default) and `final`.
    mutating func appendCSI(count: Int, _ final: UInt8) {
        appendCSI()
        if count != 1 { appendDecimal(count) }
        append(final)
    }

    /// Appends the bytes of an ASCII string literal.
    mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}

/// The number of decimal digits of `value` (≥ 0).
func decimalDigits(_ value: Int) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10 {
        rest /= 10
        digits += 1
    }
    return digits
}

/// The bytes of `CSI count final` with the count left out when it is 1.
func csiLength(count: Int) -> Int {
    count == 1 ? 3 : 3 + decimalDigits(count)
}

/// Final bytes of the control sequences the renderer writes.
enum ControlFinal {
    /// CUU, cursor up.
    static let cursorUp: UInt8 = 0x41  // A
    /// CUD, cursor down.
    static let cursorDown: UInt8 = 0x42  // B
    /// CUF, cursor forward.
    static let cursorForward: UInt8 = 0x43  // C
    /// CUB, cursor back.
    static let cursorBack: UInt8 = 0x44  // D
    /// CHA, cursor to a column.
    static let cursorColumn: UInt8 = 0x47  // G
    /// CUP, cursor to a row and column.
    static let cursorPosition: UInt8 = 0x48  // H
    /// ED, erase in display.
    static let eraseDisplay: UInt8 = 0x4A  // J
    /// EL, erase in line.
    static let eraseLine: UInt8 = 0x4B  // K
    /// SGR, select graphic rendition.
    static let graphicRendition: UInt8 = 0x6D  // m
}
