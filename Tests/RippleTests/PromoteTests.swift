import Ripple
import Testing

@Suite struct PromoteTests {
    @Test func promoteErrorPassesEveryEventUnchangedOnSignalAndProducer() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .completed]
        let expected = ["VALUE 1", "VALUE 2", "COMPLETED"]
        #expect(events(of: { $0.promoteError(TestError.self) }, sending: source) == expected)
        #expect(events(of: { $0.promoteError(TestError.self) }, starting: source) == expected)
        let interrupted: [Signal<Int, Never>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.promoteError(TestError.self) }, starting: interrupted) == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func promoteErrorInfersTheErrorTypeFromTheContext() {
        let taps = SignalProducer<Int, Never>(values: 1, 2)
        let loads = SignalProducer<Int, TestError>(error: TestError(code: 8))
        let both: [SignalProducer<Int, TestError>] = [taps.promoteError(), loads]
        #expect(both.map(events(of:)) == [["VALUE 1", "VALUE 2", "COMPLETED"], ["FAILED TestError(code: 8)"]])

        let (signal, input) = Signal<String, Never>.pipe()
        let promoted: Signal<String, TestError> = signal.promoteError()
        let recorder = Recorder<String>()
        promoted.observe(recorder.observer())
        input.send(value: "a")
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE a", "COMPLETED"])
    }

    @Test func promoteValuePassesTheTerminalEventOnSignalAndProducer() {
        let failing: [Signal<Never, TestError>.Event] = [.failed(TestError(code: 1))]
        #expect(events(of: { $0.promoteValue(Int.self) }, sending: failing) == ["FAILED TestError(code: 1)"])
        #expect(events(of: { $0.promoteValue(Int.self) }, starting: failing) == ["FAILED TestError(code: 1)"])
        let completing: [Signal<Never, TestError>.Event] = [.completed]
        #expect(events(of: { $0.promoteValue(String.self) }, sending: completing) == ["COMPLETED"])
        #expect(events(of: { $0.promoteValue(String.self) }, starting: completing) == ["COMPLETED"])
    }

    @Test func promoteValueTypesTheEndOfALifetimeAsAStreamOfValues() {
        let (lifetime, token) = Lifetime.make()
        let ended: Signal<Int, Never> = lifetime.ended.promoteValue()
        let recorder = Recorder<String>()
        ended.observe(recorder.observer())
        #expect(recorder.entries.isEmpty)
        token.dispose()
        #expect(recorder.entries == ["COMPLETED"])
    }

    @Test func disposingAPromotedRunDisposesTheUpstreamRun() {
        let probe = Probe()
        let source = SignalProducer<Never, Never> { _, lifetime in lifetime += probe }
        let run = source.promoteValue(Int.self).promoteError(TestError.self).start()
        run.dispose()
        #expect(probe.disposeCount == 1)
    }
}
