import Ripple
import RippleTerminal
import Testing

/// Toast: a one-line message over the bottom of the screen for a while, on virtual
/// time, taking neither space nor the focus.
@MainActor
@Suite struct ToastTests {
    /// What a registration reports when it fails.
    struct RegisterError: Error {
        let reason: String
    }

    let scheduler = TestScheduler()
    let toast: Toast
    let button = Button(title: "注册")

    init() {
        toast = Toast(duration: .seconds(2), scheduler: scheduler)
    }

    /// Five rows — "a", "b", "c", the button, "e" — with the toast one row above the
    /// bottom.
    private func terminal() -> VirtualTerminal {
        let content = Stack(.vertical, [Label("a"), Label("b"), Label("c"), button, Label("e")])
        let host = OverlayHost(content)
        host.addOverlay(toast, placement: .bottom(margin: 1))
        return VirtualTerminal(columns: 30, rows: 5, root: host)
    }

    @Test func aToastShowsOverTheBottomForItsDurationThenGoes() async {
        let terminal = terminal()
        toast.show("注册成功")
        #expect(terminal.lines == ["a", "b", "c", "[ 注册 ]   注册成功", "e"])
        #expect(terminal.reversedText.contains(" 注册成功 "))
        await scheduler.advance(by: .milliseconds(1_999))
        #expect(toast.message == "注册成功")
        #expect(terminal.lines[3] == "[ 注册 ]   注册成功")
        await scheduler.advance(by: .milliseconds(1))
        #expect(toast.message == nil)
        #expect(terminal.lines == ["a", "b", "c", "[ 注册 ]", "e"])
    }

    @Test func aNewerToastReplacesTheOlderAndShowsForItsWholeDuration() async {
        let terminal = terminal()
        toast.show("first")
        await scheduler.advance(by: .milliseconds(1_500))
        toast.show("second")
        #expect(terminal.lines[3] == "[ 注册 ]    second")
        await scheduler.advance(by: .seconds(1))
        #expect(toast.message == "second")
        await scheduler.advance(by: .seconds(1))
        #expect(toast.message == nil)
        #expect(terminal.lines[3] == "[ 注册 ]")
        #expect(!scheduler.hasPendingWork)
    }

    @Test func aToastTakesNeitherTheFocusNorTheKeys() {
        var presses = 0
        button.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = terminal()
        toast.show("Saved")
        #expect(button.isFocused)
        #expect(terminal.window.modalView == nil)
        terminal.press(.enter)
        #expect(presses == 1)
        #expect(terminal.reversedText == ["[ 注册 ]", " Saved "])
    }

    @Test func hideTakesTheMessageAwayAtOnce() async {
        let terminal = terminal()
        toast.show("Saved")
        toast.hide()
        #expect(terminal.lines[3] == "[ 注册 ]")
        await scheduler.advance(by: .seconds(2))
        #expect(toast.message == nil)
    }

    @Test func aMessageShowsOnOneLineCutAtTheScreensEdge() {
        let terminal = terminal()
        toast.show("验证码\nsent to 13800000000, valid for 5 minutes")
        #expect(toast.message == "验证码 sent to 13800000000, valid for 5 minutes")
        #expect(terminal.lines[3] == " 验证码 sent to 13800000000,…")
    }

    @Test func errorsShowThroughTheShowTarget() async {
        let action = Action<Void, Void, RegisterError> { SignalProducer(error: RegisterError(reason: "验证码错误")) }
        toast.reactive.show <~ action.errors.map(\.reason)
        let terminal = terminal()
        action.apply().start()
        await terminal.settle()
        #expect(terminal.lines[3] == "[ 注册 ]  验证码错误")
    }
}
