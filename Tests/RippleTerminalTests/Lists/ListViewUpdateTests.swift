import Ripple
import RippleTerminal
import Testing

/// ListView updates, applied by item id: the selection, the scroll position and the
/// rows follow the items that stay.
@MainActor
@Suite struct ListViewUpdateTests {
    let list: ListView<Fruit, TextRow>
    let configured = Recorder<Int>()

    init() {
        list = ListView(makeRow: TextRow.init) { [configured] row, fruit in
            configured.append(fruit.id)
            row.textLabel.text = fruit.name
        }
        list.showsScrollIndicator = false
    }

    @Test func insertingAboveTheSelectionKeepsTheSelectionAndTheScrollPosition() {
        list.items = numberedFruits(100)
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        list.selectItem(at: ListIndexPath(row: 20))
        let before = terminal.lines
        #expect(before == ["Item 16", "Item 17", "Item 18", "Item 19", "Item 20"])
        let diff = list.apply([ListSection(items: numberedFruits(3, from: -3) + numberedFruits(100))])
        #expect(diff.insertions == [0, 1, 2])
        #expect(diff.deletions.isEmpty && diff.moves.isEmpty)
        #expect(terminal.lines == before)
        #expect(list.selectedItem?.id == 20)
        #expect(list.selectedIndexPath == ListIndexPath(row: 23))
        #expect(terminal.reversedText == ["Item 20   "])
    }

    @Test func atTheVeryTopItemsInsertedAboveShow() {
        list.items = numberedFruits(10)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        #expect(list.selectedItem?.id == 0)
        list.items = [Fruit(id: 99, name: "New")] + numberedFruits(10)
        #expect(terminal.lines == ["New", "Item 0", "Item 1"])
        #expect(terminal.reversedText == ["Item 0    "])
    }

    @Test func theTopItemStaysAtTheTopWhenItemsAboveItAreDeletedOrItMoves() {
        list.items = numberedFruits(30)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        list.contentOffset = 10
        list.items = numberedFruits(25, from: 5)
        #expect(terminal.lines == ["Item 10", "Item 11", "Item 12"])
        list.items = numberedFruits(25, from: 5).reversed()
        #expect(terminal.lines == ["Item 10", "Item 9", "Item 8"])
    }

    @Test func whenTheTopItemIsDeletedTheNextOneThatStaysTakesItsPlace() {
        list.items = numberedFruits(30)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        list.contentOffset = 10
        list.items = numberedFruits(30).filter { ![10, 11].contains($0.id) }
        #expect(terminal.lines == ["Item 12", "Item 13", "Item 14"])
    }

    @Test func deletingTheSelectedItemSelectsTheOneThatTookItsPlace() {
        list.items = numberedFruits(5)
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        list.selectItem(at: ListIndexPath(row: 2))
        list.items = numberedFruits(5).filter { $0.id != 2 }
        #expect(list.selectedItem?.id == 3)
        #expect(terminal.reversedText == ["Item 3    "])
        list.items = numberedFruits(3)
        #expect(list.selectedItem?.id == 2)
        list.items = []
        #expect(list.selectedItem == nil)
        #expect(terminal.lines == ["", "", "", "", ""])
    }

    @Test func theSelectionFollowsAMovedItemAcrossSections() {
        let todo = [Fruit(id: 1, name: "买牛奶"), Fruit(id: 2, name: "写周报")]
        list.sections = [ListSection(title: "未完成", items: todo), ListSection(title: "已完成", items: [])]
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: list)
        list.selectItem(at: ListIndexPath(row: 0))
        let diff = list.apply([
            ListSection(title: "未完成", items: [todo[1]]),
            ListSection(title: "已完成", items: [todo[0]]),
        ])
        #expect(diff.moves == [ListDiff.Move(from: 1, to: 0)])   // one move: either item could be the one
        #expect(list.selectedIndexPath == ListIndexPath(row: 0, section: 1))
        #expect(terminal.lines == ["未完成", "写周报", "已完成", "买牛奶", ""])
        #expect(terminal.reversedText == ["买牛奶    "])
    }

    @Test func reloadingTheSameItemsKeepsTheRowsWithoutConfiguringThemAgain() {
        list.items = numberedFruits(10)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        let rows = (0..<3).map { list.row(at: ListIndexPath(row: $0)) }
        #expect(configured.values == [0, 1, 2])
        let diff = list.apply([ListSection(items: numberedFruits(10))])
        #expect(diff.isEmpty)
        #expect(terminal.lines == ["Item 0", "Item 1", "Item 2"])
        #expect((0..<3).map { list.row(at: ListIndexPath(row: $0)) }.elementsEqual(rows) { $0 === $1 })
        #expect(configured.values == [0, 1, 2])
    }

    @Test func anItemWhoseValueChangesIsConfiguredAgainInTheSameRow() {
        list.items = numberedFruits(3)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        let row = list.row(at: ListIndexPath(row: 1))
        var changed = numberedFruits(3)
        changed[1].name = "Renamed"
        list.items = changed
        #expect(terminal.lines == ["Item 0", "Renamed", "Item 2"])
        #expect(list.row(at: ListIndexPath(row: 1)) === row)
        #expect(configured.values == [0, 1, 2, 1])
    }

    @Test func rowsMoveWithTheirItems() {
        list.items = numberedFruits(3)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        let rows = (0..<3).map { list.row(at: ListIndexPath(row: $0)) }
        list.items = numberedFruits(3).reversed()
        #expect(terminal.lines == ["Item 2", "Item 1", "Item 0"])
        #expect(list.row(at: ListIndexPath(row: 0)) === rows[2])
        #expect(list.row(at: ListIndexPath(row: 2)) === rows[0])
        #expect(configured.values == [0, 1, 2])
    }

    @Test func repeatedIdsShowEveryItem() {
        list.items = [Fruit(id: 1, name: "one"), Fruit(id: 1, name: "uno"), Fruit(id: 2, name: "two")]
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        #expect(terminal.lines == ["one", "uno", "two"])
        list.items = [Fruit(id: 2, name: "two"), Fruit(id: 1, name: "one"), Fruit(id: 1, name: "uno")]
        #expect(terminal.lines == ["two", "one", "uno"])
    }

    @Test func theItemsAndSectionsTargetsApplyBoundValues() async {
        let results = MutableProperty(numberedFruits(2))
        list.reactive.items <~ results
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        await terminal.settle()
        #expect(terminal.lines == ["Item 0", "Item 1", ""])
        results.value = numberedFruits(1, from: 7)
        await terminal.settle()
        #expect(terminal.lines == ["Item 7", "", ""])
        list.reactive.sections <~ SignalProducer(value: [ListSection(title: "S", items: numberedFruits(1))])
        await terminal.settle()
        #expect(terminal.lines == ["S", "Item 0", ""])
        #expect(list.items.map(\.id) == [0])
    }
}
