import Ripple
import Testing

@Suite struct CollectTests {
    typealias Source = [Signal<Int, TestError>.Event]

    static let numbers: Source = [.value(1), .value(2), .value(3), .value(4), .value(5), .completed]

    @Test func collectSendsEveryValueInOneArrayAtCompletionOnSignalAndProducer() {
        let expected = ["VALUE [1, 2, 3, 4, 5]", "COMPLETED"]
        #expect(events(of: { $0.collect() }, sending: Self.numbers) == expected)
        #expect(events(of: { $0.collect() }, starting: Self.numbers) == expected)
    }

    @Test func collectOnNothingEmitsAnEmptyArray() {
        let nothing: Source = [.completed]
        #expect(events(of: { $0.collect() }, sending: nothing) == ["VALUE []", "COMPLETED"])
        #expect(events(of: { $0.collect() }, starting: nothing) == ["VALUE []", "COMPLETED"])
        #expect(events(of: SignalProducer<Int, Never>.empty.collect()) == ["VALUE []", "COMPLETED"])
    }

    @Test func collectCountSendsFullArraysThenTheRestAtCompletion() {
        let expected = ["VALUE [1, 2]", "VALUE [3, 4]", "VALUE [5]", "COMPLETED"]
        #expect(events(of: { $0.collect(count: 2) }, sending: Self.numbers) == expected)
        #expect(events(of: { $0.collect(count: 2) }, starting: Self.numbers) == expected)
    }

    @Test func collectCountSendsNoEmptyArrayWhenTheValuesDivideEvenly() {
        let source: Source = [.value(1), .value(2), .value(3), .value(4), .completed]
        #expect(events(of: { $0.collect(count: 2) }, sending: source) == ["VALUE [1, 2]", "VALUE [3, 4]", "COMPLETED"])
        #expect(events(of: { $0.collect(count: 1) }, starting: source) == ["VALUE [1]", "VALUE [2]", "VALUE [3]", "VALUE [4]", "COMPLETED"])
    }

    @Test func collectCountOnNothingEmitsAnEmptyArray() {
        #expect(events(of: { $0.collect(count: 3) }, sending: [.completed] as Source) == ["VALUE []", "COMPLETED"])
        #expect(events(of: { $0.collect(count: 3) }, starting: [.completed] as Source) == ["VALUE []", "COMPLETED"])
    }

    @Test func collectWhileShouldEmitIsFalseThenSendTheArray() {
        let sumReachesFive = { (collected: [Int]) in collected.reduce(0, +) >= 5 }
        let expected = ["VALUE [1, 2, 3]", "VALUE [4, 5]", "COMPLETED"]
        #expect(events(of: { $0.collect(sumReachesFive) }, sending: Self.numbers) == expected)
        #expect(events(of: { $0.collect(sumReachesFive) }, starting: Self.numbers) == expected)
    }

    @Test func collectWithNextStartsANewArrayWithTheValueThatTriggered() {
        let source: Source = [.value(1), .value(2), .value(0), .value(3), .value(0), .completed]
        let zeroStartsAGroup = { (_: [Int], next: Int) in next == 0 }
        let expected = ["VALUE [1, 2]", "VALUE [0, 3]", "VALUE [0]", "COMPLETED"]
        #expect(events(of: { $0.collect(zeroStartsAGroup) }, sending: source) == expected)
        #expect(events(of: { $0.collect(zeroStartsAGroup) }, starting: source) == expected)
    }

    @Test func collectWithNextSeesTheValuesCollectedSoFar() {
        let source: Source = [.value(1), .value(2), .value(5), .value(6), .completed]
        let gapAboveOne = { (collected: [Int], next: Int) in collected.last.map { next - $0 > 1 } ?? false }
        #expect(events(of: { $0.collect(gapAboveOne) }, sending: source) == ["VALUE [1, 2]", "VALUE [5, 6]", "COMPLETED"])
    }

