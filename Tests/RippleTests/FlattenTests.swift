@_spi(RippleTesting) import Ripple
import Testing

@Suite struct FlattenTests {
    typealias Inner = SignalProducer<Int, TestError>

    // MARK: - The documented marbles

    @Test(arguments: [
        (FlattenStrategy.merge, "---31-452|"),
        (.concat, "----1---2-3--4--5|"),
        (.concurrent(limit: 2), "---31-4-25|"),
        (.latest, "---3---5-|"),
        (.race, "---3--4--|"),
        (.throttle, "----1---2|"),
    ])
    func everyStrategyMatchesItsDocumentedMarble(strategy: FlattenStrategy, expected: String) {
        let signalClock = MarbleClock()
        let (outer, input) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let signalMarble = signalClock.record(outer.flatten(strategy).producer)
        signalClock.schedule(documentedOuter(on: signalClock), into: input)
        signalClock.run(through: 20)
        #expect(signalMarble.text == expected)

        let producerClock = MarbleClock()
        let producerOuter = SignalProducer<SignalProducer<Int, Never>, Never> { observer, _ in
            producerClock.schedule(documentedOuter(on: producerClock), into: observer)
        }
        let producerMarble = producerClock.record(producerOuter.flatten(strategy))
        producerClock.run(through: 20)
        #expect(producerMarble.text == expected)
    }

    /// The outer stream of the `FlattenStrategy` documentation: `a-b--c---|`.
    private func documentedOuter(on clock: MarbleClock) -> [(tick: Int, event: Signal<SignalProducer<Int, Never>, Never>.Event)] {
        [
            (0, .value(clock.producer("----1---2|"))),
            (2, .value(clock.producer("-3--4|"))),
            (5, .value(clock.producer("--5|"))),
            (9, .completed),
        ]
    }

    // MARK: - Values and completion

    @Test func mergeForwardsEveryInnerValueOnSignalAndProducer() {
        let source: [Signal<Inner, TestError>.Event] = [.value(Inner(values: 1, 2)), .value(Inner(value: 3)), .completed]
        let expected = ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"]
        #expect(events(of: { $0.flatten(.merge) }, sending: source) == expected)
        #expect(events(of: { $0.flatten(.merge) }, starting: source) == expected)
    }

