import RippleTerminal
import Testing

@Suite struct RendererTests {
    /// The renderer's last output as text, with ESC shown as `⎋`.
    private func written(_ renderer: Renderer) -> String {
        String(String(decoding: renderer.output, as: UTF8.self).map { $0 == "\u{1B}" ? "⎋" : $0 })
    }

    private func frame(_ columns: Int, _ rows: Int, _ rowsText: [String] = [], style: Style = .plain) -> ScreenBuffer {
        var buffer = ScreenBuffer(columns: columns, rows: rows)
        for (row, text) in rowsText.enumerated() {
            buffer.put(text, at: Position(column: 0, row: row), style: style)
        }
        return buffer
    }

    /// A renderer that has painted `first`, with its terminal.
    private func painted(_ first: ScreenBuffer, colorMode: ColorMode = .trueColor) -> (Renderer, ReplayTerminal) {
        var renderer = Renderer(colorMode: colorMode)
        var terminal = ReplayTerminal(columns: first.columns, rows: first.rows)
        renderer.render(first)
        terminal.feed(renderer.output)
        return (renderer, terminal)
    }

    // MARK: Full and empty frames

    @Test func theFirstFrameClearsTheScreenAndPaintsIt() {
        var renderer = Renderer()
        let count = renderer.render(frame(10, 2, ["hi", " yo"]))
        #expect(written(renderer) == "⎋[m⎋[H⎋[2Jhi⎋[D\nyo⎋[?25l")
        #expect(count == renderer.output.count)
    }

    @Test func anUnchangedFrameWritesNothing() {
        let first = frame(10, 2, ["hello", "中文"])
        var (renderer, _) = painted(first)
        #expect(renderer.render(first) == 0)
        #expect(renderer.output.isEmpty)
    }

    @Test func aResizedFrameIsRepaintedWhole() {
        var (renderer, _) = painted(frame(4, 1, ["ab"]))
        renderer.render(frame(5, 1, ["ab"]))
        #expect(written(renderer) == "⎋[H⎋[2Jab")
    }

    @Test func invalidateRepaintsTheNextFrameWhole() {
        let first = frame(4, 1, ["ab"])
        var (renderer, _) = painted(first)
        renderer.invalidate()
        renderer.render(first)
        #expect(written(renderer) == "⎋[m⎋[H⎋[2Jab⎋[?25l")
    }

    @Test func synchronizedOutputWrapsAChangedFrameOnly() {
        var renderer = Renderer(synchronizedOutput: true)
        let first = frame(4, 1, ["ab"])
        renderer.render(first)
        #expect(written(renderer).hasPrefix("⎋[?2026h⎋[m⎋[H⎋[2Jab"))
        #expect(written(renderer).hasSuffix("⎋[?2026l"))
        #expect(renderer.render(first) == 0)
    }

    @Test func anEmptyFrameOnlyClearsTheScreen() {
        var renderer = Renderer()
        renderer.render(ScreenBuffer(columns: 0, rows: 3), cursor: Position(column: 0, row: 0))
        #expect(written(renderer) == "⎋[m⎋[H⎋[2J⎋[?25l")
    }

    // MARK: Changed cells and cursor moves

    @Test func onlyTheChangedCellsAreWritten() {
        var (renderer, terminal) = painted(frame(20, 3, ["title", "count: 10", "footer"]))
        let next = frame(20, 3, ["title", "count: 11", "footer"])
        renderer.render(next)
        #expect(written(renderer) == "⎋[2;9H1")
        terminal.feed(renderer.output)
        #expect(terminal.differences(from: next).isEmpty)
    }

    @Test func aShortUnchangedRunIsWrittenThroughRatherThanJumpedOver() {
        var (renderer, _) = painted(frame(20, 1, ["abcdefgh"]))
        renderer.render(frame(20, 1, ["Xbcdefgh"]))
        renderer.render(frame(20, 1, ["XbYdefgh"]))
        #expect(written(renderer) == "bY")
        renderer.render(frame(20, 1, ["XbYdZfgh"]))
        #expect(written(renderer) == "dZ")
    }

    @Test func theCursorMovesByTheShortestSequence() {
        var (renderer, _) = painted(frame(100, 30, []))
        var next = frame(100, 30)
        next.put("a", at: Position(column: 50, row: 20))
        renderer.render(next)
        #expect(written(renderer) == "⎋[21;51Ha")
        next.put("b", at: Position(column: 60, row: 20))
        renderer.render(next)
        #expect(written(renderer) == "⎋[9Cb")
        next.put("c", at: Position(column: 55, row: 21))
        renderer.render(next)
        #expect(written(renderer) == "⎋[6D\nc")
        next.put("d", at: Position(column: 0, row: 23))
        renderer.render(next)
        #expect(written(renderer) == "\r\n\nd")
    }

    @Test func aVisibleCursorIsLeftWhereAskedAndHiddenOtherwise() {
        let buffer = frame(10, 2, ["name:"])
        var (renderer, terminal) = painted(buffer)
        renderer.render(buffer, cursor: Position(column: 6, row: 0))
        #expect(written(renderer) == "⎋[C⎋[?25h")
        terminal.feed(renderer.output)
        #expect(terminal.cursorVisible)
        #expect(terminal.cursorColumn == 6 && terminal.cursorRow == 0)
        renderer.render(buffer)
        #expect(written(renderer) == "⎋[?25l")
    }

    // MARK: SGR

