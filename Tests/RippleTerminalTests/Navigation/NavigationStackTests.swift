import Ripple
import RippleTerminal
import Testing

/// NavigationStack: push, pop, present and dismiss screens under a title bar, with
/// the focus following the top screen and the stack obeying a ViewModel's outputs.
@MainActor
@Suite struct NavigationStackTests {
    /// A screen that counts the Esc presses it handles itself.
    final class EscapeHandlingScreen: View {
        var escapes = 0

        override func handleKey(_ event: KeyEvent) -> Bool {
            guard event.key == .escape else { return false }
            escapes += 1
            return true
        }
    }

    /// Knows nothing of views: "show the results for this search" and "registered".
    @MainActor
    final class SearchViewModel {
        let showResults: Signal<String, Never>
        let didRegister: Signal<Void, Never>
        /// The view tells it of "Back".
        let back: Signal<Void, Never>.Observer
        private(set) var backs = 0
        private let showInput: Signal<String, Never>.Observer
        private let registerInput: Signal<Void, Never>.Observer

        init() {
            (showResults, showInput) = Signal.pipe()
            (didRegister, registerInput) = Signal.pipe()
            let (backs, back) = Signal<Void, Never>.pipe()
            self.back = back
            backs.observeValues { [weak self] in
                MainActor.assumeIsolated { self?.backs += 1 }
            }
        }

        func search(_ text: String) {
            showInput.send(value: text)
        }

        func register() {
            registerInput.send(value: ())
        }
    }

    /// The results of a search, titled with its text.
    final class ResultsView: View {
        init(_ text: String) {
            super.init()
            navigationItem.title = text
            addSubview(Label("results for \(text)"))
        }
    }

    /// A vertical stack of `views` titled `title`.
    private func screen(_ title: String, _ views: [View]) -> View {
        let screen = Stack(.vertical, views)
        screen.navigationItem.title = title
        return screen
    }

    @Test func theRootScreenShowsItsTitleCentredOverARuleWithNoBackHint() {
        let navigation = NavigationStack(root: screen("Search", [Label("query")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        #expect(terminal.lines == [
            "       Search",
            "────────────────────",
            "query",
            "",
        ])
        #expect(terminal.runs { $0.attributes.contains(.bold) } == ["Search"])
        #expect(!navigation.canPop)
    }

    @Test func pushingShowsTheNewScreenUnderItsTitleWithABackHintAndPoppingShowsTheOneBelow() {
        let navigation = NavigationStack(root: screen("TRegister", [Label("home")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let form = screen("注册", [TextField(placeholder: "手机号"), Button(title: "注册")])
        navigation.push(form)
        #expect(terminal.lines == [
            "‹ Back  注册",
            "────────────────────",
            "手机号",
            "[ 注册 ]",
        ])
        #expect(navigation.screens.count == 2)
        #expect(navigation.topScreen === form)
        #expect(navigation.pop() === form)
        #expect(terminal.lines == [
            "     TRegister",
            "────────────────────",
            "home",
            "",
        ])
        #expect(navigation.pop() == nil)
    }

    @Test func aTitleTooWideForTheSpaceBetweenTheBarItemsIsCutAtAWholeCharacter() {
        let navigation = NavigationStack(root: screen("root", []))
        let terminal = VirtualTerminal(columns: 21, rows: 3, root: navigation)
        let long = screen("注册一个新的账号", [])
        long.navigationItem.rightBarItem = Button(title: "OK")
        navigation.push(long)
        #expect(terminal.lines[0] == "‹ Back 注册一… [ OK ]")
    }

