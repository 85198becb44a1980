import Ripple
import RippleTerminal
import Testing

/// TextView: multi-line editing at a cursor, soft wrapping by display width, scrolling
/// to the cursor, pastes, the read-only mode and the signals it sends.
@MainActor
@Suite struct TextViewTests {
    private func record(_ signal: Signal<String, Never>) -> Recorder<String> {
        let values = Recorder<String>()
        signal.observeValues { values.append($0) }
        return values
    }

    @Test func longLinesWrapAfterSpacesWithAColumnLeftForTheCursorOrTheScrollIndicator() {
        let view = TextView(text: "the quick brown fox jumps\nabcdefghijklmn")
        let terminal = VirtualTerminal(columns: 11, rows: 5, root: view)
        #expect(terminal.lines == ["the quick", "brown fox", "jumps", "abcdefghij", "klmn"])
        #expect(terminal.cursor == Position(column: 4, row: 4))
        view.isEditable = false
        terminal.resize(columns: 11, rows: 5)
        #expect(terminal.lines == ["the quick", "brown fox", "jumps", "abcdefghij", "klmn"])
        #expect(terminal.cursor == nil)
    }

    @Test func chineseTextWrapsBetweenAnyTwoCharactersByDisplayWidth() {
        let view = TextView(text: "中文字幕测试\nab中文cd")
        let terminal = VirtualTerminal(columns: 6, rows: 5, root: view)
        #expect(terminal.lines == ["中文", "字幕", "测试", "ab中", "文cd"])
        #expect(terminal.cursor == Position(column: 4, row: 4))
    }

