import Ripple
import RippleTerminal
import Testing

/// ListView on screen: rows, headers, multi-line rows, CJK text, the selection's
/// highlight, the scroll indicator, an empty and a hidden list.
@MainActor
@Suite struct ListViewDrawingTests {
    let list = ListView { (fruit: Fruit) in fruit.name }

    @Test func rowsShowTheirItemsOneLineEach() {
        list.items = [Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Banana"), Fruit(id: 3, name: "Cherry")]
        let terminal = VirtualTerminal(columns: 12, rows: 3, root: Stack(.vertical, [list, Button(title: "OK")]))
        list.selectItem(at: nil)
        #expect(terminal.snapshot == """
            Apple
            Banana
            Cherry
            """)
        #expect(list.selectedItem == nil)
        #expect(terminal.reversedText.isEmpty)
    }

    @Test func chineseRowsAreCutAtAWholeCharacter() {
        list.items = [Fruit(id: 1, name: "苹果 Apple"), Fruit(id: 2, name: "西瓜西瓜"), Fruit(id: 3, name: "葡萄")]
        let terminal = VirtualTerminal(columns: 7, rows: 3, root: list)
        #expect(terminal.lines == ["苹果 A…", "西瓜西…", "葡萄"])
        #expect(terminal.reversedText == ["苹果 A…"])
        terminal.press(.down)
        #expect(terminal.reversedText == ["西瓜西…"])
    }

    @Test func theSelectionIsReversedWhileTheListIsFocusedAndUnderlinedOtherwise() {
        list.items = numberedFruits(3)
        let button = Button(title: "OK")
        let terminal = VirtualTerminal(columns: 8, rows: 4, root: Stack(.vertical, [list, button]))
        terminal.press(.down)
        #expect(terminal.reversedText == ["Item 1  "])
        terminal.press(.tab)
        #expect(terminal.reversedText == ["[ OK ]"])
        #expect(terminal.runs { $0.attributes.contains(.underline) } == ["Item 1  "])
    }

    @Test func sectionsShowTheirHeadersInTheHeaderStyle() {
        list.sections = [
            ListSection(title: "未完成", items: [Fruit(id: 1, name: "买牛奶"), Fruit(id: 2, name: "写周报")]),
            ListSection(items: []),
            ListSection(title: "已完成", items: [Fruit(id: 3, name: "交房租")]),
        ]
        let terminal = VirtualTerminal(columns: 10, rows: 6, root: list)
        #expect(terminal.lines == ["未完成", "买牛奶", "写周报", "已完成", "交房租", ""])
        #expect(terminal.runs { $0.attributes.contains(.bold) } == ["未完成    ", "已完成    "])
        terminal.press(.end)
        #expect(list.selectedIndexPath == ListIndexPath(row: 0, section: 2))
        #expect(terminal.reversedText == ["交房租    "])
    }

    @Test func rowsMayTakeSeveralLines() {
        let list = ListView(rowHeight: 2, makeRow: TwoLineRow.init) { (row, fruit: Fruit) in
            row.title.text = fruit.name
            row.detail.text = "#\(fruit.id)"
        }
        list.showsScrollIndicator = false
        list.items = numberedFruits(3)
        let terminal = VirtualTerminal(columns: 8, rows: 5, root: list)
        #expect(terminal.lines == ["Item 0", "#0", "Item 1", "#1", "Item 2"])
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["#0", "#1"])
        terminal.press(.down)
        #expect(terminal.reversedText == ["Item 1  ", "#1      "])
        terminal.press(.down)
        #expect(terminal.lines == ["#0", "Item 1", "#1", "Item 2", "#2"])
        #expect(terminal.reversedText == ["Item 2  ", "#2      "])
    }

    @Test func theScrollIndicatorShowsTheScreensShareAndPlaceInTheContent() {
        list.items = numberedFruits(8)
        let terminal = VirtualTerminal(columns: 8, rows: 4, root: list)
        #expect(terminal.lines == ["Item 0 █", "Item 1 █", "Item 2 │", "Item 3 │"])
        terminal.press(.end)
        #expect(terminal.lines == ["Item 4 │", "Item 5 │", "Item 6 █", "Item 7 █"])
        #expect(terminal.reversedText == ["Item 7 "])
    }

    @Test func noIndicatorShowsWhileEverythingFits() {
        list.items = numberedFruits(4)
        let terminal = VirtualTerminal(columns: 8, rows: 4, root: list)
        #expect(terminal.lines == ["Item 0", "Item 1", "Item 2", "Item 3"])
    }

    @Test func anEmptyListShowsNothingOrItsPlaceholder() {
        let terminal = VirtualTerminal(columns: 10, rows: 2, root: list)
        #expect(terminal.lines == ["", ""])
        list.placeholder = "没有结果"
        #expect(terminal.lines == ["没有结果", ""])
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["没有结果"])
        list.items = numberedFruits(1)
        #expect(terminal.lines == ["Item 0", ""])
    }

    @Test func aHiddenListTakesNoSpace() {
        list.items = numberedFruits(2)
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: Stack(.vertical, [Label("top"), list, Label("bottom")]))
        #expect(terminal.lines == ["top", "Item 0", "Item 1", "bottom"])
        list.isHidden = true
        #expect(terminal.lines == ["top", "bottom", "", ""])
    }

    @Test func aDisabledListIsDimAndIgnoresKeys() {
        list.items = numberedFruits(2)
        list.isEnabled = false
        let terminal = VirtualTerminal(columns: 8, rows: 2, root: list)
        #expect(!terminal.press(.down))
        #expect(list.selectedItem == nil)
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["Item 0  ", "Item 1  "])
    }
}
