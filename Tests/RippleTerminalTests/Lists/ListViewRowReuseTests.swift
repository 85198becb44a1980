import Ripple
import RippleTerminal
import Testing

/// ListView rows: only what shows is built, rows are reused, per-item bindings end
/// on reuse, and `isVisible` follows what the renders drew.
@MainActor
@Suite struct ListViewRowReuseTests {
    let photos = PhotoList()
    var list: ListView<PhotoItem, TextRow> { photos.list }

    init() {
        photos.list.showsScrollIndicator = false
    }

    func items(_ count: Int) -> [PhotoItem] {
        (0..<count).map { PhotoItem(id: $0, title: "Photo \($0)") }
    }

    @Test func scrolling100000ItemsBuildsOnlyTheRowsOnOneScreen() {
        var built = 0
        let counting = ListView(makeRow: { () -> TextRow in
            built += 1
            return TextRow()
        }, configure: { (row, fruit: Fruit) in row.textLabel.text = fruit.name })
        counting.items = numberedFruits(100_000)
        let terminal = VirtualTerminal(columns: 20, rows: 10, root: counting)
        #expect(built == 10)
        for _ in 0..<50 { terminal.press(.pageDown) }
        terminal.press(.end)
        for _ in 0..<7 { terminal.press(.up) }
        terminal.scroll(-5, column: 0, row: 0)
        terminal.press(.home)
        #expect(built <= 11)
        #expect(counting.subviews.count == 10)
        #expect(terminal.lines.first?.hasPrefix("Item 0") == true)
        counting.selectItem(at: ListIndexPath(row: 54_321))
        #expect(terminal.lines.last?.hasPrefix("Item 54321") == true)
        #expect(built <= 11)
    }

    @Test func aBindingMadeForAnItemEndsWhenItsRowIsReused() async {
        let items = items(6)
        list.items = items
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        let row = list.row(at: ListIndexPath(row: 0))
        terminal.press(.end)
        await terminal.settle()
        #expect(terminal.lines == ["Photo 3", "Photo 4", "Photo 5"])
        #expect((3..<6).contains { list.row(at: ListIndexPath(row: $0)) === row })
        for item in items[0..<3] { item.title.value = "stale" }
        await terminal.settle()
        #expect(terminal.lines == ["Photo 3", "Photo 4", "Photo 5"])
        #expect(row?.textLabel.text.hasPrefix("Photo") == true)
        items[4].title.value = "fresh"
        await terminal.settle()
        #expect(terminal.lines == ["Photo 3", "fresh", "Photo 5"])
        #expect(photos.rowsBuilt == 3)
    }

    @Test func untilReuseBindsIntoTheRowsViewsByKeyPathOrClosure() async {
        let list = ListView(rowHeight: 2, makeRow: TwoLineRow.init) { (row, item: PhotoItem) in
            row.reactive.untilReuse(\.title.text) <~ item.title
            row.reactive.untilReuse { row, visible in row.detail.text = visible ? "seen" : "-" } <~ row.isVisible
        }
        let items = items(1)
        list.items = items
        let terminal = VirtualTerminal(columns: 10, rows: 2, root: list)
        await terminal.settle()
        #expect(terminal.lines == ["Photo 0", "seen"])
        items[0].title.value = "日落"
        await terminal.settle()
        #expect(terminal.lines == ["日落", "seen"])
    }

