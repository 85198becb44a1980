import Ripple
import Testing

@Suite struct ZipTests {
    typealias Pipe = (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)

    @Test func zipPairsValuesByPosition() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let (b, bInput) = Signal<String, TestError>.pipe()
        Signal.zip(a.output, b).observe(recorder.observer())
        a.input.send(value: 1)
        a.input.send(value: 2)
        a.input.send(value: 3)
        #expect(recorder.entries.isEmpty)
        bInput.send(value: "x")
        bInput.send(value: "y")
        #expect(recorder.entries == ["VALUE (1, \"x\")", "VALUE (2, \"y\")"])

        let producer = SignalProducer.zip(SignalProducer<Int, TestError>(values: 1, 2, 3), SignalProducer(values: "x", "y"))
        #expect(events(of: producer) == ["VALUE (1, \"x\")", "VALUE (2, \"y\")", "COMPLETED"])
    }

    @Test func zipCompletesWhenACompletedInputHasNoBufferedValueLeft() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.zip(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        a.input.send(value: 2)
        a.input.sendCompleted()
        #expect(recorder.entries.isEmpty)
        b.input.send(value: 10)
        #expect(recorder.entries == ["VALUE (1, 10)"])
        b.input.send(value: 20)
        #expect(recorder.entries == ["VALUE (1, 10)", "VALUE (2, 20)", "COMPLETED"])
    }

    @Test func zipCompletesAtOnceWhenAnInputCompletesWithAnEmptyBuffer() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.zip(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        a.input.send(value: 2)
        b.input.send(value: 10)
        b.input.sendCompleted()
        a.input.send(value: 3)
        #expect(recorder.entries == ["VALUE (1, 10)", "COMPLETED"])
    }

    @Test func zipFailsAtOnceWhenAnyInputFails() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.zip(a.output, b.output).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.send(error: TestError(code: 3))
        #expect(recorder.entries == ["FAILED TestError(code: 3)"])

        let producer = SignalProducer.zip(SignalProducer<Int, TestError>(value: 1), SignalProducer<Int, TestError>(error: TestError(code: 4)))
        #expect(events(of: producer) == ["FAILED TestError(code: 4)"])
    }

    @Test func zipIsInterruptedWhenAnyInputIsInterrupted() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        Signal.zip([a.output, b.output]).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.send(value: 2)
        b.input.sendInterrupted()
        a.input.send(value: 3)
        #expect(recorder.entries == ["VALUE [1, 2]", "INTERRUPTED"])
    }

    @Test func zipOverASequenceSendsArrays() {
        let producers = (0..<3).map { SignalProducer<Int, Never>(values: $0, $0 * 10) }
        #expect(events(of: SignalProducer.zip(producers)) == ["VALUE [0, 1, 2]", "VALUE [0, 10, 20]", "COMPLETED"])
    }

    @Test func zipWorksOverAThousandProducers() {
        let producers = (0..<1_000).map { SignalProducer<Int, Never>(values: $0, -$0) }
        let recorder = Recorder<[Int]>()
        let completed = Counter()
        SignalProducer.zip(producers).start { event in
            switch event {
            case let .value(values): recorder.append(values)
            case .completed: completed.value += 1
            default: break
            }
        }
        let expected: [[Int]] = [Array(0..<1_000), (0..<1_000).map { -$0 }]
        #expect(recorder.entries == expected)
        #expect(completed.value == 1)
    }

    @Test func zipOverNoProducerSendsTheSentinelIfGiven() {
        let none: [SignalProducer<Int, Never>] = []
        #expect(events(of: SignalProducer.zip(none, emptySentinel: [])) == ["VALUE []", "COMPLETED"])
        #expect(events(of: SignalProducer.zip(none)) == ["COMPLETED"])
        let recorder = Recorder<String>()
        Signal<Int, Never>.zip([]).observe(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func zipWithPairsOnSignalAndProducer() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        a.output.zip(with: b.output).observe(recorder.observer())
        a.input.send(value: 1)
        b.input.send(value: 2)
        a.input.sendCompleted()
        #expect(recorder.entries == ["VALUE (1, 2)", "COMPLETED"])

        let pairs = SignalProducer<Int, Never>(values: 1, 2).zip(with: SignalProducer(values: "a", "b", "c"))
        #expect(events(of: pairs) == ["VALUE (1, \"a\")", "VALUE (2, \"b\")", "COMPLETED"])
    }

    @Test func producerZipMixesProducersSignalsAndProperties() {
        let page = MutableProperty(1)
        let (responses, respond) = Signal<String, Never>.pipe()
        let recorder = Recorder<String>()
        let run = SignalProducer.zip(page, responses).start(recorder.observer())
        respond.send(value: "first")
        page.value = 2
        respond.send(value: "second")
        #expect(recorder.entries == ["VALUE (1, \"first\")", "VALUE (2, \"second\")"])
        run.dispose()

        let pairs = SignalProducer<String, Never>(values: "a", "b").zip(with: Property(value: 1))
        #expect(events(of: pairs) == ["VALUE (\"a\", 1)", "COMPLETED"])
        let arrays = SignalProducer.zip([Property(value: 1), Property(value: 2)])
        #expect(events(of: arrays) == ["VALUE [1, 2]", "COMPLETED"])
    }

    @Test func zipKeepsOrderOverLongBuffers() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        var pairs: [Int] = []
        Signal.zip(a, b).observeValues { left, right in pairs.append(left * 100_000 + right) }
        for value in 0..<10_000 { aInput.send(value: value) }
        for value in 0..<5_000 { bInput.send(value: value) }
        for value in 10_000..<12_000 { aInput.send(value: value) }
        for value in 5_000..<12_000 { bInput.send(value: value) }
        #expect(pairs == (0..<12_000).map { $0 * 100_000 + $0 })
    }

    @Test func zipReleasesAValueOnceItHasBeenSent() {
        weak var weakWitness: Witness?
        let (a, aInput) = Signal<Witness, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let zipped = Signal.zip(a, b)
        zipped.observeValues { _ in }
        do {
            let witness = Witness()
            weakWitness = witness
            aInput.send(value: witness)
        }
        #expect(weakWitness != nil)
        bInput.send(value: 1)
        #expect(weakWitness == nil)
        withExtendedLifetime(zipped) {}
    }

    @Test func disposingAZippedProducerInterruptsEveryRun() {
        let probes = [Probe(), Probe()]
        let endless = probes.map { probe in
            SignalProducer<Int, Never> { _, lifetime in lifetime += probe }
        }
        let recorder = Recorder<String>()
        let disposable = SignalProducer.zip(endless[0], endless[1]).start(recorder.observer())
        disposable.dispose()
        #expect(probes.allSatisfy { $0.isDisposed })
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func zipDetachesFromItsInputsWhenItTerminates() {
        let probe = Probe()
        let a: Pipe = Signal.pipe()
        let bInput: Signal<Int, TestError>.Observer = {
            let b: Pipe = Signal.pipe(disposable: probe)
            Signal.zip(a.output, b.output).observe { _ in }
            return b.input
        }()
        a.input.sendCompleted()
        #expect(probe.isDisposed)
        withExtendedLifetime(bInput) {}
    }

    // The funnel's own queue: the value goes to another input than the one being
    // delivered, whose signal is idle and delivers at once into the funnel.
    @Test func valueSentToAnotherInputFromADownstreamObserverIsQueuedByTheFunnel() {
        let recorder = Recorder<String>()
        let a: Pipe = Signal.pipe()
        let b: Pipe = Signal.pipe()
        let zipped = Signal.zip(a.output, b.output)
        zipped.observe { event in
            recorder.append("A \(event)")
            if let pair = event.value, pair == (1, 1) {
                a.input.send(value: 2)
                b.input.send(value: 2)
            }
        }
        zipped.observe { recorder.append("B \($0)") }
        a.input.send(value: 1)
        b.input.send(value: 1)
        #expect(recorder.entries == ["A VALUE (1, 1)", "B VALUE (1, 1)", "A VALUE (2, 2)", "B VALUE (2, 2)"])
    }
}
