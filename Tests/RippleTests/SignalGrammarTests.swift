import Ripple
import Testing

/// Contract 1: a stream is `value* (failed | completed | interrupted)?`.
@Suite struct SignalGrammarTests {
    @Test(arguments: [
        Signal<Int, TestError>.Event.completed,
        .failed(TestError(code: 1)),
        .interrupted,
    ])
    func nothingFollowsATerminalEvent(terminal: Signal<Int, TestError>.Event) {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observe(recorder.observer())
        input.send(value: 1)
        input.send(terminal)
        input.send(value: 2)
        input.sendCompleted()
        input.send(error: TestError(code: 2))
        input.sendInterrupted()
        #expect(recorder.entries == ["VALUE 1", terminal.description])
    }

    @Test func everyObserverSeesTheSameEvents() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observe(recorder.observer("a "))
        signal.observe(recorder.observer("b "))
        input.send(value: 1)
        input.send(error: TestError(code: 5))
        #expect(recorder.entries == [
            "a VALUE 1", "b VALUE 1",
            "a FAILED TestError(code: 5)", "b FAILED TestError(code: 5)",
        ])
    }

    @Test func disposablesOfObserversReportDisposedAfterTermination() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposable = signal.observeValues { _ in }
        #expect(disposable?.isDisposed == false)
        input.sendCompleted()
        #expect(disposable?.isDisposed == true)
    }
}
