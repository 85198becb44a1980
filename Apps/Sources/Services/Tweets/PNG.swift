// A minimal PNG encoder: 8-bit RGB, no interlace, every row with filter 0 (none),
// the image data deflated by the system zlib. That is all an identicon needs.
//
// A PNG is the 8-byte signature and chunks, each `length (4 bytes, big-endian) ·
// type (4 ASCII letters) · data · CRC-32 of type and data`: IHDR (size, bit depth,
// colour type), IDAT (the zlib stream of the filtered rows), IEND. The CRC-32 is
// the ISO 3309 one (polynomial 0xEDB88320, reflected), computed here with a
// 256-entry table; the tests check it against zlib's `crc32`.
import Foundation
import ImageFormats

/// Encodes RGB images as PNG.
public enum PNG {
    /// The 8 bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes an RGB image.
    /// - Parameters:
    ///   - width: Pixels per row (at least 1).
    ///   - height: Rows (at least 1).
    ///   - rgb: `width * height * 3` bytes, row after row, red, green, blue.
    public static func encode(width: Int, height: Int, rgb: [UInt8]) throws -> [UInt8] {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "the pixels do not fill the size")
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, filter 0, no interlace

        // Each row is a filter-type byte (0: none) and its pixels.
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * 3))
        for row in 0..<height {
            rows.append(0)
            rows += rgb[(row * width * 3)..<((row + 1) * width * 3)]
        }

        var png = signature
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try Zlib.deflate(rows), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// CRC-32 (ISO 3309, as PNG and gzip use it) of bytes.
    public static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { entry in
        var value = UInt32(entry)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png.appendBigEndian(crc32(typeBytes + data))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}

extension ImageCodec {
    /// Encodes a PNG (8-bit RGB, deflated by zlib) with the tweet service's encoder.
    public static func encodePNG(_ image: RGBImage) throws -> [UInt8] {
        try PNG.encode(width: image.width, height: image.height, rgb: image.pixels)
    }
}