    @Test func collectClosuresNeedNoAnnotations() {
        let source: Source = [.value(1), .value(2), .value(0), .value(3), .completed]
        #expect(events(of: { signal in signal.collect { $0.count == 2 } }, sending: source) == ["VALUE [1, 2]", "VALUE [0, 3]", "COMPLETED"])
        #expect(events(of: { signal in signal.collect { $1 == 0 } }, sending: source) == ["VALUE [1, 2]", "VALUE [0, 3]", "COMPLETED"])
        #expect(events(of: { producer in producer.collect { collected, next in collected.count == 3 || next == 0 } }, starting: source) == [
            "VALUE [1, 2]", "VALUE [0, 3]", "COMPLETED",
        ])
    }

    @Test func collectWithNextSendsAnEmptyArrayWhenTheFirstValueTriggers() {
        let source: Source = [.value(0), .value(1), .completed]
        let zeroStartsAGroup = { (_: [Int], next: Int) in next == 0 }
        #expect(events(of: { $0.collect(zeroStartsAGroup) }, sending: source) == ["VALUE []", "VALUE [0, 1]", "COMPLETED"])
    }

    @Test func reduceSendsTheFinalResultAtCompletion() {
        #expect(events(of: { $0.reduce(0, +) }, sending: Self.numbers) == ["VALUE 15", "COMPLETED"])
        #expect(events(of: { $0.reduce(0, +) }, starting: Self.numbers) == ["VALUE 15", "COMPLETED"])
        let appendDigits = { (text: inout String, value: Int) in text += String(value) }
        #expect(events(of: { $0.reduce(into: "", appendDigits) }, sending: Self.numbers) == ["VALUE 12345", "COMPLETED"])
        #expect(events(of: { $0.reduce(into: "", appendDigits) }, starting: Self.numbers) == ["VALUE 12345", "COMPLETED"])
    }

    @Test func reduceOnNothingEmitsItsInitialValue() {
        let nothing: Source = [.completed]
        #expect(events(of: { $0.reduce(42, +) }, sending: nothing) == ["VALUE 42", "COMPLETED"])
        #expect(events(of: { $0.reduce(42, +) }, starting: nothing) == ["VALUE 42", "COMPLETED"])
        #expect(events(of: { $0.reduce(into: [7]) { $0.append($1) } }, sending: nothing) == ["VALUE [7]", "COMPLETED"])
        #expect(events(of: { $0.reduce(into: [7]) { $0.append($1) } }, starting: nothing) == ["VALUE [7]", "COMPLETED"])
    }

    @Test func failureAndInterruptionDropWhatWasCollected() {
        let failing: Source = [.value(1), .value(2), .value(3), .failed(TestError(code: 2))]
        #expect(events(of: { $0.collect() }, sending: failing) == ["FAILED TestError(code: 2)"])
        #expect(events(of: { $0.collect(count: 2) }, starting: failing) == ["VALUE [1, 2]", "FAILED TestError(code: 2)"])
        #expect(events(of: { $0.reduce(0, +) }, sending: failing) == ["FAILED TestError(code: 2)"])
        let interrupted: Source = [.value(1), .interrupted]
        #expect(events(of: { $0.collect() }, starting: interrupted) == ["INTERRUPTED"])
        #expect(events(of: { $0.collect { (_: [Int]) in false } }, sending: interrupted) == ["INTERRUPTED"])
        #expect(events(of: { $0.reduce(into: 0) { $0 += $1 } }, starting: interrupted) == ["INTERRUPTED"])
        #expect(events(of: { $0.collect() }, sending: [.interrupted] as Source) == ["INTERRUPTED"])
    }

    @Test func collectStartsAfreshForEveryProducerRun() {
        let batches = SignalProducer<Int, Never>(values: 1, 2, 3).collect(count: 2)
        #expect(events(of: batches) == ["VALUE [1, 2]", "VALUE [3]", "COMPLETED"])
        #expect(events(of: batches) == ["VALUE [1, 2]", "VALUE [3]", "COMPLETED"])
    }

    @Test(arguments: [Signal<Witness, TestError>.Event.failed(TestError(code: 1)), .interrupted])
    func terminationReleasesTheCollectedValues(terminal: Signal<Witness, TestError>.Event) {
        let (signal, input) = Signal<Witness, TestError>.pipe()
        signal.collect().observe { _ in }
        signal.reduce(into: [Witness]()) { $0.append($1) }.observe { _ in }
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            input.send(value: witness)
        }
        #expect(weakWitness != nil)
        input.send(terminal)
        #expect(weakWitness == nil)
    }

    @Test func disposingACollectingRunDisposesTheUpstreamRun() {
        let probe = Probe()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += probe
            observer.send(value: 1)
        }
        let recorder = Recorder<String>()
        let run = source.collect().start(recorder.observer())
        run.dispose()
        #expect(probe.disposeCount == 1)
        #expect(recorder.entries == ["INTERRUPTED"])
    }
}
