import Ripple
import Testing

@Suite struct TakeTests {
    // MARK: take(first:)

    @Test func takeFirstCompletesRightAfterTheLastValueOnSignalAndProducer() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3)]
        let expected = ["VALUE 1", "VALUE 2", "COMPLETED"]
        #expect(events(of: { $0.take(first: 2) }, sending: source) == expected)
        #expect(events(of: { $0.take(first: 2) }, starting: source) == expected)
    }

    @Test func takeFirstZeroInterrupts() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .completed]
        #expect(events(of: { $0.take(first: 0) }, sending: source) == ["INTERRUPTED"])
        #expect(events(of: { $0.take(first: 0) }, starting: source) == ["INTERRUPTED"])
    }

    @Test func takeFirstZeroNeverStartsTheProducer() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 1)
        }
        #expect(events(of: producer.take(first: 0)) == ["INTERRUPTED"])
        #expect(starts.value == 0)
    }

    @Test func takeFirstForwardsAnEarlierEnd() {
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 5))]
        #expect(events(of: { $0.take(first: 3) }, sending: failing) == ["VALUE 1", "FAILED TestError(code: 5)"])
        let completing: [Signal<Int, TestError>.Event] = [.value(1), .completed]
        #expect(events(of: { $0.take(first: 3) }, starting: completing) == ["VALUE 1", "COMPLETED"])
    }

    @Test func takeFirstDisposesTheProducerRunOnceDone() {
        let probe = Probe()
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += probe
            lifetime += signal.observe(observer)
        }
        let recorder = Recorder<String>()
        producer.take(first: 1).start(recorder.observer())
        #expect(!probe.isDisposed)
        input.send(value: 7)
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE 7", "COMPLETED"])
    }

    // MARK: take(last:)

    @Test func takeLastSendsTheLastValuesInOrderAtCompletion() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .value(4), .value(5), .completed]
        let expected = ["VALUE 3", "VALUE 4", "VALUE 5", "COMPLETED"]
        #expect(events(of: { $0.take(last: 3) }, sending: source) == expected)
        #expect(events(of: { $0.take(last: 3) }, starting: source) == expected)
    }

    @Test func takeLastWithFewerValuesSendsThemAll() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .completed]
        #expect(events(of: { $0.take(last: 5) }, sending: source) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func takeLastZeroOnlyCompletes() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .completed]
        #expect(events(of: { $0.take(last: 0) }, starting: source) == ["COMPLETED"])
    }

    @Test func takeLastSendsNothingBeforeCompletion() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        signal.take(last: 1).observe(recorder.observer())
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.entries.isEmpty)
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 2", "COMPLETED"])
    }

    @Test func takeLastDropsTheKeptValuesOnFailureOrInterruption() {
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .value(2), .failed(TestError(code: 6))]
        #expect(events(of: { $0.take(last: 2) }, sending: failing) == ["FAILED TestError(code: 6)"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.take(last: 2) }, starting: interrupted) == ["INTERRUPTED"])
    }

    @Test func takeLastReleasesValuesThatFallOutOfTheWindow() {
        let (signal, input) = Signal<Witness, Never>.pipe()
        signal.take(last: 1).observe { _ in }
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            input.send(value: witness)
        }
        #expect(weakWitness != nil)
        input.send(value: Witness())
        #expect(weakWitness == nil)
    }

    // MARK: take(while:)

    @Test func takeWhileCompletesAtTheFirstFailingValueWithoutForwardingIt() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .value(1)]
        let expected = ["VALUE 1", "VALUE 2", "COMPLETED"]
        #expect(events(of: { $0.take { $0 < 3 } }, sending: source) == expected)
        #expect(events(of: { $0.take { $0 < 3 } }, starting: source) == expected)
    }

    @Test func takeWhilePassesFailureAtOnce() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 8))]
        #expect(events(of: { $0.take { _ in true } }, sending: source) == ["VALUE 1", "FAILED TestError(code: 8)"])
    }

    // MARK: take(until:) with a predicate

    @Test func takeUntilPredicateForwardsTheValueThatStopsItThenCompletes() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .value(1)]
        let expected = ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"]
        #expect(events(of: { $0.take(until: { $0 < 3 }) }, sending: source) == expected)
        #expect(events(of: { $0.take(until: { $0 < 3 }) }, starting: source) == expected)
    }

    @Test func takeUntilPredicateStoppingAtTheFirstValueForwardsItAlone() {
        let source: [Signal<Int, Never>.Event] = [.value(9), .value(1)]
        #expect(events(of: { $0.take(until: { _ in false }) }, sending: source) == ["VALUE 9", "COMPLETED"])
    }

    @Test func takeUntilPredicatePassesFailureAndInterruptionAtOnce() {
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 8))]
        #expect(events(of: { $0.take(until: { _ in true }) }, sending: failing) == ["VALUE 1", "FAILED TestError(code: 8)"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.take(until: { _ in true }) }, starting: interrupted) == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func takeUntilPredicateEndsTheProducerRunOnceDone() {
        let probe = Probe()
        let recorder = Recorder<String>()
        SignalProducer<Int, Never> { observer, lifetime in
            lifetime += probe
            observer.send(value: 1)
            observer.send(value: 2)
        }
        .take(until: { $0 < 2 })
        .start(recorder.observer())
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(probe.isDisposed)
    }

    @Test func aTrailingClosureStillMeansTakeWhile() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(3)]
        #expect(events(of: { $0.take { $0 < 3 } }, sending: source) == ["VALUE 1", "COMPLETED"])
    }

    // MARK: take(until:)

    @Test func takeUntilCompletesWhenTheTriggerSendsAValue() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.take(until: trigger).observe(recorder.observer())
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func takeUntilCompletesWhenTheTriggerCompletes() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.take(until: trigger).observe(recorder.observer())
        input.send(value: 1)
        fire.sendCompleted()
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func takeUntilIgnoresAnInterruptedTrigger() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.take(until: trigger).observe(recorder.observer())
        fire.sendInterrupted()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func takeUntilIgnoresATriggerThatHasAlreadyTerminated() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        fire.sendCompleted()
        signal.take(until: trigger).observe(recorder.observer())
        input.send(value: 1)
        #expect(recorder.entries == ["VALUE 1"])
    }

    @Test func takeUntilForwardsTheSourceFailure() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.take(until: trigger).observe(recorder.observer())
        input.send(error: TestError(code: 1))
        fire.send(value: ())
        #expect(recorder.entries == ["FAILED TestError(code: 1)"])
    }

    @Test func takeUntilReleasesTheSourceOnceTheTriggerFires() {
        let probe = Probe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let input: Signal<Int, Never>.Observer
        let recorder = Recorder<String>()
        do {
            let (signal, sourceInput) = Signal<Int, Never>.pipe(disposable: probe)
            input = sourceInput
            signal.take(until: trigger).observe(recorder.observer())
        }
        input.send(value: 1)
        #expect(!probe.isDisposed)
        fire.send(value: ())
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func takeUntilACompletionSentFromAnObserverArrivesAfterTheCurrentValue() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let taken = signal.take(until: trigger)
        taken.observeValues { value in
            recorder.append("A\(value)")
            fire.send(value: ())
        }
        taken.observeValues { recorder.append("B\($0)") }
        taken.observeCompleted { recorder.append("done") }
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.entries == ["A1", "B1", "done"])
    }

    @Test func takeUntilOnProducerStartsTheTriggerFirst() {
        let starts = Counter()
        let source = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 1)
            observer.sendCompleted()
        }
        #expect(events(of: source.take(until: SignalProducer(value: ()))) == ["COMPLETED"])
        #expect(events(of: source.take(until: .empty)) == ["COMPLETED"])
        #expect(starts.value == 0)
        #expect(events(of: source.take(until: .never)) == ["VALUE 1", "COMPLETED"])
        #expect(starts.value == 1)
    }

    @Test func takeUntilOnProducerCompletesWhenALaterTriggerFiresAndDisposesBothRuns() {
        let sourceProbe = Probe()
        let triggerProbe = Probe()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += sourceProbe
            lifetime += signal.observe(observer)
        }
        let triggerProducer = SignalProducer<(), Never> { observer, lifetime in
            lifetime += triggerProbe
            lifetime += trigger.observe(observer)
        }
        let recorder = Recorder<String>()
        source.take(until: triggerProducer).start(recorder.observer())
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
        #expect(sourceProbe.isDisposed && triggerProbe.isDisposed)
    }

    @Test func disposingTakeUntilInterruptsAndDisposesBothRuns() {
        let sourceProbe = Probe()
        let triggerProbe = Probe()
        let source = SignalProducer<Int, Never> { _, lifetime in lifetime += sourceProbe }
        let trigger = SignalProducer<(), Never> { _, lifetime in lifetime += triggerProbe }
        let recorder = Recorder<String>()
        let disposable = source.take(until: trigger).start(recorder.observer())
        disposable.dispose()
        #expect(sourceProbe.isDisposed && triggerProbe.isDisposed)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func takeUntilOnProducerTakesASignalOrAPropertyAsTheTrigger() {
        let recorder = Recorder<String>()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let (source, input) = Signal<Int, TestError>.pipe()
        SignalProducer(source).take(until: trigger).start(recorder.observer())
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])

        // A property sends its value at once: the result completes before this
        // producer starts.
        let starts = Counter()
        let counted = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 1)
        }
        #expect(events(of: counted.take(until: Property(value: ()))) == ["COMPLETED"])
        #expect(starts.value == 0)
    }

    // MARK: take(during:)

    @Test func takeDuringCompletesWhenTheLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let (signal, input) = Signal<Int, Never>.pipe()
        let signalRecorder = Recorder<String>()
        let producerRecorder = Recorder<String>()
        signal.take(during: lifetime).observe(signalRecorder.observer())
        SignalProducer(signal).take(during: lifetime).start(producerRecorder.observer())
        input.send(value: 1)
        token.dispose()
        input.send(value: 2)
        #expect(signalRecorder.entries == ["VALUE 1", "COMPLETED"])
        #expect(producerRecorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func takeDuringAnEndedLifetimeEndsAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let signalRecorder = Recorder<String>()
        signal.take(during: .empty).observe(signalRecorder.observer())
        input.send(value: 1)
        #expect(signalRecorder.entries == ["INTERRUPTED"])

        let starts = Counter()
        let source = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 1)
        }
        #expect(events(of: source.take(during: .empty)) == ["COMPLETED"])
        #expect(starts.value == 0)
    }

    @Test func takeDuringForwardsTheSourceEnd() {
        let (lifetime, token) = Lifetime.make()
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 3))]
        let expected = ["VALUE 1", "FAILED TestError(code: 3)"]
        #expect(events(of: { $0.take(during: lifetime) }, sending: failing) == expected)
        #expect(events(of: { $0.take(during: lifetime) }, starting: failing) == expected)
        withExtendedLifetime(token) {}
    }

    @Test func takeDuringStopsObservingTheSourceWhenTheLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let probe = Probe()
        let input: Signal<Int, Never>.Observer
        let recorder = Recorder<String>()
        do {
            let (signal, sourceInput) = Signal<Int, Never>.pipe(disposable: probe)
            input = sourceInput
            signal.take(during: lifetime).observe(recorder.observer())
        }
        input.send(value: 1)
        #expect(!probe.isDisposed)
        token.dispose()
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func disposingTakeDuringDisposesTheRun() {
        let (lifetime, token) = Lifetime.make()
        let probe = Probe()
        let disposable = SignalProducer<Int, Never> { _, runLifetime in runLifetime += probe }
            .take(during: lifetime)
            .start()
        disposable.dispose()
        #expect(probe.isDisposed)
        #expect(!token.isDisposed)
    }

    // MARK: take(untilReplacement:)

    @Test func takeUntilReplacementSwitchesAtTheReplacementsFirstEvent() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String, Never>.pipe()
        let (replacement, replacementInput) = Signal<String, Never>.pipe()
        signal.take(untilReplacement: replacement).observe(recorder.observer())
        input.send(value: "a")
        input.send(value: "b")
        replacementInput.send(value: "x")
        input.send(value: "c")
        replacementInput.send(value: "y")
        replacementInput.sendCompleted()
        #expect(recorder.entries == ["VALUE a", "VALUE b", "VALUE x", "VALUE y", "COMPLETED"])
    }

    @Test func takeUntilReplacementWaitsForTheReplacementAfterTheSourceCompletes() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        signal.take(untilReplacement: replacement).observe(recorder.observer())
        input.send(value: 1)
        input.sendCompleted()
        replacementInput.send(value: 2)
        replacementInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func takeUntilReplacementForwardsASourceFailureBeforeTheSwitch() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (replacement, replacementInput) = Signal<Int, TestError>.pipe()
        signal.take(untilReplacement: replacement).observe(recorder.observer())
        input.send(error: TestError(code: 2))
        replacementInput.send(value: 1)
        #expect(recorder.entries == ["FAILED TestError(code: 2)"])
    }

    @Test func takeUntilReplacementSwitchesOnATerminalFirstEvent() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (replacement, replacementInput) = Signal<Int, TestError>.pipe()
        signal.take(untilReplacement: replacement).observe(recorder.observer())
        input.send(value: 1)
        replacementInput.send(error: TestError(code: 3))
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "FAILED TestError(code: 3)"])
    }

    @Test func takeUntilReplacementWithATerminatedReplacementIsInterrupted() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        replacementInput.sendCompleted()
        signal.take(untilReplacement: replacement).observe(recorder.observer())
        input.send(value: 1)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func takeUntilReplacementStopsObservingTheSourceAfterTheSwitch() {
        let probe = Probe()
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        let input: Signal<Int, Never>.Observer
        let recorder = Recorder<String>()
        do {
            let (signal, sourceInput) = Signal<Int, Never>.pipe(disposable: probe)
            input = sourceInput
            signal.take(untilReplacement: replacement).observe(recorder.observer())
        }
        input.send(value: 1)
        #expect(!probe.isDisposed)
        replacementInput.send(value: 2)
        #expect(probe.isDisposed)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
    }

    @Test func takeUntilReplacementOnProducerStartsTheReplacementFirst() {
        let source = SignalProducer<Int, Never>(values: 1, 2)
        #expect(events(of: source.take(untilReplacement: SignalProducer(values: 8, 9))) == ["VALUE 8", "VALUE 9", "COMPLETED"])
        #expect(events(of: source.take(untilReplacement: .empty)) == ["COMPLETED"])
        let recorder = Recorder<String>()
        let disposable = source.take(untilReplacement: .never).start(recorder.observer())
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
        disposable.dispose()
    }

    @Test func takeUntilReplacementOnProducerSwitchesToALaterReplacement() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        let sourceProbe = Probe()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += sourceProbe
            lifetime += signal.observe(observer)
        }
        let recorder = Recorder<String>()
        let disposable = source.take(untilReplacement: SignalProducer(replacement)).start(recorder.observer())
        input.send(value: 1)
        replacementInput.send(value: 2)
        #expect(sourceProbe.isDisposed)
        input.send(value: 3)
        replacementInput.send(value: 4)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 4"])
        disposable.dispose()
        #expect(recorder.entries.last == "INTERRUPTED")
    }

    @Test func disposingTakeUntilReplacementDisposesBothRuns() {
        let sourceProbe = Probe()
        let replacementProbe = Probe()
        let source = SignalProducer<Int, Never> { _, lifetime in lifetime += sourceProbe }
        let replacement = SignalProducer<Int, Never> { _, lifetime in lifetime += replacementProbe }
        let disposable = source.take(untilReplacement: replacement).start()
        #expect(!sourceProbe.isDisposed && !replacementProbe.isDisposed)
        disposable.dispose()
        #expect(sourceProbe.isDisposed && replacementProbe.isDisposed)
    }
}
