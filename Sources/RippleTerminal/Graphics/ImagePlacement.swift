// ImagePlacement: an image a view put on a frame, for a renderer that shows pixels.
//
// A view that shows an image draws it in half blocks, as every terminal can show,
// then places the image over those cells. A renderer in half-block mode ignores the
// placement; one in kitty or sixel mode shows the image's pixels over the cells —
// unless something drawn later changed them (an alert over the image, a border), in
// which case the half blocks and what covers them show instead: the cells it drew
// are kept with the placement to tell.

/// An image placed over cells of a frame.
public struct ImagePlacement: Sendable, Hashable {
    /// The image.
    public let image: Image
    /// The cells the whole image covers, in window coordinates (it may reach beyond
    /// the screen or the view's clip).
    public let frame: Rect
    /// The visible part of `frame`: what is shown of the image.
    public let visible: Rect
    /// The cells drawn under the image over `visible`, row by row.
    let cells: [Cell]

    init(image: Image, frame: Rect, visible: Rect, cells: [Cell]) {
        self.image = image
        self.frame = frame
        self.visible = visible
        self.cells = cells
    }

    /// Whether two placements show the same image object over the same frame and
    /// visible part.
    public static func == (lhs: ImagePlacement, rhs: ImagePlacement) -> Bool {
        lhs.frame == rhs.frame && lhs.visible == rhs.visible && lhs.image.isIdentical(to: rhs.image)
    }

    /// Hashes the frame and the visible part (not the image's pixels).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(visible)
    }

    /// Whether `buffer` still shows the cells drawn under the image.
    func isUncovered(in buffer: ScreenBuffer) -> Bool {
        guard !visible.isEmpty, visible.intersection(buffer.bounds) == visible else { return false }
        var index = 0
        for row in visible.row..<visible.endRow {
            for column in visible.column..<visible.endColumn {
                guard buffer.cells[row * buffer.columns + column] == cells[index] else { return false }
                index += 1
            }
        }
        return true
    }

    /// The image's pixels over `visible` only, resampled to `width` × `height` over a
    /// black matte (`nil` where wholly transparent).
    func visiblePixels(width: Int, height: Int) -> [RGB?] {
        let left = (visible.column - frame.column) * image.width / frame.columns
        let right = (visible.endColumn - frame.column) * image.width / frame.columns
        let top = (visible.row - frame.row) * image.height / frame.rows
        let bottom = (visible.endRow - frame.row) * image.height / frame.rows
        let source = image.cropped(x: left, y: top, width: max(right - left, 1), height: max(bottom - top, 1))
        return ImageScaling.resample(source, width: width, height: height, over: RGB(red: 0, green: 0, blue: 0))
    }
}

extension Image {
    /// The part of the image from `x`, `y` of `width` × `height` pixels (clamped to
    /// the image); the image itself when that is all of it.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Image {
        let left = min(max(x, 0), self.width - 1), top = min(max(y, 0), self.height - 1)
        let columns = min(width, self.width - left), rows = min(height, self.height - top)
        guard columns != self.width || rows != self.height else { return self }
        let source = pixels
        var cropped: [UInt8] = []
        cropped.reserveCapacity(columns * rows * 4)
        for row in top..<top + rows {
            let start = (row * self.width + left) * 4
            cropped.append(contentsOf: source[start..<start + columns * 4])
        }
        // The size is within the image's and the pixel count matches it.
        return try! Image(width: columns, height: rows, pixels: cropped)
    }
}