    @Test func resultCompletesOnlyWhenTheOuterAndEveryActiveInnerHaveCompleted() {
        let recorder = Recorder<String>()
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let (first, firstInput) = Signal<Int, Never>.pipe()
        let (second, secondInput) = Signal<Int, Never>.pipe()
        outer.flatten(.merge).observe(recorder.observer())
        outerInput.send(value: first)
        outerInput.send(value: second)
        outerInput.sendCompleted()
        firstInput.send(value: 1)
        firstInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1"])
        secondInput.send(value: 2)
        secondInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .concurrent(limit: 3), .latest, .race, .throttle])
    func emptyOuterCompletesAtOnce(strategy: FlattenStrategy) {
        let source: [Signal<Inner, TestError>.Event] = [.completed]
        #expect(events(of: { $0.flatten(strategy) }, sending: source) == ["COMPLETED"])
        #expect(events(of: { $0.flatten(strategy) }, starting: source) == ["COMPLETED"])
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .concurrent(limit: 2), .latest, .race, .throttle])
    func outerFailurePropagatesAtOnceAndDisposesEveryInnerRun(strategy: FlattenStrategy) {
        let recorder = Recorder<String>()
        let probes = [Probe(), Probe()]
        let (outer, input) = Signal<Inner, TestError>.pipe()
        outer.flatten(strategy).observe(recorder.observer())
        for probe in probes { input.send(value: idle(probe)) }
        input.send(error: TestError(code: 1))
        #expect(recorder.entries == ["FAILED TestError(code: 1)"])
        let startsBoth = [.merge, .concurrent(limit: 2), .latest, .race].contains(strategy)
        #expect(probes[0].disposeCount == 1)
        #expect(probes[1].disposeCount == (startsBoth ? 1 : 0))
    }

    @Test(arguments: [FlattenStrategy.merge, .concurrent(limit: 2), .latest, .race, .throttle])
    func innerFailurePropagatesAtOnceAndDisposesTheOtherInnerRuns(strategy: FlattenStrategy) {
        let recorder = Recorder<String>()
        let probe = Probe()
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let (failing, failingInput) = Signal<Int, TestError>.pipe()
        outer.flatten(strategy).observe(recorder.observer())
        outerInput.send(value: idle(probe))
        outerInput.send(value: failing.producer)
        failingInput.send(error: TestError(code: 2))
        // `.throttle` ignores the failing inner: the first one is still running.
        let startsFailing = strategy != .throttle
        #expect(recorder.entries == (startsFailing ? ["FAILED TestError(code: 2)"] : []))
        #expect(probe.disposeCount == (startsFailing ? 1 : 0))
    }

    @Test func concatFailureOfTheRunningInnerNeverStartsTheQueuedOnes() {
        let started = Counter()
        let queued = Inner { observer, _ in
            started.value += 1
            observer.sendCompleted()
        }
        let (failing, failingInput) = Signal<Int, TestError>.pipe()
        let signalRecorder = Recorder<String>()
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        outer.flatten(.concat).observe(signalRecorder.observer())
        outerInput.send(value: failing.producer)
        outerInput.send(value: queued)
        let producerRecorder = Recorder<String>()
        SignalProducer<Inner, TestError>(values: failing.producer, queued).flatten(.concat).start(producerRecorder.observer())
        failingInput.send(error: TestError(code: 3))
        #expect(signalRecorder.entries == ["FAILED TestError(code: 3)"])
        #expect(producerRecorder.entries == ["FAILED TestError(code: 3)"])
        #expect(started.value == 0)
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .concurrent(limit: 2), .latest])
    func innerInterruptionCountsAsCompletion(strategy: FlattenStrategy) {
        let interrupted = Inner { observer, _ in observer.sendInterrupted() }
        let source: [Signal<Inner, TestError>.Event] = [.value(interrupted), .value(Inner(value: 1)), .completed]
        #expect(events(of: { $0.flatten(strategy) }, sending: source) == ["VALUE 1", "COMPLETED"])
        #expect(events(of: { $0.flatten(strategy) }, starting: source) == ["VALUE 1", "COMPLETED"])
    }

    @Test(arguments: [FlattenStrategy.race, .throttle])
    func innerInterruptionInterruptsRaceAndThrottle(strategy: FlattenStrategy) {
        let interrupted = Inner { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        let source: [Signal<Inner, TestError>.Event] = [.value(interrupted), .value(Inner(value: 2)), .completed]
        #expect(events(of: { $0.flatten(strategy) }, sending: source) == ["VALUE 1", "INTERRUPTED"])
        #expect(events(of: { $0.flatten(strategy) }, starting: source) == ["VALUE 1", "INTERRUPTED"])
    }

    @Test(arguments: [FlattenStrategy.merge, .concat, .concurrent(limit: 2), .latest, .race, .throttle])
    func outerInterruptionPropagatesAndDisposesTheInnerRuns(strategy: FlattenStrategy) {
        let recorder = Recorder<String>()
        let probe = Probe()
        let (outer, input) = Signal<Inner, TestError>.pipe()
        outer.flatten(strategy).observe(recorder.observer())
        input.send(value: idle(probe))
        input.sendInterrupted()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(probe.disposeCount == 1)
    }

    // MARK: - Disposal

    @Test(arguments: [
        (FlattenStrategy.merge, 3, 3), (.concat, 1, 1), (.concurrent(limit: 2), 2, 2),
        (.latest, 3, 1), (.race, 3, 3), (.throttle, 1, 1),
    ])
    func disposingAProducerRunDisposesEveryInnerRun(strategy: FlattenStrategy, started: Int, running: Int) {
        let probes = [Probe(), Probe(), Probe()]
        let starts = Counter()
        let ended = Counter()
        let outer = SignalProducer<Inner, TestError> { observer, lifetime in
            lifetime.observeEnded { ended.value += 1 }
            for probe in probes {
                observer.send(value: Inner { _, lifetime in
                    starts.value += 1
                    lifetime += probe
                })
            }
        }
        let recorder = Recorder<String>()
        let run = outer.flatten(strategy).start(recorder.observer())
        #expect(starts.value == started)
        #expect(probes.filter(\.isDisposed).count == started - running)
        run.dispose()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(ended.value == 1)
        #expect(probes.filter(\.isDisposed).count == started)
        #expect(probes.allSatisfy { $0.disposeCount <= 1 })
    }

    @Test func disposingARunAfterTheOuterCompletedStillDisposesTheRunningInners() {
        let probe = Probe()
        let innerEnded = Counter()
        let inner = Inner { _, lifetime in
            lifetime += probe
            lifetime.observeEnded { innerEnded.value += 1 }
        }
        let recorder = Recorder<String>()
        let run = SignalProducer<Inner, TestError>(value: inner).flatten(.merge).start(recorder.observer())
        #expect(!probe.isDisposed)
        run.dispose()
        #expect(probe.disposeCount == 1)
        #expect(innerEnded.value == 1)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func terminatedResultReleasesTheTransformAndTheInnerStreams() {
        weak var weakWitness: Witness?
        weak var weakInner: Signal<Int, Never>?
        let (outer, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        do {
            let witness = Witness()
            weakWitness = witness
            let (inner, innerInput) = Signal<Int, Never>.pipe()
            weakInner = inner
            outer.flatMap(.merge) { value in withExtendedLifetime(witness) { inner.map { $0 + value } } }
                .observe(recorder.observer())
            input.send(value: 10)
            innerInput.send(value: 1)
            innerInput.sendCompleted()
        }
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 11", "COMPLETED"])
        #expect(weakWitness == nil)
        #expect(weakInner == nil)
    }

    // MARK: - Strategies

    @Test func latestDisposesThePreviousInnerBeforeStartingTheNext() {
        let log = Log()
        func inner(_ name: String) -> SignalProducer<String, Never> {
            SignalProducer { observer, lifetime in
                log.entries.append("start \(name)")
                lifetime.observeEnded { log.entries.append("end \(name)") }
                observer.send(value: name)
            }
        }
        let (outer, input) = Signal<String, Never>.pipe()
        outer.flatMap(.latest, inner).observeValues { log.entries.append("value \($0)") }
        input.send(value: "a")
        input.send(value: "b")
        #expect(log.entries == ["start a", "value a", "end a", "start b", "value b"])
    }

    @Test func latestIgnoresEventsOfReplacedInners() {
        let recorder = Recorder<String>()
        let (outer, outerInput) = Signal<Signal<Int, TestError>, TestError>.pipe()
        let (first, firstInput) = Signal<Int, TestError>.pipe()
        let (second, secondInput) = Signal<Int, TestError>.pipe()
        outer.flatten(.latest).observe(recorder.observer())
        outerInput.send(value: first)
        firstInput.send(value: 1)
        outerInput.send(value: second)
        firstInput.send(value: 2)
        firstInput.send(error: TestError(code: 9))
        secondInput.send(value: 3)
        outerInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 3"])
        secondInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 3", "COMPLETED"])
    }

    @Test func latestDropsAValueOfTheReplacedInnerQueuedOnTheSameThread() {
        let recorder = Recorder<String>()
        var runs: [Signal<Int, Never>.Observer] = []
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        let flattened = outer.flatMap(.latest) { _ in
            SignalProducer<Int, Never> { observer, _ in runs.append(observer) }
        }
        flattened.observeValues { value in
            guard value == 1 else { return }
            runs[0].send(value: 2)  // queued in the first run, behind the delivery of 1
            outerInput.send(value: 1)
            runs[1].send(value: 3)
        }
        flattened.observe(recorder.observer())
        outerInput.send(value: 0)
        runs[0].send(value: 1)
        #expect(recorder.entries == ["VALUE 1", "VALUE 3"])
    }

    @Test func concatRunsInnersOneAtATimeInArrivalOrder() {
        let recorder = Recorder<String>()
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        outer.flatten(.concat).observe(recorder.observer())
        for pipe in pipes { outerInput.send(value: pipe.output) }
        pipes[1].input.send(value: 10)  // not started yet: lost
        pipes[0].input.send(value: 1)
        pipes[0].input.sendCompleted()
        pipes[2].input.send(value: 30)  // not started yet: lost
        pipes[1].input.send(value: 2)
        pipes[1].input.sendCompleted()
        pipes[2].input.send(value: 3)
        outerInput.sendCompleted()
        pipes[2].input.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
    }

    @Test func concatRunsTenThousandSynchronousInnersWithoutOverflowingTheStack() {
        let inners = (0..<10_000).map { SignalProducer<Int, Never>(value: $0) }
        var count = 0
        var sum = 0
        var completed = false
        SignalProducer<SignalProducer<Int, Never>, Never>(inners).flatten(.concat).start { event in
            switch event {
            case let .value(value):
                count += 1
                sum += value
            case .completed: completed = true
            case .failed, .interrupted: break
            }
        }
        #expect(count == 10_000)
        #expect(sum == 10_000 * 9_999 / 2)
        #expect(completed)
    }

    @Test func queuedInnersStartedFromTheCompletionOfTheirPredecessorDoNotGrowTheStack() {
        let (gate, gateInput) = Signal<Int, Never>.pipe()
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        var count = 0
        var completed = false
        outer.flatten(.concat).observe { event in
            if event.value != nil { count += 1 }
            if event.isCompleted { completed = true }
        }
        outerInput.send(value: gate.producer)
        for value in 0..<10_000 { outerInput.send(value: SignalProducer(value: value)) }
        outerInput.sendCompleted()
        #expect(count == 0)
        gateInput.sendCompleted()
        #expect(count == 10_000)
        #expect(completed)
    }

    @Test func concurrentNeverRunsMoreThanItsLimitAndStartsQueuedInnersInOrder() {
        let log = Log()
        var running = 0
        var maxRunning = 0
        let pipes = (0..<5).map { _ in Signal<Int, Never>.pipe() }
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        outer.flatMap(.concurrent(limit: 2)) { index in
            SignalProducer<Int, Never> { observer, lifetime in
                running += 1
                maxRunning = max(maxRunning, running)
                log.entries.append("start \(index)")
                lifetime.observeEnded { running -= 1 }
                lifetime += pipes[index].output.observe(observer)
            }
        }.observe(recorder.observer())
        for index in 0..<5 { outerInput.send(value: index) }
        outerInput.sendCompleted()
        #expect(log.entries == ["start 0", "start 1"])
        pipes[1].input.sendCompleted()
        #expect(log.entries == ["start 0", "start 1", "start 2"])
        pipes[0].input.sendInterrupted()
        pipes[2].input.send(value: 2)
        pipes[2].input.sendCompleted()
        pipes[3].input.sendCompleted()
        #expect(log.entries == ["start 0", "start 1", "start 2", "start 3", "start 4"])
        pipes[4].input.sendCompleted()
        #expect(maxRunning == 2)
        #expect(running == 0)
        #expect(recorder.entries == ["VALUE 2", "COMPLETED"])
    }

    @Test func raceForwardsTheFirstInnerToSendAndDisposesTheOthers() {
        let recorder = Recorder<String>()
        let losers = [Probe(), Probe()]
        let (outer, outerInput) = Signal<Inner, TestError>.pipe()
        let (winner, winnerInput) = Signal<Int, TestError>.pipe()
        let late = Counter()
        outer.flatten(.race).observe(recorder.observer())
        outerInput.send(value: idle(losers[0]))
        outerInput.send(value: winner.producer)
        outerInput.send(value: idle(losers[1]))
        #expect(losers.allSatisfy { !$0.isDisposed })
        winnerInput.send(value: 1)
        #expect(losers.allSatisfy { $0.disposeCount == 1 })
        outerInput.send(value: Inner { _, _ in late.value += 1 })
        winnerInput.send(value: 2)
        outerInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
        winnerInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(late.value == 0)
    }

    @Test func raceIsWonByACompletionToo() {
        let source: [Signal<Inner, TestError>.Event] = [.value(.never), .value(.empty), .value(Inner(value: 1)), .completed]
        #expect(events(of: { $0.flatten(.race) }, sending: source) == ["COMPLETED"])
        #expect(events(of: { $0.flatten(.race) }, starting: source) == ["COMPLETED"])
    }

    @Test func throttleIgnoresNewInnersWhileOneIsRunning() {
        let recorder = Recorder<String>()
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        outer.flatten(.throttle).observe(recorder.observer())
        outerInput.send(value: pipes[0].output)
        outerInput.send(value: pipes[1].output)
        pipes[0].input.send(value: 1)
        pipes[1].input.send(value: 10)
        pipes[0].input.sendCompleted()
        pipes[1].input.send(value: 11)
        outerInput.send(value: pipes[2].output)
        pipes[2].input.send(value: 3)
        pipes[2].input.sendCompleted()
        outerInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 3", "COMPLETED"])
    }

    // MARK: - Error types

    @Test func flatMapInfersEveryErrorCombinationWithoutAnnotations() {
        let (typed, typedInput) = Signal<Int, TestError>.pipe()
        let (never, neverInput) = Signal<Int, Never>.pipe()
        let neverInner = typed.flatMap(.latest) { value in SignalProducer<Int, Never>(value: value) }
        let sameInner = typed.flatMap(.latest) { value in SignalProducer<Int, TestError>(value: value) }
        let inferredInner = typed.flatMap(.latest) { value in SignalProducer(value: value) }
        let typedInner = never.flatMap(.latest) { value in SignalProducer<Int, TestError>(value: value) }
        let bothNever = never.flatMap(.latest) { value in SignalProducer<Int, Never>(value: value) }
        let signalInner = never.flatMap(.merge) { value in Signal<Int, Never>.empty.map { $0 + value } }
        #expect(type(of: neverInner) == Signal<Int, TestError>.self)
        #expect(type(of: sameInner) == Signal<Int, TestError>.self)
        #expect(type(of: inferredInner) == Signal<Int, TestError>.self)
        #expect(type(of: typedInner) == Signal<Int, TestError>.self)
        #expect(type(of: bothNever) == Signal<Int, Never>.self)
        #expect(type(of: signalInner) == Signal<Int, Never>.self)

        let recorder = Recorder<String>()
        neverInner.observe(recorder.observer("never "))
        typedInner.observe(recorder.observer("typed "))
        typedInput.send(value: 1)
        typedInput.send(error: TestError(code: 4))
        neverInput.send(value: 2)
        #expect(recorder.entries == ["never VALUE 1", "never FAILED TestError(code: 4)", "typed VALUE 2"])
    }

    @Test func flattenAcceptsEveryErrorCombination() {
        let neverInner: [Signal<SignalProducer<Int, Never>, TestError>.Event] = [.value(SignalProducer(value: 1)), .failed(TestError(code: 5))]
        #expect(events(of: { $0.flatten(.merge) }, sending: neverInner) == ["VALUE 1", "FAILED TestError(code: 5)"])
        #expect(events(of: { $0.flatten(.merge) }, starting: neverInner) == ["VALUE 1", "FAILED TestError(code: 5)"])

        let neverOuter: [Signal<Inner, Never>.Event] = [.value(Inner(value: 1)), .value(Inner(error: TestError(code: 6)))]
        #expect(events(of: { $0.flatten(.concat) }, sending: neverOuter) == ["VALUE 1", "FAILED TestError(code: 6)"])
        #expect(events(of: { $0.flatten(.concat) }, starting: neverOuter) == ["VALUE 1", "FAILED TestError(code: 6)"])

        let bothNever: [Signal<Signal<Int, Never>, Never>.Event] = [.value(.empty), .completed]
        #expect(events(of: { $0.flatten(.latest) }, sending: bothNever) == ["COMPLETED"])
        #expect(events(of: { $0.flatten(.latest) }, starting: bothNever) == ["COMPLETED"])
    }

    @Test func seedSearchSampleFlatMapsTheLatestTextWithoutBreakingOutTheOperator() {
        struct Response { let tweets: [String] }
        func search(_ text: String) -> SignalProducer<Response, TestError> {
            SignalProducer(value: Response(tweets: ["\(text)!"]))
        }
        let (searchText, input) = Signal<String, TestError>.pipe()
        let recorder = Recorder<String>()
        searchText.filter { $0.count > 3 }
            .flatMap(.latest) { text in search(text) }
            .observe { event in
                if let response = event.value { recorder.append(response.tweets.joined()) }
            }
        input.send(value: "swi")
        input.send(value: "swift")
        #expect(recorder.entries == ["swift!"])
    }

    // MARK: - Sequences

    @Test func flattenSendsTheElementsOfEverySequenceInOrder() {
        let source: [Signal<[Int], TestError>.Event] = [.value([1, 2]), .value([]), .value([3]), .failed(TestError(code: 7))]
        let expected = ["VALUE 1", "VALUE 2", "VALUE 3", "FAILED TestError(code: 7)"]
        #expect(events(of: { $0.flatten() }, sending: source) == expected)
        #expect(events(of: { $0.flatten() }, starting: source) == expected)
    }

    @Test func flattenStopsIteratingWhenTheRunEnds() {
        var iterated = 0
        let endless = AnySequence { AnyIterator<Int> { iterated += 1; return iterated } }
        var received: [Int] = []
        SignalProducer<AnySequence<Int>, Never>(value: endless).flatten().startWithSignal { signal, interrupter in
            _ = signal.observeValues { value in
                received.append(value)
                if value == 3 { interrupter.dispose() }
            }
        }
        #expect(received == [1, 2, 3])
        #expect(iterated == 3)
    }

    // MARK: - Inner runs of values (no signal of their own)

    @Test func innerSequenceStopsBeingIteratedWhenTheResultEndsDuringItsDelivery() {
        var pulled = 0
        let counted = (1...1_000).lazy.map { value -> Int in
            pulled += 1
            return value
        }
        var events: [Signal<Int, Never>.Event] = []
        SignalProducer<Int, Never>(value: 0)
            .flatMap(.merge) { _ in SignalProducer(counted) }
            .take(first: 3)
            .start { events.append($0) }
        #expect(events == [.value(1), .value(2), .value(3), .completed])
        #expect(pulled == 3)
    }

    @Test func disposingTheResultFromInsideAnInnerDeliveryStopsThatInnerSequence() {
        var pulled: [String] = []
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        var run: (any Disposable)?
        var events: [String] = []
        run = SignalProducer(outer)
            .flatMap(.latest) { generation in
                SignalProducer((1...4).lazy.map { value -> Int in
                    pulled.append("\(generation):\(value)")
                    return generation * 10 + value
                })
            }
            .start { event in
                events.append("\(event)")
                if case .value(12) = event { run?.dispose() }
            }
        outerInput.send(value: 1)
        #expect(events == ["VALUE 11", "VALUE 12", "INTERRUPTED"])
        #expect(pulled == ["1:1", "1:2"])
        #expect(run?.isDisposed == true)
    }

    @Test func aNewInnerSentFromInsideAnInnerDeliveryWaitsForTheOuterDeliveryToEnd() {
        // The outer stream is delivering the first inner's value (which started it)
        // when the second is sent: a recursive send, queued until that delivery is over.
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        var received: [Int] = []
        outer
            .flatMap(.latest) { generation in SignalProducer((1...3).lazy.map { generation * 10 + $0 }) }
            .observeValues { value in
                received.append(value)
                if value == 12 { outerInput.send(value: 2) }
            }
        outerInput.send(value: 1)
        #expect(received == [11, 12, 13, 21, 22, 23])
    }

    @Test func fusedInnerChainsOfValuesRunOneAfterTheOtherWithConcat() {
        var events: [String] = []
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        outer
            .flatMap(.concat) { base in
                SignalProducer(values: base, base + 1, base + 2)
                    .filter { !$0.isMultiple(of: 3) }
                    .map { "\($0)" }
            }
            .observe { events.append("\($0)") }
        outerInput.send(value: 1)
        outerInput.send(value: 10)
        #expect(events == ["VALUE 1", "VALUE 2", "VALUE 10", "VALUE 11"])
        outerInput.sendCompleted()
        #expect(events.last == "COMPLETED")
    }

    @Test func raceOfInnerRunsOfValuesIsWonByTheFirstAndCompletesWithTheOuterStream() {
        var events: [String] = []
        let (outer, outerInput) = Signal<Int, TestError>.pipe()
        outer
            .flatMap(.race) { value in SignalProducer<Int, TestError>(values: value, value * 10) }
            .observe { events.append("\($0)") }
        outerInput.send(value: 1)
        outerInput.send(value: 2)
        outerInput.sendCompleted()
        #expect(events == ["VALUE 1", "VALUE 10", "COMPLETED"])
    }

    @Test func innerRunOfValuesFailingFailsTheResultAndStopsTheOthers() {
        var events: [String] = []
        let (outer, outerInput) = Signal<Result<Int, TestError>, TestError>.pipe()
        outer
            .flatMap(.merge) { SignalProducer(result: $0) }
            .observe { events.append("\($0)") }
        outerInput.send(value: .success(1))
        outerInput.send(value: .failure(TestError(code: 4)))
        outerInput.send(value: .success(2))
        #expect(events == ["VALUE 1", "FAILED TestError(code: 4)"])
    }

    @Test func innerRunOfValuesIsCountedAsASubscriptionUntilItEnds() {
        let counter = SubscriptionCounter()
        var liveDuringDelivery: [Int] = []
        counter.counting {
            SignalProducer<Int, Never>(values: 1, 2).startWithValues { _ in
                liveDuringDelivery.append(counter.liveCount)
            }
        }
        #expect(liveDuringDelivery == [1, 1])
        #expect(counter.totalCount == 1)
        #expect(counter.liveCount == 0)
    }

    // MARK: - flatMapError

    @Test func flatMapErrorContinuesWithTheReplacementProducer() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 8))]
        let replace = { (error: TestError) in SignalProducer<Int, WrappedError>(values: error.code, 0) }
        #expect(events(of: { $0.flatMapError(replace) }, sending: source) == ["VALUE 1", "VALUE 8", "VALUE 0", "COMPLETED"])
        #expect(events(of: { $0.flatMapError(replace) }, starting: source) == ["VALUE 1", "VALUE 8", "VALUE 0", "COMPLETED"])
        let failing = { (error: TestError) in SignalProducer<Int, WrappedError>(error: WrappedError(inner: error)) }
        let expected = ["VALUE 1", "FAILED WrappedError(inner: RippleTests.TestError(code: 8))"]
        #expect(events(of: { $0.flatMapError(failing) }, sending: source) == expected)
    }

    @Test func flatMapErrorPassesCompletionAndInterruptionWithoutStartingAReplacement() {
        let started = Counter()
        let replace = { (_: TestError) in SignalProducer<Int, Never> { _, _ in started.value += 1 } }
        let completing: [Signal<Int, TestError>.Event] = [.value(1), .completed]
        #expect(events(of: { $0.flatMapError(replace) }, sending: completing) == ["VALUE 1", "COMPLETED"])
        let interrupted: [Signal<Int, TestError>.Event] = [.interrupted]
        #expect(events(of: { $0.flatMapError(replace) }, starting: interrupted) == ["INTERRUPTED"])
        #expect(started.value == 0)
    }

    @Test func disposingAFlatMapErrorRunDisposesTheReplacementRun() {
        let probe = Probe()
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, TestError>(error: TestError(code: 1))
            .flatMapError { _ in SignalProducer<Int, Never> { _, lifetime in lifetime += probe } }
            .start(recorder.observer())
        #expect(!probe.isDisposed)
        run.dispose()
        #expect(probe.disposeCount == 1)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    // MARK: - Re-entrancy

    @Test func valueSentToTheOuterFromAnObserverOfTheResultIsQueued() {
        let recorder = Recorder<String>()
        let (outer, input) = Signal<Int, Never>.pipe()
        let flattened = outer.flatMap(.merge) { SignalProducer<Int, Never>(values: $0, $0 * 10) }
        flattened.observeValues { value in
            recorder.append("A\(value)")
            if value == 1 { input.send(value: 2) }
        }
        flattened.observeValues { recorder.append("B\($0)") }
        input.send(value: 1)
        #expect(recorder.entries == ["A1", "B1", "A10", "B10", "A2", "B2", "A20", "B20"])
    }

    /// An inner producer that sends nothing by itself and disposes `probe` when its
    /// run ends.
    private func idle(_ probe: Probe) -> Inner {
        Inner { _, lifetime in lifetime += probe }
    }
}

