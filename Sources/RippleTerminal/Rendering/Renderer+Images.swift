// The renderer's images: pixels over the cells that views placed images on, for a
// terminal with kitty graphics or sixel.
//
// Each frame, the placements whose cells nothing covered are the images to show (in
// sixel mode, only those above the last row: a sixel image that reaches the bottom of
// the screen would scroll it). Before the cells are painted, images no longer wanted
// go: kitty deletes them by id; sixel has no deletion, so the cells under a gone
// sixel image are marked unknown and painted again. After the cells, images not yet
// on the screen are sent at their first visible cell: kitty stretches its pixels over
// the cells and leaves the cursor; sixel writes its pixels from the cursor, which is
// unknown afterwards. A frame that repaints everything sends every image again (kitty
// first deletes all of them). An unchanged frame sends nothing.

/// An image the terminal shows: its placement, and its kitty id.
struct ShownImage {
    let placement: ImagePlacement
    let id: UInt32
}

extension Renderer {
    /// The placements of `frame` to show as pixels.
    func imagesToShow(in frame: ScreenBuffer) -> [ImagePlacement] {
        frame.imagePlacements.filter { placement in
            placement.isUncovered(in: frame) && (graphics != .sixel || placement.visible.endRow < frame.rows)
        }
    }

    /// Takes off the screen the images that `wanted` does not keep (all of them when
    /// the screen is about to be repainted), and, in sixel mode, those whose cells
    /// this frame changes.
    mutating func hideImages(keeping wanted: [ImagePlacement], in frame: ScreenBuffer, repaint: Bool) {
        if repaint {
            if graphics == .kitty && !shownImages.isEmpty { KittyGraphics.deleteAll(into: &output) }
            shownImages.removeAll()
            return
        }
        var kept: [ShownImage] = []
        for image in shownImages {
            let stays = wanted.contains(image.placement)
                && (graphics != .sixel || !cellsChange(under: image.placement.visible, in: frame))
            if stays {
                kept.append(image)
                continue
            }
            switch graphics {
            case .kitty:
                KittyGraphics.delete(id: image.id, into: &output)
            case .sixel, .halfBlocks:
                forgetCells(under: image.placement.visible)
            }
        }
        shownImages = kept
    }

    /// Sends the images of `wanted` that the terminal does not show yet.
    mutating func showImages(_ wanted: [ImagePlacement]) {
        for placement in wanted where !shownImages.contains(where: { $0.placement == placement }) {
            let visible = placement.visible
            moveCursor(to: visible.column, row: visible.row)
            let id = nextImageID
            nextImageID = nextImageID == UInt32.max ? 1 : nextImageID + 1
            switch graphics {
            case .kitty:
                let size = pixelSize(of: placement, limitedToSource: true)
                let pixels = placement.visiblePixels(width: size.width, height: size.height)
                var rgba: [UInt8] = []
                rgba.reserveCapacity(pixels.count * 4)
                for pixel in pixels {
                    if let pixel {
                        rgba.append(contentsOf: [UInt8(pixel.red), UInt8(pixel.green), UInt8(pixel.blue), 255])
                    } else {
                        rgba.append(contentsOf: [0, 0, 0, 0])
                    }
                }
                KittyGraphics.show(id: id, rgba: rgba, width: size.width, height: size.height,
                                   columns: visible.columns, rows: visible.rows, into: &output)
            case .sixel:
                let size = pixelSize(of: placement, limitedToSource: false)
                let pixels = placement.visiblePixels(width: size.width, height: size.height)
                output.append(contentsOf: SixelEncoder.encode(pixels, width: size.width, height: size.height))
                cursor = nil
                lastPrinted = nil
            case .halfBlocks:
                continue
            }
            shownImages.append(ShownImage(placement: placement, id: id))
        }
    }

    /// The pixels an image's visible cells hold; for kitty, which scales, no more
    /// than the image has there.
    private func pixelSize(of placement: ImagePlacement, limitedToSource: Bool) -> (width: Int, height: Int) {
        let visible = placement.visible
        let width = visible.columns * cellPixelSize.width
        let height = visible.rows * cellPixelSize.height
        guard limitedToSource else { return (width, height) }
        let sourceWidth = max(visible.columns * placement.image.width / max(placement.frame.columns, 1), 1)
        let sourceHeight = max(visible.rows * placement.image.height / max(placement.frame.rows, 1), 1)
        let scale = min(1, max(Double(sourceWidth) / Double(width), Double(sourceHeight) / Double(height)))
        return (max(Int(Double(width) * scale), 1), max(Int(Double(height) * scale), 1))
    }

    /// Whether `frame` changes any cell of `rect` from what the terminal shows.
    private func cellsChange(under rect: Rect, in frame: ScreenBuffer) -> Bool {
        guard frame.columns == columns, frame.rows == rows else { return true }
        for row in rect.row..<rect.endRow {
            for column in rect.column..<rect.endColumn where frame.cells[row * columns + column] != previous[row * columns + column] {
                return true
            }
        }
        return false
    }

    /// Records the cells of `rect` as unknown, so that the next paint writes them.
    private mutating func forgetCells(under rect: Rect) {
        let area = rect.intersection(Rect(column: 0, row: 0, columns: columns, rows: rows))
        guard !area.isEmpty else { return }
        for row in area.row..<area.endRow {
            for column in area.column..<area.endColumn {
                previous[row * columns + column] = .unknown
            }
        }
    }
}
