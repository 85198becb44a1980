// ImageScaling: fitting an image into a view's pixels, and resampling it by area
// averaging.
//
// A terminal cell shows two pixels, one above the other (a half block), and is about
// twice as tall as it is wide, so a view of C × R cells is a grid of C × 2R roughly
// square pixels. An image is fitted into it with its aspect ratio kept (scaled up or
// down), rounded to whole pixels, at least one pixel a side.
//
// Resampling is a box filter over exact areas: each target pixel covers a rectangle
// of the source, `S / T` source pixels a side, and takes the average of the source
// pixels under it, each weighted by the area it shares with the rectangle. The
// weights are integers (lengths measured in units of `1 / T` pixel), so the result
// does not depend on floating-point rounding: a pixel that maps one to one keeps its
// exact colour. Shrinking, every source pixel counts (no aliasing from skipped
// pixels); enlarging, a target pixel inside one source pixel takes its colour and one
// straddling two blends them. Colours are averaged premultiplied by alpha, then laid
// over an opaque matte colour: a half-transparent pixel shows half the matte, and a
// target pixel whose whole area is transparent is `nil`, so the view's own background
// shows there (the terminal's default background included).

/// An opaque colour's channels, 0–255.
struct RGB: Hashable {
    var red: Int
    var green: Int
    var blue: Int
}

/// Fitting and area-averaging resampling of RGBA8 images.
enum ImageScaling {
    /// The size in pixels of an image of `width` × `height` pixels scaled to fit in
    /// `columns` × `rows` pixels with its aspect ratio kept, rounded to whole pixels:
    /// one side fills the space, the other is in proportion (at least 1). Zero when
    /// the space is empty.
    static func fittedSize(width: Int, height: Int, into columns: Int, _ rows: Int) -> (width: Int, height: Int) {
        guard columns > 0, rows > 0 else { return (0, 0) }
        if width * rows <= height * columns {
            // Relatively taller than the space: the height fills it.
            let fitted = (2 * width * rows + height) / (2 * height)
            return (min(max(fitted, 1), columns), rows)
        }
        let fitted = (2 * height * columns + width) / (2 * width)
        return (columns, min(max(fitted, 1), rows))
    }

    /// `image` resampled to `width` × `height` pixels (each at least 1) by area
    /// averaging, laid over `matte`: row by row, `nil` where the pixel's area is
    /// wholly transparent.
    static func resample(_ image: Image, width: Int, height: Int, over matte: RGB) -> [RGB?] {
        let columnSpans = Spans(source: image.width, target: width)
        let rowSpans = Spans(source: image.height, target: height)
        // Every target pixel's weights add up to the source's width times its height.
        let totalWeight = image.width * image.height
        let sourceWidth = image.width
        let scale = 255 * totalWeight
        var result: [RGB?] = []
        result.reserveCapacity(width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for targetRow in 0..<height {
                for targetColumn in 0..<width {
                    var alpha = 0, red = 0, green = 0, blue = 0
                    for rowEntry in rowSpans.range(of: targetRow) {
                        let (sourceRow, rowWeight) = rowSpans.entries[rowEntry]
                        let rowStart = sourceRow * sourceWidth
                        for columnEntry in columnSpans.range(of: targetColumn) {
                            let (sourceColumn, columnWeight) = columnSpans.entries[columnEntry]
                            let index = (rowStart + sourceColumn) * 4
                            let weightedAlpha = Int(pixels[index + 3]) * rowWeight * columnWeight
                            alpha += weightedAlpha
                            red += Int(pixels[index]) * weightedAlpha
                            green += Int(pixels[index + 1]) * weightedAlpha
                            blue += Int(pixels[index + 2]) * weightedAlpha
                        }
                    }
                    guard alpha > 0 else {
                        result.append(nil)
                        continue
                    }
                    // colour = premultiplied average + matte × (1 − average alpha), rounded.
                    let uncovered = scale - alpha
                    func channel(_ premultiplied: Int, _ matte: Int) -> Int {
                        (premultiplied + matte * uncovered + scale / 2) / scale
                    }
                    result.append(RGB(red: channel(red, matte.red), green: channel(green, matte.green),
                                      blue: channel(blue, matte.blue)))
                }
            }
        }
        return result
    }

    /// For each of `target` pixels along an axis of `source` pixels, the source
    /// pixels it covers and their weights: the length each shares with it, in units
    /// of `1 / target` source pixel (so a target pixel's weights add up to `source`).
    /// Flat: the entries of target pixel p are `entries[starts[p]..<starts[p + 1]]`.
    private struct Spans {
        var entries: [(index: Int, weight: Int)] = []
        var starts: [Int] = []

        init(source: Int, target: Int) {
            entries.reserveCapacity(source + target)
            starts.reserveCapacity(target + 1)
            for position in 0..<target {
                starts.append(entries.count)
                // The target pixel covers [position × source, (position + 1) × source),
                // source pixel s covers [s × target, (s + 1) × target).
                let start = position * source, end = start + source
                var index = start / target
                while index * target < end {
                    let overlap = min(end, (index + 1) * target) - max(start, index * target)
                    if overlap > 0 { entries.append((index, overlap)) }
                    index += 1
                }
            }
            starts.append(entries.count)
        }

        func range(of position: Int) -> Range<Int> {
            starts[position]..<starts[position + 1]
        }
    }
}
