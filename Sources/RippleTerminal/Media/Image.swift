// Image: decoded pixels, as image decoders (libpng, libjpeg) hand them over — the
// value an `ImageView` shows.
//
// Pixels are RGBA8, row by row from the top left, not premultiplied: four bytes a
// pixel, so a `width` × `height` image holds exactly `width * height * 4` bytes; the
// initialiser checks this (and that both sides are at least one pixel) and throws an
// `ImageError` that says what was wrong. The bytes sit in one shared, immutable box:
// copying an image copies a reference, and two copies of one image are the same
// image at once (`isIdentical(to:)`), which is what lets an image view know that an
// image it has already scaled is back without comparing megabytes of pixels.

/// Why bytes could not become an ``Image``.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The width or the height is not at least one pixel.
    case invalidDimensions(width: Int, height: Int)
    /// The `byteCount` pixel bytes given do not hold exactly `width * height` RGBA8
    /// pixels (`width * height * 4` bytes).
    case pixelCountMismatch(width: Int, height: Int, byteCount: Int)

    /// What was wrong, in words: "an image of 2 × 4 pixels needs 32 bytes of RGBA8
    /// pixels (4 a pixel), got 30".
    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            "an image needs a width and a height of at least 1 pixel, got \(width) × \(height)"
        case let .pixelCountMismatch(width, height, byteCount):
            "an image of \(width) × \(height) pixels needs \(width * height * 4) bytes of RGBA8 pixels "
                + "(4 a pixel), got \(byteCount)"
        }
    }
}

/// A decoded image: RGBA8 pixels (not premultiplied), row by row from the top left.
///
/// ```swift
/// let pixels: [UInt8] = [255, 0, 0, 255,   0, 0, 255, 255]   // red, blue
/// let image = try Image(width: 2, height: 1, pixels: pixels)
/// imageView.image = image
/// ```
///
/// Copies share their pixels. Two images are equal when they have the same size and
/// the same bytes.
public struct Image: Sendable, Equatable {
    /// The width in pixels, at least 1.
    public let width: Int
    /// The height in pixels, at least 1.
    public let height: Int
    private let storage: Storage

    /// The shared, immutable pixel bytes.
    private final class Storage: Sendable {
        let pixels: [UInt8]

        init(_ pixels: [UInt8]) {
            self.pixels = pixels
        }
    }

    /// An image of `width` × `height` pixels from `pixels`, four bytes (red, green,
    /// blue, alpha) a pixel, row by row from the top left.
    ///
    /// - Throws: ``ImageError/invalidDimensions(width:height:)`` when a side is
    ///   smaller than one pixel (or the byte count would overflow),
    ///   ``ImageError/pixelCountMismatch(width:height:byteCount:)`` when `pixels` does not
    ///   hold exactly `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        guard width >= 1, height >= 1 else { throw .invalidDimensions(width: width, height: height) }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (expected, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        guard !areaOverflow, !bytesOverflow else { throw .invalidDimensions(width: width, height: height) }
        guard pixels.count == expected else {
            throw .pixelCountMismatch(width: width, height: height, byteCount: pixels.count)
        }
        self.width = width
        self.height = height
        self.storage = Storage(pixels)
    }

    /// The pixel bytes: red, green, blue and alpha for each pixel, row by row.
    public var pixels: [UInt8] {
        storage.pixels
    }

    /// Whether `other` is a copy of this very image (not merely one with the same
    /// pixels): a constant-time check.
    public func isIdentical(to other: Image) -> Bool {
        storage === other.storage
    }

    /// The identity of the pixels, shared by copies: a key for caches that also
    /// keep the image (so that the identity cannot be reused while they do).
    var identity: ObjectIdentifier {
        ObjectIdentifier(storage)
    }

    /// Whether both images have the same size and the same pixel bytes.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.isIdentical(to: rhs) || (lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels)
    }
}
