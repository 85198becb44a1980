import RippleTerminal
import Testing

@Suite struct ScreenBufferTests {
    private let red = Style(foreground: .red)

    @Test func aNewBufferIsBlank() {
        let buffer = ScreenBuffer(columns: 4, rows: 2)
        #expect(buffer.lines() == ["", ""])
        #expect(buffer.lines(keepingTrailingSpaces: true) == ["    ", "    "])
        #expect(buffer.cells.allSatisfy { $0 == .blank })
    }

    @Test func putWritesOneClusterPerCellAndReturnsTheNextColumn() {
        var buffer = ScreenBuffer(columns: 10, rows: 2)
        let end = buffer.put("abc", at: Position(column: 2, row: 1), style: red)
        #expect(end == 5)
        #expect(buffer.lines() == ["", "  abc"])
        #expect(buffer[2, 1].grapheme == "a")
        #expect(buffer[2, 1].style == red)
        #expect(buffer[5, 1] == .blank)
    }

    @Test func aWideCharacterTakesItsCellAndAContinuation() {
        var buffer = ScreenBuffer(columns: 6, rows: 1)
        let end = buffer.put("中a", at: Position(column: 1, row: 0), style: red)
        #expect(end == 4)
        #expect(buffer[1, 0].grapheme == "中")
        #expect(buffer[1, 0].width == 2)
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[2, 0].width == 0)
        #expect(buffer[2, 0].style == red)
        #expect(buffer[3, 0].grapheme == "a")
        #expect(buffer.description == " 中a")
    }

    @Test func emojiSequencesTakeTwoCellsAsOneCluster() {
        var buffer = ScreenBuffer(columns: 8, rows: 1)
        let end = buffer.put("👨\u{200D}👩\u{200D}👧🇯🇵e\u{301}", at: Position(column: 0, row: 0))
        #expect(end == 5)
        #expect(buffer[0, 0].grapheme == "👨\u{200D}👩\u{200D}👧")
        #expect(buffer[2, 0].grapheme == "🇯🇵")
        #expect(buffer[4, 0].grapheme == "e\u{301}")
    }

    @Test func aWideCharacterThatDoesNotFitAtTheRightEdgeBecomesASpace() {
        var buffer = ScreenBuffer(columns: 5, rows: 1)
        buffer.put("xxxxx", at: Position(column: 0, row: 0))
        let end = buffer.put("ab中文", at: Position(column: 2, row: 0), style: red)
        #expect(end == 5)
        #expect(buffer.lines(keepingTrailingSpaces: true) == ["xxab "])
        #expect(buffer[4, 0] == Cell.blank(red))
    }

    @Test func textStopsAtTheRightEdge() {
        var buffer = ScreenBuffer(columns: 4, rows: 1)
        #expect(buffer.put("abcdef", at: Position(column: 1, row: 0)) == 4)
        #expect(buffer.description == " abc")
    }

    @Test func overwritingTheLeftHalfOfAWideCharacterClearsItsRightHalf() {
        var buffer = ScreenBuffer(columns: 4, rows: 1)
        buffer.put("中", at: Position(column: 0, row: 0), style: red)
        buffer.put("x", at: Position(column: 0, row: 0))
        #expect(buffer[1, 0] == Cell.blank(red))
        #expect(buffer.lines(keepingTrailingSpaces: true) == ["x   "])
    }

    @Test func overwritingTheRightHalfOfAWideCharacterClearsItsLeftHalf() {
        var buffer = ScreenBuffer(columns: 4, rows: 1)
        buffer.put("中", at: Position(column: 0, row: 0), style: red)
        buffer.put("x", at: Position(column: 1, row: 0))
        #expect(buffer[0, 0] == Cell.blank(red))
        #expect(buffer.lines(keepingTrailingSpaces: true) == [" x  "])
    }

    @Test func aWideCharacterOverTwoWideHalvesClearsBothOuterHalves() {
        var buffer = ScreenBuffer(columns: 6, rows: 1)
        buffer.put("中文", at: Position(column: 0, row: 0))
        buffer.put("字", at: Position(column: 1, row: 0))
        #expect(buffer.lines(keepingTrailingSpaces: true) == [" 字   "])
        #expect(!buffer.cells.enumerated().contains { index, cell in
            cell.isContinuation && buffer.cells[index - 1].width != 2
        })
    }

    @Test func clusterThatTakeNoColumnAreSkipped() {
        var buffer = ScreenBuffer(columns: 6, rows: 1)
        let end = buffer.put("\u{301}a\tb\u{200B}c", at: Position(column: 0, row: 0))
        #expect(end == 3)
        #expect(buffer.description == "abc")
    }

    @Test func putOutsideTheClipChangesNothing() {
        var buffer = ScreenBuffer(columns: 6, rows: 3)
        let clip = Rect(column: 1, row: 1, columns: 3, rows: 1)
        #expect(buffer.put("abc", at: Position(column: 0, row: 0), clippedTo: clip) == 0)
        #expect(buffer.put("abcdef", at: Position(column: 0, row: 1), clippedTo: clip) == 4)
        #expect(buffer.lines() == ["", " bcd", ""])
    }

    @Test func aWideCharacterCutByTheClipShowsASpace() {
        var buffer = ScreenBuffer(columns: 6, rows: 1)
        buffer.put("xxxxxx", at: Position(column: 0, row: 0))
        let clip = Rect(column: 1, row: 0, columns: 4, rows: 1)
        let end = buffer.put("中文字", at: Position(column: 0, row: 0), style: red, clippedTo: clip)
        #expect(end == 5)
        #expect(buffer.lines(keepingTrailingSpaces: true) == ["x 文 x"])
        #expect(buffer[1, 0] == Cell.blank(red))
        #expect(buffer[4, 0] == Cell.blank(red))
    }

    @Test func putAtANegativeColumnShowsWhatReachesTheGrid() {
        var buffer = ScreenBuffer(columns: 4, rows: 1)
        #expect(buffer.put("abcdef", at: Position(column: -2, row: 0)) == 4)
        #expect(buffer.description == "cdef")
    }

    @Test func fillSetsARegionAndSplitsWideCharactersAtItsEdges() {
        var buffer = ScreenBuffer(columns: 6, rows: 2)
        buffer.put("中文字", at: Position(column: 0, row: 0))
        buffer.fill(Rect(column: 1, row: 0, columns: 2, rows: 2), with: Cell("#")!)
        #expect(buffer.lines(keepingTrailingSpaces: true) == [" ## 字", " ##   "])
    }

    @Test func clearBlanksARegionInAStyle() {
        var buffer = ScreenBuffer(columns: 4, rows: 2)
        buffer.put("abcd", at: Position(column: 0, row: 0))
        buffer.put("efgh", at: Position(column: 0, row: 1))
        buffer.clear(Rect(column: 2, row: 1, columns: 5, rows: 5), style: red)
        #expect(buffer.lines() == ["abcd", "ef"])
        #expect(buffer[3, 1] == Cell.blank(red))
        buffer.clear()
        #expect(buffer == ScreenBuffer(columns: 4, rows: 2))
    }

    @Test func resizeKeepsWhatFits() {
        var buffer = ScreenBuffer(columns: 5, rows: 2)
        buffer.put("ab中", at: Position(column: 0, row: 0))
        buffer.put("xyz", at: Position(column: 0, row: 1))
        buffer.resize(columns: 3, rows: 3)
        #expect(buffer.columns == 3 && buffer.rows == 3)
        #expect(buffer.lines() == ["ab", "xyz", ""])
        buffer.resize(columns: 6, rows: 1)
        #expect(buffer.lines(keepingTrailingSpaces: true) == ["ab    "])
    }

    @Test func aCellRejectsClustersThatTakeNoColumn() {
        #expect(Cell("\u{301}") == nil)
        #expect(Cell("\n") == nil)
        #expect(Cell("中")?.width == 2)
        #expect(Cell("a")?.width == 1)
    }

    @Test func aCellStaysWithinThirtyTwoBytes() {
        #expect(MemoryLayout<Style>.size == 9)
        #expect(MemoryLayout<Cell>.stride == 32)
    }
}
