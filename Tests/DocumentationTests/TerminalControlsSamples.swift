import Foundation
import Ripple
import RippleTerminal
import Testing

// The samples of the Terminal Controls article (RippleTerminal's catalog), each run
// against a VirtualTerminal or checked through the controls' state.

enum TerminalControlsArticle {
    @MainActor
    final class PhotoCell: GridCell {
        let thumbnail = ImageView(placeholder: .text("…"), backgroundColor: .rgb(48, 48, 48))
        override init() {
            super.init()
            addSubview(thumbnail)
        }
        override func prepareForReuse() {
            thumbnail.image = nil
        }
    }

    @MainActor
    final class PhotoRow: ListRow {
        let title = Label()
        let favourites = Label(style: Style(attributes: .dim))
        override init() {
            super.init()
            addSubview(Stack(.vertical, [title, favourites]))
        }
    }

    /// One photo as the screens show it.
    @MainActor
    final class PhotoViewModel: Identifiable {
        let id: Int
        let title: String
        let favourites: Property<Int?>
        let thumbnail = MutableProperty<Image?>(nil)
        let isVisible = MutableProperty(false)

        init(id: Int, title: String, favourites: Int?) {
            self.id = id
            self.title = title
            self.favourites = Property(value: favourites)
        }
    }

    struct PreviousSearch: Identifiable {
        let text: String
        let count: Int
        var id: String { text }
    }

    struct Todo: Identifiable {
        let title: String
        var id: String { title }
    }

    struct SubmitError: Error {
        let reason: String
    }

    /// Everything the samples bind to, in one ViewModel.
    @MainActor
    final class ViewModel {
        let photos = MutableProperty<[PhotoViewModel]>([])
        var shown: [Int] = []
        let savedNotes = MutableProperty("saved")
        let notes = MutableProperty("")
        let (showResults, showResultsInput) = Signal<String, Never>.pipe()
        let (didRegister, didRegisterInput) = Signal<Void, Never>.pipe()
        let (backs, back) = Signal<Void, Never>.pipe()
        let (showLogin, showLoginInput) = Signal<String, Never>.pipe()
        let submit = Action<Bool, Void, SubmitError> { succeeds in
            succeeds ? SignalProducer(value: ()) : SignalProducer(error: SubmitError(reason: "名字已被使用"))
        }
        let (connectionErrors, connectionErrorsInput) = Signal<Void, Never>.pipe()
        let loading = MutableProperty(false)
        let searchResults = MutableProperty<[PhotoViewModel]>([])
        let (opened, open) = Signal<PhotoViewModel, Never>.pipe()
        let todos = MutableProperty([Todo(title: "写文档")])

        func showPhoto(_ photo: PhotoViewModel) {
            shown.append(photo.id)
        }
    }

    @MainActor
    final class Pager {
        let currentPhoto: MutableProperty<PhotoViewModel>
        init(_ photo: PhotoViewModel) { currentPhoto = MutableProperty(photo) }
    }

    @MainActor
    final class SearchView: View {
        init(_ viewModel: ViewModel) {
            super.init()
            addSubview(Label("search"))
        }
    }

    @MainActor
    final class ResultsView: View {
        let text: String
        init(_ text: String) {
            self.text = text
            super.init()
            navigationItem.title = text
        }
    }

    @MainActor
    final class LoginView: View {
        init(_ user: String) { super.init() }
    }
}

@MainActor
@Suite("The Terminal Controls article's samples")
struct TerminalControlsSamples {
    typealias PhotoCell = TerminalControlsArticle.PhotoCell
    typealias PhotoRow = TerminalControlsArticle.PhotoRow
    typealias PhotoViewModel = TerminalControlsArticle.PhotoViewModel
    typealias PreviousSearch = TerminalControlsArticle.PreviousSearch
    typealias Todo = TerminalControlsArticle.Todo
    typealias SearchView = TerminalControlsArticle.SearchView
    typealias ResultsView = TerminalControlsArticle.ResultsView
    typealias LoginView = TerminalControlsArticle.LoginView

