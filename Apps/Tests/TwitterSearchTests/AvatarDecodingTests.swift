import CZlib
import Testing
@testable import TwitterSearch
import TwitterSearchCore

/// The avatars decoded by libpng, on PNGs made here with zlib: every row filter, RGB
/// and RGBA, IDAT split in parts, chunks it skips; and the refusals, each with a reason.
@Suite struct AvatarDecodingTests {
    /// A PNG of `rows` (each a filter byte and its filtered bytes) with these header
    /// fields; the image data deflated by zlib and cut into `idatParts` chunks.
    static func png(width: Int, height: Int, depth: UInt8 = 8, colourType: UInt8, interlace: UInt8 = 0,
                    filtered: [UInt8], idatParts: Int = 1, extraChunk: Bool = false, corruptCRC: Bool = false) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [depth, colourType, 0, 0, interlace]
        var size = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&compressed, &size, filtered, uLong(filtered.count), 9)
        precondition(status == Z_OK)
        compressed.removeSubrange(Int(size)...)

        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", header, corrupt: corruptCRC)
        if extraChunk { bytes += chunk("tEXt", Array("Comment\0made by a test".utf8)) }
        let part = (compressed.count + idatParts - 1) / idatParts
        for start in stride(from: 0, to: compressed.count, by: part) {
            bytes += chunk("IDAT", Array(compressed[start..<min(start + part, compressed.count)]))
        }
        bytes += chunk("IEND", [])
        return bytes
    }

    static func chunk(_ type: String, _ data: [UInt8], corrupt: Bool = false) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(crc32(0, body, uInt(body.count))) ^ (corrupt ? 1 : 0)
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Applies `filter` to each row of `raw` (`stride` bytes a row), as an encoder
    /// does: the reader must undo it.
    static func filter(_ raw: [UInt8], stride: Int, bytesPerPixel: Int, filters: [UInt8]) -> [UInt8] {
        let height = raw.count / stride
        var output: [UInt8] = []
        for row in 0..<height {
            let filter = filters[row % filters.count]
            output.append(filter)
            for column in 0..<stride {
                let value = Int(raw[row * stride + column])
                let left = column >= bytesPerPixel ? Int(raw[row * stride + column - bytesPerPixel]) : 0
                let up = row > 0 ? Int(raw[(row - 1) * stride + column]) : 0
                let upLeft = row > 0 && column >= bytesPerPixel ? Int(raw[(row - 1) * stride + column - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let distances = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = distances.0 <= distances.1 && distances.0 <= distances.2 ? left
                        : distances.1 <= distances.2 ? up : upLeft
                default: predictor = 0
                }
                output.append(UInt8(truncatingIfNeeded: value - predictor))
            }
        }
        return output
    }

    /// A 4 × 5 RGBA picture with varied values in every channel.
    static let rgba: [UInt8] = (0..<(4 * 5 * 4)).map { UInt8(truncatingIfNeeded: $0 * 37 + ($0 / 16) * 11) }

    @Test(arguments: [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4]] as [[UInt8]])
    func everyRowFilterIsUndone(filters: [UInt8]) throws {
        let filtered = Self.filter(Self.rgba, stride: 16, bytesPerPixel: 4, filters: filters)
        let image = try TwitterClient.avatarImage(decoding: Self.png(width: 4, height: 5, colourType: 6, filtered: filtered))
        #expect(image.width == 4 && image.height == 5)
        #expect(image.rgba == Self.rgba)
    }

    @Test func rgbBecomesOpaqueRGBAAndSplitDataAndUnknownChunksAreRead() throws {
        let rgb: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]   // 2 × 2
        let filtered = Self.filter(rgb, stride: 6, bytesPerPixel: 3, filters: [4, 3])
        let image = try TwitterClient.avatarImage(decoding: Self.png(width: 2, height: 2, colourType: 2, filtered: filtered,
                                                 idatParts: 3, extraChunk: true))
        #expect(image.rgba == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255])
    }

    @Test func whatIsNotAWholePNGIsRefusedWithAReason() {
        let pixels: [UInt8] = [0, 1, 2, 3]   // one RGB pixel after its filter byte
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try TwitterClient.avatarImage(decoding: bytes)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(Array("GIF89a".utf8)) == "neither PNG nor JPEG")
        let whole = Self.png(width: 1, height: 1, colourType: 2, filtered: pixels)
        #expect(reason(whole) == nil)
        let refused = [
            Self.png(width: 1, height: 1, colourType: 2, filtered: pixels, corruptCRC: true),
            Self.png(width: 1, height: 1, colourType: 3, filtered: [0, 0]),
            Self.png(width: 1, height: 1, colourType: 2, filtered: [9, 1, 2, 3]),
            Self.png(width: 2, height: 1, colourType: 2, filtered: pixels),
            Array(whole.prefix(whole.count - 20)),
        ]
        for bytes in refused {
            let said = reason(bytes)
            #expect(said?.hasPrefix("libpng: ") == true && said != "libpng: ", "\(bytes.count) bytes: \(said ?? "decoded")")
        }
    }
}
