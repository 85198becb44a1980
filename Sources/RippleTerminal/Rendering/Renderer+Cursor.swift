// Cursor movement: the cheapest of absolute and relative moves, or writing through a
// short unchanged run; and the cursor left visible or hidden after a frame.

extension Renderer {
    /// Moves the cursor to `column`, `row` by the shortest sequence: CUP, or a relative
    /// horizontal move (CR, CUF, CUB, CHA) followed by a vertical one (LFs, CUD, CUU).
    /// After the last column (a pending wrap) only absolute horizontal moves are used.
    mutating func moveCursor(to column: Int, row: Int) {
        if let cursor, cursor.column == column, cursor.row == row { return }
        lastPrinted = nil
        defer { self.cursor = (column, row) }
        guard let cursor else {
            appendCursorPosition(column: column, row: row)
            return
        }
        let pendingWrap = cursor.column >= columns
        let horizontal: Int, vertical: Int
        let rowDelta = row - cursor.row
        vertical = rowDelta == 0 ? 0 : (rowDelta > 0 ? min(rowDelta, csiLength(count: rowDelta)) : csiLength(count: -rowDelta))
        horizontal = horizontalMoveLength(from: pendingWrap ? nil : cursor.column, to: column)
        if horizontal + vertical >= cursorPositionLength(column: column, row: row) {
            appendCursorPosition(column: column, row: row)
            return
        }
        appendHorizontalMove(from: pendingWrap ? nil : cursor.column, to: column)
        if rowDelta > 0 {
            if rowDelta <= csiLength(count: rowDelta) {
                for _ in 0..<rowDelta { output.append(0x0A) }
            } else {
                output.appendCSI(count: rowDelta, ControlFinal.cursorDown)
            }
        } else if rowDelta < 0 {
            output.appendCSI(count: -rowDelta, ControlFinal.cursorUp)
        }
    }

    /// Before printing at `column`, `row`: if the cursor is on that row a few unchanged
    /// cells to the left, in the current style, writes them again when that is shorter
    /// than moving over them; otherwise leaves the move to `moveCursor`.
    mutating func writeThroughIfShorter(to column: Int, row: Int, of next: UnsafeBufferPointer<Cell>) {
        guard let cursor, cursor.row == row, cursor.column < column, let pen else { return }
        let start = row * columns
        if next[start + cursor.column].isContinuation { return }
        if let lastPrinted, !lastPrinted.isIsolated { return }
        let budget = horizontalMoveLength(from: cursor.column, to: column)
        var bytes = 0
        for index in start + cursor.column..<start + column {
            let cell = next[index]
            if cell.isContinuation { continue }
            guard cell.isIsolated, colorMode.resolve(cell.style) == pen else { return }
            bytes += cell.grapheme.utf8.count
            if bytes > budget { return }
        }
        for index in start + cursor.column..<start + column where !next[index].isContinuation {
            output.append(contentsOf: next[index].grapheme.utf8)
            lastPrinted = next[index]
        }
        self.cursor = (column, row)
    }

    /// Leaves the cursor visible at `position`, or hidden when `position` is `nil`.
    mutating func placeCursor(_ position: Position?) {
        if let position, position.column >= 0, position.column < columns, position.row >= 0, position.row < rows {
            moveCursor(to: position.column, row: position.row)
            if cursorVisible != true {
                output.appendASCII("\u{1B}[?25h")
                cursorVisible = true
            }
        } else if cursorVisible != false {
            output.appendASCII("\u{1B}[?25l")
            cursorVisible = false
        }
    }

    /// Bytes of the cheapest horizontal move from `from` (`nil`: unknown or a pending
    /// wrap, where only CR and CHA are safe) to `to`.
    private func horizontalMoveLength(from: Int?, to: Int) -> Int {
        if from == to { return 0 }
        if to == 0 { return 1 }
        let absolute = csiLength(count: to + 1)
        guard let from else { return absolute }
        return min(absolute, csiLength(count: abs(to - from)))
    }

    private mutating func appendHorizontalMove(from: Int?, to: Int) {
        if from == to { return }
        if to == 0 {
            output.append(0x0D)
            return
        }
        let absolute = csiLength(count: to + 1)
        if let from, csiLength(count: abs(to - from)) < absolute {
            output.appendCSI(count: abs(to - from), to > from ? ControlFinal.cursorForward : ControlFinal.cursorBack)
        } else {
            output.appendCSI(count: to + 1, ControlFinal.cursorColumn)
        }
    }

    private func cursorPositionLength(column: Int, row: Int) -> Int {
        if column == 0 { return row == 0 ? 3 : 3 + decimalDigits(row + 1) }
        return 4 + decimalDigits(row + 1) + decimalDigits(column + 1)
    }

    private mutating func appendCursorPosition(column: Int, row: Int) {
        output.appendCSI()
        if row > 0 || column > 0 { output.appendDecimal(row + 1) }
        if column > 0 {
            output.append(0x3B)
            output.appendDecimal(column + 1)
        }
        output.append(ControlFinal.cursorPosition)
    }
}