    let viewModel = TerminalControlsArticle.ViewModel()
    let scheduler = TestScheduler()

    func photos(_ count: Int) -> [PhotoViewModel] {
        (1...count).map { PhotoViewModel(id: $0, title: "photo \($0)", favourites: $0 == 1 ? 12 : nil) }
    }

    @Test("a grid of photo cells, bound per stint, shows the photos and reports activations")
    func gallery() async throws {
        let pager = TerminalControlsArticle.Pager(PhotoViewModel(id: 0, title: "", favourites: nil))

        let gallery = GridView<PhotoViewModel>(cellSize: Size(columns: 16, rows: 8), columnSpacing: 2,
                                               insets: Insets(all: 1), makeCell: { PhotoCell() }) { cell, photo in
            cell.reuseLifetime += cell.thumbnail.reactive.image <~ photo.thumbnail
            cell.reuseLifetime += photo.isVisible <~ cell.isVisible
        }
        gallery.reactive.items <~ viewModel.photos
        gallery.reactive.activations.observeValues { viewModel.showPhoto($0) }
        pager.currentPhoto.signal.observeValues { gallery.scrollToItem($0.id) }   // back on the last photo viewed

        let photos = photos(20)
        viewModel.photos.value = photos
        let terminal = VirtualTerminal(columns: 40, rows: 20, root: gallery)
        await terminal.settle()
        #expect(gallery.items.count == 20)
        #expect(photos[0].isVisible.value)
        #expect(!photos[19].isVisible.value)
        let image = try Image(width: 1, height: 1, pixels: [255, 0, 0, 255])
        photos[0].thumbnail.value = image
        await terminal.settle()
        #expect(gallery.cell(for: 1).map { ($0 as? PhotoCell)?.thumbnail.image == image } == true)
        terminal.press(.enter)
        #expect(viewModel.shown == [1])
        pager.currentPhoto.value = photos[19]
        await terminal.settle()
        #expect(photos[19].isVisible.value)
    }

    @Test("a text view bound both ways, and a read-only one")
    func notes() async {
        let changelog = "1.0: the first release"

        let notes = TextView(placeholder: "Notes")
        notes.sizing = .flexible
        notes.reactive.text <~ viewModel.savedNotes
        viewModel.notes <~ notes.reactive.continuousTextValues

        let article = TextView(text: changelog)
        article.isEditable = false

        let terminal = VirtualTerminal(columns: 30, rows: 4, root: Stack(.vertical, [notes, article]))
        await terminal.settle()
        #expect(notes.text == "saved")
        terminal.type("!")
        #expect(viewModel.notes.value == "saved!")
        #expect(article.text == changelog)
    }

    @Test("a navigation stack driven by a ViewModel's signals")
    func navigation() async {
        let gallery = View()
        let logIn = Button(title: "Log in")

        let search = SearchView(viewModel)
        search.navigationItem.title = "Flickr Search"
        let navigation = NavigationStack(root: search)
        navigation.reactive.push <~ viewModel.showResults.map { ResultsView($0) }   // titled with the search text
        navigation.reactive.pop <~ viewModel.didRegister
        viewModel.back <~ navigation.reactive.userPops.map { _ in () }
        gallery.navigationItem.rightBarItem = logIn                                  // a Button
        navigation.reactive.present <~ viewModel.showLogin.map { NavigationStack(root: LoginView($0)) }

        var backs = 0
        viewModel.backs.observeValues { backs += 1 }
        let terminal = VirtualTerminal(columns: 40, rows: 8, root: navigation)
        await terminal.settle()
        #expect(navigation.title == "Flickr Search")
        viewModel.showResultsInput.send(value: "swift")
        await terminal.settle()
        #expect(navigation.title == "swift")
        #expect((navigation.topScreen as? ResultsView)?.text == "swift")
        terminal.press(.escape)
        #expect(navigation.topScreen === search)
        #expect(backs == 1)
        viewModel.showLoginInput.send(value: "me")
        await terminal.settle()
        #expect(navigation.presentedScreen is NavigationStack)
    }

