@testable import RippleTerminal
import Testing

/// SixelEncoder and Base64: what the renderer sends decodes back to the pixels it
/// encoded (in the fixed palette), with runs compressed and transparency kept.
@Suite struct SixelEncoderTests {
    /// A sixel image read back: its declared size and each pixel's colour register
    /// (`nil` where no colour set a bit).
    struct Decoded {
        var width = 0, height = 0
        var registers: [Int?] = []
        var colors: [Int: (Int, Int, Int)] = [:]
    }

    /// Reads `bytes` as a sixel device control string, independently of the encoder.
    private func decode(_ bytes: [UInt8]) -> Decoded {
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\""))
        #expect(text.hasSuffix("\u{1B}\\"))
        var body = Substring(text.dropFirst("\u{1B}P0;1;0q\"".count).dropLast(2))
        var result = Decoded()
        func number() -> Int {
            let digits = body.prefix { $0.isNumber }
            body = body.dropFirst(digits.count)
            return Int(digits)!
        }
        _ = number(); body = body.dropFirst(); _ = number(); body = body.dropFirst()
        result.width = number(); body = body.dropFirst(); result.height = number()
        result.registers = Array(repeating: nil, count: result.width * result.height)
        var register = 0, x = 0, band = 0
        while let character = body.first {
            body = body.dropFirst()
            switch character {
            case "#":
                register = number()
                if body.first == ";" {
                    body = body.dropFirst(3)   // ";2;"
                    let red = number(); body = body.dropFirst()
                    let green = number(); body = body.dropFirst()
                    let blue = number()
                    result.colors[register] = (red, green, blue)
                }
            case "$": x = 0
            case "-": x = 0; band += 1
            case "!":
                let count = number()
                let sixel = body.first!.asciiValue!
                body = body.dropFirst()
                for _ in 0..<count { put(sixel); x += 1 }
            default:
                put(character.asciiValue!); x += 1
            }
        }
        func put(_ sixel: UInt8) {
            let bits = Int(sixel) - 63
            for bit in 0..<6 where bits & (1 << bit) != 0 {
                let y = band * 6 + bit
                #expect(y < result.height && x < result.width, "a bit set outside the image")
                if y < result.height && x < result.width {
                    #expect(result.registers[y * result.width + x] == nil, "two colours for one pixel")
                    result.registers[y * result.width + x] = register
                }
            }
        }
        return result
    }

    @Test func everyPixelDecodesToItsNearestPaletteColourAndTransparentOnesToNone() {
        let width = 5, height = 8
        var pixels: [RGB?] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(x == 4 && y % 3 == 0 ? nil : RGB(red: x * 60, green: y * 30, blue: (x + y) * 20))
            }
        }
        let decoded = decode(SixelEncoder.encode(pixels, width: width, height: height))
        #expect(decoded.width == width && decoded.height == height)
        for (index, pixel) in pixels.enumerated() {
            #expect(decoded.registers[index] == pixel.map(SixelEncoder.paletteIndex))
        }
        for (register, color) in decoded.colors {
            let expected = SixelEncoder.palette[register]
            #expect(color.0 == (expected.red * 100 + 127) / 255)
            #expect(color.1 == (expected.green * 100 + 127) / 255)
            #expect(color.2 == (expected.blue * 100 + 127) / 255)
        }
    }

    @Test func aUniformRowIsWrittenAsOneRun() {
        let pixels = [RGB?](repeating: RGB(red: 255, green: 0, blue: 0), count: 40 * 6)
        let text = String(decoding: SixelEncoder.encode(pixels, width: 40, height: 6), as: UTF8.self)
        #expect(text.contains("#180!40~"))
        #expect(decode(Array(text.utf8)).registers.allSatisfy { $0 == 180 })
    }

    @Test func greysUseTheGreyRampAndColoursTheCube() {
        #expect(SixelEncoder.paletteIndex(of: RGB(red: 128, green: 128, blue: 128)) >= 216)
        #expect(SixelEncoder.paletteIndex(of: RGB(red: 0, green: 0, blue: 255)) == 5)
        #expect(SixelEncoder.paletteIndex(of: RGB(red: 255, green: 255, blue: 255)) == 215)
        #expect(SixelEncoder.palette.count == 256)
    }

    @Test func base64MatchesTheStandardsTestVectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==",
                       "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(String(decoding: Base64.encode(Array(plain.utf8)), as: UTF8.self) == encoded)
        }
    }
}
