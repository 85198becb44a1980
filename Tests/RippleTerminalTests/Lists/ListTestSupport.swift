import Ripple
import RippleTerminal

// Items and rows for the list tests.

/// A value item.
struct Fruit: Identifiable, Equatable {
    let id: Int
    var name: String
}

/// Fruits 0..<count named "Item 0", "Item 1" …
func numberedFruits(_ count: Int, from first: Int = 0) -> [Fruit] {
    (first..<first + count).map { Fruit(id: $0, name: "Item \($0)") }
}

/// A per-row ViewModel, as seed 004's results items are: a title that may change
/// later, and the visibility the view reports.
@MainActor
final class PhotoItem: Identifiable {
    let id: Int
    let title: MutableProperty<String>
    let isVisible = MutableProperty(false)
    private(set) var visibility: [Bool] = []

    init(id: Int, title: String) {
        self.id = id
        self.title = MutableProperty(title)
        isVisible.signal.observeValues { [weak self] visible in
            MainActor.assumeIsolated { self?.visibility.append(visible) }
        }
    }
}

/// A list of `PhotoItem`s whose rows bind the title and report their visibility
/// for the current item only (until reuse), counting the rows it builds.
@MainActor
final class PhotoList {
    private(set) var rowsBuilt = 0
    private(set) var configured = 0
    private(set) var list: ListView<PhotoItem, TextRow>!

    init(rowHeight: Int = 1) {
        list = ListView(rowHeight: rowHeight, makeRow: { [unowned self] in
            rowsBuilt += 1
            return TextRow()
        }, configure: { [unowned self] row, item in
            configured += 1
            row.reactive.untilReuse(\.textLabel.text) <~ item.title
            item.isVisible <~ row.isVisible.producer.take(during: row.reuseLifetime)
        })
    }
}

/// A row of two lines: a title and a dim detail.
@MainActor
final class TwoLineRow: ListRow {
    let title = Label()
    let detail = Label(style: Style(attributes: .dim))

    override init() {
        super.init()
        addSubview(Stack(.vertical, [title, detail]))
    }
}