    @Test("overlays: a toast for each outcome, an alert on a connection error, a HUD while loading")
    func overlays() async {
        let navigation = NavigationStack(root: View())

        let host = OverlayHost(navigation)                       // the window's root
        let toast = Toast(), alerts = AlertPresenter(), hud = HUD(text: "Loading…")
        host.addOverlay(hud, placement: .center)
        host.addOverlay(alerts, placement: .center)
        host.addOverlay(toast, placement: .bottom(margin: 1))
        toast.reactive.show <~ viewModel.submit.errors.map(\.reason)
        toast.reactive.show <~ viewModel.submit.values.map { _ in "注册成功" }
        alerts.reactive.present <~ viewModel.connectionErrors.map { _ in
            AlertContent(title: "Connection Error", message: "There was a problem reaching Flickr.", buttons: ["OK"])
        }
        hud.reactive.isShowing <~ viewModel.loading

        let terminal = VirtualTerminal(columns: 50, rows: 12, root: host)
        await terminal.settle()
        viewModel.submit.apply(false).start()
        await terminal.settle()
        #expect(toast.message == "名字已被使用")
        viewModel.submit.apply(true).start()
        await terminal.settle()
        #expect(toast.message == "注册成功")
        viewModel.connectionErrorsInput.send(value: ())
        await terminal.settle()
        #expect(alerts.alert?.content.title == "Connection Error")
        viewModel.loading.value = true
        await terminal.settle()
        #expect(hud.isShowing)
    }

    @Test("lists: photo rows, plain text rows, and sections")
    func lists() async {
        let todos = ListView { (todo: Todo) in todo.title }

        let results = ListView<PhotoViewModel, PhotoRow>(rowHeight: 2, placeholder: "没有结果", makeRow: PhotoRow.init) { row, photo in
            row.title.text = photo.title
            row.reactive.untilReuse(\.favourites.text) <~ photo.favourites.map { $0.map { "♥ \($0)" } ?? "" }
            photo.isVisible <~ row.isVisible.producer.take(during: row.reuseLifetime)
        }
        results.sizing = .flexible
        results.reactive.items <~ viewModel.searchResults
        viewModel.open <~ results.reactive.activations

        let history = ListView { (search: PreviousSearch) in "\(search.text) (\(search.count))" }  // TextRow rows
        todos.reactive.sections <~ viewModel.todos.map { [ListSection(title: "未完成", items: $0)] }

        var opened: [Int] = []
        viewModel.opened.observeValues { opened.append($0.id) }
        history.items = [PreviousSearch(text: "swift", count: 3)]
        let terminal = VirtualTerminal(columns: 20, rows: 10, root: Stack(.vertical, [results, history, todos]))
        await terminal.settle()
        #expect(terminal.lines[0].hasPrefix("没有结果"))
        let photos = photos(2)
        viewModel.searchResults.value = photos
        await terminal.settle()
        // The rows are laid out by that render, and their main-actor bindings apply at
        // once only while nothing else waits on the main queue (tests running in
        // parallel may have queued work): let what they queued run, and render again.
        await terminal.settle()
        #expect(terminal.lines[0].hasPrefix("photo 1"))
        #expect(terminal.lines[1].hasPrefix("♥ 12"))
        #expect(photos[0].isVisible.value)
        terminal.press(.enter)
        #expect(opened == [1])
        #expect(history.itemCount == 1)
        #expect(todos.itemCount == 1)
    }

    @Test("a value once a row has been visible for one second")
    func visibleForOneSecond() {
        let isVisible = MutableProperty(false)

        let visibleForOneSecond = isVisible.producer.skip(first: 1)
            .flatMap(.latest) { $0 ? SignalProducer.timer(interval: .seconds(1), on: scheduler).take(first: 1) : .empty }

        var fired = 0
        visibleForOneSecond.startWithValues { _ in fired += 1 }
        isVisible.value = true
        scheduler.advance(by: 0.5)
        isVisible.value = false                 // scrolled out before the second was up
        scheduler.advance(by: 1)
        #expect(fired == 0)
        isVisible.value = true
        scheduler.advance(by: 1)
        #expect(fired == 1)
    }
}