    @Test func escPopsTheTopScreenAndIsUnhandledAtTheRoot() {
        let navigation = NavigationStack(root: screen("Search", [Button(title: "Go")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        navigation.push(screen("Results", [Button(title: "More")]))
        #expect(terminal.press(.escape))
        #expect(navigation.screens.count == 1)
        #expect(terminal.lines[0] == "       Search")
        #expect(!terminal.press(.escape))
    }

    @Test func aStackThatDoesNotGoBackByItselfOnlyReportsEscUntilTold() {
        let navigation = NavigationStack(root: screen("Menu", [Button(title: "Open")]))
        navigation.goesBackByItself = false
        let requests = Recorder<Void>()
        navigation.reactive.backRequests.observeValues { requests.append(()) }
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        #expect(!terminal.press(.escape), "nothing to go back from")
        #expect(requests.values.isEmpty)
        navigation.present(screen("App", [Button(title: "Act")]))
        #expect(terminal.press(.escape))
        #expect(requests.values.count == 1)
        #expect(navigation.presentedScreen != nil, "the stack waits to be told")
        navigation.dismiss()
        #expect(navigation.presentedScreen == nil)
        navigation.push(screen("Details", [Button(title: "More")]))
        #expect(terminal.press(.escape))
        #expect(requests.values.count == 2)
        #expect(navigation.screens.count == 2)
    }

    @Test func escThatTheScreenHandlesDoesNotPop() {
        let navigation = NavigationStack(root: screen("Search", []))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let editor = EscapeHandlingScreen()
        editor.addSubview(Button(title: "Save"))
        navigation.push(editor)
        terminal.press(.escape)
        #expect(editor.escapes == 1)
        #expect(navigation.topScreen === editor)
    }

    @Test func aScreenWithNothingFocusableStillPopsOnEsc() {
        let navigation = NavigationStack(root: screen("Gallery", [Button(title: "Photo")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        navigation.push(screen("Detail", [Label("4.50")]))
        #expect(terminal.reversedText.isEmpty)
        #expect(terminal.press(.escape))
        #expect(navigation.screens.count == 1)
    }

    @Test func clickingTheBackHintPopsAndIsReportedAsTheUsersPop() {
        let navigation = NavigationStack(root: screen("Search", []))
        let results = screen("Results", [])
        var userPops: [View] = [], pops: [View] = []
        navigation.reactive.userPops.observeValues { userPops.append($0) }
        navigation.reactive.popped.observeValues { pops.append($0) }
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        navigation.push(results)
        #expect(!terminal.click(column: 8, row: 0))
        #expect(terminal.click(column: 2, row: 0))
        #expect(navigation.screens.count == 1)
        #expect(userPops.count == 1 && userPops[0] === results)
        #expect(pops.count == 1 && pops[0] === results)
        navigation.push(results)
        navigation.pop()
        #expect(userPops.count == 1)
        #expect(pops.count == 2)
    }

    @Test func aPushGivesTheFocusToTheFirstFocusableViewOfTheNewScreen() {
        let go = Button(title: "Go"), field = TextField(placeholder: "手机号")
        let navigation = NavigationStack(root: screen("Search", [go]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        #expect(go.isFocused)
        navigation.push(screen("注册", [Label("phone"), field, Button(title: "注册")]))
        #expect(field.isFocused)
        #expect(terminal.cursor == Position(column: 0, row: 3))
    }

    @Test func aPopGivesTheFocusBackToTheViewThatHadItInThatScreen() {
        let first = Button(title: "A"), second = Button(title: "B")
        let navigation = NavigationStack(root: screen("Home", [first, second]))
        let terminal = VirtualTerminal(columns: 20, rows: 5, root: navigation)
        terminal.press(.tab)
        #expect(second.isFocused)
        navigation.push(screen("Next", [Button(title: "C")]))
        terminal.press(.escape)
        #expect(second.isFocused)
        #expect(terminal.reversedText == ["[ B ]"])
    }

    @Test func aPopToAViewThatCannotTakeTheFocusAnyMoreFocusesTheFirstOne() {
        let first = Button(title: "A"), second = Button(title: "B")
        let navigation = NavigationStack(root: screen("Home", [first, second]))
        let terminal = VirtualTerminal(columns: 20, rows: 5, root: navigation)
        terminal.press(.tab)
        navigation.push(screen("Next", []))
        second.isEnabled = false
        navigation.pop()
        #expect(first.isFocused)
        #expect(terminal.reversedText == ["[ A ]"])
    }

    @Test func aPoppedScreenIsDeinitialisedAndItsBindingsEnd() async {
        let navigation = NavigationStack(root: screen("Search", []))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let count = MutableProperty(1)
        weak var weakScreen: View?
        weak var weakLabel: Label?
        var binding: (any Disposable)?
        var ended = false
        do {
            let label = Label()
            let results = screen("Results", [label, Button(title: "More")])
            binding = label.reactive.text <~ count.map { "\($0) results" }
            results.lifetime.observeEnded { ended = true }
            results.navigationItem.rightBarItem = Button(title: "Info")
            weakScreen = results
            weakLabel = label
            navigation.push(results)
        }
        await terminal.settle()
        #expect(terminal.lines[2] == "1 results")
        terminal.press(.escape)
        #expect(terminal.lines[0] == "       Search")
        #expect(weakScreen == nil)
        #expect(weakLabel == nil)
        #expect(ended)
        #expect(binding?.isDisposed == true)
    }

    @Test func popToRootPopsEveryScreenAboveTheRootTopFirst() {
        let root = screen("Home", [Button(title: "A")])
        let navigation = NavigationStack(root: root)
        var pops: [String] = []
        navigation.reactive.popped.observeValues { pops.append($0.navigationItem.title) }
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        navigation.push(screen("One", []))
        navigation.push(screen("Two", []))
        #expect(navigation.popToRoot().map(\.navigationItem.title) == ["Two", "One"])
        #expect(pops == ["Two", "One"])
        #expect(navigation.screens.count == 1 && navigation.topScreen === root)
        #expect(terminal.lines[0] == "        Home")
        #expect(navigation.popToRoot().isEmpty)
    }

    @Test func aTitleBoundToTheScreensNavigationItemUpdatesTheBar() async {
        let title = MutableProperty("Search")
        let root = screen("", [])
        root.navigationItem.reactive.title <~ title
        let navigation = NavigationStack(root: root)
        let terminal = VirtualTerminal(columns: 20, rows: 3, root: navigation)
        await terminal.settle()
        #expect(terminal.lines[0] == "       Search")
        title.value = "搜索结果"
        await terminal.settle()
        #expect(terminal.lines[0] == "      搜索结果")
        #expect(navigation.title == "搜索结果")
    }

    @Test func theRightBarItemShowsAtTheRightAndTakesClicksAndTheFocus() {
        let logIn = Button(title: "Log In")
        var presses = 0
        logIn.reactive.pressedValues.observeValues { presses += 1 }
        let gallery = screen("Popular", [Label("photos")])
        gallery.navigationItem.rightBarItem = logIn
        let navigation = NavigationStack(root: gallery)
        let terminal = VirtualTerminal(columns: 24, rows: 3, root: navigation)
        #expect(terminal.lines[0] == "      Popular [ Log In ]")
        #expect(terminal.click(column: 20, row: 0))
        #expect(presses == 1)
        #expect(logIn.isFocused)
    }

    @Test func aLeftBarItemTakesThePlaceOfTheBackHint() {
        let navigation = NavigationStack(root: screen("Home", []))
        let terminal = VirtualTerminal(columns: 20, rows: 3, root: navigation)
        let login = screen("Login", [TextField(placeholder: "username")])
        login.navigationItem.leftBarItem = Button(title: "Cancel")
        navigation.push(login)
        #expect(terminal.lines[0] == "[ Cancel ] Login")
        #expect(!terminal.click(column: 12, row: 0))
        #expect(navigation.screens.count == 2)
    }

    @Test func aViewModelsOutputsPushAndPopScreens() async {
        let viewModel = SearchViewModel()
        let navigation = NavigationStack(root: screen("Flickr Search", []))
        navigation.reactive.push <~ viewModel.showResults.map { ResultsView($0) }
        navigation.reactive.pop <~ viewModel.didRegister
        viewModel.back <~ navigation.reactive.userPops.map { _ in () }
        let terminal = VirtualTerminal(columns: 24, rows: 3, root: navigation)
        viewModel.search("swift")
        await terminal.settle()
        #expect(terminal.lines == ["‹ Back   swift", "────────────────────────", "results for swift"])
        viewModel.search("rust")
        await terminal.settle()
        #expect(navigation.screens.count == 3)
        viewModel.register()
        await terminal.settle()
        #expect(terminal.lines[2] == "results for swift")
        terminal.press(.escape)
        #expect(navigation.screens.count == 1)
        #expect(viewModel.backs == 1)
    }

    @Test func popToRootFollowsASignal() async {
        let (signal, observer) = Signal<Void, Never>.pipe()
        let navigation = NavigationStack(root: screen("Home", []))
        navigation.reactive.popToRoot <~ signal
        let terminal = VirtualTerminal(columns: 20, rows: 3, root: navigation)
        navigation.push(screen("One", []))
        navigation.push(screen("Two", []))
        observer.send(value: ())
        await terminal.settle()
        #expect(navigation.screens.count == 1)
    }

    @Test func aPresentedScreenCoversTheWholeStackAndTakesTheFocus() {
        let covered = Button(title: "Go")
        let navigation = NavigationStack(root: screen("Search", [covered, Label("below")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let login = TextField(placeholder: "username")
        navigation.present(Stack(.vertical, [Label("Log in"), login]))
        #expect(terminal.lines == ["Log in", "username", "", ""])
        #expect(login.isFocused)
        #expect(navigation.presentedScreen != nil)
    }

    @Test func theCoveredStackGetsNoKeysOrClicksWhileAScreenIsPresented() {
        let covered = Button(title: "Go")
        var presses = 0
        covered.reactive.pressedValues.observeValues { presses += 1 }
        let navigation = NavigationStack(root: screen("Search", [covered]))
        let terminal = VirtualTerminal(columns: 20, rows: 10, root: navigation)
        let ok = Button(title: "OK"), cancel = Button(title: "Cancel")
        let panel = screen("Confirm", [Stack(.horizontal, spacing: 1, [ok, cancel])])
        navigation.present(panel, style: .panel)
        #expect(ok.isFocused)
        terminal.press(.tab)
        terminal.press(.tab)
        #expect(ok.isFocused)
        #expect(!terminal.window.focus(covered))
        #expect(!terminal.click(column: 2, row: 2))
        #expect(!terminal.click(column: 2, row: 0))
        terminal.press(.enter)
        #expect(presses == 0)
        #expect(navigation.screens.count == 1)
        #expect(navigation.presentedScreen === panel)
    }

    @Test func aPanelIsCentredInABoxTitledWithTheScreensTitleAndTheStackShowsAroundIt() {
        let navigation = NavigationStack(root: screen("Gallery", [Label("photo photo photo")]))
        let terminal = VirtualTerminal(columns: 20, rows: 7, root: navigation)
        let detail = screen("详情", [Label("4.50"), Button(title: "Vote")])
        navigation.present(detail, style: .panel)
        #expect(terminal.lines == [
            "      Gallery",
            "─────┌ 详情 ──┐─────",
            "photo│4.50    │to",
            "     │[ Vote ]│",
            "     └────────┘",
            "",
            "",
        ])
        detail.navigationItem.title = "评分"
        #expect(terminal.lines[1] == "─────┌ 评分 ──┐─────")
    }

    @Test func dismissingGivesTheFocusBackAndEscDismissesBeforeItPops() {
        let go = Button(title: "Go"), other = Button(title: "Other")
        let navigation = NavigationStack(root: screen("Search", [go]))
        var dismissed: [View] = [], userDismissed: [View] = []
        navigation.reactive.dismissed.observeValues { dismissed.append($0) }
        navigation.reactive.userDismissals.observeValues { userDismissed.append($0) }
        let terminal = VirtualTerminal(columns: 20, rows: 5, root: navigation)
        navigation.push(screen("Results", [Button(title: "First"), other]))
        terminal.press(.tab)
        #expect(other.isFocused)
        let sheet = screen("Sheet", [Button(title: "Share")])
        navigation.present(sheet)
        #expect(!other.isFocused)
        #expect(terminal.press(.escape))
        #expect(navigation.presentedScreen == nil)
        #expect(navigation.screens.count == 2)
        #expect(other.isFocused)
        #expect(userDismissed.count == 1 && userDismissed[0] === sheet)
        navigation.present(sheet)
        #expect(navigation.dismiss() === sheet)
        #expect(dismissed.count == 2)
        #expect(userDismissed.count == 1)
        #expect(navigation.dismiss() == nil)
    }

    @Test func presentationsStackAndEachDismissalUncoversTheOneBelow() {
        let navigation = NavigationStack(root: screen("Home", [Button(title: "Home")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let login = Button(title: "Log In"), detailButton = Button(title: "Vote")
        navigation.present(screen("Detail", [detailButton]))
        navigation.present(screen("Login", [login]))
        #expect(terminal.lines[0] == "[ Log In ]")
        #expect(navigation.presentedScreens.count == 2)
        terminal.press(.escape)
        #expect(terminal.lines[0] == "[ Vote ]")
        #expect(detailButton.isFocused)
    }

    @Test func aPresentedNavigationStackPopsItsOwnScreensOnEscThenIsDismissed() async {
        let outer = NavigationStack(root: screen("Gallery", [Button(title: "Photo")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: outer)
        let done = Button(title: "Done")
        let detail = screen("详情", [Button(title: "Vote")])
        detail.navigationItem.rightBarItem = done
        let inner = NavigationStack(root: detail)
        outer.reactive.dismiss <~ done.reactive.pressedValues
        outer.present(inner)
        #expect(terminal.lines == ["       详情 [ Done ]", "────────────────────", "[ Vote ]", ""])
        inner.push(screen("Login", [TextField(placeholder: "username")]))
        terminal.press(.escape)
        #expect(inner.screens.count == 1)
        #expect(outer.presentedScreen === inner)
        terminal.press(.escape)
        #expect(outer.presentedScreen == nil)
        outer.present(inner)
        #expect(terminal.lines[0] == "       详情 [ Done ]")
        #expect(terminal.click(column: 15, row: 0))
        await terminal.settle()
        #expect(outer.presentedScreen == nil)
        #expect(terminal.lines[0] == "      Gallery")
    }

    @Test func presentAndDismissFollowSignals() async {
        let (screens, show) = Signal<String, Never>.pipe()
        let (closes, close) = Signal<Void, Never>.pipe()
        let navigation = NavigationStack(root: screen("Home", []))
        navigation.reactive.presentPanel <~ screens.map { ResultsView($0) }
        navigation.reactive.present <~ screens.filter { $0 == "full" }.map { ResultsView($0) }
        navigation.reactive.dismiss <~ closes
        let terminal = VirtualTerminal(columns: 24, rows: 6, root: navigation)
        show.send(value: "panel")
        await terminal.settle()
        #expect(navigation.presentedScreens.count == 1)
        #expect(terminal.lines[1] == "──┌ panel ──────────┐───")
        show.send(value: "full")
        await terminal.settle()
        #expect(navigation.presentedScreens.count == 3)
        #expect(terminal.lines[0] == "results for full")
        close.send(value: ())
        close.send(value: ())
        close.send(value: ())
        await terminal.settle()
        #expect(navigation.presentedScreens.isEmpty)
    }

    @Test func aPopWhileAScreenIsPresentedGivesTheFocusBackInTheRevealedScreenOnDismissal() {
        let first = Button(title: "A"), second = Button(title: "B")
        let navigation = NavigationStack(root: screen("Home", [first, second]))
        let terminal = VirtualTerminal(columns: 20, rows: 5, root: navigation)
        terminal.press(.tab)
        navigation.push(screen("Photo", [Button(title: "Info")]))
        navigation.present(screen("Login", [TextField(placeholder: "username")]))
        navigation.pop()
        #expect(!second.isFocused)
        navigation.dismiss()
        #expect(second.isFocused)
        #expect(terminal.reversedText == ["[ B ]"])
    }

    @Test func pushingWhileAScreenIsPresentedLeavesTheFocusInThePresentedScreen() {
        let navigation = NavigationStack(root: screen("Home", []))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let share = Button(title: "Share"), next = Button(title: "Next")
        navigation.present(screen("Sheet", [share]))
        navigation.push(screen("Pushed", [next]))
        #expect(share.isFocused)
        navigation.dismiss()
        #expect(next.isFocused)
        #expect(terminal.lines[0] == "‹ Back Pushed")
    }

    @Test func aSheetShowsItsTitleAndCloseTitleOverARuleAndTheFocusGoesToTheScreen() {
        let navigation = NavigationStack(root: screen("Gallery", [Button(title: "Photo")]))
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let vote = Button(title: "Vote")
        navigation.present(screen("Kite", [Label("4.50"), vote]), style: .sheet)
        #expect(terminal.lines == ["Done    Kite", "────────────────────", "4.50", "[ Vote ]"])
        #expect(terminal.runs { $0.attributes.contains(.bold) } == ["Kite"])
        #expect(vote.isFocused)
        #expect(terminal.press(.escape))
        #expect(navigation.presentedScreen == nil)
        #expect(terminal.lines[0] == "      Gallery")
    }

    @Test func clickingASheetsCloseTitleDismissesItAsTheUsersDismissal() {
        let navigation = NavigationStack(root: screen("Gallery", []))
        var userDismissed: [View] = []
        navigation.reactive.userDismissals.observeValues { userDismissed.append($0) }
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: navigation)
        let login = screen("Log In", [TextField(placeholder: "username")])
        login.navigationItem.closeTitle = "Cancel"
        navigation.present(login, style: .sheet)
        #expect(terminal.lines[0] == "Cancel Log In")
        #expect(!terminal.click(column: 7, row: 0))
        #expect(terminal.click(column: 5, row: 0))
        #expect(navigation.presentedScreen == nil)
        #expect(userDismissed.count == 1 && userDismissed[0] === login)
    }

    @Test func aSheetsCloseTitleOnAStackThatDoesNotGoBackByItselfIsABackRequest() async {
        let navigation = NavigationStack(root: screen("Gallery", []))
        navigation.goesBackByItself = false
        let requests = Recorder<Void>()
        navigation.reactive.backRequests.observeValues { requests.append(()) }
        let terminal = VirtualTerminal(columns: 24, rows: 4, root: navigation)
        let closeTitle = MutableProperty("Done")
        let detail = screen("详情", [Label("4.50")])
        detail.navigationItem.reactive.closeTitle <~ closeTitle
        detail.navigationItem.rightBarItem = Button(title: "Vote")
        navigation.reactive.presentSheet <~ SignalProducer<View, Never>(value: detail)
        await terminal.settle()
        #expect(terminal.lines[0] == "Done      详情  [ Vote ]")
        closeTitle.value = "Close"
        await terminal.settle()
        #expect(terminal.lines[0] == "Close     详情  [ Vote ]")
        #expect(terminal.click(column: 1, row: 0))
        #expect(requests.values.count == 1)
        #expect(navigation.presentedScreen === detail, "the stack waits to be told")
        closeTitle.value = ""
        await terminal.settle()
        #expect(terminal.lines[0] == "          详情  [ Vote ]")
        #expect(!terminal.click(column: 1, row: 0))
    }

    @Test func aSheetsLeftBarItemTakesThePlaceOfTheCloseTitle() {
        let navigation = NavigationStack(root: screen("Home", []))
        let terminal = VirtualTerminal(columns: 20, rows: 3, root: navigation)
        let login = screen("Login", [TextField(placeholder: "username")])
        login.navigationItem.leftBarItem = Button(title: "Back")
        navigation.present(login, style: .sheet)
        #expect(terminal.lines[0] == "[ Back ] Login")
        #expect(!terminal.click(column: 12, row: 0))
        #expect(navigation.presentedScreen === login)
    }
}
