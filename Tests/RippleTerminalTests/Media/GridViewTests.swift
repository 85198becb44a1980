import Ripple
import RippleTerminal
import Testing

/// GridView: cells in lines that fit the width, 2D keyboard navigation, clicks and the
/// wheel, cells built only while visible and reused, and a selection kept by id.
@MainActor
@Suite struct GridViewTests {
    /// An item with a title.
    struct Photo: Identifiable, Equatable {
        let id: Int
        var title: String
    }

    /// An item whose title changes over time.
    final class LivePhoto: Identifiable {
        let id: Int
        let title: MutableProperty<String>

        init(id: Int) {
            self.id = id
            title = MutableProperty("p\(id)")
        }
    }

    /// A cell showing a title on its first row.
    final class TitleCell: GridCell {
        let title = Label()

        override init() {
            super.init()
            addSubview(title)
        }
    }

    private static func photos(_ count: Int) -> [Photo] {
        (0..<count).map { Photo(id: $0, title: "\($0)") }
    }

    /// A grid of 4 × 2 cells, one column and one row apart, one cell of insets, with
    /// `count` photos; `built` counts the cells it makes.
    private func grid(_ count: Int, built: Recorder<Int>? = nil) -> GridView<Photo> {
        let grid = GridView<Photo>(cellSize: Size(columns: 4, rows: 2), insets: Insets(all: 1),
                                   makeCell: { () -> TitleCell in
                                       built?.append(1)
                                       return TitleCell()
                                   },
                                   configure: { cell, photo in cell.title.text = photo.title })
        grid.items = GridViewTests.photos(count)
        return grid
    }

    private func record<Value>(_ signal: Signal<Value, Never>) -> Recorder<Value> {
        let values = Recorder<Value>()
        signal.observeValues { values.append($0) }
        return values
    }

    @Test func asManyCellsGoInALineAsFitTheWidth() {
        let grid = grid(7)
        let terminal = VirtualTerminal(columns: 16, rows: 9, root: grid)
        #expect(grid.itemsPerLine == 3)
        #expect(terminal.lines == ["┌────┐", "│0   │1    2", "│    │", "└────┘", " 3    4    5", "", "", " 6", ""])
        terminal.resize(columns: 11, rows: 9)
        #expect(grid.itemsPerLine == 2)
        #expect(terminal.lines == ["┌────┐", "│0   │1", "│    │", "└────┘", " 2    3", "", "", " 4    5", ""])
    }

    @Test func cjkTitlesTakeTwoColumnsACharacterAndAreCutAtTheCellsEdge() {
        let grid = grid(0)
        grid.items = [Photo(id: 0, title: "日落"), Photo(id: 1, title: "海边的风"), Photo(id: 2, title: "a山")]
        let terminal = VirtualTerminal(columns: 16, rows: 4, root: grid)
        #expect(terminal.lines == ["┌────┐", "│日落│海…  a山", "│    │", "└────┘"])
    }

    @Test func theSelectedCellIsFramedOnlyWhileTheGridHasTheFocus() {
        let grid = grid(3)
        let button = Button(title: "Go")
        let terminal = VirtualTerminal(columns: 16, rows: 5, root: Stack(.vertical, [button, grid]))
        #expect(button.isFocused)
        #expect(terminal.lines[1] == "")
        #expect(terminal.runs { $0.attributes.contains(.bold) }.isEmpty)
        #expect(terminal.press(.tab))
        #expect(grid.isFocused)
        #expect(terminal.runs { $0.attributes.contains(.bold) } == ["┌────┐", "│", "│", "│", "│", "└────┘"])
        #expect(terminal.press(.tab))
        #expect(button.isFocused)
    }

