import RippleTerminal
import Testing

/// Stack, Padding and Border layout: lengths along the axis in whole cells, placement
/// across it, hidden views, too little space, wide characters.
@MainActor
@Suite struct StackLayoutTests {
    private func columns(_ views: [View]) -> [ClosedRange<Int>?] {
        views.map { $0.frame.columns == 0 ? nil : $0.frame.column...($0.frame.endColumn - 1) }
    }

    @Test func flexibleViewsShareTheLeftoverByWeightAndRoundingCellsGoToTheFirst() {
        let fixed = Label("abc"), single = View(), double = View()
        fixed.sizing = .fixed(3)
        single.sizing = .flexible(1)
        double.sizing = .flexible(2)
        _ = VirtualTerminal(columns: 10, rows: 1, root: Stack(.horizontal, spacing: 1, [fixed, single, double]))
        // 10 - 2 gaps - 3 fixed = 5; 5·1/3 = 1, 5·2/3 = 3, one cell left over → the first.
        #expect(columns([fixed, single, double]) == [0...2, 4...5, 7...9])
    }

    @Test func equalWeightsSplitAnOddLengthWithTheExtraCellFirst() {
        let views = [View(), View(), View()]
        views.forEach { $0.sizing = .flexible }
        _ = VirtualTerminal(columns: 8, rows: 1, root: Stack(.horizontal, views))
        #expect(columns(views) == [0...2, 3...5, 6...7])
    }

    @Test func withTooLittleSpaceTheFirstViewsKeepTheirSizeAndTheLastGetNothing() {
        let views = [Label("abc"), Label("def"), Label("ghi")]
        let terminal = VirtualTerminal(columns: 5, rows: 1, root: Stack(.horizontal, views))
        #expect(columns(views) == [0...2, 3...4, nil])
        #expect(terminal.lines == ["abcd…"])
    }

    @Test func aStackWithNoSpaceGivesEveryViewAnEmptyFrame() {
        let views = [Label("a"), Label("b")]
        views[1].sizing = .flexible
        let terminal = VirtualTerminal(columns: 4, rows: 0, root: Stack(.vertical, spacing: 1, views))
        #expect(views.allSatisfy { $0.frame.rows == 0 })
        #expect(terminal.lines.isEmpty)
    }

    @Test func hiddenViewsTakeNeitherSpaceNorSpacing() {
        let first = Label("first"), hidden = Label("hidden"), last = Label("last")
        hidden.isHidden = true
        let terminal = VirtualTerminal(columns: 8, rows: 4, root: Stack(.vertical, spacing: 1, [first, hidden, last]))
        #expect(terminal.lines == ["first", "", "last", ""])
        hidden.isHidden = false
        #expect(terminal.lines == ["first", "", "hidden", ""])
    }

    @Test func wideCharactersCountTwoColumnsInFittingSizes() {
        let chinese = Label("中文"), latin = Label("ab")
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: Stack(.horizontal, [chinese, latin]))
        #expect(columns([chinese, latin]) == [0...3, 4...5])
        #expect(terminal.lines == ["中文ab"])
    }

    @Test func crossAxisAlignmentPlacesTheFittingExtent() {
        let leading = Label("ab"), center = Label("ab"), trailing = Label("ab"), fill = Label("ab")
        let stacks = [(Alignment.leading, leading), (.center, center), (.trailing, trailing), (.fill, fill)]
            .map { Stack(.vertical, alignment: $0.0, [$0.1]) }
        _ = VirtualTerminal(columns: 7, rows: 4, root: Stack(.vertical, stacks))
        #expect(columns([leading, center, trailing, fill]) == [0...1, 2...3, 5...6, 0...6])
    }

    @Test func aStackFitsItsViewsAndSpacing() {
        let stack = Stack(.horizontal, spacing: 2, [Label("中文"), Label("a\nb"), Label("xyz")])
        #expect(stack.sizeThatFits(Size(columns: 80, rows: 24)) == Size(columns: 4 + 1 + 3 + 4, rows: 2))
    }

    @Test func paddingInsetsItsContent() {
        let terminal = VirtualTerminal(columns: 6, rows: 3, root: Padding(Insets(horizontal: 2, vertical: 1), Label("x")))
        #expect(terminal.lines == ["", "  x", ""])
        #expect(Padding(Insets(all: 1), Label("ab")).sizeThatFits(.zero) == Size(columns: 4, rows: 3))
    }

    @Test func aBorderDrawsItsTitleAndClipsItsContent() {
        let terminal = VirtualTerminal(columns: 12, rows: 3, root: Border(title: "Title", Label("a long line")))
        #expect(terminal.lines == ["┌ Title ───┐", "│a long li…│", "└──────────┘"])
    }

    @Test func aCJKLabelIsCutAtTheBorderOnAWholeCharacter() {
        let terminal = VirtualTerminal(columns: 7, rows: 3, root: Border(title: "标题很长", Label("中文字幕")))
        // Inner width 5: 中文 and "…"; the title keeps one rule cell before the
        // corner, too little for 标 and "…".
        #expect(terminal.lines == ["┌ … ──┐", "│中文…│", "└─────┘"])
    }

    @Test func resizingTheTerminalLaysTheTreeOutAgain() {
        let field = TextField(text: "query")
        field.sizing = .flexible
        let button = Button(title: "Go")
        let terminal = VirtualTerminal(columns: 16, rows: 1, root: Stack(.horizontal, spacing: 1, [field, button]))
        #expect(field.frame.columns == 9)
        terminal.resize(columns: 20, rows: 1)
        #expect(field.frame.columns == 13)
        #expect(terminal.lines == ["query         [ Go ]"])
    }
}
