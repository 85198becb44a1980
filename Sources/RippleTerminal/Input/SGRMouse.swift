// SGRMouse: the event of an SGR mouse report, `ESC [ < b ; x ; y M` (or `m`).
//
// `x` and `y` count cells from 1; the event counts from 0. In `b`, the low two bits
// are the button (0 left, 1 middle, 2 right, 3 none), 4 is shift, 8 alt, 16 control,
// 32 motion and 64 the wheel (then the low bits are up, down, left, right). Final
// `M` is a press or a motion, `m` a release. Reports of buttons 8–11 (bit 128), of a
// release of no button and of a wheel "release" mean nothing here: nil.

enum SGRMouse {
    /// The event of a report with the parameters `b ; x ; y` and `final` byte.
    static func event(parameters: [Int?], final: UInt8) -> MouseEvent? {
        guard parameters.count == 3,
              let code = parameters[0], let x = parameters[1], let y = parameters[2],
              x >= 1, y >= 1, code & 128 == 0,
              final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
        else { return nil }
        let isRelease = final == UInt8(ascii: "m")
        let isMotion = code & 32 != 0
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard !isRelease, !isMotion else { return nil }
            kind = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight][low]
        } else if low == 3 {
            guard isMotion, !isRelease else { return nil }
            kind = .move
        } else {
            let button: MouseEvent.Button = [.left, .middle, .right][low]
            kind = isRelease ? .release(button) : isMotion ? .drag(button) : .press(button)
        }
        return MouseEvent(kind, column: x - 1, row: y - 1, modifiers: modifiers)
    }
}
