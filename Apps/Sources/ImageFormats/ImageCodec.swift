// Decoding PNG and JPEG images and encoding JPEG, through the system libraries:
// libpng (module CPNG) and libjpeg (module CJPEG). No pixel of an image is decoded by
// code of this project. The photo service reads its corpus and writes its thumbnails
// with it; the apps decode what the services send them (``ImageCodec/decodeRGBA``).
//
// - PNG through libpng's simplified API: any colour type, bit depth and interlace,
//   converted to 8-bit RGB with transparency composited onto white (the corpus is
//   mostly diagrams and wallpapers, drawn for a light page), or to 8-bit RGBA with
//   its transparency kept (``ImageCodec/decodeRGBA``). Its text chunks (tEXt,
//   zTXt, iTXt: `Title`, `Author`, `Description`, `Creation Time`, …) come from
//   the shim's `ripple_png_read_texts`.
// - JPEG through libjpeg, decoded straight to RGB, scaled in the DCT (1/2, 1/4, 1/8)
//   when the caller needs less than the whole (thumbnails of a 5000-pixel wallpaper
//   do not need its every pixel). The first comment (COM) and EXIF (APP1) segments
//   are kept for the metadata (``EXIF``).
// - JPEG is written by libjpeg (the photo service's PNG thumbnails are written by
//   the tweet service's encoder, deflated by zlib).
//
// Anything libpng or libjpeg refuses (not an image, cut short, corrupt, a colour
// model libjpeg cannot make RGB of, larger than ``ImageCodec/maximumPixels``) is a
// thrown ``ImageCodec/Failure``, never a crash.
import CJPEG
import CPNG
import Foundation

/// An 8-bit RGB image, rows one after the other without padding.
public struct RGBImage: Sendable, Equatable {
    /// Pixels per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// `width * height * 3` bytes: red, green, blue.
    public var pixels: [UInt8]

    /// An image of these pixels.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "the pixels do not fill the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The red, green and blue of the pixel at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let at = (y * width + x) * 3
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }
}

/// An 8-bit RGBA image (four bytes a pixel, not premultiplied), rows one after the
/// other without padding: what an app shows.
public struct RGBAImage: Sendable, Equatable {
    /// Pixels per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]
}

/// The file formats of the corpus and the thumbnails.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    /// PNG.
    case png
    /// JPEG (JFIF or EXIF).
    case jpeg
    /// WebP: read by converting it to PNG first (GNOME's backgrounds are WebP).
    case webp
    /// SVG: a drawing, read by rendering it to PNG first.
    case svg

    /// The 8 bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format the bytes start with, by signature, or `nil`.
    public static func of(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if isSVG(bytes) { return .svg }
        return nil
    }

    /// Whether the bytes are an SVG document: an `<svg` element within the first
    /// kilobyte, after at most an XML declaration, comments and a doctype.
    static func isSVG(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(1024)
        guard let first = head.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            head[first] == UInt8(ascii: "<")
        else { return false }
        let marker = Array("<svg".utf8)
        return head.indices.contains { index in head[index...].starts(with: marker) }
    }

    /// The `Content-Type` of the format.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        }
    }
}

/// A decoded image with what its file says about itself.
public struct DecodedImage: Sendable {
    /// The file's format.
    public var format: ImageFormat
    /// The image's own width (``image`` may have been decoded smaller).
    public var width: Int
    /// The image's own height.
    public var height: Int
    /// The pixels, at the image's size or a JPEG's reduced decoding scale.
    public var image: RGBImage
    /// The file's text metadata by key: a PNG's text chunks (the first of a key
    /// wins); a JPEG's EXIF fields and comment under the same keys (``EXIF``).
    public var texts: [String: String]
}

/// libpng and libjpeg, wrapped.
public enum ImageCodec {
    /// Why an image could not be decoded or encoded.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What libpng or libjpeg said, or what was refused.
        public let description: String

        /// A failure that says `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The most pixels an image may have: 100 megapixels (a decompression bomb of a
    /// few kilobytes cannot make the service allocate gigabytes).
    public static let maximumPixels = 100_000_000

    /// Decodes a PNG or JPEG file.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - minimumLong: For a JPEG, the longer side the pixels need at least (0: the
    ///     whole image); libjpeg then decodes at the smallest scale that has it.
    ///   - minimumShort: The shorter side needed at least, likewise.
    /// - Throws: ``Failure`` for anything that is not a whole, decodable PNG or JPEG.
    public static func decode(_ bytes: [UInt8], minimumLong: Int = 0, minimumShort: Int = 0) throws -> DecodedImage {
        switch ImageFormat.of(bytes) {
        case .png?: return try decodePNG(bytes)
        case .jpeg?: return try decodeJPEG(bytes, minimumLong: minimumLong, minimumShort: minimumShort, readsTexts: true)
        case let other?: throw Failure(description: "\(other.rawValue.uppercased()) is read by converting it to PNG first")
        case nil: throw Failure(description: "neither PNG nor JPEG")
        }
    }

