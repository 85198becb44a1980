import Ripple
import Testing

@Suite struct MaterializeTests {
    typealias Source = [Signal<Int, TestError>.Event]

    static let terminals: [Signal<Int, TestError>.Event] = [.completed, .failed(TestError(code: 5)), .interrupted]

    @Test(arguments: terminals)
    func materializeSendsEveryEventAsAValueThenEnds(terminal: Signal<Int, TestError>.Event) {
        let source: Source = [.value(1), .value(2), terminal]
        let end = terminal == .interrupted ? "INTERRUPTED" : "COMPLETED"
        let expected = ["VALUE VALUE 1", "VALUE VALUE 2", "VALUE \(terminal)", end]
        #expect(events(of: { $0.materialize() }, sending: source) == expected)
        #expect(events(of: { $0.materialize() }, starting: source) == expected)
    }

    @Test(arguments: terminals)
    func materializeThenDematerializeGivesBackTheStream(terminal: Signal<Int, TestError>.Event) {
        let source: Source = [.value(1), .value(2), terminal]
        let original = events(of: { $0 }, sending: source)
        #expect(original == ["VALUE 1", "VALUE 2", terminal.description])
        #expect(events(of: { $0.materialize().dematerialize() }, sending: source) == original)
        #expect(events(of: { $0.materialize().dematerialize() }, starting: source) == original)
    }

    @Test func materializedEventsCanBeCollectedWhateverTheEnd() {
        let failing = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(value: 2)
            observer.send(error: TestError(code: 9))
        }
        #expect(events(of: failing.materialize().collect()) == ["VALUE [VALUE 1, VALUE 2, FAILED TestError(code: 9)]", "COMPLETED"])
    }

    @Test func dematerializeEndsAtTheFirstTerminalValue() {
        let source: [Signal<Signal<Int, TestError>.Event, Never>.Event] = [
            .value(.value(1)), .value(.failed(TestError(code: 2))), .value(.value(3)), .completed,
        ]
        let expected = ["VALUE 1", "FAILED TestError(code: 2)"]
        #expect(events(of: { $0.dematerialize() }, sending: source) == expected)
        #expect(events(of: { $0.dematerialize() }, starting: source) == expected)
    }

    @Test func dematerializePassesTheUpstreamsOwnEnd() {
        let completing: [Signal<Signal<Int, TestError>.Event, Never>.Event] = [.value(.value(1)), .completed]
        #expect(events(of: { $0.dematerialize() }, sending: completing) == ["VALUE 1", "COMPLETED"])
        let interrupted: [Signal<Signal<Int, TestError>.Event, Never>.Event] = [.value(.value(1)), .interrupted]
        #expect(events(of: { $0.dematerialize() }, starting: interrupted) == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func materializeResultsSendsTheFailureAsAValueThenCompletes() {
        let source: Source = [.value(1), .failed(TestError(code: 3))]
        let expected = ["VALUE success(1)", "VALUE failure(RippleTests.TestError(code: 3))", "COMPLETED"]
        #expect(events(of: { $0.materializeResults() }, sending: source) == expected)
        #expect(events(of: { $0.materializeResults() }, starting: source) == expected)
    }

    @Test func materializeResultsPassesCompletionAndInterruption() {
        let completing: Source = [.value(1), .completed]
        #expect(events(of: { $0.materializeResults() }, sending: completing) == ["VALUE success(1)", "COMPLETED"])
        let interrupted: Source = [.value(1), .interrupted]
        #expect(events(of: { $0.materializeResults() }, starting: interrupted) == ["VALUE success(1)", "INTERRUPTED"])
    }

    @Test(arguments: terminals)
    func materializeResultsThenDematerializeResultsGivesBackTheStream(terminal: Signal<Int, TestError>.Event) {
        let source: Source = [.value(1), terminal]
        let original = events(of: { $0 }, sending: source)
        #expect(events(of: { $0.materializeResults().dematerializeResults() }, sending: source) == original)
        #expect(events(of: { $0.materializeResults().dematerializeResults() }, starting: source) == original)
    }

    @Test func dematerializeResultsFailsWithTheFirstFailure() {
        let source: [Signal<Result<Int, TestError>, Never>.Event] = [
            .value(.success(1)), .value(.failure(TestError(code: 6))), .value(.success(2)), .completed,
        ]
        let expected = ["VALUE 1", "FAILED TestError(code: 6)"]
        #expect(events(of: { $0.dematerializeResults() }, sending: source) == expected)
        #expect(events(of: { $0.dematerializeResults() }, starting: source) == expected)
    }

    @Test func disposingAMaterializedRunDisposesTheUpstreamRun() {
        let probe = Probe()
        let source = SignalProducer<Int, TestError> { _, lifetime in lifetime += probe }
        let recorder = Recorder<String>()
        let run = source.materialize().dematerialize().start(recorder.observer())
        run.dispose()
        #expect(probe.disposeCount == 1)
        #expect(recorder.entries == ["INTERRUPTED"])
    }
}
