// The cell grid that views draw into and the renderer turns into bytes.
//
// Invariant, kept by every mutation: a cell of width 2 at column c < columns - 1 is
// followed by a continuation cell with its style, and a continuation cell is always
// preceded by a cell of width 2. No two-column character starts in the last column,
// and no half of a wide character is ever left alone.

/// A grid of `columns` × `rows` cells, stored row by row. A value type: copies are
/// independent (copy-on-write).
public struct ScreenBuffer: Sendable, Hashable {
    /// The number of columns.
    public private(set) var columns: Int
    /// The number of rows.
    public private(set) var rows: Int
    /// The cells, row by row (`cells[row * columns + column]`).
    public private(set) var cells: [Cell]
    /// The images views placed over cells of this frame, in the order they were
    /// placed, for a renderer that shows real pixels (see ``ImagePlacement``); kept
    /// only while ``collectsImagePlacements`` is set.
    public internal(set) var imagePlacements: [ImagePlacement] = []
    /// Whether image placements are kept: set by a window whose renderer shows
    /// pixels, so that a half-block frame costs nothing more.
    public var collectsImagePlacements = false

    /// A grid of `columns` × `rows` cells, each `filling` (a one-column cell; a space
    /// by default).
    public init(columns: Int, rows: Int, filling: Cell = .blank) {
        precondition(columns >= 0 && rows >= 0, "a screen buffer cannot have a negative size")
        precondition(filling.width == 1, "a screen buffer is filled with one-column cells")
        self.columns = columns
        self.rows = rows
        self.cells = Array(repeating: filling, count: columns * rows)
    }

    /// The whole grid as a rectangle.
    public var bounds: Rect { Rect(column: 0, row: 0, columns: columns, rows: rows) }

    /// The cell at `column`, `row` (both inside the grid).
    public subscript(column: Int, row: Int) -> Cell {
        precondition(column >= 0 && column < columns && row >= 0 && row < rows, "cell outside the screen buffer")
        return cells[row * columns + column]
    }

