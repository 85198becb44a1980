// SGR: changing the terminal's colours and attributes from one style to the next with
// as few bytes as possible.

extension Renderer {
    /// Makes the terminal's SGR state `style` (colours already resolved for the colour
    /// mode): only the attributes and colours that differ, or a reset followed by the
    /// whole style when an attribute must be turned off and that is shorter.
    mutating func setPen(_ style: Style) {
        guard let pen else {
            appendReset(to: style)
            self.pen = style
            return
        }
        if pen == style { return }
        let start = output.count
        let turnedOff = pen.attributes.subtracting(style.attributes)
        appendChange(from: pen, to: style, turnedOff: turnedOff)
        if !turnedOff.isEmpty && resetLength(to: style) < output.count - start {
            output.removeLast(output.count - start)
            appendReset(to: style)
        }
        self.pen = style
    }

    private mutating func appendChange(from pen: Style, to style: Style, turnedOff: Style.Attributes) {
        var parameters = ParameterWriter()
        var turnedOn = style.attributes.subtracting(pen.attributes)
        if !turnedOff.isDisjoint(with: [.bold, .dim]) {
            parameters.append(22, to: &output)
            turnedOn.formUnion(style.attributes.intersection([.bold, .dim]))
        }
        if turnedOff.contains(.italic) { parameters.append(23, to: &output) }
        if turnedOff.contains(.underline) { parameters.append(24, to: &output) }
        if turnedOff.contains(.reverse) { parameters.append(27, to: &output) }
        appendAttributes(turnedOn, with: &parameters)
        if style.foreground != pen.foreground { appendColor(style.foreground, base: 30, with: &parameters) }
        if style.background != pen.background { appendColor(style.background, base: 40, with: &parameters) }
        output.append(ControlFinal.graphicRendition)
    }

    private mutating func appendReset(to style: Style) {
        var parameters = ParameterWriter()
        parameters.append(0, to: &output)
        appendAttributes(style.attributes, with: &parameters)
        if style.foreground != .default { appendColor(style.foreground, base: 30, with: &parameters) }
        if style.background != .default { appendColor(style.background, base: 40, with: &parameters) }
        output.append(ControlFinal.graphicRendition)
    }

    private mutating func appendAttributes(_ attributes: Style.Attributes, with parameters: inout ParameterWriter) {
        if attributes.contains(.bold) { parameters.append(1, to: &output) }
        if attributes.contains(.dim) { parameters.append(2, to: &output) }
        if attributes.contains(.italic) { parameters.append(3, to: &output) }
        if attributes.contains(.underline) { parameters.append(4, to: &output) }
        if attributes.contains(.reverse) { parameters.append(7, to: &output) }
    }

    /// Appends the parameters of a foreground (`base` 30) or background (`base` 40)
    /// colour: 39/49, 30–37/40–47, 90–97/100–107, `38;5;n`/`48;5;n`, `38;2;r;g;b`/`48;2;r;g;b`.
    private mutating func appendColor(_ color: Color, base: Int, with parameters: inout ParameterWriter) {
        switch color {
        case .default:
            parameters.append(base + 9, to: &output)
        case .indexed(let index) where index < 8:
            parameters.append(base + Int(index), to: &output)
        case .indexed(let index) where index < 16:
            parameters.append(base + 60 + Int(index) - 8, to: &output)
        case .indexed(let index):
            parameters.append(base + 8, to: &output)
            parameters.append(5, to: &output)
            parameters.append(Int(index), to: &output)
        case let .rgb(red, green, blue):
            parameters.appendTrueColor(base: base, red, green, blue, to: &output)
        }
    }

    /// The bytes of a reset to `style`: `CSI 0 [;attributes] [;colours] m`.
    private func resetLength(to style: Style) -> Int {
        var length = 4
        for attribute in [Style.Attributes.bold, .dim, .italic, .underline, .reverse] where style.attributes.contains(attribute) {
            length += 2
        }
        if style.foreground != .default { length += 1 + colorLength(style.foreground, isBackground: false) }
        if style.background != .default { length += 1 + colorLength(style.background, isBackground: true) }
        return length
    }

    /// The bytes of a colour's parameters, as `appendColor` writes them.
    private func colorLength(_ color: Color, isBackground: Bool) -> Int {
        switch color {
        case .default: 2
        case .indexed(let index) where index < 8: 2
        case .indexed(let index) where index < 16: isBackground ? 3 : 2
        case .indexed(let index): 5 + decimalDigits(Int(index))
        case let .rgb(red, green, blue):
            8 + decimalDigits(Int(red)) + decimalDigits(Int(green)) + decimalDigits(Int(blue))
        }
    }
}

/// Writes the parameters of one control sequence: CSI before the first, `;` between.
private struct ParameterWriter {
    private var isFirst = true

    mutating func append(_ parameter: Int, to output: inout [UInt8]) {
        if isFirst {
            output.appendCSI()
            isFirst = false
        } else {
            output.append(0x3B)
        }
        output.appendDecimal(parameter)
    }

    /// Appends `38;2;r;g;b` (`base` 30) or `48;2;r;g;b` (`base` 40) as the next
    /// parameters. Half-block images change both colours at nearly every cell, so
    /// the bytes are put together on the stack and appended at once, instead of a
    /// capacity check for each of up to 17.
    mutating func appendTrueColor(base: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8, to output: inout [UInt8]) {
        // At most 19 bytes: CSI, "48;2;", three times up to three digits, two ";".
        var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let isFirst = self.isFirst
        self.isFirst = false
        withUnsafeMutableBytes(of: &storage) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func put(decimal value: UInt8) {
                if value >= 100 { put(0x30 + value / 100) }
                if value >= 10 { put(0x30 + value / 10 % 10) }
                put(0x30 + value % 10)
            }
            if isFirst {
                put(0x1B)
                put(0x5B)
            } else {
                put(0x3B)
            }
            put(UInt8(truncatingIfNeeded: 0x30 + (base + 8) / 10))
            put(0x38)
            put(0x3B)
            put(0x32)
            put(0x3B)
            put(decimal: red)
            put(0x3B)
            put(decimal: green)
            put(0x3B)
            put(decimal: blue)
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
