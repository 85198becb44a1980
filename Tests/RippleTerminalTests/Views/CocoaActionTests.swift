import Ripple
import RippleTerminal
import Testing

/// CocoaAction: its state follows the action, and it makes the action's input.
@MainActor
@Suite struct CocoaActionTests {
    @Test func isEnabledAndIsExecutingFollowTheAction() {
        let scheduler = TestScheduler()
        let allowed = MutableProperty(false)
        let action = Action<Void, Int, Never>(enabledIf: allowed) { SignalProducer(value: 1).delay(.seconds(1), on: scheduler) }
        let cocoaAction = CocoaAction<Button>(action)
        #expect(!cocoaAction.isEnabled.value)
        allowed.value = true
        #expect(cocoaAction.isEnabled.value)
        cocoaAction.execute(Button(title: "Go"))
        #expect(cocoaAction.isExecuting.value)
        #expect(!cocoaAction.isEnabled.value)
        scheduler.advance(by: .seconds(1))
        #expect(!cocoaAction.isExecuting.value)
        #expect(cocoaAction.isEnabled.value)
    }

    @Test func theInputIsFixedOrMadeFromTheSender() {
        let inputs = Recorder<String>()
        let action = Action<String, String, Never> { SignalProducer(value: $0) }
        action.values.observeValues { inputs.append($0) }
        let sender = Checkbox(title: "Done", isOn: true)
        CocoaAction<Checkbox>(action, input: "fixed").execute(sender)
        CocoaAction<Checkbox>(action) { "\($0.title): \($0.isOn)" }.execute(sender)
        #expect(inputs.values == ["fixed", "Done: true"])
    }

    @Test func aButtonKeepsItsCocoaActionAndTheActionAlive() {
        weak var weakAction: Action<Void, Int, Never>?
        let button = Button(title: "Go")
        do {
            let action = Action<Void, Int, Never> { SignalProducer(value: 1) }
            weakAction = action
            button.reactive.pressed = CocoaAction(action)
        }
        #expect(weakAction != nil)
        button.reactive.pressed = nil
        #expect(weakAction == nil)
    }

    @Test func aDeinitialisedButtonReleasesItsActionAndEndsItsEnabledBinding() {
        weak var weakAction: Action<Void, Int, Never>?
        weak var weakButton: Button?
        do {
            let action = Action<Void, Int, Never> { SignalProducer(value: 1) }
            let button = Button(title: "Go")
            button.reactive.pressed = CocoaAction(action)
            weakAction = action
            weakButton = button
        }
        #expect(weakButton == nil)
        #expect(weakAction == nil)
    }
}
