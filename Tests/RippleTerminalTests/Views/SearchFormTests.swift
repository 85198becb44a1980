import Ripple
import RippleTerminal
import Testing

/// A ViewModel and its view, driven only through the terminal: a query field, a
/// live match count, a search button bound to an Action, a spinner while it runs.
@MainActor
@Suite struct SearchFormTests {
    /// Knows nothing of the terminal: properties in, properties and an Action out.
    @MainActor
    final class SearchViewModel {
        let query = MutableProperty("")
        let matchCount: Property<Int>
        let results = MutableProperty<[String]>([])
        let search: Action<Void, [String], Never>

        init(corpus: [String], scheduler: TestScheduler) {
            matchCount = query.map { query in corpus.filter { $0.hasPrefix(query) }.count }
            search = Action(state: query) { query, _ in
                SignalProducer(value: corpus.filter { $0.hasPrefix(query) }).delay(.seconds(1), on: scheduler)
            }
            results <~ search.values
        }
    }

    /// Only binds.
    @MainActor
    final class SearchView: View {
        let field = TextField(placeholder: "query")
        let button = Button(title: "Search")
        let spinner: ActivityIndicator
        let count = Label()
        let results = Label()

        init(_ viewModel: SearchViewModel, scheduler: TestScheduler) {
            spinner = ActivityIndicator(scheduler: scheduler)
            super.init()
            let row = Stack(.horizontal, spacing: 1, [button, spinner])
            addSubview(Border(title: "搜索", Stack(.vertical, [field, row, count, results])))
            viewModel.query <~ field.reactive.continuousTextValues
            count.reactive.text <~ viewModel.matchCount.map { "\($0) matches" }
            results.reactive.text <~ viewModel.results.map { $0.joined(separator: ", ") }
            button.reactive.pressed = CocoaAction(viewModel.search)
            spinner.reactive.isAnimating <~ viewModel.search.isExecuting
        }
    }

    let scheduler = TestScheduler()

    @Test func typingAQueryTabbingToSearchAndPressingEnterShowsTheResults() async {
        let viewModel = SearchViewModel(corpus: ["swift", "swiftui", "sweet", "rust", "中文"], scheduler: scheduler)
        let terminal = VirtualTerminal(columns: 24, rows: 6, root: SearchView(viewModel, scheduler: scheduler))
        await terminal.settle()
        #expect(terminal.lines == [
            "┌ 搜索 ────────────────┐",
            "│query                 │",
            "│[ Search ]            │",
            "│5 matches             │",
            "│                      │",
            "└──────────────────────┘",
        ])
        terminal.type("swi")
        await terminal.settle()
        #expect(terminal.lines[1] == "│swi                   │")
        #expect(terminal.lines[3] == "│2 matches             │")
        terminal.press(.tab)
        #expect(terminal.reversedText == ["[ Search ]"])
        terminal.press(.enter)
        await terminal.settle()
        #expect(terminal.lines[2] == "│[ Search ] |          │")
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["[ Search ]"])
        await scheduler.advance(by: .seconds(1))
        await terminal.settle()
        #expect(terminal.lines == [
            "┌ 搜索 ────────────────┐",
            "│swi                   │",
            "│[ Search ]            │",
            "│2 matches             │",
            "│swift, swiftui        │",
            "└──────────────────────┘",
        ])
        #expect(terminal.reversedText == ["[ Search ]"])
    }

    @Test func aChineseQueryCountsItsMatches() async {
        let viewModel = SearchViewModel(corpus: ["中文", "中国", "英文"], scheduler: scheduler)
        let terminal = VirtualTerminal(columns: 24, rows: 6, root: SearchView(viewModel, scheduler: scheduler))
        terminal.type("中")
        await terminal.settle()
        #expect(terminal.lines[1] == "│中                    │")
        #expect(terminal.lines[3] == "│2 matches             │")
        #expect(terminal.cursor == Position(column: 3, row: 1))
    }
}
