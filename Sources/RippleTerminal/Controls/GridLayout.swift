// GridLayout: where a grid's cells go — the arithmetic of GridView, kept apart so that
// the view only manages cells.
//
// Content coordinates: row 0 is the top of the content, which scrolls under the view
// by `offset` rows. Cells of a fixed size sit in lines, as many to a line as fit the
// width between the insets with `columnSpacing` columns between them (at least one),
// left-aligned; lines follow each other with `rowSpacing` rows between them, the
// insets around them all. Item `i` sits in line `i / itemsPerLine`, at place
// `i % itemsPerLine`. A cell is visible when any of its rows is in the view.

/// The geometry of a grid of `itemCount` cells in a view `width` × `viewportRows`.
struct GridLayout {
    /// Where to scroll an item to.
    enum Placement {
        /// As little as it takes to show the item (with the row of spacing around it,
        /// where the selection frame is drawn); no scrolling when it shows.
        case nearest
        /// The item's middle at the view's middle.
        case centred
    }

    let cellSize: Size
    let columnSpacing: Int
    let rowSpacing: Int
    let insets: Insets
    let width: Int
    let viewportRows: Int
    let itemCount: Int

    /// Columns a cell and the spacing after it take.
    var columnStride: Int { cellSize.columns + columnSpacing }
    /// Rows a line and the spacing after it take.
    var lineStride: Int { cellSize.rows + rowSpacing }

    /// How many cells fit across, at least one.
    var itemsPerLine: Int {
        max((width - insets.left - insets.right + columnSpacing) / columnStride, 1)
    }

    /// How many lines the items take.
    var lineCount: Int {
        (itemCount + itemsPerLine - 1) / itemsPerLine
    }

    /// The content's height: the lines, their spacing and the insets.
    var contentHeight: Int {
        let lines = lineCount
        return insets.top + lines * cellSize.rows + max(lines - 1, 0) * rowSpacing + insets.bottom
    }

    /// The largest offset: the content's end at the view's bottom edge (0 when it
    /// all fits).
    var maximumOffset: Int {
        max(contentHeight - viewportRows, 0)
    }

    /// How many whole lines the view shows at once, at least one: a page.
    var pageLines: Int {
        max((viewportRows + rowSpacing) / lineStride, 1)
    }

    /// `offset` kept between 0 and the largest offset.
    func clamped(_ offset: Int) -> Int {
        min(max(offset, 0), maximumOffset)
    }

    /// The line of item `index`.
    func line(of index: Int) -> Int {
        index / itemsPerLine
    }

    /// The rectangle of item `index`, in content coordinates.
    func rect(ofItemAt index: Int) -> Rect {
        Rect(column: insets.left + index % itemsPerLine * columnStride,
             row: insets.top + line(of: index) * lineStride,
             columns: cellSize.columns, rows: cellSize.rows)
    }

    /// The items with at least one row in a view scrolled by `offset`.
    func visibleItems(offset: Int) -> Range<Int> {
        guard viewportRows > 0, itemCount > 0 else { return 0..<0 }
        // A line is in view when it ends below `offset` and starts above the bottom.
        let firstLine = max(floorDivision(offset - insets.top - cellSize.rows, lineStride) + 1, 0)
        let endLine = min(max(ceilingDivision(offset + viewportRows - insets.top, lineStride), 0), lineCount)
        guard firstLine < endLine else { return 0..<0 }
        return firstLine * itemsPerLine..<min(endLine * itemsPerLine, itemCount)
    }

    /// The item whose cell holds `position` (content coordinates), if any: none over
    /// the spacing, the insets, or past the last item.
    func item(at position: Position) -> Int? {
        let row = position.row - insets.top, column = position.column - insets.left
        guard row >= 0, column >= 0 else { return nil }
        let line = row / lineStride, place = column / columnStride
        guard row % lineStride < cellSize.rows, column % columnStride < cellSize.columns,
              place < itemsPerLine else { return nil }
        let index = line * itemsPerLine + place
        return index < itemCount ? index : nil
    }

    /// The offset that shows item `index` as `placement` asks, starting from
    /// `offset`, clamped.
    func offset(showing index: Int, _ placement: Placement, from offset: Int) -> Int {
        let top = rect(ofItemAt: index).row
        switch placement {
        case .centred:
            return clamped(floorDivision(2 * top + cellSize.rows - viewportRows, 2))
        case .nearest:
            let line = line(of: index)
            let margin = min(rowSpacing, 1)
            let upper = line == 0 ? 0 : top - margin
            let lower = line == lineCount - 1 ? contentHeight : top + cellSize.rows + margin
            if upper < offset { return clamped(upper) }
            if lower > offset + viewportRows { return clamped(min(lower - viewportRows, upper)) }
            return clamped(offset)
        }
    }

    private func floorDivision(_ dividend: Int, _ divisor: Int) -> Int {
        let quotient = dividend / divisor
        return dividend % divisor != 0 && dividend < 0 ? quotient - 1 : quotient
    }

    private func ceilingDivision(_ dividend: Int, _ divisor: Int) -> Int {
        -floorDivision(-dividend, divisor)
    }
}