    @Test func theArrowsMoveTheSelectionInTwoDimensions() {
        let grid = grid(10)
        let selected = record(grid.reactive.selections)
        let terminal = VirtualTerminal(columns: 16, rows: 30, root: grid)
        #expect(grid.selectedItem?.id == 0)
        let keys: [Key] = [.right, .down, .down, .down, .up, .left, .home, .end, .down, .right, .pageUp, .pageDown]
        for key in keys {
            terminal.press(key)
        }
        // 3 a line: 0 → 1 → 4 → 7 → 9 (the last, on a shorter line) → 6 → 5 → 0 → 9
        // (Down and Right at the end do nothing) → 0 → 9.
        #expect(selected.values.map(\.id) == [1, 4, 7, 9, 6, 5, 0, 9, 0, 9])
        terminal.press(.left)
        #expect(terminal.lines[6...10] == [
            "          ┌────┐",
            " 6    7   │8   │",
            "          │    │",
            "          └────┘",
            " 9",
        ])
    }

    @Test func movingTheSelectionScrollsItIntoView() {
        let grid = grid(30)
        let terminal = VirtualTerminal(columns: 16, rows: 7, root: grid)
        #expect(grid.contentOffset == 0)
        terminal.press(.down)
        terminal.press(.down)
        // Line 2 (rows 7–8) and the row of spacing below it, where the frame's edge goes.
        #expect(grid.contentOffset == 3)
        #expect(terminal.lines[3] == "┌────┐")
        #expect(terminal.lines[4] == "│6   │7    8")
        terminal.press(.pageDown)
        // A page is two lines (six rows): the content scrolls with the selection.
        #expect(grid.selectedItem?.id == 12)
        #expect(grid.contentOffset == 9)
        terminal.press(.end)
        #expect(grid.contentOffset == 24)
        #expect(terminal.lines[3...6] == [
            "          ┌────┐",
            " 27   28  │29  │",
            "          │    │",
            "          └────┘",
        ])
        terminal.press(.home)
        #expect(grid.contentOffset == 0)
    }

    @Test func enterAndAClickActivateAndAClickSelects() {
        let grid = grid(10)
        let selected = record(grid.reactive.selections)
        let activated = record(grid.reactive.activations)
        let terminal = VirtualTerminal(columns: 16, rows: 9, root: grid)
        terminal.press(.enter)
        #expect(activated.values.map(\.id) == [0])
        #expect(terminal.click(column: 7, row: 5))   // in p4's cell
        #expect(grid.selectedItem?.id == 4)
        #expect(selected.values.map(\.id) == [4])
        #expect(activated.values.map(\.id) == [0, 4])
        terminal.click(column: 5, row: 5)            // the spacing between p3 and p4
        terminal.click(column: 7, row: 6)            // the spacing below p4
        terminal.click(column: 7, row: 4)            // p4's first row
        #expect(selected.values.map(\.id) == [4])
        #expect(activated.values.map(\.id) == [0, 4, 4])
    }

    @Test func theWheelScrollsWithoutMovingTheSelection() {
        let grid = grid(30)
        let terminal = VirtualTerminal(columns: 16, rows: 7, root: grid)
        #expect(terminal.scroll(1, column: 3, row: 3))
        #expect(grid.contentOffset == 3)
        // The selected item has scrolled out, and its frame with it.
        #expect(terminal.lines[0...1] == ["", " 3    4    5"])
        terminal.scroll(100, column: 3, row: 3)
        #expect(grid.contentOffset == 24)
        #expect(terminal.lines[4] == " 27   28   29")
        #expect(grid.selectedItem?.id == 0)
        terminal.scroll(-2, column: 3, row: 3)
        #expect(grid.contentOffset == 18)
    }

    @Test func onlyVisibleCellsAreBuiltAndTheyAreReusedWhileScrollingTenThousandItems() {
        let built = Recorder<Int>()
        let grid = grid(10_000, built: built)
        let terminal = VirtualTerminal(columns: 16, rows: 7, root: grid)
        // 7 rows show at most 3 lines (a line and its spacing take 3 rows) of 3 cells.
        let mostVisible = 9
        #expect(built.values.count == 6)
        while grid.selectedItem?.id != 9_999 {
            terminal.press(.pageDown)
            #expect(grid.visibleCells.count <= mostVisible)
        }
        #expect(built.values.count <= mostVisible)
        #expect(terminal.lines[4] == "│9999│")
        terminal.press(.home)
        for _ in 0..<50 {
            terminal.scroll(1, column: 0, row: 0)
        }
        #expect(built.values.count <= mostVisible)
        #expect(grid.contentOffset == 150)
        #expect(grid.visibleCells.map { ($0 as? TitleCell)?.title.text } == ["150", "151", "152", "153", "154", "155"])
    }

    @Test func untilReuseBindingsIntoACellEndOnReuse() async {
        let models = (0..<300).map(LivePhoto.init)
        var cellShowing: [Int: TitleCell] = [:]
        let grid = GridView<LivePhoto>(cellSize: Size(columns: 4, rows: 2), makeCell: { TitleCell() }) { cell, model in
            cell.reactive.untilReuse(\.title.text) <~ model.title
            cellShowing[model.id] = cell
        }
        grid.items = models
        let terminal = VirtualTerminal(columns: 15, rows: 5, root: grid)
        await terminal.settle()
        let firstCell = cellShowing[0]
        models[0].title.value = "new"
        await terminal.settle()
        #expect(terminal.lines[0].hasPrefix("new "))
        terminal.press(.end)
        await terminal.settle()
        let reusedFor = cellShowing.first { $0.key != 0 && $0.value === firstCell }?.key
        #expect(reusedFor != nil)
        models[0].title.value = "late"
        await terminal.settle()
        #expect(firstCell?.title.text == reusedFor.map { "p\($0)" })
    }

    @Test func aReusedCellsBindingsEndBeforeItShowsAnotherItem() async {
        let models = (0..<300).map(LivePhoto.init)
        var cellShowing: [Int: TitleCell] = [:]
        var lifetimes: [Int: Lifetime] = [:]
        let grid = GridView<LivePhoto>(cellSize: Size(columns: 4, rows: 2), makeCell: { TitleCell() }) { cell, model in
            cell.reuseLifetime += cell.title.reactive.text <~ model.title
            cellShowing[model.id] = cell
            lifetimes[model.id] = cell.reuseLifetime
        }
        grid.items = models
        let terminal = VirtualTerminal(columns: 15, rows: 5, root: grid)
        await terminal.settle()
        let firstCell = cellShowing[0]
        models[0].title.value = "new"
        await terminal.settle()
        #expect(terminal.lines[0].hasPrefix("new "))
        terminal.press(.end)
        await terminal.settle()
        #expect(lifetimes[0]?.hasEnded == true)
        #expect(grid.cell(for: 0) == nil)
        let reusedFor = cellShowing.first { $0.key != 0 && $0.value === firstCell }?.key
        #expect(reusedFor != nil)
        models[0].title.value = "late"
        await terminal.settle()
        #expect(firstCell?.title.text == reusedFor.map { "p\($0)" })
        #expect(!terminal.snapshot.contains("late"))
    }

    @Test func isVisibleIsTrueWhileACellShowsItsItemInView() {
        var log: [String] = []
        let grid = GridView<Photo>(cellSize: Size(columns: 4, rows: 2), makeCell: { TitleCell() }) { cell, photo in
            #expect(!cell.isVisible.value)
            cell.isVisible.signal.take(during: cell.reuseLifetime).observeValues { log.append("\(photo.id) \($0)") }
        }
        grid.items = GridViewTests.photos(12)
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: grid)
        // Two a line; line 0 (rows 0–1) shows in 3 rows, line 1 (rows 3–4) does not.
        #expect(log == ["0 true", "1 true"])
        let firstCell = grid.cell(for: 0)
        #expect(firstCell?.isVisible.value == true)
        log.removeAll()
        terminal.scroll(1, column: 0, row: 0)   // 3 rows down: line 1 alone in view
        #expect(log == ["0 false", "1 false", "2 true", "3 true"])
        #expect(firstCell?.isVisible.value == true)   // reused for item 2 or 3
        #expect(grid.visibleCells.allSatisfy { $0.isVisible.value })
    }

    @Test func newItemsKeepTheSelectionOnItsIdAndKeepUnchangedCells() async {
        let grid = grid(10)
        let terminal = VirtualTerminal(columns: 16, rows: 9, root: grid)
        terminal.press(.right)
        terminal.press(.right)
        #expect(grid.selectedItem?.id == 2)
        let cellOfP1 = grid.cell(for: 1)
        let lifetimeOfP1 = cellOfP1?.reuseLifetime
        let lifetimeOfP4 = grid.cell(for: 4)?.reuseLifetime
        var items = GridViewTests.photos(10).reversed().filter { $0.id != 0 }
        items[items.firstIndex { $0.id == 4 }!].title = "four"
        grid.reactive.items <~ SignalProducer(value: items)
        await terminal.settle()
        #expect(grid.selectedItem?.id == 2)
        #expect(grid.selectedIndex == 7)
        #expect(lifetimeOfP1?.hasEnded == false)
        #expect(lifetimeOfP4?.hasEnded == true)
        #expect(terminal.lines.contains { $0.contains("four") })
        #expect(grid.cell(for: 1) === cellOfP1)
        // The selected item removed: the item now at its index is selected.
        grid.items = Array(items.filter { $0.id != 2 })
        #expect(grid.selectedItem?.id == 1)
        grid.items = []
        #expect(grid.selectedItem == nil)
        #expect(grid.visibleCells.isEmpty)
        #expect(!terminal.press(.down))
    }

    @Test func scrollToItemCentresItOrShowsItWithTheLeastScrolling() {
        let grid = grid(10_000)
        grid.scrollToItem(5_000)
        let terminal = VirtualTerminal(columns: 16, rows: 8, root: grid)
        // Item 5000 is on line 1666 (rows 4999–5000 of the content), centred in 8 rows.
        #expect(grid.contentOffset == 4_996)
        #expect(grid.cell(for: 5_000)?.frame.row == 3)
        #expect(terminal.lines[3] == " 4998 4999 5000")
        grid.scrollToItem(5_010, centred: false)
        #expect(terminal.lines[5] == " 5010 5011 5012")
        #expect(grid.contentOffset == 5_006)
        grid.scrollToItem(5_009, centred: false)
        #expect(terminal.lines.contains(" 5007 5008 5009"))
        #expect(grid.contentOffset == 5_006)
        #expect(!grid.scrollToItem(20_000))
        #expect(grid.selectedItem?.id == 0)
        grid.selectItem(9_999)
        #expect(terminal.lines.contains("│9999│"))
    }
}
