// CSIParameters: the parameter bytes of a CSI sequence, read as numbers.
//
//     "1;5"    → marker nil, values [1, 5]
//     "<0;3;4" → marker "<", values [0, 3, 4]
//     ";5"     → values [nil, 5]        (an empty parameter takes its default)
//     "3:2"    → values [3]             (sub-parameters after ':' are ignored)
//
// A private marker (`<`, `=`, `>`, `?`) may only come first; a parameter string with
// one anywhere else is malformed. Numbers saturate at 99,999 rather than overflow.

struct CSIParameters {
    /// The private marker byte, if the parameters start with one.
    let marker: UInt8?
    /// The parameters in order; nil for an empty one.
    let values: [Int?]

    /// Reads parameter bytes (0x30–0x3F); nil if they are malformed.
    init?(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes[...]
        if let first = rest.first, (0x3C...0x3F).contains(first) {
            marker = first
            rest = rest.dropFirst()
        } else {
            marker = nil
        }
        guard !rest.isEmpty else {
            values = []
            return
        }
        var values: [Int?] = []
        for field in rest.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            let number = field.prefix { $0 != UInt8(ascii: ":") }
            guard number.allSatisfy({ (0x30...0x39).contains($0) }), field.allSatisfy({ $0 <= 0x3B }) else { return nil }
            values.append(number.isEmpty ? nil : number.reduce(0) { min($0 * 10 + Int($1 - 0x30), 99_999) })
        }
        self.values = values
    }
}
