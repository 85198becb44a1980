import Ripple
import RippleTerminal
import Testing

/// Button: pressed with Enter or Space, enabled while its action is, titled.
@MainActor
@Suite struct ButtonTests {
    let button = Button(title: "Go")

    @Test func enterAndSpaceOnTheFocusedButtonApplyItsAction() {
        let runs = Recorder<Int>()
        let action = Action<Void, Int, Never> { SignalProducer(value: 1) }
        action.values.observeValues { runs.append($0) }
        button.reactive.pressed = CocoaAction(action)
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: button)
        #expect(terminal.press(.enter))
        #expect(terminal.press(.character(" ")))
        #expect(runs.values == [1, 1])
    }

    @Test func theButtonIsDisabledAndDimWhileItsActionExecutes() async {
        let scheduler = TestScheduler()
        let action = Action<Void, Int, Never> { SignalProducer(value: 1).delay(.seconds(1), on: scheduler) }
        button.reactive.pressed = CocoaAction(action)
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: button)
        terminal.press(.enter)
        await terminal.settle()
        #expect(!button.isEnabled)
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["[ Go ]"])
        await scheduler.advance(by: .seconds(1))
        await terminal.settle()
        #expect(button.isEnabled)
        #expect(terminal.runs { $0.attributes.contains(.dim) }.isEmpty)
    }

    @Test func aButtonWhoseActionIsDisabledIgnoresPresses() async {
        let runs = Recorder<Int>()
        let allowed = MutableProperty(false)
        let action = Action<Void, Int, Never>(enabledIf: allowed) { SignalProducer(value: 1) }
        action.values.observeValues { runs.append($0) }
        button.reactive.pressed = CocoaAction(action)
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: button)
        await terminal.settle()
        button.press()
        #expect(runs.values.isEmpty)
        allowed.value = true
        await terminal.settle()
        terminal.press(.enter)
        #expect(runs.values == [1])
    }

    @Test func replacingThePressedActionUnbindsTheOldOne() async {
        let blocked = Action<Void, Int, Never>(enabledIf: Property(value: false)) { SignalProducer(value: 1) }
        button.reactive.pressed = CocoaAction(blocked)
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: button)
        await terminal.settle()
        #expect(!button.isEnabled)
        button.reactive.pressed = nil
        #expect(button.isEnabled)
        #expect(button.reactive.pressed == nil)
    }

    @Test func pressedValuesSendEachPressOfTheEnabledButton() {
        let presses = Recorder<Void>()
        button.reactive.pressedValues.observeValues { presses.append(()) }
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: button)
        terminal.press(.enter)
        button.isEnabled = false
        button.press()
        #expect(presses.values.count == 1)
    }

    @Test func theTitleAndIsEnabledTargetsUpdateTheButton() async {
        let terminal = VirtualTerminal(columns: 12, rows: 1, root: button)
        button.reactive.title <~ SignalProducer(value: "搜索")
        button.reactive.isEnabled <~ SignalProducer(value: false)
        await terminal.settle()
        #expect(terminal.lines == ["[ 搜索 ]"])
        #expect(!button.isEnabled)
    }
}
