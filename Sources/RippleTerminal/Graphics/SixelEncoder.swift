// SixelEncoder: pixels to a DEC sixel image.
//
// A sixel image is a device control string (`ESC P q … ESC \`): a raster attribute
// with its size in pixels, colour registers, then bands six pixel rows high; in each
// band, for each colour, one character per column whose six bits say which of the
// six pixels take that colour (`?` + bits), repeated runs written `!count char`,
// `$` back to the band's start, `-` to the next band. Colours come from a fixed
// palette of 256 (a 6 × 6 × 6 cube and 40 greys, each pixel the nearest of the two
// candidates), so no image needs a pass to build its own palette and every image
// costs the same. Transparent pixels set no bit: the terminal keeps what is under
// them (the second parameter, 1).

/// Encodes pixels as a DEC sixel image for a terminal that shows sixel graphics.
enum SixelEncoder {
    /// The palette's colours, as 0–255 channels: 216 cube colours, then 40 greys.
    static let palette: [RGB] = {
        var colors: [RGB] = []
        for red in 0..<6 {
            for green in 0..<6 {
                for blue in 0..<6 {
                    colors.append(RGB(red: red * 51, green: green * 51, blue: blue * 51))
                }
            }
        }
        for level in 0..<40 {
            let value = 5 + level * 6
            colors.append(RGB(red: value, green: value, blue: value))
        }
        return colors
    }()

    /// The palette index nearest to `color`: the nearest cube colour or the nearest
    /// grey, whichever is closer.
    static func paletteIndex(of color: RGB) -> Int {
        func cubeLevel(_ channel: Int) -> Int { (channel * 5 + 127) / 255 }
        let cube = cubeLevel(color.red) * 36 + cubeLevel(color.green) * 6 + cubeLevel(color.blue)
        let average = (color.red + color.green + color.blue) / 3
        let grey = 216 + min(max((average - 5 + 3) / 6, 0), 39)
        return distance(color, palette[grey]) < distance(color, palette[cube]) ? grey : cube
    }

    private static func distance(_ a: RGB, _ b: RGB) -> Int {
        let red = a.red - b.red, green = a.green - b.green, blue = a.blue - b.blue
        return red * red + green * green + blue * blue
    }

    /// The sixel image of `pixels` (`width` × `height`, row by row; `nil` is
    /// transparent), from `ESC P` to `ESC \`.
    static func encode(_ pixels: [RGB?], width: Int, height: Int) -> [UInt8] {
        precondition(pixels.count == width * height, "a sixel image needs width × height pixels")
        var output: [UInt8] = []
        output.reserveCapacity(width * height / 2 + 64)
        output.append(contentsOf: Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8))
        let indices = pixels.map { $0.map(paletteIndex) ?? -1 }
        var used = [Bool](repeating: false, count: palette.count)
        for index in indices where index >= 0 { used[index] = true }
        for (index, color) in palette.enumerated() where used[index] {
            let percent = { (channel: Int) in (channel * 100 + 127) / 255 }
            output.append(contentsOf: Array("#\(index);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8))
        }
        var bandColors: [Int] = []
        var inBand = [Bool](repeating: false, count: palette.count)
        var row = [UInt8](repeating: 0, count: width)
        for top in stride(from: 0, to: height, by: 6) {
            let bottom = min(top + 6, height)
            bandColors.removeAll(keepingCapacity: true)
            for y in top..<bottom {
                for x in 0..<width {
                    let index = indices[y * width + x]
                    if index >= 0 && !inBand[index] {
                        inBand[index] = true
                        bandColors.append(index)
                    }
                }
            }
            for (position, color) in bandColors.enumerated() {
                inBand[color] = false
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for y in top..<bottom where indices[y * width + x] == color {
                        bits |= 1 << UInt8(y - top)
                    }
                    row[x] = 63 + bits
                }
                output.append(UInt8(ascii: "#"))
                output.append(contentsOf: Array(String(color).utf8))
                appendRuns(of: row, to: &output)
                if position < bandColors.count - 1 { output.append(UInt8(ascii: "$")) }
            }
            if bottom < height { output.append(UInt8(ascii: "-")) }
        }
        output.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        return output
    }

    /// Writes `row`'s characters with runs of four or more as `!count char`, leaving
    /// out the empty characters at its end.
    private static func appendRuns(of row: [UInt8], to output: inout [UInt8]) {
        var end = row.count
        while end > 0 && row[end - 1] == 63 { end -= 1 }
        var index = 0
        while index < end {
            let character = row[index]
            var run = 1
            while index + run < end && row[index + run] == character { run += 1 }
            if run >= 4 {
                output.append(UInt8(ascii: "!"))
                output.append(contentsOf: Array(String(run).utf8))
                output.append(character)
            } else {
                output.append(contentsOf: repeatElement(character, count: run))
            }
            index += run
        }
    }
}
