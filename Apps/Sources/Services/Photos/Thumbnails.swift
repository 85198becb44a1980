// The thumbnails: the sizes the two APIs name, how each is cut and scaled, and the
// cache they are written to once.
//
// | Variant | Made from | Size |
// |---|---|---|
// | 500px size 3 (`/photos/<id>/3.jpg`) | the centred square | 280×280 (500px's size 3) |
// | 500px size 4 (`/photos/<id>/4.jpg`) | the whole image | 900 px on the longer side |
// | Flickr `_m` (`…_m.jpg`, `…_m.png`) | the whole image | 240 px on the longer side |
// | Flickr `_t` (`…_t.jpg`, `…_t.png`) | the whole image | 100 px on the longer side |
//
// A whole-image variant is never enlarged: an image smaller than its size keeps its
// own. The square is always 280×280, enlarged when the shorter side is less.
//
// Scaling averages areas: each output pixel is the mean of the source pixels its
// rectangle covers, weighted by how much of each it covers (separable, rows first).
// It is the right filter for shrinking photographs (no aliasing, no ringing), and
// degrades to a linear blend when enlarging. Size 4 is scaled from the image, the
// smaller variants from size 4 when it covers them (the square: when size 4's
// shorter side is at least 280), so a large image is scaled down once.
//
// The cache is `photo-thumbnails/` under the data directory, one file per variant,
// named by the source file's content digest (`<digest>-3.jpg`): made by the import,
// once (a later import of the same bytes, at any path, finds them), read by the
// image routes, and pruned of digests no longer in the corpus after each import.
import Foundation
import ImageFormats

/// A thumbnail the services serve.
public enum ThumbnailVariant: String, Sendable, CaseIterable {
    /// 500px size 3: 280×280, the centred square, JPEG.
    case px3 = "3.jpg"
    /// 500px size 4: 900 px on the longer side, JPEG.
    case px4 = "4.jpg"
    /// Flickr `_m`: 240 px on the longer side, JPEG.
    case mediumJPEG = "m.jpg"
    /// Flickr `_m` as PNG.
    case mediumPNG = "m.png"
    /// Flickr `_t`: 100 px on the longer side, JPEG.
    case thumbnailJPEG = "t.jpg"
    /// Flickr `_t` as PNG.
    case thumbnailPNG = "t.png"

    /// The file format.
    public var format: ImageFormat {
        switch self {
        case .mediumPNG, .thumbnailPNG: .png
        default: .jpeg
        }
    }

    /// The longest side the variant is made at most; for ``px3``, its side.
    public var side: Int {
        switch self {
        case .px3: 280
        case .px4: 900
        case .mediumJPEG, .mediumPNG: 240
        case .thumbnailJPEG, .thumbnailPNG: 100
        }
    }

    /// The Flickr variant of a size suffix (`m`, `t`) and extension (`jpg`, `png`).
    public static func flickr(size: String, extension ext: String) -> ThumbnailVariant? {
        switch (size, ext) {
        case ("m", "jpg"): .mediumJPEG
        case ("m", "png"): .mediumPNG
        case ("t", "jpg"): .thumbnailJPEG
        case ("t", "png"): .thumbnailPNG
        default: nil
        }
    }

