import Ripple
import Testing

@Suite struct CombineLatestTests {
    typealias Pipe = (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)

    @Test func combineLatestWaitsForEveryInput() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.combineLatest(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        a.input.send(value: 2)
        #expect(recorder.entries.isEmpty)
        b.input.send(value: 10)
        a.input.send(value: 3)
        #expect(recorder.entries == ["VALUE (2, 10)", "VALUE (3, 10)"])

        let producer = SignalProducer.combineLatest(SignalProducer<Int, TestError>(values: 1, 2), SignalProducer(values: 10, 20))
        #expect(events(of: producer) == ["VALUE (2, 10)", "VALUE (2, 20)", "COMPLETED"])
    }

    @Test func combineLatestCompletesOnlyWhenEveryInputHasCompleted() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.combineLatest(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        a.input.sendCompleted()
        b.input.send(value: 2)
        b.input.send(value: 3)
        #expect(recorder.entries == ["VALUE (1, 2)", "VALUE (1, 3)"])
        b.input.sendCompleted()
        #expect(recorder.entries == ["VALUE (1, 2)", "VALUE (1, 3)", "COMPLETED"])
    }

    @Test func combineLatestFailsAtOnceWhenAnyInputFails() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.combineLatest(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.send(error: TestError(code: 4))
        a.input.send(value: 2)
        #expect(recorder.entries == ["FAILED TestError(code: 4)"])

        let producer = SignalProducer.combineLatest(SignalProducer<Int, TestError>(value: 1), SignalProducer<String, TestError>(error: TestError(code: 5)))
        #expect(events(of: producer) == ["FAILED TestError(code: 5)"])
    }

