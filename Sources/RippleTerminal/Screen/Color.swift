// Colours of a cell, and the colour modes a terminal offers.

/// A foreground or background colour.
public enum Color: Sendable, Hashable {
    /// The terminal's own default colour.
    case `default`
    /// An entry of the 256-colour palette: 0–7 the basic colours, 8–15 their bright
    /// variants, 16–231 a 6 × 6 × 6 colour cube, 232–255 a grey ramp.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// Palette colour 0.
    public static let black = Color.indexed(0)
    /// Palette colour 1.
    public static let red = Color.indexed(1)
    /// Palette colour 2.
    public static let green = Color.indexed(2)
    /// Palette colour 3.
    public static let yellow = Color.indexed(3)
    /// Palette colour 4.
    public static let blue = Color.indexed(4)
    /// Palette colour 5.
    public static let magenta = Color.indexed(5)
    /// Palette colour 6.
    public static let cyan = Color.indexed(6)
    /// Palette colour 7.
    public static let white = Color.indexed(7)
}

/// How many colours a terminal can show; the renderer maps every colour into it.
public enum ColorMode: Sendable, Hashable {
    /// 24-bit colour: every colour is written as it is.
    case trueColor
    /// The 256-colour palette: `.rgb` colours become their nearest palette entry.
    case palette256
    /// The 16 basic colours: `.rgb` and palette entries above 15 become the nearest
    /// of the 16.
    case palette16

    /// The mode an environment announces: `COLORTERM=truecolor` or `24bit` (or a
    /// `TERM` ending in `-direct`) is true colour, a `TERM` containing `256color` is
    /// the 256-colour palette, anything else the 16 basic colours.
    public static func detect(environment: [String: String]) -> ColorMode {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .trueColor }
        if term.contains("256color") { return .palette256 }
        return .palette16
    }

    /// `color` as this mode can show it.
    public func resolve(_ color: Color) -> Color {
        switch (self, color) {
        case (.trueColor, _), (_, .default):
            return color
        case (.palette256, .indexed):
            return color
        case let (.palette256, .rgb(red, green, blue)):
            return .indexed(Palette.nearest256(red: red, green: green, blue: blue))
        case let (.palette16, .indexed(index)):
            guard index >= 16 else { return color }
            let (red, green, blue) = Palette.rgb(ofIndex: index)
            return .indexed(Palette.nearest16(red: red, green: green, blue: blue))
        case let (.palette16, .rgb(red, green, blue)):
            return .indexed(Palette.nearest16(red: red, green: green, blue: blue))
        }
    }

    /// `style` with both colours as this mode can show them.
    public func resolve(_ style: Style) -> Style {
        if self == .trueColor { return style }
        var resolved = style
        resolved.foreground = resolve(style.foreground)
        resolved.background = resolve(style.background)
        return resolved
    }
}

/// The xterm palette's colour values, for mapping between colour modes.
enum Palette {
    /// The channel levels of the 6 × 6 × 6 cube (entries 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default values of the 16 basic colours.
    static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The colour of palette entry `index`.
    static func rgb(ofIndex index: UInt8) -> (Int, Int, Int) {
        let index = Int(index)
        switch index {
        case ..<16:
            return basic[index]
        case ..<232:
            let cube = index - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let grey = 8 + (index - 232) * 10
            return (grey, grey, grey)
        }
    }

    /// The cube or grey-ramp entry (16–255) nearest to a colour.
    static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let channels = (Int(red), Int(green), Int(blue))
        let cube = (nearestLevel(channels.0), nearestLevel(channels.1), nearestLevel(channels.2))
        let cubeIndex = 16 + 36 * cube.0 + 6 * cube.1 + cube.2
        let cubeColor = (cubeLevels[cube.0], cubeLevels[cube.1], cubeLevels[cube.2])
        let average = (channels.0 + channels.1 + channels.2) / 3
        let greyStep = min(max((average - 3) / 10, 0), 23)
        let greyLevel = 8 + greyStep * 10
        let greyColor = (greyLevel, greyLevel, greyLevel)
        if distance(channels, greyColor) < distance(channels, cubeColor) {
            return UInt8(232 + greyStep)
        }
        return UInt8(cubeIndex)
    }

    /// The basic colour (0–15) nearest to a colour.
    static func nearest16(red: Int, green: Int, blue: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, color) in basic.enumerated() {
            let candidate = distance((red, green, blue), color)
            if candidate < bestDistance {
                best = index
                bestDistance = candidate
            }
        }
        return UInt8(best)
    }

    /// The basic colour (0–15) nearest to a colour.
    static func nearest16(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        nearest16(red: Int(red), green: Int(green), blue: Int(blue))
    }

    private static func nearestLevel(_ channel: Int) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(level - channel) < abs(cubeLevels[best] - channel) {
            best = index
        }
        return best
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let red = a.0 - b.0, green = a.1 - b.1, blue = a.2 - b.2
        return red * red + green * green + blue * blue
    }
}
