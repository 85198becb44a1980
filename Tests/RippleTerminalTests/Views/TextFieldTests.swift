import Ripple
import RippleTerminal
import Testing

/// TextField: editing at a cursor, the signals it sends, and how it shows.
@MainActor
@Suite struct TextFieldTests {
    let field = TextField(placeholder: "搜索")

    private func terminal(columns: Int = 12) -> VirtualTerminal {
        VirtualTerminal(columns: columns, rows: 1, root: field)
    }

    private func record(_ signal: Signal<String, Never>) -> () -> [String] {
        let values = Recorder<String>()
        signal.observeValues { values.append($0) }
        return { values.values }
    }

    @Test func typingInsertsAtTheCursorAndSendsEachEdit() {
        let terminal = terminal()
        let edits = record(field.reactive.continuousTextValues)
        terminal.type("swift")
        #expect(edits() == ["s", "sw", "swi", "swif", "swift"])
        #expect(terminal.lines == ["swift"])
        #expect(terminal.cursor == Position(column: 5, row: 0))
    }

    @Test func backspaceDeleteAndTheArrowsEditAtTheCursor() {
        let terminal = terminal()
        terminal.type("abc")
        terminal.press(.left)
        terminal.press(.left)
        terminal.press(.backspace)
        #expect(field.text == "bc")
        terminal.type("x")
        #expect(field.text == "xbc")
        terminal.press(.end)
        terminal.press(.delete)
        terminal.press(.home)
        terminal.press(.delete)
        #expect(field.text == "bc")
        terminal.press(.right)
        #expect(terminal.cursor == Position(column: 1, row: 0))
    }

    @Test func settingTheSameTextKeepsTheCursorAndANewTextPutsItAtTheEnd() {
        let terminal = terminal()
        terminal.type("abcd")
        terminal.press(.left)
        terminal.press(.left)
        field.text = "abcd"   // a two-way binding writing back what was typed
        #expect(field.cursorOffset == 2)
        terminal.type("x")
        #expect(field.text == "abxcd", "typing goes on where the user was")
        field.text = "hello"
        #expect(field.cursorOffset == 5)
        #expect(terminal.cursor == Position(column: 5, row: 0))
    }

    @Test func enterSendsTheTextOnTextValues() {
        let terminal = terminal()
        let submitted = record(field.reactive.textValues)
        terminal.type("swift")
        #expect(submitted().isEmpty)
        #expect(terminal.press(.enter))
        #expect(submitted() == ["swift"])
    }

    @Test func typingChineseMovesTheCursorTwoColumnsACharacter() {
        let terminal = terminal()
        terminal.type("中文")
        #expect(terminal.lines == ["中文"])
        #expect(field.text == "中文")
        #expect(terminal.cursor == Position(column: 4, row: 0))
        terminal.press(.backspace)
        #expect(terminal.lines == ["中"])
    }

    @Test func anEmptyFieldShowsItsPlaceholderDim() {
        let terminal = terminal()
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["搜索"])
        terminal.type("a")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.isEmpty)
    }

    @Test func theFocusedFieldIsReversedAndAnUnfocusedOneUnderlined() {
        let other = TextField(text: "other")
        let terminal = VirtualTerminal(columns: 6, rows: 2, root: Stack(.vertical, [field, other]))
        terminal.type("mine")
        #expect(terminal.reversedText == ["mine  "])
        #expect(terminal.runs { $0.attributes == .underline } == ["other "])
    }

    @Test func secureEntryShowsAStarPerCharacter() {
        field.isSecureTextEntry = true
        let terminal = terminal()
        terminal.type("密码ab")
        #expect(terminal.lines == ["****"])
        #expect(field.text == "密码ab")
    }

    @Test func theMaximumLengthStopsTypingAndCutsPastes() {
        field.maximumLength = 3
        let terminal = terminal()
        let edits = record(field.reactive.continuousTextValues)
        terminal.type("abcd")
        #expect(edits() == ["a", "ab", "abc"])
        field.text = "a"
        terminal.paste("中文字\r\n幕")
        #expect(field.text == "a中文")
    }

    @Test func thePastedTextIsInsertedWithoutLineBreaksAsOneEdit() {
        let terminal = terminal()
        let edits = record(field.reactive.continuousTextValues)
        terminal.paste("one\rtwo")
        #expect(edits() == ["onetwo"])
    }

    @Test func theTextTargetSetsTheTextWithoutSendingAndPutsTheCursorAtTheEnd() async {
        let terminal = terminal()
        let edits = record(field.reactive.continuousTextValues)
        field.reactive.text <~ SignalProducer(value: "preset")
        await terminal.settle()
        #expect(terminal.lines == ["preset"])
        #expect(edits().isEmpty)
        #expect(terminal.cursor == Position(column: 6, row: 0))
    }

    @Test func aLongTextScrollsToKeepTheCursorInView() {
        let terminal = terminal(columns: 5)
        terminal.type("abcdefg")
        #expect(terminal.lines == ["defg"])
        #expect(terminal.cursor == Position(column: 4, row: 0))
        terminal.press(.home)
        #expect(terminal.lines == ["abcde"])
        #expect(terminal.cursor == Position(column: 0, row: 0))
    }

    @Test func aShortenedTextSlidesBackIntoTheField() {
        let terminal = terminal(columns: 5)
        terminal.type("abcdefg")
        for _ in 0..<3 {
            terminal.press(.backspace)
        }
        #expect(terminal.lines == ["abcd"])
        #expect(terminal.cursor == Position(column: 4, row: 0))
    }

    @Test func aLongChineseTextScrollsByWholeCharacters() {
        let terminal = terminal(columns: 5)
        terminal.type("中文字")
        #expect(terminal.lines == ["文字"])
        #expect(terminal.cursor == Position(column: 4, row: 0))
    }
}
