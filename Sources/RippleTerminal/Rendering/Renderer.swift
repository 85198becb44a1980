// The diff renderer: turns each new frame into the bytes that change the terminal's
// screen from the previous frame into it.
//
// Guarantees (checked by replaying its bytes through an independent VT parser):
// - after the bytes of any sequence of frames, the terminal shows exactly the last
//   frame, cell by cell: graphemes, widths and styles (colours as `colorMode` shows
//   them);
// - only changed cells are written (plus short unchanged runs written through where
//   that is shorter than a cursor move), in row order, left to right;
// - a two-column character is written once, at its left cell; a narrow character that
//   overwrites half of a wide one is followed by whatever the frame holds next to it;
// - no text is written into a position that would wrap or scroll;
// - two adjacent clusters that Unicode would join into one (regional indicators, a
//   lone emoji modifier, Hangul jamo …) are never written in one run: a cursor
//   positioning sequence separates them, so a grapheme-aware terminal keeps them apart;
// - the SGR state changes only by the attributes and colours that differ; a reset
//   (SGR 0) is used only when an attribute must be turned off and it is shorter;
// - a frame equal to the previous one writes nothing.

/// Turns frames (`ScreenBuffer`s) into terminal output, keeping the previous frame so
/// that only changed cells are written.
///
/// The first frame, a frame of another size, and the frame after `invalidate()` clear
/// the screen and paint everything; later frames write only what changed. The bytes of
/// the last `render` are in `output`, a buffer reused from frame to frame.
public struct Renderer: Sendable {
    /// The colours the terminal can show; every cell's colours are mapped into it.
    public let colorMode: ColorMode
    /// Whether each frame's bytes are wrapped in synchronized output (DEC private mode
    /// 2026 set/reset), so that a terminal that knows the mode shows the frame at once.
    public var synchronizedOutput: Bool
    /// The bytes of the last `render`, to write to the terminal.
    public internal(set) var output: [UInt8] = []

    /// What the terminal shows, as far as the renderer wrote it.
    var previous: [Cell] = []
    var columns = 0
    var rows = 0
    var needsFullRepaint = true
    /// The terminal's SGR state (resolved colours); `nil` when unknown.
    var pen: Style?
    /// The cursor's column (`columns` while a wrap is pending after the last column)
    /// and row; `nil` when unknown.
    var cursor: (column: Int, row: Int)?
    /// The cell printed just before the cursor, while nothing has moved the cursor
    /// since: the next cluster printed could join it.
    var lastPrinted: Cell?
    /// Whether the terminal shows its cursor; `nil` when unknown.
    var cursorVisible: Bool?
    /// How images placed on frames reach the screen: in half blocks (the frame's
    /// cells alone), or as pixels over those cells (see Renderer+Images.swift).
    public var graphics: TerminalGraphics
    /// The size of a cell in the terminal's pixels, which images are scaled for.
    public var cellPixelSize: CellPixelSize
    /// The images the terminal shows, as far as the renderer put them there.
    var shownImages: [ShownImage] = []
    /// The kitty image id of the next image shown.
    var nextImageID: UInt32 = 1

    /// A renderer for a terminal that shows `colorMode`'s colours, optionally wrapping
    /// each frame in synchronized output, showing images as `graphics` says (cells of
    /// `cellPixelSize`).
    public init(colorMode: ColorMode = .trueColor, synchronizedOutput: Bool = false,
                graphics: TerminalGraphics = .halfBlocks, cellPixelSize: CellPixelSize = .typical) {
        self.colorMode = colorMode
        self.synchronizedOutput = synchronizedOutput
        self.graphics = graphics
        self.cellPixelSize = cellPixelSize
    }

    /// Makes the next `render` clear the screen and paint everything, as needed after
    /// the terminal was cleared or written to by someone else, or after a window size
    /// change (the terminal may have reflowed its content): the renderer then assumes
    /// nothing about the terminal's colours, cursor position or cursor visibility.
    public mutating func invalidate() {
        needsFullRepaint = true
        pen = nil
        cursor = nil
        cursorVisible = nil
        lastPrinted = nil
    }

    /// Puts the bytes that turn the terminal's screen into `frame` into `output` and
    /// returns how many there are (0 when nothing changed).
    ///
    /// With `cursor` inside the frame, the terminal's cursor is left visible at that
    /// position (for a text field); without, it is hidden.
    @discardableResult
    public mutating func render(_ frame: ScreenBuffer, cursor visibleCursor: Position? = nil) -> Int {
        output.removeAll(keepingCapacity: true)
        if synchronizedOutput { output.appendASCII("\u{1B}[?2026h") }
        let bodyStart = output.count
        let repaint = needsFullRepaint || frame.columns != columns || frame.rows != rows
        let images = graphics == .halfBlocks ? [] : imagesToShow(in: frame)
        if !images.isEmpty || !shownImages.isEmpty {
            hideImages(keeping: images, in: frame, repaint: repaint)
        }
        if repaint {
            clearScreen(columns: frame.columns, rows: frame.rows)
        }
        var shown = previous
        previous = []
        frame.cells.withUnsafeBufferPointer { next in
            for row in 0..<(columns > 0 ? rows : 0) {
                paintRow(row, of: next, over: &shown)
            }
        }
        previous = shown
        if !images.isEmpty { showImages(images) }
        placeCursor(visibleCursor)
        if output.count == bodyStart {
            output.removeAll(keepingCapacity: true)
        } else if synchronizedOutput {
            output.appendASCII("\u{1B}[?2026l")
        }
        return output.count
    }

