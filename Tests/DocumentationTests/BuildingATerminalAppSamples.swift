import Foundation
import Ripple
import RippleTerminal
import Testing

// The samples of the Building a Terminal App article (RippleTerminal's catalog). The
// ones that take over the process's terminal (`TerminalApp.run`, `TerminalSession`)
// are compiled only; the others run against a `VirtualTerminal`.

enum BuildingATerminalAppArticle {
    /// The ViewModel behind the article's first sample: a query in, results and a
    /// summary out, and a reload action.
    @MainActor
    final class PackageListViewModel {
        struct Package: Identifiable, Equatable {
            let name: String
            var id: String { name }
        }

        let query = MutableProperty("")
        let results: Property<[Package]>
        let summary: Property<String>
        let reload: Action<Void, [Package], Never>

        init(installed: [String]) {
            let all = MutableProperty(installed.map(Package.init))
            results = Property.combineLatest(all, query).map { packages, query in
                packages.filter { query.isEmpty || $0.name.contains(query) }
            }
            summary = results.map { "\($0.count) packages" }
            reload = Action { SignalProducer(value: installed.map(Package.init)) }
            all <~ reload.values
        }
    }

    /// The search form's ViewModel: a query in, a live match count out, and a search
    /// that takes a second of the scheduler's time.
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

    /// The search form made into a view; it only binds.
    @MainActor
    final class SearchView: View {
        init(_ viewModel: SearchViewModel, scheduler: TestScheduler) {
            super.init()
            let field = TextField(placeholder: "query")
            let search = Button(title: "Search")
            let spinner = ActivityIndicator(scheduler: scheduler)
            let count = Label()
            let results = Label()
            addSubview(Border(title: "搜索", Stack(.vertical, [field, Stack(.horizontal, spacing: 1, [search, spinner]), count, results])))
            viewModel.query <~ field.reactive.continuousTextValues
            count.reactive.text <~ viewModel.matchCount.map { "\($0) matches" }
            results.reactive.text <~ viewModel.results.map { $0.joined(separator: ", ") }
            search.reactive.pressed = CocoaAction(viewModel.search)
            spinner.reactive.isAnimating <~ viewModel.search.isExecuting
        }
    }

    /// What an executable's `main.swift` holds; compiled, never run (it takes over the
    /// terminal and does not return).
    enum Main {
        struct DpkgCatalog {}

        @MainActor
        final class SearchViewModel {
            let catalog: DpkgCatalog
            init(catalog: DpkgCatalog) { self.catalog = catalog }
        }

        @MainActor
        final class SearchScreen: View {
            init(viewModel: SearchViewModel) { super.init() }
        }

        @MainActor
        static func main() -> Never {
            TerminalApp.run { app in
                SearchScreen(viewModel: SearchViewModel(catalog: DpkgCatalog()))
            }
        }
    }

    /// A program that draws by itself on the terminal; compiled, never run.
    enum OwnSession {
        static func handle(_ event: InputEvent) {}
        static func layOut(for size: TerminalSize) {}

        static func main() -> Never {
            let terminal = TerminalSession.openOrExit()   // or: try TerminalSession()
            terminal.input.observeValues { event in handle(event) }   // on the main queue
            terminal.size.producer.startWithValues { size in layOut(for: size) }   // Property<TerminalSize>, follows SIGWINCH
            terminal.write("\u{1B}[H" + "Hello")         // all the bytes, whatever write(2) takes per call
            dispatchMain()
        }
    }
}

@MainActor
@Suite("The Building a Terminal App article's samples")
struct BuildingATerminalAppSamples {
    typealias SearchViewModel = BuildingATerminalAppArticle.SearchViewModel
    typealias SearchView = BuildingATerminalAppArticle.SearchView

    let scheduler = TestScheduler()
    let viewModel: SearchViewModel

    init() {
        viewModel = SearchViewModel(corpus: ["swift", "swiftui", "sweet", "rust", "中文"], scheduler: scheduler)
    }

    @Test("the screen only binds: the field feeds the query, the ViewModel feeds the list and the summary")
    func theScreenOnlyBinds() async {
        let viewModel = BuildingATerminalAppArticle.PackageListViewModel(installed: ["libc6", "libssl3", "tmux"])
        let field = TextField(placeholder: "Search")
        let list = ListView(rowHeight: 1) { (package: BuildingATerminalAppArticle.PackageListViewModel.Package) in package.name }
        list.sizing = .flexible
        let summary = Label()
        let reloadButton = Button(title: "Reload")
        let spinner = ActivityIndicator(scheduler: scheduler)

        viewModel.query <~ field.reactive.continuousTextValues
        list.reactive.items <~ viewModel.results
        summary.reactive.text <~ viewModel.summary
        reloadButton.reactive.pressed = CocoaAction(viewModel.reload)
        spinner.reactive.isAnimating <~ viewModel.reload.isExecuting

        let terminal = VirtualTerminal(
            columns: 20, rows: 7,
            root: Border(Stack(.vertical, [field, Stack(.horizontal, spacing: 1, [reloadButton, spinner]), summary, list]))
        )
        await terminal.settle()
        #expect(terminal.lines[3] == "│3 packages        │")
        terminal.type("lib")
        await terminal.settle()
        #expect(viewModel.query.value == "lib")
        #expect(terminal.lines[3] == "│2 packages        │")
        #expect(terminal.lines[4] == "│libc6             │")
        #expect(terminal.lines[5] == "│libssl3           │")
    }

    @Test("the search form binds its controls to the ViewModel")
    func theSearchForm() async {
        let spinner = ActivityIndicator(scheduler: scheduler)
        let count = Label()

        let field = TextField(placeholder: "搜索")
        field.sizing = .flexible
        let search = Button(title: "Search")
        let root = Border(title: "Search", Stack(.vertical, [field, Stack(.horizontal, spacing: 1, [search, spinner]), count]))
        viewModel.query <~ field.reactive.continuousTextValues
        count.reactive.text <~ viewModel.matchCount.map { "\($0) matches" }
        search.reactive.pressed = CocoaAction(viewModel.search)
        spinner.reactive.isAnimating <~ viewModel.search.isExecuting

        let terminal = VirtualTerminal(columns: 24, rows: 5, root: root)
        await terminal.settle()
        #expect(terminal.lines == [
            "┌ Search ──────────────┐",
            "│搜索                  │",
            "│[ Search ]            │",
            "│5 matches             │",
            "└──────────────────────┘",
        ])
        terminal.type("swi")
        await terminal.settle()
        #expect(terminal.lines[3] == "│2 matches             │")
        terminal.press(.tab)
        terminal.press(.enter)
        #expect(viewModel.search.isExecuting.value)
        await scheduler.advance(by: .seconds(1))
        #expect(!viewModel.search.isExecuting.value)
        #expect(viewModel.results.value == ["swift", "swiftui"])
    }

    @MainActor @Test func searching() async {
        let terminal = VirtualTerminal(columns: 24, rows: 6, root: SearchView(viewModel, scheduler: scheduler))
        terminal.type("swi")
        terminal.press(.tab)
        terminal.press(.enter)
        await scheduler.advance(by: .seconds(1))
        await terminal.settle()
        #expect(terminal.lines[4] == "│swift, swiftui        │")
    }
}