    @Test func combineLatestIsInterruptedWhenAnyInputIsInterrupted() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.combineLatest([a.output, b.output]).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.send(value: 2)
        a.input.sendInterrupted()
        b.input.send(value: 3)
        #expect(recorder.entries == ["VALUE [1, 2]", "INTERRUPTED"])
    }

    @Test func combineLatestCombinesInputsOfDifferentTypes() {
        let recorder = Recorder<String>()
        let (names, nameInput) = Signal<String, Never>.pipe()
        let (ages, ageInput) = Signal<Int, Never>.pipe()
        let (flags, flagInput) = Signal<Bool?, Never>.pipe()
        Signal.combineLatest(names, ages, flags).observeValues { name, age, flag in
            recorder.append("\(name) \(age) \(String(describing: flag))")
        }
        nameInput.send(value: "ada")
        ageInput.send(value: 36)
        flagInput.send(value: nil)
        flagInput.send(value: true)
        #expect(recorder.entries == ["ada 36 nil", "ada 36 Optional(true)"])
    }

    @Test func combineLatestTakesTenInputs() {
        let producers = (1...10).map { SignalProducer<Int, Never>(value: $0) }
        let combined = SignalProducer.combineLatest(
            producers[0], producers[1], producers[2], producers[3], producers[4],
            producers[5], producers[6], producers[7], producers[8], producers[9].map(String.init)
        )
        #expect(events(of: combined) == ["VALUE (1, 2, 3, 4, 5, 6, 7, 8, 9, \"10\")", "COMPLETED"])
    }

    @Test func combineLatestOverASequenceSendsArrays() {
        let recorder = Recorder<String>()
        let pipes: [Pipe] = (0..<3).map { _ in Signal.pipe() }
        Signal.combineLatest(pipes.map(\.output)).observe(recorder.observer())
        for (index, pipe) in pipes.enumerated() { pipe.input.send(value: index) }
        pipes[1].input.send(value: 7)
        for pipe in pipes { pipe.input.sendCompleted() }
        #expect(recorder.entries == ["VALUE [0, 1, 2]", "VALUE [0, 7, 2]", "COMPLETED"])

        let producers = (0..<3).map { SignalProducer<Int, TestError>(values: $0, $0 * 10) }
        #expect(events(of: SignalProducer.combineLatest(producers)) == ["VALUE [0, 10, 2]", "VALUE [0, 10, 20]", "COMPLETED"])
    }

    @Test func combineLatestWorksOverAThousandProducers() {
        let producers = (0..<1_000).map { SignalProducer<Int, Never>(values: $0, $0 + 1) }
        let recorder = Recorder<[Int]>()
        let completed = Counter()
        SignalProducer.combineLatest(producers).start { event in
            switch event {
            case let .value(values): recorder.append(values)
            case .completed: completed.value += 1
            default: break
            }
        }
        #expect(recorder.entries.count == 2)
        let expected: [Int] = (0..<1_000).map { $0 + 1 }
        #expect(recorder.entries.last == expected)
        #expect(completed.value == 1)
    }

    @Test func combineLatestWorksOverAThousandSignals() {
        let pipes: [Pipe] = (0..<1_000).map { _ in Signal.pipe() }
        let recorder = Recorder<String>()
        Signal.combineLatest(pipes.map(\.output)).map { $0.reduce(0, +) }.observe(recorder.observer())
        for pipe in pipes { pipe.input.send(value: 1) }
        for pipe in pipes { pipe.input.sendCompleted() }
        #expect(recorder.entries == ["VALUE 1000", "COMPLETED"])
    }

    @Test func combineLatestOverNoProducerSendsTheSentinelIfGiven() {
        let none: [SignalProducer<Int, Never>] = []
        #expect(events(of: SignalProducer.combineLatest(none, emptySentinel: [42])) == ["VALUE [42]", "COMPLETED"])
        #expect(events(of: SignalProducer.combineLatest(none)) == ["COMPLETED"])
        let recorder = Recorder<String>()
        Signal<Int, Never>.combineLatest([]).observe(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func combineLatestWithPairsOnSignalAndProducer() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (b, bInput) = Signal<String, TestError>.pipe()
        a.output.combineLatest(with: b).observe(recorder.observer())
        a.input.send(value: 1)
        bInput.send(value: "x")
        a.input.sendCompleted()
        bInput.sendCompleted()
        #expect(recorder.entries == ["VALUE (1, \"x\")", "COMPLETED"])

        let pairs = SignalProducer<Int, Never>(values: 1, 2).combineLatest(with: SignalProducer(value: "x"))
        #expect(events(of: pairs) == ["VALUE (2, \"x\")", "COMPLETED"])
    }

    @Test func producerCombineLatestMixesProducersSignalsAndProperties() {
        let query = MutableProperty("sw")
        let (limits, limitInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        let run = SignalProducer.combineLatest(query, SignalProducer<Bool, Never>(value: true), limits)
            .start(recorder.observer())
        limitInput.send(value: 10)
        query.value = "swift"
        #expect(recorder.entries == ["VALUE (\"sw\", true, 10)", "VALUE (\"swift\", true, 10)"])
        run.dispose()

        let pairs = SignalProducer<Int, Never>(values: 1, 2).combineLatest(with: Property(value: "x"))
        #expect(events(of: pairs) == ["VALUE (2, \"x\")", "COMPLETED"])
        let properties = [MutableProperty(1), MutableProperty(2)]
        let arrays = Recorder<String>()
        let arraysRun = SignalProducer.combineLatest(properties).start(arrays.observer())
        properties[1].value = 3
        #expect(arrays.entries == ["VALUE [1, 2]", "VALUE [1, 3]"])
        arraysRun.dispose()
    }

    @Test func eachStartOfACombinedProducerRunsEveryInputAgain() {
        let starts = Counter()
        let counted = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: starts.value)
            observer.sendCompleted()
        }
        let combined = SignalProducer.combineLatest(counted, SignalProducer(value: "x"))
        #expect(events(of: combined) == ["VALUE (1, \"x\")", "COMPLETED"])
        #expect(events(of: combined) == ["VALUE (2, \"x\")", "COMPLETED"])
    }

    @Test func disposingACombinedProducerInterruptsEveryRun() {
        let probes = [Probe(), Probe()]
        let endless = probes.map { probe in
            SignalProducer<Int, Never> { observer, lifetime in
                lifetime += probe
                observer.send(value: 1)
            }
        }
        let recorder = Recorder<String>()
        let disposable = SignalProducer.combineLatest(endless).start(recorder.observer())
        #expect(recorder.entries == ["VALUE [1, 1]"])
        disposable.dispose()
        #expect(probes.allSatisfy { $0.isDisposed })
        #expect(recorder.entries == ["VALUE [1, 1]", "INTERRUPTED"])
    }

    @Test func combineLatestDetachesFromItsInputsWhenItTerminates() {
        let probe = Probe()
        let a: Pipe = Signal.pipe()
        let bInput: Signal<Int, TestError>.Observer = {
            let b: Pipe = Signal.pipe(disposable: probe)
            Signal.combineLatest(a.output, b.output).observe { _ in }
            return b.input
        }()
        #expect(!probe.isDisposed)
        a.input.send(error: TestError(code: 1))
        #expect(probe.isDisposed)
        withExtendedLifetime(bInput) {}
    }

    @Test func combineLatestReleasesTheLatestValuesWhenItTerminates() {
        weak var weakWitness: Witness?
        let (a, aInput) = Signal<Witness, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let combined = Signal.combineLatest(a, b)
        combined.observeValues { _ in }
        do {
            let witness = Witness()
            weakWitness = witness
            aInput.send(value: witness)
        }
        #expect(weakWitness != nil)
        aInput.sendCompleted()
        bInput.send(value: 1)
        bInput.sendCompleted()
        #expect(weakWitness == nil)
    }

    @Test func valueSentToAnInputFromADownstreamObserverIsQueued() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        let combined = Signal.combineLatest(a.output, b.output)
        combined.observe { event in
            recorder.append("A \(event)")
            if let pair = event.value, pair == (1, 1) { b.input.send(value: 2) }
        }
        combined.observe { recorder.append("B \($0)") }
        a.input.send(value: 1)
        b.input.send(value: 1)
        #expect(recorder.entries == ["A VALUE (1, 1)", "B VALUE (1, 1)", "A VALUE (1, 2)", "B VALUE (1, 2)"])
    }

    // The funnel's own queue: the value goes to another input than the one being
    // delivered, whose signal is idle and delivers at once into the funnel.
    @Test func valueSentToAnotherInputFromADownstreamObserverIsQueuedByTheFunnel() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        let combined = Signal.combineLatest(a.output, b.output)
        combined.observe { event in
            recorder.append("A \(event)")
            if let pair = event.value, pair == (1, 1) { a.input.send(value: 2) }
        }
        combined.observe { recorder.append("B \($0)") }
        a.input.send(value: 1)
        b.input.send(value: 1)
        #expect(recorder.entries == ["A VALUE (1, 1)", "B VALUE (1, 1)", "A VALUE (2, 1)", "B VALUE (2, 1)"])
    }

    @Test func threeInputsQueueAValueSentToAnotherInputFromADownstreamObserver() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        let c: Pipe = Signal.pipe()
        let combined = Signal.combineLatest(a.output, b.output, c.output)
        combined.observe { event in
            recorder.append("A \(event)")
            if let triple = event.value, triple == (1, 1, 1) { a.input.send(value: 2) }
        }
        combined.observe { recorder.append("B \($0)") }
        a.input.send(value: 1)
        b.input.send(value: 1)
        c.input.send(value: 1)
        #expect(recorder.entries == ["A VALUE (1, 1, 1)", "B VALUE (1, 1, 1)", "A VALUE (2, 1, 1)", "B VALUE (2, 1, 1)"])
    }
}
