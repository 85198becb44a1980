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
    ///
    /// The box filter is separable, so it runs in two steps: a source row is
    /// resampled across to `width` columns (premultiplied sums weighted by the column
    /// spans), once, when the first target row that covers it needs it; each target
    /// row then adds up the resampled source rows it covers, weighted by the row
    /// spans. The integer sums are those of a single pass over every (row, column)
    /// pair, so the result is the same, exactly; the work is about one multiply-add
    /// per source pixel and channel instead of one per pair, and the memory two rows.
    ///
    /// The sums use wrapping arithmetic (a third fewer instructions than checked):
    /// none can overflow, as the largest, a target pixel's, is at most
    /// 255 × 255 × the source's pixel count, far below `Int.max` for any image that
    /// fits in memory.
    static func resample(_ image: Image, width: Int, height: Int, over matte: RGB) -> [RGB?] {
        let columnSpans = Spans(source: image.width, target: width)
        let rowSpans = Spans(source: image.height, target: height)
        let sourceWidth = image.width
        // Every target pixel's weights add up to the source's width times its height.
        let scale = 255 * sourceWidth * image.height
        let rowLength = width * 4
        var result: [RGB?] = []
        result.reserveCapacity(width * height)
        // `line`: the source row `lineRow` resampled across: for each target column,
        // the sums of alpha × weight and of red, green and blue × alpha × weight.
        // `down`: the target row being summed, the same four sums per column.
        var line = [Int](repeating: 0, count: rowLength)
        var down = [Int](repeating: 0, count: rowLength)
        image.pixels.withUnsafeBufferPointer { pixels in
            line.withUnsafeMutableBufferPointer { line in
                down.withUnsafeMutableBufferPointer { down in
                    columnSpans.withPointers { columnIndices, columnWeights, columnStarts in
                        rowSpans.withPointers { rowIndices, rowWeights, rowStarts in
                            guard let pixels = pixels.baseAddress, let line = line.baseAddress,
                                  let down = down.baseAddress else { return }
                            var lineRow = -1
                            for targetRow in 0..<height {
                                down.update(repeating: 0, count: rowLength)
                                for rowEntry in rowStarts[targetRow]..<rowStarts[targetRow + 1] {
                                    let sourceRow = rowIndices[rowEntry]
                                    if sourceRow != lineRow {
                                        lineRow = sourceRow
                                        let rowPixels = pixels + sourceRow * sourceWidth * 4
                                        for targetColumn in 0..<width {
                                            var alpha = 0, red = 0, green = 0, blue = 0
                                            for entry in columnStarts[targetColumn]..<columnStarts[targetColumn + 1] {
                                                let pixel = rowPixels + columnIndices[entry] &* 4
                                                let weightedAlpha = Int(pixel[3]) &* columnWeights[entry]
                                                alpha &+= weightedAlpha
                                                red &+= Int(pixel[0]) &* weightedAlpha
                                                green &+= Int(pixel[1]) &* weightedAlpha
                                                blue &+= Int(pixel[2]) &* weightedAlpha
                                            }
                                            let sums = line + targetColumn * 4
                                            sums[0] = alpha
                                            sums[1] = red
                                            sums[2] = green
                                            sums[3] = blue
                                        }
                                    }
                                    let weight = rowWeights[rowEntry]
                                    for position in 0..<rowLength {
                                        down[position] &+= line[position] &* weight
                                    }
                                }
                                for targetColumn in 0..<width {
                                    let sums = down + targetColumn * 4
                                    let alpha = sums[0]
                                    guard alpha > 0 else {
                                        result.append(nil)
                                        continue
                                    }
                                    // colour = premultiplied average + matte × (1 − average alpha), rounded.
                                    let uncovered = scale - alpha
                                    func channel(_ premultiplied: Int, _ matte: Int) -> Int {
                                        (premultiplied + matte * uncovered + scale / 2) / scale
                                    }
                                    result.append(RGB(red: channel(sums[1], matte.red),
                                                      green: channel(sums[2], matte.green),
                                                      blue: channel(sums[3], matte.blue)))
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// For each of `target` pixels along an axis of `source` pixels, the source
    /// pixels it covers and their weights: the length each shares with it, in units
    /// of `1 / target` source pixel (so a target pixel's weights add up to `source`).
    /// Flat: the entries of target pixel p are `indices` and `weights` at
    /// `starts[p]..<starts[p + 1]`, in increasing source order.
    private struct Spans {
        var indices: [Int] = []
        var weights: [Int] = []
        var starts: [Int] = []

        init(source: Int, target: Int) {
            indices.reserveCapacity(source + target)
            weights.reserveCapacity(source + target)
            starts.reserveCapacity(target + 1)
            for position in 0..<target {
                starts.append(indices.count)
                // The target pixel covers [position × source, (position + 1) × source),
                // source pixel s covers [s × target, (s + 1) × target).
                let start = position * source, end = start + source
                var index = start / target
                while index * target < end {
                    let overlap = min(end, (index + 1) * target) - max(start, index * target)
                    if overlap > 0 {
                        indices.append(index)
                        weights.append(overlap)
                    }
                    index += 1
                }
            }
            starts.append(indices.count)
        }

        /// Calls `body` with the entries' source indices, their weights and the
        /// start of each target pixel's entries (target pixel p: `starts[p]..<starts[p + 1]`).
        func withPointers(
            _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>) -> Void
        ) {
            indices.withUnsafeBufferPointer { indices in
                weights.withUnsafeBufferPointer { weights in
                    starts.withUnsafeBufferPointer { starts in
                        body(indices, weights, starts)
                    }
                }
            }
        }
    }
}
