// UTF8Scalar: reads one Unicode scalar from UTF-8 bytes, strictly.
//
// Strict as in the Unicode standard (table 3-7): no overlong forms, no surrogates,
// nothing above U+10FFFF. An invalid sequence is reported with the length of its
// maximal ill-formed prefix — the bytes to drop so that decoding resynchronises on
// the next byte that can start a scalar. A valid prefix cut off by the end of the
// bytes is incomplete: more bytes may finish it.

/// The outcome of reading one scalar from UTF-8 bytes.
enum UTF8Scalar: Equatable {
    /// A scalar, encoded in `length` bytes.
    case scalar(Unicode.Scalar, length: Int)
    /// `length` bytes that no valid scalar starts with; drop them.
    case invalid(length: Int)
    /// A valid start that the bytes end in the middle of.
    case incomplete

    /// Reads the scalar that starts at `start`, which must be an index of `bytes`.
    static func read(_ bytes: [UInt8], at start: Int) -> UTF8Scalar {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return .invalid(length: 1)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let index = start + offset
            guard index < bytes.count else { return .incomplete }
            let byte = bytes[index]
            let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { return .invalid(length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // The ranges above exclude surrogates and values past U+10FFFF.
        return .scalar(Unicode.Scalar(value)!, length: length)
    }

    /// The valid scalars of `bytes` as a string; invalid and incomplete sequences
    /// are dropped.
    static func decodeDroppingInvalid(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            switch read(bytes, at: index) {
            case let .scalar(scalar, length):
                scalars.append(scalar)
                index += length
            case let .invalid(length):
                index += length
            case .incomplete:
                index = bytes.count
            }
        }
        return String(scalars)
    }
}
