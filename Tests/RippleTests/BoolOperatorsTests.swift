import Ripple
import Testing

@Suite struct BoolOperatorsTests {
    typealias Pipe = (output: Signal<Bool, TestError>, input: Signal<Bool, TestError>.Observer)

    @Test func negateFlipsEveryValueOnSignalAndProducer() {
        let source: [Signal<Bool, TestError>.Event] = [.value(true), .value(false), .failed(TestError(code: 1))]
        let expected = ["VALUE false", "VALUE true", "FAILED TestError(code: 1)"]
        #expect(events(of: { $0.negate() }, sending: source) == expected)
        #expect(events(of: { $0.negate() }, starting: source) == expected)
    }

    @Test func andCombinesTheLatestValuesOfBothStreams() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        a.output.and(b.output).observe(recorder.observer())
        a.input.send(value: true)
        b.input.send(value: true)
        a.input.send(value: false)
        b.input.sendCompleted()
        a.input.sendCompleted()
        #expect(recorder.entries == ["VALUE true", "VALUE false", "COMPLETED"])

        let producer = SignalProducer<Bool, Never>(values: true, false).and(SignalProducer(value: true))
        #expect(events(of: producer) == ["VALUE false", "COMPLETED"])
    }

    @Test func orCombinesTheLatestValuesOfBothStreams() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        a.output.or(b.output).observe(recorder.observer())
        a.input.send(value: false)
        b.input.send(value: true)
        a.input.send(value: false)
        b.input.send(value: false)
        b.input.send(error: TestError(code: 2))
        #expect(recorder.entries == ["VALUE true", "VALUE true", "VALUE false", "FAILED TestError(code: 2)"])

        let producer = SignalProducer<Bool, Never>(value: false).or(SignalProducer(values: false, true))
        #expect(events(of: producer) == ["VALUE false", "VALUE true", "COMPLETED"])
    }

    @Test func allIsTrueOnlyWhenEveryLatestValueIsTrue() {
        let recorder = Recorder<String>()
        let pipes: [Pipe] = (0..<3).map { _ in Signal.pipe() }
        Signal.all(pipes.map(\.output)).observe(recorder.observer())
        pipes[0].input.send(value: true)
        pipes[1].input.send(value: true)
        #expect(recorder.entries.isEmpty)
        pipes[2].input.send(value: true)
        pipes[1].input.send(value: false)
        #expect(recorder.entries == ["VALUE true", "VALUE false"])

        let producers = [true, false, true].map { SignalProducer<Bool, Never>(value: $0) }
        #expect(events(of: SignalProducer.all(producers)) == ["VALUE false", "COMPLETED"])
    }

    @Test func anyIsTrueWhenSomeLatestValueIsTrue() {
        let recorder = Recorder<String>()
        let pipes: [Pipe] = (0..<3).map { _ in Signal.pipe() }
        Signal.any(pipes.map(\.output)).observe(recorder.observer())
        for pipe in pipes { pipe.input.send(value: false) }
        pipes[2].input.send(value: true)
        pipes[0].input.sendInterrupted()
        #expect(recorder.entries == ["VALUE false", "VALUE true", "INTERRUPTED"])

        let producers = [false, true, false].map { SignalProducer<Bool, Never>(value: $0) }
        #expect(events(of: SignalProducer.any(producers)) == ["VALUE true", "COMPLETED"])
    }

    @Test func variadicAllAndAnyMatchTheSequenceForms() {
        let recorder = Recorder<String>()
        let (a, aInput) = Signal<Bool, TestError>.pipe()
        let (b, bInput) = Signal<Bool, TestError>.pipe()
        Signal.all(a, b).observe(recorder.observer("all "))
        Signal.any(a, b).observe(recorder.observer("any "))
        aInput.send(value: true)
        bInput.send(value: false)
        bInput.send(value: true)
        #expect(recorder.entries == ["all VALUE false", "any VALUE true", "all VALUE true", "any VALUE true"])

        let yes = SignalProducer<Bool, Never>(value: true)
        let no = SignalProducer<Bool, Never>(value: false)
        #expect(events(of: SignalProducer.all(yes, no, yes)) == ["VALUE false", "COMPLETED"])
        #expect(events(of: SignalProducer.any(no, no, yes)) == ["VALUE true", "COMPLETED"])
        #expect(events(of: SignalProducer.all(yes)) == ["VALUE true", "COMPLETED"])
    }

    @Test func allAndAnyOverNoProducerSendTheirNeutralValue() {
        let none: [SignalProducer<Bool, Never>] = []
        #expect(events(of: SignalProducer.all(none)) == ["VALUE true", "COMPLETED"])
        #expect(events(of: SignalProducer.any(none)) == ["VALUE false", "COMPLETED"])
        let recorder = Recorder<String>()
        Signal<Bool, Never>.all([]).observe(recorder.observer("all "))
        Signal<Bool, Never>.any([]).observe(recorder.observer("any "))
        #expect(recorder.entries == ["all INTERRUPTED", "any INTERRUPTED"])
    }
}
