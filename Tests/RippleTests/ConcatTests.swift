import Ripple
import Testing

@Suite struct ConcatTests {
    /// A producer that counts its starts and sends `values`, then completes.
    static func counted(_ starts: Counter, _ values: Int...) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, _ in
            starts.value += 1
            values.forEach(observer.send(value:))
            observer.sendCompleted()
        }
    }

    /// A producer whose runs last until disposed; `probe` is disposed when a run ends.
    static func endless(_ probe: Probe) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, lifetime in
            lifetime += probe
            observer.send(value: 0)
        }
    }

    // MARK: concat

    @Test func concatRunsTheNextProducerAfterThisOneCompletes() {
        let producer = SignalProducer<Int, TestError>(values: 1, 2).concat(SignalProducer(values: 3, 4))
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "VALUE 3", "VALUE 4", "COMPLETED"])
    }

    @Test func concatStartsTheNextProducerOnlyOnCompletion() {
        let starts = Counter()
        let (first, firstInput) = Signal<Int, TestError>.pipe()
        let recorder = Recorder<String>()
        SignalProducer(first).concat(Self.counted(starts, 9)).start(recorder.observer())
        firstInput.send(value: 1)
        #expect(starts.value == 0)
        firstInput.sendCompleted()
        #expect(starts.value == 1)
        #expect(recorder.entries == ["VALUE 1", "VALUE 9", "COMPLETED"])
    }

    @Test func concatStopsAtAFailureAndNeverStartsTheNextProducer() {
        let starts = Counter()
        let failing = SignalProducer<Int, TestError>(error: TestError(code: 1))
        #expect(events(of: failing.concat(Self.counted(starts, 2))) == ["FAILED TestError(code: 1)"])
        #expect(starts.value == 0)
        let failingNext = SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: TestError(code: 2)))
        #expect(events(of: failingNext) == ["VALUE 1", "FAILED TestError(code: 2)"])
    }

    @Test func concatCountsAnInterruptionAsCompletion() {
        let interrupted = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        #expect(events(of: interrupted.concat(SignalProducer(value: 2))) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: SignalProducer(value: 0).concat(interrupted)) == ["VALUE 0", "VALUE 1", "COMPLETED"])
    }

    @Test func concatValueAppendsAValue() {
        #expect(events(of: SignalProducer<Int, Never>(values: 1, 2).concat(value: 9)) == ["VALUE 1", "VALUE 2", "VALUE 9", "COMPLETED"])
    }

    @Test func prefixRunsTheGivenStreamFirst() {
        let values = SignalProducer<Int, Never>(values: 1, 2)
        #expect(events(of: values.prefix(value: 0)) == ["VALUE 0", "VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: values.prefix(SignalProducer(values: -2, -1))) == ["VALUE -2", "VALUE -1", "VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func concatTakesAPropertyOrASignalAsTheNextStream() {
        let recorder = Recorder<String>()
        var next: MutableProperty<Int>? = MutableProperty(3)
        SignalProducer<Int, Never>(values: 1, 2).concat(next!).start(recorder.observer())
        next?.value = 4
        next = nil
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "VALUE 4", "COMPLETED"])

        let (signal, input) = Signal<Int, TestError>.pipe()
        let signalRecorder = Recorder<String>()
        SignalProducer<Int, TestError>(value: 1).concat(signal).start(signalRecorder.observer())
        input.send(value: 2)
        input.send(error: TestError(code: 3))
        #expect(signalRecorder.entries == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 3)"])
    }

    @Test func concatErrorFailsOnceThisProducerHasCompleted() {
        let producer = SignalProducer<Int, TestError>(values: 1, 2).concat(error: TestError(code: 7))
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 7)"])
        let failing = SignalProducer<Int, TestError>(error: TestError(code: 1)).concat(error: TestError(code: 2))
        #expect(events(of: failing) == ["FAILED TestError(code: 1)"])
        let interrupted = SignalProducer<Int, TestError> { observer, _ in observer.sendInterrupted() }
        #expect(events(of: interrupted.concat(error: TestError(code: 3))) == ["FAILED TestError(code: 3)"])
    }

    @Test func prefixTakesAPropertyAsThePreviousStream() {
        let producer = SignalProducer<Int, Never>(values: 2, 3).prefix(Property(value: 1))
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
    }

    @Test func eachStartOfAConcatenationRunsBothProducersAgain() {
        let firstStarts = Counter()
        let nextStarts = Counter()
        let producer = Self.counted(firstStarts, 1).concat(Self.counted(nextStarts, 2))
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(firstStarts.value == 2)
        #expect(nextStarts.value == 2)
    }

    @Test func disposingDuringTheFirstRunInterruptsItAndNeverStartsTheNext() {
        let probe = Probe()
        let starts = Counter()
        let recorder = Recorder<String>()
        let disposable = Self.endless(probe).concat(Self.counted(starts, 1)).start(recorder.observer())
        disposable.dispose()
        #expect(probe.isDisposed)
        #expect(starts.value == 0)
        #expect(recorder.entries == ["VALUE 0", "INTERRUPTED"])
    }

    @Test func disposingDuringTheNextRunInterruptsIt() {
        let probe = Probe()
        let recorder = Recorder<String>()
        let disposable = SignalProducer<Int, TestError>(value: 1).concat(Self.endless(probe)).start(recorder.observer())
        #expect(!probe.isDisposed)
        disposable.dispose()
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE 1", "VALUE 0", "INTERRUPTED"])
    }

    /// Starts `producer` and returns its values and how many times it completed.
    static func valuesAndCompletions(of producer: SignalProducer<Int, Never>) -> (values: [Int], completions: Int) {
        var values: [Int] = []
        var completions = 0
        producer.start { event in
            switch event {
            case let .value(value): values.append(value)
            case .completed: completions += 1
            default: break
            }
        }
        return (values, completions)
    }

    @Test func aChainOfTenThousandSynchronousProducersRunsInOrder() {
        let length = 10_000
        var chain = SignalProducer<Int, Never>(value: 0)
        for value in 1..<length { chain = chain.concat(SignalProducer(value: value)) }
        let result = Self.valuesAndCompletions(of: chain)
        #expect(result.values == Array(0..<length))
        #expect(result.completions == 1)
        #expect(Self.valuesAndCompletions(of: chain).values.count == length)
    }

    @Test func aRightNestedChainAndPrefixesRunInOrder() {
        let length = 10_000
        var chain = SignalProducer<Int, Never>(value: length - 1)
        for value in (0..<(length - 1)).reversed() {
            chain = value.isMultiple(of: 2) ? chain.prefix(value: value) : SignalProducer(value: value).concat(chain)
        }
        let result = Self.valuesAndCompletions(of: chain)
        #expect(result.values == Array(0..<length))
        #expect(result.completions == 1)
    }

    @Test func aLongChainOfAsynchronousProducersContinuesOnTheCompletingThread() {
        let length = 2_000
        let pipes = (0..<length).map { _ in Signal<Int, Never>.pipe() }
        var chain = SignalProducer(pipes[0].output)
        for pipe in pipes.dropFirst() { chain = chain.concat(SignalProducer(pipe.output)) }
        let recorder = Recorder<String>()
        chain.start(recorder.observer())
        for (index, pipe) in pipes.enumerated() {
            pipe.input.send(value: index)
            pipe.input.sendCompleted()
        }
        #expect(recorder.entries == (0..<length).map { "VALUE \($0)" } + ["COMPLETED"])
    }

    @Test func aConcatenationInsideAnotherProducerRunsOnItsOwn() {
        let inner = SignalProducer<Int, Never>(value: 1).concat(SignalProducer(value: 2))
        let wrapping = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += inner.map { $0 * 10 }.start { event in
                if let value = event.value { observer.send(value: value) }
            }
            observer.send(value: 3)
            observer.sendCompleted()
        }
        let chain = wrapping.concat(inner.map { $0 * 100 }).concat(inner)
        #expect(events(of: chain) == ["VALUE 10", "VALUE 20", "VALUE 3", "VALUE 100", "VALUE 200", "VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func disposingALongChainInterruptsTheRunningLinkOnly() {
        let probe = Probe()
        let starts = Counter()
        var chain = SignalProducer<Int, TestError>(value: 0)
        for value in 1..<100 { chain = chain.concat(SignalProducer(value: value)) }
        chain = chain.concat(Self.endless(probe)).concat(Self.counted(starts, 1))
        let recorder = Recorder<String>()
        let disposable = chain.start(recorder.observer())
        #expect(recorder.entries.count == 101)
        disposable.dispose()
        #expect(probe.isDisposed)
        #expect(starts.value == 0)
        #expect(recorder.entries.last == "INTERRUPTED")
    }

    // MARK: then

    @Test func thenIgnoresValuesAndStartsTheReplacementOnCompletion() {
        let starts = Counter()
        let replacement = Self.counted(starts, 7, 8)
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.then(replacement).observe(recorder.observer())
        input.send(value: 1)
        input.send(value: 2)
        #expect(starts.value == 0)
        input.sendCompleted()
        #expect(starts.value == 1)
        #expect(recorder.entries == ["VALUE 7", "VALUE 8", "COMPLETED"])

        let producer = SignalProducer<Int, TestError>(values: 1, 2).then(SignalProducer(value: "done"))
        #expect(events(of: producer) == ["VALUE done", "COMPLETED"])
    }

    @Test func thenPropagatesFailureAndInterruptionWithoutStartingTheReplacement() {
        let starts = Counter()
        let replacement = Self.counted(starts, 1)
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 5))]
        #expect(events(of: { $0.then(replacement) }, sending: failing) == ["FAILED TestError(code: 5)"])
        #expect(events(of: { $0.then(replacement) }, starting: failing) == ["FAILED TestError(code: 5)"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.then(replacement) }, sending: interrupted) == ["INTERRUPTED"])
        #expect(events(of: { $0.then(replacement) }, starting: interrupted) == ["INTERRUPTED"])
        #expect(starts.value == 0)
    }

    @Test func thenForwardsTheReplacementsFailure() {
        let producer = SignalProducer<Int, TestError>.empty.then(SignalProducer<Int, TestError>(error: TestError(code: 6)))
        #expect(events(of: producer) == ["FAILED TestError(code: 6)"])
    }

    @Test func thenContinuesWithASignalThroughItsProducer() {
        let recorder = Recorder<String>()
        let (first, firstInput) = Signal<Int, Never>.pipe()
        let (next, nextInput) = Signal<String, Never>.pipe()
        first.then(next.producer).observe(recorder.observer())
        nextInput.send(value: "missed")
        firstInput.sendCompleted()
        nextInput.send(value: "seen")
        nextInput.sendCompleted()
        #expect(recorder.entries == ["VALUE seen", "COMPLETED"])
    }

    @Test func disposingAThenProducerInterruptsTheReplacementRun() {
        let probe = Probe()
        let recorder = Recorder<String>()
        let disposable = SignalProducer<Int, TestError>(value: 1).then(Self.endless(probe)).start(recorder.observer())
        #expect(!probe.isDisposed)
        disposable.dispose()
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE 0", "INTERRUPTED"])
    }

    @Test func thenSignalThatNobodyObservesReleasesTheReplacementRun() {
        let probe = Probe()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder<String>()
        var then: Signal<Int, TestError>? = signal.then(Self.endless(probe))
        let disposable = then?.observe(recorder.observer())
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 0"])
        then = nil
        disposable?.dispose()
        #expect(probe.isDisposed)
    }

    // MARK: then, across error types

    @Test func thenFromAStreamThatCannotFailTakesTheReplacementsErrorType() {
        let producer = SignalProducer<Int, Never>(values: 1, 2).then(SignalProducer<String, TestError>(error: TestError(code: 9)))
        #expect(type(of: producer) == SignalProducer<String, TestError>.self)
        #expect(events(of: producer) == ["FAILED TestError(code: 9)"])

        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let then = signal.then(SignalProducer<String, TestError>(values: "a", "b"))
        #expect(type(of: then) == Signal<String, TestError>.self)
        then.observe(recorder.observer())
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE a", "VALUE b", "COMPLETED"])
    }

    @Test func thenToAReplacementThatCannotFailKeepsTheReceiversErrorType() {
        let producer = SignalProducer<Int, TestError>(value: 1).then(SignalProducer<String, Never>(value: "done"))
        #expect(type(of: producer) == SignalProducer<String, TestError>.self)
        #expect(events(of: producer) == ["VALUE done", "COMPLETED"])
        let failing = SignalProducer<Int, TestError>(error: TestError(code: 4)).then(SignalProducer<String, Never>(value: "never"))
        #expect(events(of: failing) == ["FAILED TestError(code: 4)"])

        let (signal, input) = Signal<Int, TestError>.pipe()
        let then = signal.then(SignalProducer<String, Never>(value: "done"))
        #expect(type(of: then) == Signal<String, TestError>.self)
        let recorder = Recorder<String>()
        then.observe(recorder.observer())
        input.send(error: TestError(code: 5))
        #expect(recorder.entries == ["FAILED TestError(code: 5)"])
    }

    @Test func thenBetweenStreamsThatCannotFailCannotFail() {
        let producer = SignalProducer<Int, Never>.empty.then(SignalProducer<String, Never>(value: "y"))
        #expect(type(of: producer) == SignalProducer<String, Never>.self)
        #expect(events(of: producer) == ["VALUE y", "COMPLETED"])
        let (signal, _) = Signal<Int, Never>.pipe()
        #expect(type(of: signal.then(SignalProducer<String, Never>(value: "y"))) == Signal<String, Never>.self)
        #expect(type(of: signal.then(Property(value: "y"))) == Signal<String, Never>.self)
    }

    @Test func thenTakesAPropertyAsTheReplacement() {
        let title = MutableProperty("draft")
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, TestError>(value: 1).then(title).start(recorder.observer())
        title.value = "saved"
        #expect(recorder.entries == ["VALUE draft", "VALUE saved"])
        run.dispose()
        #expect(recorder.entries.last == "INTERRUPTED")

        let neverFails = SignalProducer<Int, Never>(value: 1).then(Property(value: "constant"))
        #expect(type(of: neverFails) == SignalProducer<String, Never>.self)
        #expect(events(of: neverFails) == ["VALUE constant", "COMPLETED"])
    }
}