    /// Decodes a PNG or JPEG file to 8-bit RGBA (four bytes a pixel, not
    /// premultiplied): a PNG keeps its transparency, a JPEG is opaque. No text
    /// metadata is read.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - minimumLong: For a JPEG, the longer side needed at least (0: the whole
    ///     image), as in ``decode(_:minimumLong:minimumShort:)``.
    ///   - minimumShort: The shorter side needed at least, likewise.
    /// - Throws: ``Failure`` for anything that is not a whole, decodable PNG or JPEG.
    public static func decodeRGBA(_ bytes: [UInt8], minimumLong: Int = 0, minimumShort: Int = 0) throws -> RGBAImage {
        switch ImageFormat.of(bytes) {
        case .png?:
            let (width, height, pixels) = try readPNGPixels(bytes, format: UInt32(PNG_FORMAT_RGB) | UInt32(PNG_FORMAT_FLAG_ALPHA), channels: 4)
            return RGBAImage(width: width, height: height, pixels: pixels)
        case .jpeg?:
            let decoded = try decodeJPEG(bytes, minimumLong: minimumLong, minimumShort: minimumShort, readsTexts: false)
            let rgb = decoded.image.pixels
            var rgba = [UInt8](repeating: 255, count: decoded.image.width * decoded.image.height * 4)
            for pixel in 0..<(decoded.image.width * decoded.image.height) {
                rgba[pixel * 4] = rgb[pixel * 3]
                rgba[pixel * 4 + 1] = rgb[pixel * 3 + 1]
                rgba[pixel * 4 + 2] = rgb[pixel * 3 + 2]
            }
            return RGBAImage(width: decoded.image.width, height: decoded.image.height, pixels: rgba)
        case let other?:
            throw Failure(description: "\(other.rawValue.uppercased()) is read by converting it to PNG first")
        case nil:
            throw Failure(description: "neither PNG nor JPEG")
        }
    }

    /// Encodes a JPEG of the given quality (1–100) with libjpeg.
    public static func encodeJPEG(_ image: RGBImage, quality: Int = 85) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ripple_jpeg_encode(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(min(max(quality, 1), 100)),
                &output, &length, &message, message.count
            )
        }
        defer { free(output) }
        guard status == 0, let output else { throw Failure(description: "libjpeg: \(string(message))") }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    // MARK: PNG

    private static func decodePNG(_ bytes: [UInt8]) throws -> DecodedImage {
        var texts: [String: String] = [:]
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { bytes in
            ripple_png_read_texts(bytes.baseAddress, bytes.count, &buffer, &length, &message, message.count)
        }
        defer { free(buffer) }
        guard status == 0 else { throw Failure(description: "libpng: \(string(message))") }
        if let buffer {
            // `key NUL text NUL`, repeated.
            let fields = UnsafeBufferPointer(start: buffer, count: length)
                .split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            var index = 0
            while index + 1 < fields.count {
                if texts[fields[index]] == nil { texts[fields[index]] = fields[index + 1] }
                index += 2
            }
        }

        let (width, height, pixels) = try readPNGPixels(bytes, format: UInt32(PNG_FORMAT_RGB), channels: 3)
        return DecodedImage(
            format: .png, width: width, height: height,
            image: RGBImage(width: width, height: height, pixels: pixels), texts: texts
        )
    }

    /// The pixels of a PNG in libpng's simplified `format` of `channels` bytes a
    /// pixel; transparency composited onto white where the format has no alpha.
    private static func readPNGPixels(_ bytes: [UInt8], format: UInt32, channels: Int) throws -> (Int, Int, [UInt8]) {
        try bytes.withUnsafeBytes { raw -> (Int, Int, [UInt8]) in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw Failure(description: "libpng: \(pngMessage(image))")
            }
            defer { png_image_free(&image) }
            let width = Int(image.width)
            let height = Int(image.height)
            guard width > 0, height > 0, width * height <= maximumPixels else {
                throw Failure(description: "the image is \(width)x\(height) pixels: too large")
            }
            image.format = format
            var pixels = [UInt8](repeating: 0, count: width * height * channels)
            var white = png_color(red: 255, green: 255, blue: 255)
            let finished = pixels.withUnsafeMutableBytes { pixels in
                png_image_finish_read(&image, &white, pixels.baseAddress, 0, nil)
            }
            guard finished != 0 else { throw Failure(description: "libpng: \(pngMessage(image))") }
            return (width, height, pixels)
        }
    }

    private static func pngMessage(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    // MARK: JPEG

    private static func decodeJPEG(_ bytes: [UInt8], minimumLong: Int, minimumShort: Int, readsTexts: Bool) throws -> DecodedImage {
        var decoded = ripple_jpeg_image()
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { bytes in
            ripple_jpeg_decode(
                bytes.baseAddress, UInt(bytes.count), UInt32(clamping: minimumLong), UInt32(clamping: minimumShort),
                UInt(maximumPixels), &decoded, &message, message.count
            )
        }
        guard status == 0, let pixels = decoded.pixels else { throw Failure(description: "libjpeg: \(string(message))") }
        defer {
            free(decoded.pixels)
            free(decoded.comment)
            free(decoded.exif)
        }
        let width = Int(decoded.width)
        let height = Int(decoded.height)
        let image = RGBImage(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 3)))
        var texts: [String: String] = [:]
        if readsTexts, let exif = decoded.exif {
            texts = EXIF.texts(Array(UnsafeBufferPointer(start: exif, count: Int(decoded.exifLength))))
        }
        if readsTexts, let comment = decoded.comment, decoded.commentLength > 0, texts["Comment"] == nil {
            texts["Comment"] = EXIF.text(Array(UnsafeBufferPointer(start: comment, count: Int(decoded.commentLength))))
        }
        return DecodedImage(
            format: .jpeg, width: Int(decoded.imageWidth), height: Int(decoded.imageHeight), image: image, texts: texts
        )
    }

    private static func string(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