/// A virtual clock for marble tests: the actions scheduled for a tick run in order
/// when the clock reaches it.
private final class MarbleClock {
    private(set) var now = 0
    private var agenda: [Int: [() -> Void]] = [:]

    func schedule(after delay: Int, _ action: @escaping () -> Void) {
        agenda[now + delay, default: []].append(action)
    }

    /// Runs every action up to `tick`; actions scheduled for the current tick run in
    /// that tick.
    func run(through tick: Int) {
        while now <= tick {
            while let actions = agenda.removeValue(forKey: now) {
                actions.forEach { $0() }
            }
            now += 1
        }
    }

    /// Schedules each event of `timeline` for its tick.
    func schedule<Value>(_ timeline: [(tick: Int, event: Signal<Value, Never>.Event)], into observer: Signal<Value, Never>.Observer) {
        for (tick, event) in timeline {
            schedule(after: tick - now) { observer.send(event) }
        }
    }

    /// A producer that plays `marble` from the tick it starts at: a digit sends that
    /// value, `|` completes, `-` is an empty tick.
    func producer(_ marble: String) -> SignalProducer<Int, Never> {
        SignalProducer { observer, _ in
            for (offset, symbol) in marble.enumerated() {
                self.schedule(after: offset) {
                    if symbol == "|" {
                        observer.sendCompleted()
                    } else if let value = symbol.wholeNumberValue {
                        observer.send(value: value)
                    }
                }
            }
        }
    }

    /// Starts `producer` and writes what it sends as a marble, one character per
    /// tick (`!` for an interruption).
    func record(_ producer: SignalProducer<Int, Never>) -> Marble {
        let marble = Marble()
        producer.start { event in
            switch event {
            case let .value(value): marble.symbols[self.now, default: ""] += "\(value)"
            case .completed: marble.symbols[self.now, default: ""] += "|"
            case .interrupted: marble.symbols[self.now, default: ""] += "!"
            }
        }
        return marble
    }

    final class Marble {
        var symbols: [Int: String] = [:]

        var text: String {
            guard let last = symbols.keys.max() else { return "" }
            return (0...last).map { symbols[$0] ?? "-" }.joined()
        }
    }
}