    @Test func onlyTheColorThatDiffersIsChanged() {
        let bold = Style.Attributes.bold
        var (renderer, _) = painted(frame(10, 1, ["ab"], style: Style(foreground: .red, attributes: bold)))
        var next = frame(10, 1, ["a"], style: Style(foreground: .red, attributes: bold))
        next.put("b", at: Position(column: 1, row: 0), style: Style(foreground: .blue, attributes: bold))
        renderer.render(next)
        #expect(written(renderer) == "⎋[D⎋[34mb")
    }

    @Test func turningOffBoldKeepsDimWithoutAReset() {
        let both = Style(attributes: [.bold, .dim, .underline])
        var (renderer, _) = painted(frame(10, 1, ["ab"], style: both))
        var next = frame(10, 1, ["a"], style: both)
        next.put("b", at: Position(column: 1, row: 0), style: Style(attributes: [.dim, .underline]))
        renderer.render(next)
        #expect(written(renderer) == "⎋[D⎋[22;2mb")
    }

    @Test func aResetIsUsedWhenItIsShorter() {
        let loud = Style(foreground: .rgb(10, 20, 30), attributes: [.bold, .italic, .underline, .reverse])
        var (renderer, _) = painted(frame(10, 1, ["ab"], style: loud))
        var next = frame(10, 1, ["a"], style: loud)
        next.put("b", at: Position(column: 1, row: 0))
        renderer.render(next)
        #expect(written(renderer) == "⎋[D⎋[0mb")
    }

    @Test func colorsAreWrittenInEachEncoding() {
        var renderer = Renderer()
        var buffer = frame(10, 1)
        buffer.put("a", at: Position(column: 0, row: 0), style: Style(foreground: .indexed(3), background: .indexed(12)))
        buffer.put("b", at: Position(column: 1, row: 0), style: Style(foreground: .indexed(200), background: .rgb(1, 2, 3)))
        renderer.render(buffer)
        #expect(written(renderer) == "⎋[m⎋[H⎋[2J⎋[33;104ma⎋[38;5;200;48;2;1;2;3mb⎋[?25l")
    }

    @Test func palette256RendersRGBAsItsNearestEntry() {
        var renderer = Renderer(colorMode: .palette256)
        renderer.render(frame(4, 1, ["a"], style: Style(foreground: .rgb(255, 0, 0))))
        #expect(written(renderer).contains("⎋[38;5;196ma"))
    }

    @Test func palette16RendersRGBAsABasicColor() {
        var renderer = Renderer(colorMode: .palette16)
        renderer.render(frame(4, 1, ["a"], style: Style(background: .rgb(255, 0, 0))))
        #expect(written(renderer).contains("⎋[101ma"))
    }

    // MARK: Wide characters and blanks

    @Test func aNarrowCharacterOverAWideOneWritesBothHalves() {
        let first = frame(6, 1, ["中文"])
        var (renderer, terminal) = painted(first)
        var next = first
        next.put("a", at: Position(column: 0, row: 0))
        renderer.render(next)
        #expect(written(renderer) == "\ra ")
        terminal.feed(renderer.output)
        #expect(terminal.anomalies.isEmpty)
        #expect(terminal.differences(from: next).isEmpty)
    }

    @Test func aWideCharacterOverNarrowOnesAdvancesTwoColumns() {
        var (renderer, terminal) = painted(frame(6, 1, ["abcd"]))
        let next = frame(6, 1, ["a中d"])
        renderer.render(next)
        #expect(written(renderer) == "⎋[2G中")
        terminal.feed(renderer.output)
        #expect(terminal.differences(from: next).isEmpty)
    }

    @Test func aShorterLineIsErasedToItsEnd() {
        var (renderer, terminal) = painted(frame(20, 1, ["hello, wonderful world"]))
        let next = frame(20, 1, ["hello"])
        renderer.render(next)
        #expect(written(renderer) == "⎋[6G⎋[K")
        terminal.feed(renderer.output)
        #expect(terminal.differences(from: next).isEmpty)
    }

    @Test func erasingUsesTheBackgroundOfTheBlanks() {
        let panel = Style(background: .blue)
        var first = frame(10, 1)
        first.put("abcdefghij", at: Position(column: 0, row: 0), style: panel)
        var (renderer, terminal) = painted(first)
        var next = first
        next.clear(Rect(column: 3, row: 0, columns: 7, rows: 1), style: panel)
        renderer.render(next)
        #expect(written(renderer) == "⎋[4G⎋[K")
        terminal.feed(renderer.output)
        #expect(terminal.differences(from: next).isEmpty)
    }

    @Test func clustersThatWouldJoinAreWrittenApart() {
        var (renderer, terminal) = painted(frame(10, 1))
        var next = frame(10, 1)
        next.put("🇯", at: Position(column: 0, row: 0))
        next.put("🇵", at: Position(column: 2, row: 0))
        next.put("a", at: Position(column: 4, row: 0))
        next.put("🏽", at: Position(column: 5, row: 0))
        renderer.render(next)
        #expect(written(renderer) == "🇯⎋[3G🇵a⎋[6G🏽")
        terminal.feed(renderer.output)
        #expect(terminal.anomalies.isEmpty)
        #expect(terminal.differences(from: next).isEmpty)
    }

    @Test func theLastColumnIsWrittenWithoutWrapping() {
        var (renderer, terminal) = painted(frame(4, 2))
        let next = frame(4, 2, ["abcd", "efgh"])
        renderer.render(next)
        #expect(written(renderer) == "abcd\r\nefgh")
        terminal.feed(renderer.output)
        #expect(terminal.anomalies.isEmpty)
        #expect(terminal.differences(from: next).isEmpty)
    }
}
