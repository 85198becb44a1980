import Ripple
import Testing

@Suite struct ScanTests {
    @Test func scanSendsEveryRunningResultOnSignalAndProducer() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .completed]
        let expected = ["VALUE 1", "VALUE 3", "VALUE 6", "COMPLETED"]
        #expect(events(of: { $0.scan(0, +) }, sending: source) == expected)
        #expect(events(of: { $0.scan(0, +) }, starting: source) == expected)
    }

    @Test func scanIntoUpdatesTheAccumulatorInPlace() {
        let source: [Signal<String, Never>.Event] = [.value("a"), .value("b"), .value("c"), .completed]
        let expected = ["VALUE a", "VALUE ab", "VALUE abc", "COMPLETED"]
        #expect(events(of: { $0.scan(into: "") { $0 += $1 } }, sending: source) == expected)
        #expect(events(of: { $0.scan(into: "") { $0 += $1 } }, starting: source) == expected)
    }

    @Test func scanMapSendsWhatTheStepReturnsAndKeepsTheState() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .completed]
        let step = { (sum: Int, value: Int) in (sum + value, "\(sum)+\(value)") }
        let expected = ["VALUE 0+1", "VALUE 1+2", "VALUE 3+3", "COMPLETED"]
        #expect(events(of: { $0.scanMap(0, step) }, sending: source) == expected)
        #expect(events(of: { $0.scanMap(0, step) }, starting: source) == expected)
    }

    @Test func scanMapIntoUpdatesTheStateInPlace() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .completed]
        let step = { (sum: inout Int, value: Int) -> Int in
            sum += value
            return -sum
        }
        let expected = ["VALUE -1", "VALUE -3", "VALUE -6", "COMPLETED"]
        #expect(events(of: { $0.scanMap(into: 0, step) }, sending: source) == expected)
        #expect(events(of: { $0.scanMap(into: 0, step) }, starting: source) == expected)
    }

    @Test func scanPassesFailureAndInterruptionAtOnce() {
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 4))]
        #expect(events(of: { $0.scan(10, +) }, sending: failing) == ["VALUE 11", "FAILED TestError(code: 4)"])
        #expect(events(of: { $0.scanMap(into: 0) { _, _ in "x" } }, starting: failing) == ["VALUE x", "FAILED TestError(code: 4)"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.scan(into: 0) { $0 += $1 } }, sending: interrupted) == ["VALUE 1", "INTERRUPTED"])
        #expect(events(of: { $0.combinePrevious() }, starting: interrupted) == ["INTERRUPTED"])
    }

    @Test func scanStartsAfreshForEveryProducerRun() {
        let running = SignalProducer<Int, Never>(values: 1, 2, 3).scan(0, +)
        #expect(events(of: running) == ["VALUE 1", "VALUE 3", "VALUE 6", "COMPLETED"])
        #expect(events(of: running) == ["VALUE 1", "VALUE 3", "VALUE 6", "COMPLETED"])
    }

    @Test func combinePreviousPairsTheFirstValueWithTheInitialOne() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .completed]
        let expected = [
            "VALUE (previous: 0, current: 1)",
            "VALUE (previous: 1, current: 2)",
            "VALUE (previous: 2, current: 3)",
            "COMPLETED",
        ]
        #expect(events(of: { $0.combinePrevious(0) }, sending: source) == expected)
        #expect(events(of: { $0.combinePrevious(0) }, starting: source) == expected)
    }

    @Test func combinePreviousWithoutInitialWaitsForTwoValues() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .completed]
        let expected = ["VALUE (previous: 1, current: 2)", "VALUE (previous: 2, current: 3)", "COMPLETED"]
        #expect(events(of: { $0.combinePrevious() }, sending: source) == expected)
        #expect(events(of: { $0.combinePrevious() }, starting: source) == expected)
        #expect(events(of: { $0.combinePrevious() }, sending: [.value(1), .completed] as [Signal<Int, Never>.Event]) == ["COMPLETED"])
    }

    @Test func combinePreviousTreatsNilAsAValue() {
        let source: [Signal<Int?, Never>.Event] = [.value(nil), .value(1), .completed]
        #expect(events(of: { $0.combinePrevious() }, sending: source) == ["VALUE (previous: nil, current: Optional(1))", "COMPLETED"])
        #expect(events(of: { $0.combinePrevious(nil) }, starting: source) == [
            "VALUE (previous: nil, current: nil)",
            "VALUE (previous: nil, current: Optional(1))",
            "COMPLETED",
        ])
    }

    @Test func combinePreviousKeepsOnlyTheLatestValue() {
        let (signal, input) = Signal<Witness, Never>.pipe()
        let paired = signal.combinePrevious()
        paired.observeValues { _ in }
        weak var older: Witness?
        weak var newer: Witness?
        do {
            let first = Witness()
            let second = Witness()
            older = first
            newer = second
            input.send(value: first)
            input.send(value: second)
        }
        input.send(value: Witness())
        #expect(older == nil)
        #expect(newer == nil)
    }

    @Test func terminationReleasesTheState() {
        let (signal, input) = Signal<Witness, TestError>.pipe()
        let accumulated = signal.scan(into: [Witness]()) { $0.append($1) }
        accumulated.observe { _ in }
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            input.send(value: witness)
        }
        #expect(weakWitness != nil)
        input.send(error: TestError(code: 1))
        #expect(weakWitness == nil)
    }

    @Test func disposingAScannedRunDisposesTheUpstreamRun() {
        let probe = Probe()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += probe
            observer.send(value: 1)
        }
        let recorder = Recorder<String>()
        let run = source.scan(0, +).start(recorder.observer())
        #expect(!probe.isDisposed)
        run.dispose()
        #expect(probe.disposeCount == 1)
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED"])
    }
}