    /// Writes `text` from `position` rightwards in `style`, one grapheme cluster per
    /// cell (two cells for a wide one), and returns the column after the last cell
    /// written.
    ///
    /// Only cells inside `clip` (the whole grid by default, always intersected with
    /// it) change; text does not wrap. Clusters that take no column (controls, a lone
    /// combining mark) are skipped. A wide character that would cross the clip's right
    /// edge becomes a space and ends the text; one whose left half falls left of the
    /// clip shows its right half as a space. Writing over half of a wide character
    /// turns its other half into a space of that character's style.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, at position: Position, style: Style = .plain,
                             clippedTo clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var column = position.column
        guard position.row >= area.row && position.row < area.endRow else { return column }
        let rowStart = position.row * columns
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in utf8 where byte >= 0x20 && byte < 0x7F {
                if column >= area.endColumn { break }
                if column >= area.column {
                    place(Cell(Character(Unicode.Scalar(byte)), width: 1, style: style), at: rowStart, column)
                }
                column += 1
            }
            return column
        }
        for grapheme in text {
            let width = grapheme.displayWidth
            if width == 0 { continue }
            if column >= area.endColumn { break }
            if column + width > area.endColumn {
                if column >= area.column {
                    place(.blank(style), at: rowStart, column)
                    column += 1
                }
                break
            }
            if column >= area.column {
                place(Cell(grapheme, width: width, style: style), at: rowStart, column)
            } else if column + width > area.column {
                place(.blank(style), at: rowStart, area.column)
            }
            column += width
        }
        return column
    }

    /// Sets every cell of `rect` (clipped to the grid) to `cell`, a one-column cell.
    /// Wide characters cut by the rectangle's edges lose their outside half to a space.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        precondition(cell.width == 1, "fill takes a one-column cell")
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.endRow {
            let rowStart = row * columns
            breakWideCharacter(at: rowStart, area.column)
            breakWideCharacter(at: rowStart, area.endColumn - 1)
            for column in area.column..<area.endColumn {
                cells[rowStart + column] = cell
            }
        }
    }

    /// Sets every cell of `rect` (the whole grid by default) to a space in `style`.
    public mutating func clear(_ rect: Rect? = nil, style: Style = .plain) {
        fill(rect ?? bounds, with: .blank(style))
    }

    /// Sets the cells of `area` (inside the grid) from `source`, a grid of one-column
    /// cells `sourceColumns` wide, starting at `origin` in it. Wide characters cut by
    /// the area's edges lose their outside half to a space.
    mutating func copy(_ source: [Cell], columns sourceColumns: Int, from origin: Position, into area: Rect) {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        source.withUnsafeBufferPointer { source in
            for row in 0..<area.rows {
                let rowStart = (area.row + row) * columns
                breakWideCharacter(at: rowStart, area.column)
                breakWideCharacter(at: rowStart, area.endColumn - 1)
                let sourceStart = (origin.row + row) * sourceColumns + origin.column
                for column in 0..<area.columns {
                    cells[rowStart + area.column + column] = source[sourceStart + column]
                }
            }
        }
    }

    /// Places `image` over the cells `frame` (`visible`: the part of it shown), as
    /// they are drawn now; nothing unless ``collectsImagePlacements`` is set.
    mutating func placeImage(_ image: Image, frame: Rect, visible: Rect) {
        guard collectsImagePlacements else { return }
        let shown = visible.intersection(bounds)
        guard !shown.isEmpty, !frame.isEmpty else { return }
        var drawn: [Cell] = []
        drawn.reserveCapacity(shown.columns * shown.rows)
        for row in shown.row..<shown.endRow {
            drawn.append(contentsOf: cells[row * columns + shown.column..<row * columns + shown.endColumn])
        }
        imagePlacements.append(ImagePlacement(image: image, frame: frame, visible: shown, cells: drawn))
    }

    /// Forgets the images placed so far, for a new frame.
    mutating func removeImagePlacements() {
        if !imagePlacements.isEmpty { imagePlacements.removeAll(keepingCapacity: true) }
    }

    /// Adds `attributes` to the style of every cell of `rect` (clipped to the grid),
    /// keeping the text: reverses or underlines what is drawn there. A wide
    /// character cut by the rectangle's edges changes whole, so both its halves keep
    /// one style.
    mutating func addAttributes(_ attributes: Style.Attributes, to rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, !attributes.isEmpty else { return }
        for row in area.row..<area.endRow {
            let rowStart = row * columns
            var first = area.column, end = area.endColumn
            if cells[rowStart + first].isContinuation { first -= 1 }
            if cells[rowStart + end - 1].width == 2 { end += 1 }
            for index in rowStart + first..<rowStart + end {
                cells[index].style.attributes.formUnion(attributes)
            }
        }
    }

    /// Changes the grid's size, keeping the cells that still fit at their positions and
    /// filling new ones with spaces. A wide character cut by the new right edge becomes
    /// a space.
    public mutating func resize(columns newColumns: Int, rows newRows: Int) {
        precondition(newColumns >= 0 && newRows >= 0, "a screen buffer cannot have a negative size")
        guard newColumns != columns || newRows != rows else { return }
        var resized = Array(repeating: Cell.blank, count: newColumns * newRows)
        let keptColumns = min(columns, newColumns)
        for row in 0..<min(rows, newRows) where keptColumns > 0 {
            let from = row * columns, to = row * newColumns
            for column in 0..<keptColumns {
                resized[to + column] = cells[from + column]
            }
            let last = cells[from + keptColumns - 1]
            if last.width == 2 { resized[to + keptColumns - 1] = .blank(last.style) }
        }
        columns = newColumns
        rows = newRows
        cells = resized
        imagePlacements.removeAll()
    }

    /// The grid as text, one string per row, each cluster once (continuation cells add
    /// nothing). With `keepingTrailingSpaces` false, spaces at the end of each row are
    /// dropped.
    public func lines(keepingTrailingSpaces: Bool = false) -> [String] {
        (0..<rows).map { row in
            var line = ""
            for cell in cells[row * columns..<(row + 1) * columns] where !cell.isContinuation {
                line.append(cell.grapheme)
            }
            if !keepingTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// Stores `cell` at `column` of the row starting at `rowStart`, with its continuation
    /// when it is wide, first splitting any wide character it overlaps.
    private mutating func place(_ cell: Cell, at rowStart: Int, _ column: Int) {
        breakWideCharacter(at: rowStart, column)
        if cell.width == 2 {
            breakWideCharacter(at: rowStart, column + 1)
            cells[rowStart + column] = cell
            cells[rowStart + column + 1] = .continuation(cell.style)
        } else {
            cells[rowStart + column] = cell
        }
    }

    /// If `column` holds half of a wide character, turns the other half into a space of
    /// its style, so that writing over this half leaves no orphan.
    private mutating func breakWideCharacter(at rowStart: Int, _ column: Int) {
        let index = rowStart + column
        let cell = cells[index]
        if cell.isContinuation {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if cell.width == 2 {
            cells[index + 1] = .blank(cell.style)
        }
    }
}

extension ScreenBuffer: CustomStringConvertible {
    /// The rows as text, trailing spaces dropped, joined by newlines.
    public var description: String {
        lines().joined(separator: "\n")
    }
}