    /// Resets the SGR state, homes the cursor and erases the screen; the screen is then
    /// all blanks in the default style.
    private mutating func clearScreen(columns newColumns: Int, rows newRows: Int) {
        if pen != .plain {
            output.appendCSI()
            output.append(ControlFinal.graphicRendition)
            pen = .plain
        }
        output.appendCSI()
        output.append(ControlFinal.cursorPosition)
        output.appendCSI(count: 2, ControlFinal.eraseDisplay)
        cursor = (0, 0)
        lastPrinted = nil
        columns = newColumns
        rows = newRows
        if previous.count == newColumns * newRows {
            previous.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
        } else {
            previous = Array(repeating: .blank, count: newColumns * newRows)
        }
        needsFullRepaint = false
    }

    /// Writes the changed cells of `row`, erasing a changed blank tail with EL when
    /// that is shorter, and records them in `shown`.
    private mutating func paintRow(_ row: Int, of next: UnsafeBufferPointer<Cell>, over shown: inout [Cell]) {
        let start = row * columns
        var column = shown.withUnsafeBufferPointer { shown in
            firstDifference(next.baseAddress! + start, shown.baseAddress! + start, count: columns)
        }
        guard column < columns else { return }
        let eraseFrom = erasableTail(row, of: next, shown: shown, from: column)
        while column < eraseFrom {
            let index = start + column
            let cell = next[index]
            if cell.isContinuation || cell == shown[index] {
                column += 1
                continue
            }
            writeThroughIfShorter(to: column, row: row, of: next)
            write(cell, column: column, row: row)
            shown[index] = cell
            if cell.width == 2 { shown[index + 1] = next[index + 1] }
            column += cell.width
        }
        if eraseFrom < columns {
            moveCursor(to: eraseFrom, row: row)
            setPen(colorMode.resolve(Style(background: next[start + eraseFrom].style.background)))
            output.appendCSI()
            output.append(ControlFinal.eraseLine)
            for index in start + eraseFrom..<start + columns { shown[index] = next[index] }
        }
    }

    /// The column from which EL should erase the rest of `row`, or `columns` when
    /// writing the changed cells is as short: the tail must be blanks with the default
    /// foreground, no attributes and one background, and hold at least four changed
    /// cells or two separate changed runs.
    private func erasableTail(_ row: Int, of next: UnsafeBufferPointer<Cell>, shown: [Cell], from firstChanged: Int) -> Int {
        let start = row * columns
        let background = next[start + columns - 1].style.background
        var tail = columns
        while tail > firstChanged, isErasedBlank(next[start + tail - 1], background: background) { tail -= 1 }
        var changed = 0, runs = 0, inRun = false
        var eraseFrom = columns
        for column in tail..<columns {
            if next[start + column] != shown[start + column] {
                if eraseFrom == columns { eraseFrom = column }
                changed += 1
                if !inRun { runs += 1 }
                inRun = true
            } else {
                inRun = false
            }
        }
        return changed >= 4 || runs >= 2 ? eraseFrom : columns
    }

    /// The index of the first of `count` cells where `next` differs from `shown`, or
    /// `count`. Cells whose bytes are identical are equal (same inline grapheme or same
    /// string storage, same style), so the bytes are compared first and `==` decides
    /// only for cells whose bytes differ.
    private func firstDifference(_ next: UnsafePointer<Cell>, _ shown: UnsafePointer<Cell>, count: Int) -> Int {
        let stride = MemoryLayout<Cell>.stride
        let words = MemoryLayout<Cell>.size / 8
        let rest = MemoryLayout<Cell>.size % 8
        let nextBytes = UnsafeRawPointer(next), shownBytes = UnsafeRawPointer(shown)
        for index in 0..<count {
            let offset = index * stride
            var identical = true
            for word in 0..<words where identical {
                identical = nextBytes.loadUnaligned(fromByteOffset: offset + word * 8, as: UInt64.self)
                    == shownBytes.loadUnaligned(fromByteOffset: offset + word * 8, as: UInt64.self)
            }
            for byte in 0..<rest where identical {
                identical = nextBytes.load(fromByteOffset: offset + words * 8 + byte, as: UInt8.self)
                    == shownBytes.load(fromByteOffset: offset + words * 8 + byte, as: UInt8.self)
            }
            if !identical && next[index] != shown[index] { return index }
        }
        return count
    }

    /// Whether `cell` looks like a cell erased with `background` as the SGR background.
    private func isErasedBlank(_ cell: Cell, background: Color) -> Bool {
        cell.grapheme == " " && !cell.isContinuation && cell.style.attributes.isEmpty
            && cell.style.foreground == .default && cell.style.background == background
    }

    /// Moves the cursor to `column`, `row` and prints `cell` there, separated from the
    /// cluster printed just before when Unicode would join the two.
    private mutating func write(_ cell: Cell, column: Int, row: Int) {
        moveCursor(to: column, row: row)
        if let last = lastPrinted, joins(last, cell) {
            output.appendCSI(count: column + 1, ControlFinal.cursorColumn)
        }
        setPen(colorMode.resolve(cell.style))
        output.append(contentsOf: cell.grapheme.utf8)
        lastPrinted = cell
        cursor = (column + cell.width, row)
    }

    /// Whether printing `next` right after `last` would make one grapheme cluster of
    /// the two.
    private func joins(_ last: Cell, _ next: Cell) -> Bool {
        if last.isIsolated && next.isIsolated { return false }
        var pair = String(last.grapheme)
        pair.append(next.grapheme)
        var clusters = pair.makeIterator()
        return clusters.next() != last.grapheme || clusters.next() != next.grapheme || clusters.next() != nil
    }
}
