import Ripple
import RippleTerminal
import Testing

/// ListView from the keyboard and the mouse: moving the selection, paging,
/// activating, clicking and scrolling with the wheel.
@MainActor
@Suite struct ListViewNavigationTests {
    let list = ListView { (fruit: Fruit) in fruit.name }
    let selections = Recorder<Int>()
    let activations = Recorder<Int>()

    init() {
        list.showsScrollIndicator = false
        list.reactive.selections.observeValues { [selections] in selections.append($0.id) }
        list.reactive.activations.observeValues { [activations] in activations.append($0.id) }
    }

    /// The items 0..<count in a terminal five rows high, with nothing selected (a
    /// list that takes the focus selects its first item: these tests start from no
    /// selection, as after `selectItem(at: nil)`).
    func terminal(items count: Int, rows: Int = 5, root: View? = nil) -> VirtualTerminal {
        list.items = numberedFruits(count)
        let terminal = VirtualTerminal(columns: 10, rows: rows, root: root ?? list)
        list.selectItem(at: nil)
        selections.removeAll()
        return terminal
    }

    @Test func downAndUpMoveTheSelectionAndTheListScrollsToKeepItInView() {
        let terminal = terminal(items: 100)
        #expect(list.selectedItem == nil)
        terminal.press(.down)
        #expect(list.selectedItem?.id == 0)
        for _ in 0..<6 { terminal.press(.down) }
        #expect(terminal.lines == ["Item 2", "Item 3", "Item 4", "Item 5", "Item 6"])
        #expect(terminal.reversedText == ["Item 6    "])
        for _ in 0..<5 { terminal.press(.up) }
        #expect(terminal.lines == ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"])
        #expect(terminal.reversedText == ["Item 1    "])
        #expect(selections.values == [0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
    }

    @Test func theEndsStopTheSelectionWithoutSendingAgain() {
        let terminal = terminal(items: 3)
        terminal.press(.down)
        #expect(terminal.press(.up))
        terminal.press(.end)
        terminal.press(.down)
        #expect(list.selectedItem?.id == 2)
        #expect(selections.values == [0, 2])
    }

    @Test func withNothingSelectedAKeySelectsTheTopItemOnScreen() {
        let terminal = terminal(items: 100)
        terminal.scroll(4, column: 0, row: 0)
        #expect(list.contentOffset == 12)
        terminal.press(.pageDown)
        #expect(list.selectedItem?.id == 12)
        #expect(terminal.lines.first == "Item 12")
    }

    @Test func pageDownAndPageUpMoveAScreenfulAndKeepTheSelectionsPlaceOnScreen() {
        let terminal = terminal(items: 100)
        terminal.press(.down)
        terminal.press(.down)
        let renders = terminal.renderCount
        terminal.press(.pageDown)
        #expect(terminal.renderCount == renders + 1)
        #expect(list.selectedItem?.id == 6)
        #expect(terminal.lines == ["Item 5", "Item 6", "Item 7", "Item 8", "Item 9"])
        terminal.press(.pageDown)
        #expect(terminal.lines.first == "Item 10")
        #expect(terminal.reversedText == ["Item 11   "])
        terminal.press(.pageUp)
        terminal.press(.pageUp)
        #expect(terminal.lines.first == "Item 0")
        #expect(terminal.reversedText == ["Item 1    "])
        terminal.press(.pageUp)
        #expect(list.selectedItem?.id == 0)
        #expect(selections.values == [0, 1, 6, 11, 6, 1, 0])
    }

    @Test func homeAndEndGoToTheEnds() {
        let terminal = terminal(items: 100)
        terminal.press(.end)
        #expect(terminal.lines == ["Item 95", "Item 96", "Item 97", "Item 98", "Item 99"])
        #expect(terminal.reversedText == ["Item 99   "])
        terminal.press(.pageUp)
        #expect(terminal.lines.first == "Item 90")
        #expect(terminal.reversedText == ["Item 94   "])
        terminal.press(.home)
        #expect(terminal.lines.first == "Item 0")
        #expect(selections.values == [99, 94, 0])
    }

    @Test func pagingMultiLineRowsMovesByTheRowsThatFit() {
        let list = ListView(rowHeight: 2) { (fruit: Fruit) in "\(fruit.name)\n-" }
        list.showsScrollIndicator = false
        list.items = numberedFruits(20)
        let terminal = VirtualTerminal(columns: 10, rows: 6, root: list)
        #expect(list.selectedItem?.id == 0)
        terminal.press(.pageDown)
        #expect(list.selectedItem?.id == 3)
        #expect(terminal.lines == ["Item 3", "-", "Item 4", "-", "Item 5", "-"])
    }

