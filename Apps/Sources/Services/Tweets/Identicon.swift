// Avatars: an identicon per maintainer, made from the MD5 of the email that names
// it (`/avatars/<md5>.png`), so every user has a distinct, stable picture and none
// is fetched from anywhere.
//
// From the hash's 16 bytes:
// - the colour: hue from bytes 0–1 (0–359°), saturation 45–65 % from byte 2,
//   lightness 40–55 % from byte 3, on a light grey background;
// - the pattern: a 5×5 grid, symmetric left to right like a face: the 15 cells of
//   columns 0–2 are the low 15 bits of bytes 4–5 (row by row), and columns 3–4
//   mirror columns 1–0.
// The picture is 80×80 pixels: a 5-pixel margin and cells of 14 pixels.
import Foundation

/// Identicon avatars.
public enum Identicon {
    /// The picture's width and height, in pixels.
    public static let size = 80
    /// The margin around the grid, in pixels.
    static let margin = 5
    /// A cell's width and height, in pixels.
    static let cell = 14
    /// The background colour.
    static let background: (UInt8, UInt8, UInt8) = (240, 240, 240)

    /// The hash's 16 bytes when `name` is `<32 lowercase hex digits>.png`, else `nil`.
    public static func hash(ofFileName name: String) -> [UInt8]? {
        let utf8 = Array(name.utf8)
        guard utf8.count == 36, name.hasSuffix(".png") else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = hexValue(utf8[index]), let low = hexValue(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The 5×5 pattern of a hash: `pattern[row][column]` is filled.
    public static func pattern(_ hash: [UInt8]) -> [[Bool]] {
        let bits = UInt16(hash[4]) << 8 | UInt16(hash[5])
        return (0..<5).map { row in
            (0..<5).map { column in
                let source = column < 3 ? column : 4 - column
                return bits >> UInt16(row * 3 + source) & 1 == 1
            }
        }
    }

    /// The foreground colour of a hash, as RGB.
    public static func colour(_ hash: [UInt8]) -> (UInt8, UInt8, UInt8) {
        let hue = Double((UInt16(hash[0]) << 8 | UInt16(hash[1])) % 360)
        let saturation = 0.45 + Double(hash[2]) / 255 * 0.20
        let lightness = 0.40 + Double(hash[3]) / 255 * 0.15
        return rgb(hue: hue, saturation: saturation, lightness: lightness)
    }

    /// The identicon of a hash (16 bytes), as a PNG file.
    public static func png(_ hash: [UInt8]) throws -> [UInt8] {
        precondition(hash.count == 16, "an MD5 hash has 16 bytes")
        let filled = pattern(hash)
        let foreground = colour(hash)
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        for y in 0..<size {
            for x in 0..<size {
                let row = (y - margin) / cell
                let column = (x - margin) / cell
                let inGrid = y >= margin && x >= margin && row < 5 && column < 5
                let (red, green, blue) = inGrid && filled[row][column] ? foreground : background
                let offset = (y * size + x) * 3
                pixels[offset] = red
                pixels[offset + 1] = green
                pixels[offset + 2] = blue
            }
        }
        return try PNG.encode(width: size, height: size, rgb: pixels)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// HSL (hue in degrees, the others 0–1) to 8-bit RGB.
    private static func rgb(hue: Double, saturation: Double, lightness: Double) -> (UInt8, UInt8, UInt8) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(sector) {
            case 0: (chroma, second, 0)
            case 1: (second, chroma, 0)
            case 2: (0, chroma, second)
            case 3: (0, second, chroma)
            case 4: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let lift = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + lift) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
