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

    @Test func aBindingMadeForAnItemEndsWhenItsRowIsReused() {
        let items = items(6)
        list.items = items
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: list)
        let row = list.row(at: ListIndexPath(row: 0))
        terminal.press(.end)
        #expect(terminal.lines == ["Photo 3", "Photo 4", "Photo 5"])
        let reused = (3..<6).first { list.row(at: ListIndexPath(row: $0)) === row }
        #expect(reused != nil)
        items[0].title.value = "stale"
        items[1].title.value = "stale"
        items[2].title.value = "stale"
        #expect(terminal.lines == ["Photo 3", "Photo 4", "Photo 5"])
        #expect(row?.textLabel.text.hasPrefix("Photo") == true)
        items[4].title.value = "fresh"
        #expect(terminal.lines == ["Photo 3", "fresh", "Photo 5"])
        #expect(photos.rowsBuilt == 3)
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

    @Test func aRowCutAwayByItsContainerIsNotVisible() {
        let items = items(4)
        list.items = items
        let container = Padding(Insets(top: 0), list)
        container.sizing = .fixed(2)
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: Stack(.vertical, [container, Label("below")]))
        #expect(terminal.lines == ["Photo 0", "Photo 1", "below", ""])
        #expect(list.row(at: ListIndexPath(row: 0))?.isVisible.value == true)
        #expect(list.row(at: ListIndexPath(row: 2)) == nil)
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