    /// The size of this variant of an image of `width`×`height`.
    public func size(width: Int, height: Int) -> (width: Int, height: Int) {
        if self == .px3 { return (side, side) }
        let longer = max(width, height)
        guard longer > side else { return (width, height) }
        let scale = Double(side) / Double(longer)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Makes the variant's pixels from an image decoded at any scale of an image of
    /// `width`×`height` (the size is computed from the image's own size, so it does
    /// not depend on how the file was decoded).
    public func make(from image: RGBImage, width: Int, height: Int) -> RGBImage {
        let target = size(width: width, height: height)
        if self == .px3 {
            let side = min(image.width, image.height)
            let square = image.cropped(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side)
            return square.resized(width: target.width, height: target.height)
        }
        return image.resized(width: target.width, height: target.height)
    }

    /// The decoded size a JPEG needs for every variant: its longer side at least 900
    /// (size 4) and its shorter side at least 280 (size 3's square).
    public static let minimumDecodedLong = 900
    /// See ``minimumDecodedLong``.
    public static let minimumDecodedShort = 280
}

extension RGBImage {
    /// The rectangle at (`x`, `y`) of `width`×`height` (inside the image).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBImage {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height)
        if x == 0, y == 0, width == self.width, height == self.height { return self }
        var output = [UInt8]()
        output.reserveCapacity(width * height * 3)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 3
            output += pixels[start..<(start + width * 3)]
        }
        return RGBImage(width: width, height: height, pixels: output)
    }

    /// The image scaled to `width`×`height` by area averaging.
    public func resized(width: Int, height: Int) -> RGBImage {
        precondition(width > 0 && height > 0)
        if width == self.width, height == self.height { return self }
        let columns = AreaWeights(from: self.width, to: width)
        let rows = AreaWeights(from: self.height, to: height)
        let sourceWidth = self.width
        let sourceHeight = self.height
        // Rows first: every source row scaled to the new width, as floats.
        var across = [Float](repeating: 0, count: width * sourceHeight * 3)
        pixels.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { across in
                columns.withPointers { first, count, index, weight in
                    for row in 0..<sourceHeight {
                        let input = row * sourceWidth * 3
                        let output = row * width * 3
                        for column in 0..<width {
                            var red: Float = 0, green: Float = 0, blue: Float = 0
                            for tap in first[column]..<(first[column] + count[column]) {
                                let at = input + index[tap] * 3
                                let w = weight[tap]
                                red += Float(source[at]) * w
                                green += Float(source[at + 1]) * w
                                blue += Float(source[at + 2]) * w
                            }
                            across[output + column * 3] = red
                            across[output + column * 3 + 1] = green
                            across[output + column * 3 + 2] = blue
                        }
                    }
                }
            }
        }
        // Then the columns to the new height, one output row at a time.
        var output = [UInt8](repeating: 0, count: width * height * 3)
        var sum = [Float](repeating: 0, count: width * 3)
        across.withUnsafeBufferPointer { across in
            output.withUnsafeMutableBufferPointer { output in
                sum.withUnsafeMutableBufferPointer { sum in
                    rows.withPointers { first, count, index, weight in
                        let length = width * 3
                        for row in 0..<height {
                            sum.update(repeating: 0)
                            for tap in first[row]..<(first[row] + count[row]) {
                                let input = index[tap] * length
                                let w = weight[tap]
                                for channel in 0..<length {
                                    sum[channel] += across[input + channel] * w
                                }
                            }
                            let start = row * length
                            for channel in 0..<length {
                                output[start + channel] = UInt8(min(max(sum[channel].rounded(), 0), 255))
                            }
                        }
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: output)
    }
}

/// For each of `target` output positions, the source positions its interval covers
/// and their weights (the covered fraction over the interval's length, summing to
/// 1), in flat arrays: output `i` has `count[i]` taps from `first[i]`.
struct AreaWeights {
    var first: [Int] = []
    var count: [Int] = []
    var index: [Int] = []
    var weight: [Float] = []

    init(from source: Int, to target: Int) {
        let scale = Double(source) / Double(target)
        for position in 0..<target {
            let start = Double(position) * scale
            let end = Double(position + 1) * scale
            first.append(index.count)
            var taps = 0
            var at = Int(start.rounded(.down))
            while Double(at) < end, at < source {
                let covered = min(end, Double(at + 1)) - max(start, Double(at))
                if covered > 1e-9 {
                    index.append(at)
                    weight.append(Float(covered / scale))
                    taps += 1
                }
                at += 1
            }
            count.append(taps)
        }
    }

    func withPointers(
        _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> Void
    ) {
        first.withUnsafeBufferPointer { first in
            count.withUnsafeBufferPointer { count in
                index.withUnsafeBufferPointer { index in
                    weight.withUnsafeBufferPointer { weight in body(first, count, index, weight) }
                }
            }
        }
    }
}

/// The thumbnail files under the data directory (see the top of this file).
public struct ThumbnailCache: Sendable {
    /// The folder's name under the data directory.
    public static let folderName = "photo-thumbnails"

    /// The folder.
    public let directory: URL

    /// The cache under a data directory (the folder is made on first write).
    public init(dataDirectory: URL) {
        directory = dataDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
    }

    /// The file of one variant of the image whose content digest is `digest`.
    public func url(digest: String, variant: ThumbnailVariant) -> URL {
        directory.appendingPathComponent("\(digest)-\(variant.rawValue)")
    }

    /// Whether every variant of the digest is in the cache.
    public func hasAll(digest: String) -> Bool {
        ThumbnailVariant.allCases.allSatisfy { FileManager.default.fileExists(atPath: url(digest: digest, variant: $0).path) }
    }

    /// Makes and writes every variant of a decoded image (each file written whole,
    /// then renamed into place, so a reader never sees half of one).
    public func write(digest: String, decoded: DecodedImage) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var made: [ThumbnailVariant: RGBImage] = [:]
        // Size 4 first, from the image; the smaller variants from it when it still
        // covers them (one pass over a 5120×2880 wallpaper instead of four).
        let large = ThumbnailVariant.px4.make(from: decoded.image, width: decoded.width, height: decoded.height)
        made[.px4] = large
        let coversSmaller = min(large.width, large.height) >= ThumbnailVariant.px3.side
        for variant in ThumbnailVariant.allCases {
            // The PNG and JPEG of one size share their pixels.
            let source = variant == .px3 && !coversSmaller ? decoded.image : large
            let pixels = made[variant.sameSize] ?? variant.make(from: source, width: decoded.width, height: decoded.height)
            made[variant.sameSize] = pixels
            let bytes = switch variant.format {
            case .jpeg: try ImageCodec.encodeJPEG(pixels)
            case .png: try ImageCodec.encodePNG(pixels)
            case .webp, .svg: throw ImageCodec.Failure(description: "thumbnails are PNG or JPEG files")
            }
            try Data(bytes).write(to: url(digest: digest, variant: variant), options: [.atomic])
        }
    }

    /// The bytes of one variant, or `nil` when the file is missing.
    public func read(digest: String, variant: ThumbnailVariant) -> [UInt8]? {
        (try? Data(contentsOf: url(digest: digest, variant: variant))).map(Array.init)
    }

    /// Removes the files of every digest not in `keep`.
    public func prune(keeping keep: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            let digest = name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? name
            if !keep.contains(digest) {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
    }
}

extension ThumbnailVariant {
    /// The variant whose pixels this one shares (the JPEG of its size).
    fileprivate var sameSize: ThumbnailVariant {
        switch self {
        case .mediumPNG: .mediumJPEG
        case .thumbnailPNG: .thumbnailJPEG
        default: self
        }
    }
}
