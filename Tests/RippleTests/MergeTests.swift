import Ripple
import Testing

@Suite struct MergeTests {
    typealias Pipe = (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)

    @Test func mergeForwardsValuesInArrivalOrderAndCompletesWhenAllInputsComplete() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.merge([a.output, b.output]).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.send(value: 2)
        a.input.sendCompleted()
        b.input.send(value: 3)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3"])
        b.input.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
    }

    @Test func mergedProducerRunsEveryProducerInOrder() {
        let merged = SignalProducer.merge(SignalProducer<Int, TestError>(values: 1, 2), SignalProducer(values: 3, 4))
        #expect(events(of: merged) == ["VALUE 1", "VALUE 2", "VALUE 3", "VALUE 4", "COMPLETED"])
        let fromSequence = SignalProducer.merge((0..<3).map { SignalProducer<Int, Never>(value: $0) })
        #expect(events(of: fromSequence) == ["VALUE 0", "VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func mergeWithForwardsBothStreamsOnSignalAndProducer() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        a.output.merge(with: b.output).observe(recorder.observer())
        b.input.send(value: 1)
        a.input.send(value: 2)
        b.input.sendCompleted()
        a.input.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])

        let merged = SignalProducer<Int, TestError>(value: 1).merge(with: SignalProducer(value: 2))
        #expect(events(of: merged) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func producerMergeWithTakesAPropertyOrASignal() {
        let count = MutableProperty(10)
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, Never>(value: 1).merge(with: count).start(recorder.observer())
        count.value = 11
        #expect(recorder.entries == ["VALUE 1", "VALUE 10", "VALUE 11"])
        run.dispose()
    }

    @Test func mergeFailsAtTheFirstFailureAndDetachesFromEveryInput() {
        let recorder = Recorder<String>()
        let probe = Probe()
        let a: Pipe = Signal.pipe()
        let bInput: Signal<Int, TestError>.Observer = {
            let b: Pipe = Signal.pipe(disposable: probe)
            Signal.merge(a.output, b.output).observe(recorder.observer())
            return b.input
        }()
        bInput.send(value: 1)
        #expect(!probe.isDisposed)
        a.input.send(error: TestError(code: 2))
        #expect(probe.isDisposed)
        bInput.send(value: 3)
        #expect(recorder.entries == ["VALUE 1", "FAILED TestError(code: 2)"])
    }

    @Test func mergeIsInterruptedWhenAnyInputIsInterrupted() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.merge(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.sendInterrupted()
        a.input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED"])

        let interrupted = SignalProducer<Int, TestError> { observer, _ in observer.sendInterrupted() }
        #expect(events(of: SignalProducer.merge(SignalProducer(value: 1), interrupted)) == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func producerFailureEndsTheRunsOfTheOtherProducers() {
        let probe = Probe()
        let endless = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime += probe
            lifetime.observeEnded { withExtendedLifetime(observer) {} }
        }
        let merged = SignalProducer.merge(endless, SignalProducer(error: TestError(code: 1)))
        #expect(events(of: merged) == ["FAILED TestError(code: 1)"])
        #expect(probe.isDisposed)
    }

    @Test func mergeOfNothingHasCompleted() {
        let recorder = Recorder<String>()
        Signal<Int, Never>.merge([]).observe(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(events(of: SignalProducer<Int, Never>.merge([])) == ["COMPLETED"])
    }

    @Test func mergeOfATerminatedSignalIsInterrupted() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        b.input.sendCompleted()
        Signal.merge(a.output, b.output).observe(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func disposingAMergedProducerInterruptsEveryRun() {
        let probes = [Probe(), Probe()]
        let endless = probes.map { probe in
            SignalProducer<Int, Never> { observer, lifetime in
                lifetime += probe
                lifetime.observeEnded { withExtendedLifetime(observer) {} }
            }
        }
        let recorder = Recorder<String>()
        let disposable = SignalProducer.merge(endless).start(recorder.observer())
        #expect(probes.allSatisfy { !$0.isDisposed })
        disposable.dispose()
        #expect(probes.allSatisfy { $0.isDisposed })
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func mergedSignalThatNobodyObservesDetachesFromItsInputs() {
        let probe = Probe()
        let input: Signal<Int, Never>.Observer = {
            let (signal, input) = Signal<Int, Never>.pipe(disposable: probe)
            _ = Signal.merge(signal, .never)
            return input
        }()
        #expect(probe.isDisposed)
        withExtendedLifetime(input) {}
    }

    @Test func valueSentToAnInputFromADownstreamObserverIsQueued() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        let merged = Signal.merge(a.output, b.output)
        merged.observe { event in
            recorder.append("A \(event)")
            if event.value == 1 { b.input.send(value: 2) }
        }
        merged.observe { recorder.append("B \($0)") }
        a.input.send(value: 1)
        #expect(recorder.entries == ["A VALUE 1", "B VALUE 1", "A VALUE 2", "B VALUE 2"])
    }
}