    @Test func upAndDownKeepTheDisplayColumnAcrossChineseText() {
        let view = TextView(text: "abcd\n中文字\nxy")
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: view)
        #expect(terminal.cursor == Position(column: 2, row: 2))
        var visited: [Position?] = []
        for key: Key in [.up, .up, .right, .down, .down, .up] {
            terminal.press(key)
            visited.append(terminal.cursor)
        }
        // After "ab"; after "中" (column 2); after "ab"; after "abc" (column 3), then
        // down to column 3 — the second half of "文" — lands before "文"; "xy" is
        // shorter; up again, the goal column is still 3.
        #expect(visited == [Position(column: 2, row: 1), Position(column: 2, row: 0), Position(column: 3, row: 0),
                            Position(column: 2, row: 1), Position(column: 2, row: 2), Position(column: 2, row: 1)])
    }

    @Test func homeEndAndTheLineEdgesMoveThroughLines() {
        let view = TextView(text: "abcd\n中文字\nxy")
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: view)
        terminal.press(.up)
        terminal.press(.home)
        #expect(terminal.cursor == Position(column: 0, row: 1))
        terminal.press(.left)
        #expect(terminal.cursor == Position(column: 4, row: 0))
        terminal.press(.right)
        terminal.press(.end)
        #expect(terminal.cursor == Position(column: 6, row: 1))
        terminal.press(.home, modifiers: .control)
        #expect(view.cursorOffset == 0)
        terminal.press(.up)
        #expect(view.cursorOffset == 0)
        terminal.press(.end, modifiers: .control)
        #expect(view.cursorOffset == 11)
        terminal.press(.home)
        terminal.press(.down)
        #expect(view.cursorOffset == 11)
    }

    @Test func upAndDownMoveByWrappedRows() {
        let view = TextView(text: "the quick brown fox jumps")
        let terminal = VirtualTerminal(columns: 11, rows: 3, root: view)
        terminal.press(.up)
        #expect(terminal.cursor == Position(column: 5, row: 1))
        terminal.press(.up)
        #expect(terminal.cursor == Position(column: 5, row: 0))
        terminal.press(.end)
        terminal.press(.home)
        terminal.press(.down)
        #expect(terminal.cursor == Position(column: 0, row: 1))
        #expect(view.cursorOffset == 10)
    }

    @Test func enterBackspaceAndDeleteEditAcrossLines() {
        let view = TextView()
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        let edits = record(view.reactive.continuousTextValues)
        terminal.type("ab")
        terminal.press(.enter)
        terminal.type("cd")
        #expect(terminal.lines == ["ab", "cd", ""])
        #expect(terminal.cursor == Position(column: 2, row: 1))
        terminal.press(.home)
        terminal.press(.backspace)
        #expect(view.text == "abcd")
        #expect(terminal.cursor == Position(column: 2, row: 0))
        terminal.press(.enter)
        terminal.press(.up)
        terminal.press(.end)
        terminal.press(.delete)
        #expect(view.text == "abcd")
        #expect(edits.values == ["a", "ab", "ab\n", "ab\nc", "ab\ncd", "abcd", "ab\ncd", "abcd"])
    }

    @Test func pastesKeepTheirLineBreaksAsOneEdit() {
        let view = TextView()
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: view)
        let edits = record(view.reactive.continuousTextValues)
        #expect(terminal.paste("one\rtwo\r\nthree\tend"))
        #expect(view.text == "one\ntwo\nthree    end")
        #expect(edits.values == ["one\ntwo\nthree    end"])
        #expect(terminal.lines == ["one", "two", "three    end", ""])
        #expect(terminal.cursor == Position(column: 12, row: 2))
    }

    @Test func theMaximumLengthCountsLineBreaksAndCutsPastes() {
        let view = TextView()
        view.maximumLength = 5
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        terminal.paste("ab\ncdef")
        #expect(view.text == "ab\ncd")
        terminal.press(.enter)
        terminal.type("x")
        #expect(view.text == "ab\ncd")
        view.text = "longer than five"
        #expect(view.text == "longer than five")
    }

    @Test func theViewScrollsToKeepTheCursorInView() {
        let view = TextView()
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        terminal.paste("1\n2\n3\n4\n5")
        #expect(terminal.lines == ["3", "4", "5"])
        #expect(terminal.cursor == Position(column: 1, row: 2))
        for _ in 0..<3 {
            terminal.press(.up)
        }
        #expect(terminal.lines == ["2", "3", "4"])
        #expect(terminal.cursor == Position(column: 1, row: 0))
        terminal.press(.pageDown)
        #expect(terminal.lines == ["3", "4", "5"])
        #expect(terminal.cursor == Position(column: 1, row: 2))
        for _ in 0..<4 {
            terminal.press(.backspace)
        }
        // The shortened text slides back into the view.
        #expect(terminal.lines == ["1", "2", "3"])
        #expect(view.contentOffset == 0)
    }

    @Test func theWheelScrollsWithoutMovingTheCursorAndTypingBringsItBack() {
        let view = TextView(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        #expect(terminal.lines == ["line 8", "line 9", "line 10"])
        #expect(terminal.scroll(-2, column: 0, row: 0))
        #expect(terminal.lines == ["line 2", "line 3", "line 4"])
        #expect(terminal.cursor == nil)
        terminal.type("!")
        #expect(terminal.lines == ["line 8", "line 9", "line 10!"])
        #expect(terminal.cursor == Position(column: 8, row: 2))
    }

    @Test func aClickPutsTheCursorAtTheClickedCharacter() {
        let view = TextView(text: "ab\n中文字")
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        terminal.click(column: 3, row: 1)   // the second half of "文"
        #expect(terminal.cursor == Position(column: 2, row: 1))
        terminal.click(column: 8, row: 0)   // past the end of "ab"
        #expect(terminal.cursor == Position(column: 2, row: 0))
        terminal.click(column: 0, row: 2)   // below the text
        #expect(terminal.cursor == Position(column: 6, row: 1))
    }

    @Test func aReadOnlyViewScrollsOnKeysAndTakesNoEdits() {
        let view = TextView(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
        view.isEditable = false
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        #expect(terminal.lines == ["line 1   █", "line 2   │", "line 3   │"])
        #expect(terminal.cursor == nil)
        #expect(!terminal.press(.character("x")))
        #expect(!terminal.press(.enter))
        #expect(!terminal.paste("pasted"))
        terminal.press(.down)
        #expect(terminal.lines == ["line 2   █", "line 3   │", "line 4   │"])
        terminal.press(.end)
        #expect(terminal.lines == ["line 8   │", "line 9   │", "line 10  █"])
        terminal.press(.pageUp)
        #expect(terminal.lines == ["line 5   │", "line 6   █", "line 7   │"])
        terminal.click(column: 1, row: 1)
        #expect(view.text == (1...10).map { "line \($0)" }.joined(separator: "\n"))
    }

    @Test func tabStillMovesTheFocus() {
        let view = TextView(text: "notes")
        let button = Button(title: "Save")
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: Stack(.vertical, [view, button]))
        #expect(view.isFocused)
        #expect(terminal.press(.tab))
        #expect(button.isFocused)
        #expect(view.text == "notes")
    }

    @Test func anEmptyViewShowsItsPlaceholderDim() {
        let view = TextView(placeholder: "写点什么\n…")
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["写点什么", "…"])
        #expect(terminal.cursor == Position(column: 0, row: 0))
        terminal.type("a")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.isEmpty)
    }

    @Test func theTextTargetSetsTheTextWithoutSendingAndPutsTheCursorAtTheEnd() async {
        let view = TextView()
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: view)
        let edits = record(view.reactive.continuousTextValues)
        view.reactive.text <~ SignalProducer(value: "preset\r\ntext")
        await terminal.settle()
        #expect(terminal.lines == ["preset", "text", ""])
        #expect(view.text == "preset\ntext")
        #expect(edits.values.isEmpty)
        #expect(terminal.cursor == Position(column: 4, row: 1))
        terminal.type("s")
        #expect(edits.values == ["preset\ntexts"])
    }

    @Test func aReadOnlyViewWhoseTextFitsTakesNoFocus() {
        let messages = TextView(text: "Your code is 4711")
        messages.isEditable = false
        let field = TextField()
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: Stack(.vertical, [field, messages]))
        #expect(terminal.window.focusedView === field)
        terminal.press(.tab)
        #expect(terminal.window.focusedView === field)
        #expect(terminal.runs { $0.attributes.contains(.reverse) }.allSatisfy { !$0.contains("4711") })
    }

    @Test func aReadOnlyViewThatScrollsTakesTheFocusAndShowsItWithItsScrollIndicator() {
        let messages = TextView(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
        messages.isEditable = false
        messages.sizing = .flexible
        let field = TextField()
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: Stack(.vertical, [field, messages]))
        #expect(terminal.runs { $0.attributes.contains(.bold) } == [])
        terminal.press(.tab)
        #expect(terminal.window.focusedView === messages)
        #expect(terminal.lines == ["", "line 1   █", "line 2   │", "line 3   │"])
        #expect(terminal.runs { $0.attributes.contains(.reverse) } == [])
        #expect(terminal.runs { $0.attributes.contains(.bold) } == ["█"])
        terminal.press(.end)
        #expect(terminal.lines == ["", "line 8   │", "line 9   │", "line 10  █"])
    }
}
