import Ripple
import RippleTerminal
import Testing

/// Checkbox: toggled by the user (sent), set by code (not sent).
@MainActor
@Suite struct CheckboxTests {
    let checkbox = Checkbox(title: "Done")

    @Test func spaceAndEnterToggleTheBoxAndSendTheNewState() {
        let toggles = Recorder<Bool>()
        checkbox.reactive.isOnValues.observeValues { toggles.append($0) }
        let terminal = VirtualTerminal(columns: 12, rows: 1, root: checkbox)
        #expect(terminal.lines == ["[ ] Done"])
        terminal.press(.character(" "))
        #expect(terminal.lines == ["[x] Done"])
        terminal.press(.enter)
        #expect(toggles.values == [true, false])
    }

    @Test func theIsOnTargetChecksTheBoxWithoutSending() async {
        let toggles = Recorder<Bool>()
        checkbox.reactive.isOnValues.observeValues { toggles.append($0) }
        let done = MutableProperty(false)
        checkbox.reactive.isOn <~ done
        let terminal = VirtualTerminal(columns: 12, rows: 1, root: checkbox)
        done.value = true
        await terminal.settle()
        #expect(terminal.lines == ["[x] Done"])
        #expect(toggles.values.isEmpty)
    }

    @Test func aChineseTitleIsCutAtAWholeCharacterWithAnEllipsis() async {
        checkbox.reactive.title <~ SignalProducer(value: "买牛奶")
        let terminal = VirtualTerminal(columns: 9, rows: 1, root: checkbox)
        await terminal.settle()
        #expect(terminal.lines == ["[ ] 买牛…"])
        #expect(terminal.reversedText == ["[ ] 买牛…"])
    }

    @Test func aDisabledCheckboxDoesNotToggle() {
        checkbox.isEnabled = false
        checkbox.toggle()
        #expect(!checkbox.isOn)
    }
}
