import Ripple
import RippleTerminal
import Testing

/// Alert and AlertPresenter: a modal dialog that keeps the focus among its buttons,
/// reports the one chosen and goes, presented one at a time from a ViewModel signal.
@MainActor
@Suite struct AlertTests {
    /// Knows nothing of views: it reports that Flickr could not be reached.
    @MainActor
    final class SearchViewModel {
        let connectionErrors: Signal<Void, Never>
        private let errorInput: Signal<Void, Never>.Observer

        init() {
            (connectionErrors, errorInput) = Signal.pipe()
        }

        func failToConnect() {
            errorInput.send(value: ())
        }
    }

    static let connectionError = AlertContent(title: "Connection Error",
                                              message: "There was a problem reaching Flickr.", buttons: ["OK"])
    static let deletion = AlertContent(title: "Delete", message: "Delete 3 photos?",
                                       buttons: [AlertButton("Delete", role: .destructive), AlertButton("Cancel", role: .cancel)])

    let alerts = AlertPresenter()
    let go = Button(title: "Go"), other = Button(title: "Other")

    /// A screen with two buttons under the alerts, `columns` wide and 9 rows high.
    private func terminal(columns: Int = 30) -> VirtualTerminal {
        let host = OverlayHost(Stack(.vertical, [go, other]))
        host.addOverlay(alerts, placement: .center)
        return VirtualTerminal(columns: columns, rows: 9, root: host)
    }

    @Test func anAlertShowsItsTitleItsWrappedMessageAndItsButtonCentred() {
        let terminal = terminal()
        alerts.present(Self.connectionError)
        #expect(terminal.lines == [
            "[ Go ]",
            "┌ Connection Error ──────────┐",
            "│    There was a problem     │",
            "│      reaching Flickr.      │",
            "│                            │",
            "│           [ OK ]           │",
            "└────────────────────────────┘",
            "",
            "",
        ])
        #expect(terminal.reversedText == ["[ OK ]"])
    }

    @Test func aCJKMessageWrapsBetweenCharactersKeepingClosingPunctuationOffALineStart() {
        let terminal = terminal(columns: 20)
        alerts.present(AlertContent(title: "错误", message: "无法连接到服务器，请检查网络后重试。"))
        #expect(Array(terminal.lines[1...6]) == [
            "┌ 错误 ────────────┐",
            "│  无法连接到服务  │",
            "│ 器，请检查网络后 │",
            "│      重试。      │",
            "│                  │",
            "│      [ OK ]      │",
        ])
    }

    @Test func theFocusStaysAmongTheAlertsButtonsStartingWithCancel() {
        let terminal = terminal()
        terminal.press(.tab)
        #expect(other.isFocused)
        alerts.present(Self.deletion)
        let alert = alerts.alert
        #expect(alert?.buttons[1].isFocused == true)
        var focused: [String] = []
        for key in [Key.tab, .tab, .right, .left, .left] {
            terminal.press(key)
            focused += terminal.reversedText
        }
        #expect(focused == ["[ Delete ]", "[ Cancel ]", "[ Delete ]", "[ Cancel ]", "[ Delete ]"])
        #expect(!terminal.window.focus(go))
        #expect(terminal.window.modalView === alert)
    }

    @Test func enterOnTheFocusedButtonReportsTheChoiceDismissesAndGivesTheFocusBack() {
        let terminal = terminal()
        terminal.press(.tab)
        var completions: [AlertChoice] = [], choices: [AlertChoice] = []
        alerts.reactive.choices.observeValues { choices.append($0) }
        alerts.present(Self.deletion) { completions.append($0) }
        terminal.press(.tab)
        terminal.press(.enter)
        #expect(completions == [AlertChoice(content: Self.deletion, index: 0)])
        #expect(choices.map(\.button) == [AlertButton("Delete", role: .destructive)])
        #expect(alerts.alert == nil)
        #expect(terminal.lines == ["[ Go ]", "[ Other ]", "", "", "", "", "", "", ""])
        #expect(other.isFocused)
    }

    @Test func clickingAButtonChoosesIt() {
        let terminal = terminal()
        var choices: [Int] = []
        alerts.present(Self.deletion) { choices.append($0.index) }
        #expect(terminal.lines[5] == "  │ [ Delete ]  [ Cancel ] │")
        #expect(terminal.click(column: 20, row: 5))
        #expect(choices == [1])
        #expect(alerts.alert == nil)
    }

    @Test func clicksOutsideTheAlertDoNothing() {
        var presses = 0
        go.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = terminal()
        alerts.present(Self.connectionError)
        #expect(terminal.lines[0] == "[ Go ]")
        #expect(!terminal.click(column: 2, row: 0))
        #expect(presses == 0)
        #expect(alerts.alert != nil)
    }

    @Test func escChoosesTheCancelButtonOrTheOnlyButton() {
        let terminal = terminal()
        var choices: [String] = []
        alerts.reactive.choices.observeValues { choices.append($0.button.title) }
        alerts.present(Self.deletion)
        terminal.press(.tab)
        #expect(terminal.press(.escape))
        alerts.present(Self.connectionError)
        #expect(terminal.press(.escape))
        #expect(choices == ["Cancel", "OK"])
    }

    @Test func escIsSwallowedWhenNoButtonCancelsSoTheScreenBeneathStays() {
        let host = OverlayHost(Stack(.vertical, [go]))
        host.addOverlay(alerts, placement: .center)
        let navigation = NavigationStack(root: Label("root"))
        let terminal = VirtualTerminal(columns: 30, rows: 9, root: navigation)
        navigation.push(host)
        alerts.present(AlertContent(title: "Save?", buttons: ["Save", "Discard"]))
        #expect(terminal.press(.escape))
        #expect(alerts.alert != nil)
        #expect(navigation.screens.count == 2)
    }

    @Test func alertsFromAViewModelSignalShowOneAtATimeInTurn() async {
        let viewModel = SearchViewModel()
        alerts.reactive.present <~ viewModel.connectionErrors.map { _ in
            AlertContent(title: "Connection Error", message: "There was a problem reaching Flickr.", buttons: ["OK"])
        }
        var answers = 0
        alerts.reactive.choices.observeValues { _ in answers += 1 }
        let terminal = terminal()
        viewModel.failToConnect()
        viewModel.failToConnect()
        await terminal.settle()
        #expect(alerts.alert?.content == Self.connectionError)
        #expect(alerts.waitingAlerts == [Self.connectionError])
        terminal.press(.enter)
        #expect(alerts.alert != nil)
        #expect(alerts.waitingAlerts.isEmpty)
        #expect(terminal.reversedText == ["[ OK ]"])
        terminal.press(.enter)
        #expect(alerts.alert == nil)
        #expect(answers == 2)
        #expect(go.isFocused)
    }

    @Test func anAlertWithNoMessageIsTheTitleAndTheButtonsOnly() {
        let alert = Alert(AlertContent(title: "Saved", buttons: ["OK"]))
        #expect(alert.sizeThatFits(Size(columns: 30, rows: 9)) == Size(columns: 10, rows: 3))
        let terminal = VirtualTerminal(columns: 10, rows: 3, root: alert)
        #expect(terminal.lines == ["┌ Saved ─┐", "│ [ OK ] │", "└────────┘"])
    }
}