    @Test func pagingInSectionsShowsTheHeaderAboveAFirstRow() {
        list.sections = [
            ListSection(title: "A", items: numberedFruits(3)),
            ListSection(title: "B", items: numberedFruits(3, from: 3)),
        ]
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: list)
        terminal.press(.end)
        #expect(terminal.lines == ["B", "Item 3", "Item 4", "Item 5"])
        for _ in 0..<3 { terminal.press(.up) }
        #expect(terminal.lines == ["Item 2", "B", "Item 3", "Item 4"])
        terminal.press(.up)
        terminal.press(.up)
        #expect(terminal.lines == ["A", "Item 0", "Item 1", "Item 2"])
        #expect(selections.values == [0, 5, 4, 3, 2, 1, 0])
    }

    @Test func enterActivatesTheSelectedItem() {
        let terminal = terminal(items: 3)
        terminal.press(.enter)
        #expect(activations.values.isEmpty)
        terminal.press(.down)
        terminal.press(.down)
        terminal.press(.enter)
        #expect(activations.values == [1])
    }

    @Test func keysBubbleFromAnEmptyList() {
        let terminal = terminal(items: 0)
        #expect(!terminal.press(.down))
        #expect(!terminal.press(.enter))
    }

    @Test func aClickFocusesTheListAndSelectsTheRowAndASecondClickActivatesIt() {
        let field = TextField()
        let terminal = terminal(items: 10, rows: 6, root: Stack(.vertical, [field, list]))
        #expect(field.isFocused)
        #expect(terminal.click(column: 3, row: 3))
        #expect(list.isFocused)
        #expect(list.selectedItem?.id == 2)
        #expect(terminal.reversedText == ["Item 2    "])
        terminal.click(column: 8, row: 3)
        #expect(activations.values == [2])
        #expect(selections.values == [2])
    }

    @Test func aClickOnTheScrollIndicatorSelectsNothing() {
        list.showsScrollIndicator = true
        let terminal = terminal(items: 20)
        terminal.click(column: 9, row: 1)
        #expect(list.selectedItem == nil)
        terminal.click(column: 8, row: 1)
        #expect(list.selectedItem?.id == 1)
    }

    @Test func aClickOnAHeaderOrBelowTheRowsSelectsNothing() {
        list.sections = [ListSection(title: "Fruit", items: numberedFruits(2))]
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        list.selectItem(at: nil)
        terminal.click(column: 0, row: 0)
        terminal.click(column: 0, row: 4)
        #expect(list.selectedItem == nil)
        terminal.click(column: 0, row: 2)
        #expect(list.selectedItem?.id == 1)
    }

    @Test func aClickOnARowCutAtTheBottomScrollsItIntoView() {
        let list = ListView(rowHeight: 2) { (fruit: Fruit) in "\(fruit.name)\n-" }
        list.items = numberedFruits(10)
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        terminal.click(column: 0, row: 4)
        #expect(list.selectedItem?.id == 2)
        #expect(list.contentOffset == 1)
    }

    @Test func theWheelScrollsThreeLinesANotchWithoutMovingTheSelection() {
        let terminal = terminal(items: 20)
        terminal.press(.down)
        #expect(terminal.scroll(2, column: 1, row: 1))
        #expect(terminal.lines == ["Item 6", "Item 7", "Item 8", "Item 9", "Item 10"])
        #expect(list.selectedItem?.id == 0)
        #expect(terminal.reversedText.isEmpty)
        terminal.scroll(10, column: 1, row: 1)
        #expect(terminal.lines.last == "Item 19")
        terminal.scroll(-1, column: 1, row: 1)
        #expect(terminal.lines.last == "Item 16")
        terminal.press(.down)
        #expect(terminal.lines.first == "Item 1")
        #expect(terminal.reversedText == ["Item 1    "])
    }

    @Test func selectingByCodeScrollsButSendsNothing() async {
        let terminal = terminal(items: 50)
        list.selectItem(at: ListIndexPath(row: 30))
        #expect(terminal.lines.last == "Item 30")
        list.reactive.selectedID <~ SignalProducer(value: 7)
        await terminal.settle()
        #expect(terminal.lines.first == "Item 7")
        #expect(list.selectedIndexPath == ListIndexPath(row: 7))
        list.selectItem(withID: 1000)
        #expect(list.selectedItem == nil)
        #expect(selections.values.isEmpty)
    }

    @Test func aSelectionMadeBeforeTheFirstLayoutIsShown() {
        list.items = numberedFruits(50)
        list.selectItem(at: ListIndexPath(row: 40))
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        #expect(terminal.lines.last == "Item 40")
        #expect(terminal.reversedText == ["Item 40   "])
    }

    @Test func aListThatTakesTheFocusSelectsItsFirstItemSoTheFirstKeyActs() {
        let field = TextField()
        let terminal = terminal(items: 3, root: Stack(.vertical, [field, list]))
        #expect(list.selectedItem == nil)
        terminal.press(.tab)
        #expect(list.selectedItem?.id == 0)
        #expect(selections.values == [0])
        terminal.press(.enter)
        #expect(activations.values == [0])
    }

    @Test func aListFocusedAtTheStartSelectsItsFirstItem() {
        list.items = numberedFruits(3)
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        #expect(list.selectedItem?.id == 0)
        #expect(terminal.reversedText == ["Item 0    "])
    }

    @Test func aFocusedListWithNoItemsSelectsTheFirstWhenTheyArrive() {
        let terminal = terminal(items: 0)
        #expect(terminal.window.focusedView === list)
        #expect(list.selectedItem == nil)
        list.items = numberedFruits(2)
        #expect(list.selectedItem?.id == 0)
        #expect(terminal.reversedText == ["Item 0    "])
    }

    @Test func aClickThatFocusesTheListSelectsTheClickedRowOnly() {
        let field = TextField()
        let terminal = terminal(items: 5, rows: 6, root: Stack(.vertical, [field, list]))
        terminal.click(column: 1, row: 4)
        #expect(list.selectedItem?.id == 3)
        #expect(selections.values == [3])
    }
}
