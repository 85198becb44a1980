import CZlib
import TwitterSearchCore

// PNGImage: reads the avatars the local tweet service draws — its identicons, 8-bit
// RGB PNGs written by its own small encoder (`Services/Tweets/PNG.swift`). This is
// not a general PNG decoder and is not meant to become one (photos go through
// libpng): it reads non-interlaced images of 8 bits per channel, RGB or RGBA, and
// refuses everything else with a reason.
//
// A PNG is an 8-byte signature and chunks, each `length (4 bytes, big-endian) ·
// type (4 letters) · data · CRC-32 of type and data`. IHDR gives the size and the
// format; the IDAT chunks, joined, are one zlib stream (inflated here by the
// system zlib) of rows, each a filter-type byte then the row's bytes; the five
// filters (none, sub, up, average, Paeth) are undone row by row. Chunks other than
// IHDR, IDAT and IEND are skipped. Every chunk's CRC is checked with zlib's `crc32`.

/// Decoding of the tweet service's avatar PNGs into RGBA pixels.
enum PNGImage {
    /// Why bytes are not a PNG this reader takes.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The largest width or height read: avatars are 80 pixels; this only stops
    /// a hostile header from asking for gigabytes.
    static let maximumSide = 4096

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The pixels of a PNG of 8-bit RGB or RGBA, as RGBA (opaque for RGB).
    static func decode(_ bytes: [UInt8]) throws(Failure) -> AvatarImage {
        guard bytes.count >= signature.count, Array(bytes[0..<signature.count]) == signature else {
            throw Failure(description: "not a PNG (no signature)")
        }
        var offset = signature.count
        var header: (width: Int, height: Int, channels: Int)?
        var compressed: [UInt8] = []
        var ended = false
        while !ended {
            guard offset + 12 <= bytes.count else { throw Failure(description: "the PNG is cut short") }
            let length = Int(bigEndian32(bytes, at: offset))
            let typeStart = offset + 4
            let dataStart = offset + 8
            guard length <= bytes.count - dataStart - 4 else { throw Failure(description: "a chunk runs past the end") }
            let dataEnd = dataStart + length
            let stored = bigEndian32(bytes, at: dataEnd)
            let computed = bytes[typeStart..<dataEnd].withContiguousStorageIfAvailable { buffer in
                UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
            } ?? 0
            guard stored == computed else { throw Failure(description: "a chunk's CRC does not match") }
            let type = String(decoding: bytes[typeStart..<dataStart], as: UTF8.self)
            switch type {
            case "IHDR":
                header = try readHeader(bytes[dataStart..<dataEnd])
            case "IDAT":
                guard header != nil else { throw Failure(description: "IDAT before IHDR") }
                compressed += bytes[dataStart..<dataEnd]
            case "IEND":
                ended = true
            default:
                break
            }
            offset = dataEnd + 4
        }
        guard let header else { throw Failure(description: "no IHDR chunk") }
        let stride = header.width * header.channels
        let filtered = try inflate(compressed, size: header.height * (1 + stride))
        let samples = try unfilter(filtered, height: header.height, stride: stride, bytesPerPixel: header.channels)
        var rgba: [UInt8]
        if header.channels == 4 {
            rgba = samples
        } else {
            rgba = [UInt8](repeating: 255, count: header.width * header.height * 4)
            for pixel in 0..<(header.width * header.height) {
                rgba[pixel * 4] = samples[pixel * 3]
                rgba[pixel * 4 + 1] = samples[pixel * 3 + 1]
                rgba[pixel * 4 + 2] = samples[pixel * 3 + 2]
            }
        }
        guard let image = AvatarImage(width: header.width, height: header.height, rgba: rgba) else {
            throw Failure(description: "the pixels do not fill the image")
        }
        return image
    }

    private static func readHeader(_ data: ArraySlice<UInt8>) throws(Failure) -> (width: Int, height: Int, channels: Int) {
        guard data.count == 13 else { throw Failure(description: "IHDR is not 13 bytes") }
        let start = data.startIndex
        let width = Int(bigEndian32(data, at: start))
        let height = Int(bigEndian32(data, at: start + 4))
        let (depth, colourType, compression, filter, interlace) =
            (data[start + 8], data[start + 9], data[start + 10], data[start + 11], data[start + 12])
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw Failure(description: "a size of \(width)×\(height) pixels is not read")
        }
        guard depth == 8 else { throw Failure(description: "bit depth \(depth) is not read (8 only)") }
        guard compression == 0, filter == 0 else { throw Failure(description: "unknown compression or filter method") }
        guard interlace == 0 else { throw Failure(description: "interlaced PNGs are not read") }
        switch colourType {
        case 2: return (width, height, 3)
        case 6: return (width, height, 4)
        default: throw Failure(description: "colour type \(colourType) is not read (RGB or RGBA only)")
        }
    }

    /// Inflates a zlib stream that must give exactly `size` bytes.
    private static func inflate(_ compressed: [UInt8], size: Int) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        var produced = uLongf(size)
        let status = output.withUnsafeMutableBufferPointer { output in
            compressed.withUnsafeBufferPointer { input in
                uncompress(output.baseAddress, &produced, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK else {
            throw Failure(description: status == Z_BUF_ERROR ? "the image data is larger than the image" : "the image data does not inflate (zlib \(status))")
        }
        guard Int(produced) == size else { throw Failure(description: "the image data is shorter than the image") }
        return output
    }

    /// Undoes the rows' filters: `filtered` is `height` rows of a filter byte and
    /// `stride` bytes; the result is the rows' bytes alone.
    private static func unfilter(_ filtered: [UInt8], height: Int, stride: Int, bytesPerPixel: Int) throws(Failure) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = filtered[row * (stride + 1)]
            let source = row * (stride + 1) + 1
            let target = row * stride
            for column in 0..<stride {
                let raw = filtered[source + column]
                let left = column >= bytesPerPixel ? Int(result[target + column - bytesPerPixel]) : 0
                let up = row > 0 ? Int(result[target - stride + column]) : 0
                let upLeft = row > 0 && column >= bytesPerPixel ? Int(result[target - stride + column - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4: predictor = paeth(left, up, upLeft)
                default: throw Failure(description: "unknown filter type \(filter) in row \(row)")
                }
                result[target + column] = raw &+ UInt8(truncatingIfNeeded: predictor)
            }
        }
        return result
    }

    private static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
        let estimate = left + up - upLeft
        let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    /// The big-endian 32-bit number at `offset` (an index of `bytes`, which for an
    /// array slice is an index of the whole array).
    private static func bigEndian32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) -> UInt32
    where Bytes.Index == Int {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
