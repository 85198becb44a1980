import Ripple
import Testing

@Suite struct SampleTests {
    typealias Pipe = (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)

    // MARK: withLatest(from:)

    @Test func withLatestPairsEachValueWithTheLatestOtherValue() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (other, otherInput) = Signal<String, Never>.pipe()
        a.output.withLatest(from: other).observe(recorder.observer())
        a.input.send(value: 1)
        otherInput.send(value: "x")
        a.input.send(value: 2)
        otherInput.send(value: "y")
        otherInput.send(value: "z")
        a.input.send(value: 3)
        a.input.sendCompleted()
        #expect(recorder.entries == ["VALUE (2, \"x\")", "VALUE (3, \"z\")", "COMPLETED"])
    }

    @Test func withLatestKeepsTheLastValueAfterTheOtherStreamEnds() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (other, otherInput) = Signal<String, Never>.pipe()
        a.output.withLatest(from: other).observe(recorder.observer())
        otherInput.send(value: "x")
        otherInput.sendInterrupted()
        a.input.send(value: 1)
        a.input.send(error: TestError(code: 2))
        #expect(recorder.entries == ["VALUE (1, \"x\")", "FAILED TestError(code: 2)"])
    }

    @Test func withLatestStartsAProducerAtOnceAndDisposesItWithTheResult() {
        let recorder = Recorder<String>()
        let probe = Probe()
        let current = SignalProducer<String, Never> { observer, lifetime in
            lifetime += probe
            observer.send(value: "now")
        }
        let a: Pipe = Signal.pipe()
        a.output.withLatest(from: current).observe(recorder.observer())
        a.input.send(value: 1)
        #expect(!probe.isDisposed)
        a.input.sendInterrupted()
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE (1, \"now\")", "INTERRUPTED"])
    }

    @Test func withLatestOnAProducerStartsTheOtherStreamFirst() {
        let pairs = SignalProducer<Int, Never>(values: 1, 2).withLatest(from: SignalProducer(value: "x"))
        #expect(events(of: pairs) == ["VALUE (1, \"x\")", "VALUE (2, \"x\")", "COMPLETED"])

        let (other, otherInput) = Signal<String, Never>.pipe()
        let recorder = Recorder<String>()
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        SignalProducer(source).withLatest(from: other).start(recorder.observer())
        otherInput.send(value: "y")
        sourceInput.send(value: 3)
        #expect(recorder.entries == ["VALUE (3, \"y\")"])
    }

    @Test func disposingAWithLatestProducerEndsBothRuns() {
        let probes = [Probe(), Probe()]
        let source = SignalProducer<Int, Never> { _, lifetime in lifetime += probes[0] }
        let other = SignalProducer<Int, Never> { _, lifetime in lifetime += probes[1] }
        source.withLatest(from: other).start().dispose()
        #expect(probes.allSatisfy { $0.isDisposed })
    }

    // MARK: sample(with:)

    @Test func sampleWithSendsTheLatestValueOnEverySamplerValue() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (sampler, samplerInput) = Signal<String, Never>.pipe()
        a.output.sample(with: sampler).observe(recorder.observer())
        samplerInput.send(value: "early")
        a.input.send(value: 1)
        a.input.send(value: 2)
        samplerInput.send(value: "x")
        samplerInput.send(value: "y")
        a.input.send(value: 3)
        samplerInput.send(value: "z")
        #expect(recorder.entries == ["VALUE (2, \"x\")", "VALUE (2, \"y\")", "VALUE (3, \"z\")"])
    }

    @Test func sampleCompletesWhenBothStreamsHaveCompleted() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (sampler, samplerInput) = Signal<Void, Never>.pipe()
        a.output.sample(with: sampler).map { value, _ in value }.observe(recorder.observer())
        a.input.send(value: 1)
        a.input.sendCompleted()
        samplerInput.send(value: ())
        #expect(recorder.entries == ["VALUE 1"])
        samplerInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])

        let other = Recorder<String>()
        let b: Pipe = Signal.pipe()
        let (sampler2, samplerInput2) = Signal<Void, Never>.pipe()
        b.output.sample(on: sampler2).observe(other.observer())
        samplerInput2.sendCompleted()
        b.input.send(value: 1)
        #expect(other.entries.isEmpty)
        b.input.sendCompleted()
        #expect(other.entries == ["COMPLETED"])
    }

    @Test func sampleFailsWithTheSourceAndIsInterruptedByEither() {
        let failing = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (sampler, samplerInput) = Signal<Int, Never>.pipe()
        a.output.sample(with: sampler).observe(failing.observer())
        a.input.send(error: TestError(code: 9))
        samplerInput.send(value: 1)
        #expect(failing.entries == ["FAILED TestError(code: 9)"])

        let interrupted = Recorder<String>()
        let b: Pipe = Signal.pipe()
        let (sampler2, samplerInput2) = Signal<Int, Never>.pipe()
        b.output.sample(with: sampler2).observe(interrupted.observer())
        b.input.send(value: 1)
        samplerInput2.sendInterrupted()
        #expect(interrupted.entries == ["INTERRUPTED"])
    }

    @Test func sampleWithOnAProducerStartsThisProducerFirst() {
        let sampled = SignalProducer<Int, Never>(values: 1, 2).sample(with: SignalProducer(values: "a", "b"))
        #expect(events(of: sampled) == ["VALUE (2, \"a\")", "VALUE (2, \"b\")", "COMPLETED"])
    }

    // MARK: sample(on:)

    @Test func sampleOnSendsTheLatestValueEachTimeTheSamplerFires() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (ticks, tick) = Signal<Void, Never>.pipe()
        a.output.sample(on: ticks).observe(recorder.observer())
        tick.send(value: ())
        a.input.send(value: 1)
        a.input.send(value: 2)
        tick.send(value: ())
        tick.send(value: ())
        #expect(recorder.entries == ["VALUE 2", "VALUE 2"])

        let sampled = SignalProducer<Int, Never>(values: 1, 2).sample(on: SignalProducer(value: ()))
        #expect(events(of: sampled) == ["VALUE 2", "COMPLETED"])
    }

    @Test func disposingASampledProducerEndsBothRuns() {
        let probes = [Probe(), Probe()]
        let source = SignalProducer<Int, Never> { _, lifetime in lifetime += probes[0] }
        let ticks = SignalProducer<Void, Never> { _, lifetime in lifetime += probes[1] }
        let recorder = Recorder<String>()
        source.sample(on: ticks).start(recorder.observer()).dispose()
        #expect(probes.allSatisfy { $0.isDisposed })
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func sampledSignalReleasesTheLatestValueWhenItTerminates() {
        weak var weakWitness: Witness?
        let (source, sourceInput) = Signal<Witness, Never>.pipe()
        let (ticks, tick) = Signal<Void, Never>.pipe()
        let sampled = source.sample(on: ticks)
        sampled.observeValues { _ in }
        do {
            let witness = Witness()
            weakWitness = witness
            sourceInput.send(value: witness)
        }
        tick.send(value: ())
        #expect(weakWitness != nil)
        tick.sendInterrupted()
        #expect(weakWitness == nil)
        withExtendedLifetime(sourceInput) {}
    }
}