    @Test func aValueForTheOldItemStillWaitingWhenItsRowIsReusedIsDropped() async {
        /// Records every text it is given.
        final class HistoryRow: ListRow {
            var texts: [String] = []
            var text = "" { didSet { texts.append(text) } }
        }
        let list = ListView(makeRow: HistoryRow.init) { (row, item: PhotoItem) in
            row.reactive.untilReuse(\.text) <~ item.title
        }
        let items = items(2)
        list.items = items
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: list)
        await terminal.settle()
        let row = list.row(at: ListIndexPath(row: 0))
        #expect(row?.texts == ["Photo 0"])
        UIScheduler().schedule {
            // Inside main-queue work, so the binding's value has to wait for a later turn…
            items[0].title.value = "late"
            // …and the row is reused for the next item before it comes.
            terminal.press(.down)
            terminal.press(.down)
        }
        await terminal.settle()
        #expect(list.row(at: ListIndexPath(row: 1)) === row)
        #expect(row?.texts == ["Photo 0", "Photo 1"])
    }

    @Test func isVisibleTurnsTrueOnceDrawnAndFalseWhenScrolledOut() {
        let items = items(10)
        list.items = items
        #expect(items[0].visibility.isEmpty)          // no row before the first layout
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        #expect(items[0].visibility == [false, true])
        #expect(items[3].visibility.isEmpty)
        terminal.scroll(1, column: 0, row: 0)
        #expect(items[0].visibility == [false, true, false])
        #expect(items[3].visibility == [false, true])
        terminal.scroll(-1, column: 0, row: 0)
        #expect(items[0].visibility == [false, true, false, false, true])
        #expect(items[3].visibility == [false, true, false])
    }

    @Test func isVisibleTurnsFalseWhileTheListIsHidden() {
        let items = items(2)
        list.items = items
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: Stack(.vertical, [Label("top"), list]))
        let row = list.row(at: ListIndexPath(row: 0))
        #expect(row?.isVisible.value == true)
        list.isHidden = true
        _ = terminal.lines
        #expect(row?.isVisible.value == false)
        #expect(items[0].isVisible.value == false)
        list.isHidden = false
        _ = terminal.lines
        #expect(row?.isVisible.value == true)
    }

    @Test func rowsTurnInvisibleWhenTheirListLeavesTheWindow() {
        let items = items(2)
        list.items = items
        let screen = Stack(.vertical, [list])
        let terminal = VirtualTerminal(columns: 10, rows: 2, root: screen)
        #expect(items.map(\.isVisible.value) == [true, true])
        list.removeFromSuperview()
        #expect(terminal.lines == ["", ""])
        #expect(items.map(\.isVisible.value) == [false, false])
    }

    @Test func rowsCutAwayByAnAncestorAreNotVisible() async {
        /// Shows the top of a subview four rows high, however high it is itself.
        final class Viewport: View {
            override func layoutSubviews() {
                for view in subviews {
                    view.frame = Rect(column: frame.column, row: frame.row, columns: frame.columns, rows: 4)
                }
            }
        }
        let items = items(4)
        list.items = items
        let viewport = Viewport()
        viewport.addSubview(list)
        viewport.sizing = .fixed(2)
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: Stack(.vertical, [viewport, Label("below")]))
        await terminal.settle()
        #expect(terminal.lines == ["Photo 0", "Photo 1", "below", ""])
        #expect(list.indexPathsForVisibleRows.count == 4)
        #expect(items.map(\.isVisible.value) == [true, true, false, false])
    }

    @Test func takingARowBackHidesItThenEndsItsBindingsThenPreparesIt() {
        final class RecordingRow: ListRow {
            var events: [String] = []
            override func prepareForReuse() { events.append("prepareForReuse()") }
        }
        var shown: RecordingRow?
        let list = ListView(makeRow: RecordingRow.init) { (row, fruit: Fruit) in
            guard fruit.id == 0 else { return }
            shown = row
            row.isVisible.signal.take(during: row.reuseLifetime).observeValues { row.events.append("visible \($0)") }
            row.reactive.prepareForReuse.observeValues { row.events.append("signal") }
            row.reuseLifetime.observeEnded { row.events.append("lifetime ended") }
        }
        list.items = numberedFruits(4)
        let terminal = VirtualTerminal(columns: 10, rows: 2, root: list)
        terminal.press(.end)
        #expect(shown?.events == ["visible true", "visible false", "signal", "lifetime ended", "prepareForReuse()"])
    }

    @Test func metadataIsFetchedOnlyForItemsVisibleForOneSecond() async {
        // Seed 004: "fetch metadata once a cell has been visible for one second".
        let scheduler = TestScheduler()
        let items = items(20)
        let fetched = Recorder<Int>()
        for item in items {
            item.isVisible.producer
                .skip(first: 1)
                .flatMap(.latest) { visible in
                    visible ? SignalProducer.timer(interval: .seconds(1), on: scheduler).take(first: 1) : .empty
                }
                .startWithValues { _ in MainActor.assumeIsolated { fetched.append(item.id) } }
        }
        list.items = items
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: list)
        await scheduler.advance(by: .milliseconds(500))
        terminal.press(.down)
        terminal.press(.pageDown)                    // rows 4…7 show; 0…3 were visible for 0.5 s
        await scheduler.advance(by: .milliseconds(900))
        #expect(fetched.values.isEmpty)
        await scheduler.advance(by: .milliseconds(100))
        #expect(fetched.values.sorted() == [4, 5, 6, 7])
        terminal.scroll(1, column: 0, row: 0)        // rows 7…10 show
        await scheduler.advance(by: .seconds(5))
        #expect(fetched.values.sorted() == Array(4...10))
    }
}
