import Ripple
import RippleTerminal
import Testing

/// HUD: a modal progress box shown while a property holds, blocking input and giving
/// the focus back when it goes.
@MainActor
@Suite struct HUDTests {
    let scheduler = TestScheduler()
    let first = Button(title: "A"), second = Button(title: "B")
    let hud: HUD

    init() {
        hud = HUD(text: "Loading…", scheduler: scheduler)
    }

    /// Two buttons under the HUD, centred on a 20 × 5 screen.
    private func terminal() -> VirtualTerminal {
        let host = OverlayHost(Stack(.vertical, [first, second]))
        host.addOverlay(hud, placement: .center)
        return VirtualTerminal(columns: 20, rows: 5, root: host)
    }

    @Test func theHUDShowsAndHidesWithABoundPropertyAndSpinsWhileShowing() async {
        let loading = MutableProperty(false)
        hud.reactive.isShowing <~ loading
        let terminal = terminal()
        await terminal.settle()
        #expect(terminal.lines == ["[ A ]", "[ B ]", "", "", ""])
        loading.value = true
        await terminal.settle()
        #expect(terminal.lines == [
            "[ A ]",
            "[ B┌────────────┐",
            "   │ | Loading… │",
            "   └────────────┘",
            "",
        ])
        await scheduler.advance(by: .milliseconds(100))
        #expect(terminal.lines[2] == "   │ / Loading… │")
        loading.value = false
        await terminal.settle()
        #expect(terminal.lines == ["[ A ]", "[ B ]", "", "", ""])
        #expect(!hud.activityIndicator.isAnimating)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func whileTheHUDShowsKeysAndClicksReachNothingAndTheFocusComesBackAfter() {
        var presses = 0
        first.reactive.pressedValues.observeValues { presses += 1 }
        second.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = terminal()
        terminal.press(.tab)
        #expect(second.isFocused)
        hud.isShowing = true
        #expect(terminal.window.focusedView == nil)
        #expect(!terminal.press(.enter))
        terminal.press(.tab)
        #expect(terminal.window.focusedView == nil)
        #expect(!terminal.click(column: 1, row: 0))
        #expect(presses == 0)
        hud.isShowing = false
        #expect(second.isFocused)
        #expect(terminal.reversedText == ["[ B ]"])
    }

    @Test func theTextFollowsItsTargetAndNoTextLeavesTheSpinnerAlone() async {
        let text = MutableProperty<String?>("加载中")
        hud.reactive.text <~ text
        hud.isShowing = true
        let terminal = terminal()
        await terminal.settle()
        #expect(terminal.lines[2] == "    │ | 加载中 │")
        text.value = nil
        await terminal.settle()
        #expect(terminal.lines[1...3] == ["[ B ]  ┌───┐", "       │ | │", "       └───┘"])
    }
}
