// EscapeSequence: what the bytes from an ESC decode into.
//
//     ESC                      esc, once the caller flushes (nothing followed)
//     ESC x                    alt-x (any character or control byte)
//     ESC ESC [ A              alt-up (an ESC prefix adds alt to any key sequence)
//     ESC [ params final       CSI (ECMA-48): keys, SGR mouse, the paste start
//     ESC O final              SS3: arrows, Home/End, F1–F4 in application mode
//     ESC [ [ A … E            F1–F5 of the Linux console
//
// A sequence the bytes end in the middle of needs more bytes, unless the input is
// at its end (the caller flushed): then `ESC [` and `ESC O` read as alt-[ and alt-O
// and any other unfinished sequence is dropped. A sequence broken by a byte that
// cannot belong to it is dropped up to that byte, where decoding resumes; a
// complete sequence that means nothing here is dropped whole. CSI parameters longer
// than `maximumParameterLength` are dropped the same way, so garbage cannot make
// the decoder hold bytes without bound.

enum EscapeSequence {
    static let escape: UInt8 = 0x1B
    static let maximumParameterLength = 64

    /// Decodes the sequence that starts with the ESC at `start`.
    static func step(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> DecodingStep {
        let next = start + 1
        guard next < bytes.count else {
            return atEnd ? .event(.key(KeyEvent(.escape)), next: next) : .needMore
        }
        let byte = bytes[next]
        switch byte {
        case UInt8(ascii: "["):
            return controlSequence(bytes, at: start, atEnd: atEnd)
        case UInt8(ascii: "O"):
            return singleShift(bytes, at: start, atEnd: atEnd)
        case escape:
            let inner = step(bytes, at: next, atEnd: atEnd)
            guard case let .event(.key(event), after) = inner else { return inner }
            return .event(.key(KeyEvent(event.key, modifiers: event.modifiers.union(.alt))), next: after)
        case _ where ControlCharacter.isControl(byte):
            let event = ControlCharacter.keyEvent(for: byte)
            return .event(.key(KeyEvent(event.key, modifiers: event.modifiers.union(.alt))), next: next + 1)
        default:
            switch UTF8Scalar.read(bytes, at: next) {
            case let .scalar(scalar, length):
                return .event(.key(KeyEvent(.character(Character(scalar)), modifiers: .alt)), next: next + length)
            case let .invalid(length):
                return .dropped(next: next + length)
            case .incomplete:
                return atEnd ? .dropped(next: bytes.count) : .needMore
            }
        }
    }

    /// `ESC O final`.
    private static func singleShift(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> DecodingStep {
        let finalIndex = start + 2
        guard finalIndex < bytes.count else {
            return atEnd ? .event(.key(KeyEvent(.character("O"), modifiers: .alt)), next: finalIndex) : .needMore
        }
        let final = bytes[finalIndex]
        guard (0x40...0x7E).contains(final) else { return .dropped(next: finalIndex) }
        let key: Key? = switch final {
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final - UInt8(ascii: "P")) + 1)
        default: cursorKey(final)
        }
        guard let key else { return .dropped(next: finalIndex + 1) }
        return .event(.key(KeyEvent(key)), next: finalIndex + 1)
    }

    /// `ESC [ parameters intermediates final`, and the Linux console's `ESC [ [ A`.
    private static func controlSequence(_ bytes: [UInt8], at start: Int, atEnd: Bool) -> DecodingStep {
        let parametersStart = start + 2
        guard parametersStart < bytes.count else {
            return atEnd ? .event(.key(KeyEvent(.character("["), modifiers: .alt)), next: parametersStart) : .needMore
        }
        if bytes[parametersStart] == UInt8(ascii: "[") {
            return linuxConsoleFunctionKey(bytes, at: parametersStart + 1, atEnd: atEnd)
        }
        var index = parametersStart
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) {
            guard index - parametersStart < maximumParameterLength else { return .dropped(next: index) }
            index += 1
        }
        let intermediatesStart = index
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.count else { return atEnd ? .dropped(next: index) : .needMore }
        let final = bytes[index]
        guard (0x40...0x7E).contains(final) else { return .dropped(next: index) }
        guard intermediatesStart == index,
              let parameters = CSIParameters(bytes[parametersStart..<intermediatesStart])
        else { return .dropped(next: index + 1) }
        if parameters.marker == nil, final == UInt8(ascii: "~"), parameters.values.first == 200 {
            return .pasteStart(next: index + 1)
        }
        guard let event = event(final: final, parameters: parameters) else { return .dropped(next: index + 1) }
        return .event(event, next: index + 1)
    }

    /// The Linux console's F1–F5: `ESC [ [ A` to `ESC [ [ E`; `index` is the letter's.
    private static func linuxConsoleFunctionKey(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodingStep {
        guard index < bytes.count else { return atEnd ? .dropped(next: index) : .needMore }
        let letter = bytes[index]
        guard (0x40...0x7E).contains(letter) else { return .dropped(next: index) }
        guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else { return .dropped(next: index + 1) }
        return .event(.key(KeyEvent(.function(Int(letter - UInt8(ascii: "A")) + 1))), next: index + 1)
    }

    /// The event of a complete CSI sequence without intermediates, if it means one.
    private static func event(final: UInt8, parameters: CSIParameters) -> InputEvent? {
        if parameters.marker == UInt8(ascii: "<") {
            return SGRMouse.event(parameters: parameters.values, final: final).map(InputEvent.mouse)
        }
        guard parameters.marker == nil, parameters.values.count <= 2 else { return nil }
        let modifiers = parameters.values.count == 2 ? KeyModifiers(csiParameter: parameters.values[1] ?? 1) : []
        let key: Key
        switch final {
        case UInt8(ascii: "~"):
            guard let number = parameters.values.first ?? nil, let tilde = tildeKey(number) else { return nil }
            key = tilde
        case UInt8(ascii: "Z"):
            guard parameters.values.isEmpty else { return nil }
            return .key(KeyEvent(.tab, modifiers: .shift))
        default:
            // Letter finals carry no number but the 1 in `1 ; modifiers`: `ESC [ 12 ; 40 R`
            // is a cursor position report, not F3.
            guard (parameters.values.first ?? nil) ?? 1 == 1 else { return nil }
            if (UInt8(ascii: "P")...UInt8(ascii: "S")).contains(final) {
                key = .function(Int(final - UInt8(ascii: "P")) + 1)
            } else if let cursor = cursorKey(final) {
                key = cursor
            } else {
                return nil
            }
        }
        return .key(KeyEvent(key, modifiers: modifiers))
    }

    /// Arrows, Home and End: the finals shared by CSI and SS3.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// The keys of `ESC [ number ~` (VT220 and xterm numbering).
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }
}
