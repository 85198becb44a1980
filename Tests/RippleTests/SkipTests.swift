import Ripple
import Testing

@Suite struct SkipTests {
    /// A class value, to watch through a `weak` reference; equal when the tags are.
    final class Tagged: Equatable {
        let tag: Int
        init(_ tag: Int) { self.tag = tag }
        static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.tag == rhs.tag }
    }

    // MARK: skip(first:)

    @Test func skipFirstDropsTheFirstValuesOnSignalAndProducer() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .value(4), .completed]
        let expected = ["VALUE 3", "VALUE 4", "COMPLETED"]
        #expect(events(of: { $0.skip(first: 2) }, sending: source) == expected)
        #expect(events(of: { $0.skip(first: 2) }, starting: source) == expected)
    }

    @Test func skipFirstZeroForwardsEverything() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .completed]
        #expect(events(of: { $0.skip(first: 0) }, sending: source) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: { $0.skip(first: 0) }, starting: source) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func skipFirstPassesAFailureWhileStillSkipping() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 2))]
        #expect(events(of: { $0.skip(first: 5) }, sending: source) == ["FAILED TestError(code: 2)"])
        #expect(events(of: { $0.skip(first: 5) }, starting: source) == ["FAILED TestError(code: 2)"])
    }

    @Test func skipFirstCountsPerProducerRun() {
        let producer = SignalProducer<Int, Never>(values: 1, 2, 3).skip(first: 1)
        #expect(events(of: producer) == ["VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(events(of: producer) == ["VALUE 2", "VALUE 3", "COMPLETED"])
    }

    // MARK: skip(while:)

    @Test func skipWhileDropsUntilTheFirstFailingValueThenForwardsAll() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .value(1), .completed]
        let expected = ["VALUE 3", "VALUE 1", "COMPLETED"]
        #expect(events(of: { $0.skip { $0 < 3 } }, sending: source) == expected)
        #expect(events(of: { $0.skip { $0 < 3 } }, starting: source) == expected)
    }

    @Test func skipWhileStopsAskingOnceItForwards() {
        let asked = Counter()
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(5), .value(1), .value(1)]
        let seen = events(of: { $0.skip { value in asked.value += 1; return value < 3 } }, sending: source)
        #expect(seen == ["VALUE 5", "VALUE 1", "VALUE 1"])
        #expect(asked.value == 2)
    }

    @Test func skipWhilePassesInterruption() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.skip { _ in true } }, starting: source) == ["INTERRUPTED"])
    }

    // MARK: skip(until:)

    @Test func skipUntilDropsValuesUntilTheTriggerSendsAValue() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.skip(until: trigger).observe(recorder.observer())
        input.send(value: 1)
        input.send(value: 2)
        fire.send(value: ())
        input.send(value: 3)
        fire.send(value: ())
        input.send(value: 4)
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 3", "VALUE 4", "COMPLETED"])
    }

    @Test func skipUntilOpensWhenTheTriggerCompletes() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.skip(until: trigger).observe(recorder.observer())
        input.send(value: 1)
        fire.sendCompleted()
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 2"])
    }

    @Test func skipUntilNeverOpensOnAnInterruptedTrigger() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.skip(until: trigger).observe(recorder.observer())
        fire.sendInterrupted()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.entries == ["COMPLETED"])
    }

    @Test func skipUntilForwardsAFailureBeforeTheTriggerFires() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        signal.skip(until: trigger).observe(recorder.observer())
        input.send(value: 1)
        input.send(error: TestError(code: 4))
        fire.send(value: ())
        #expect(recorder.entries == ["FAILED TestError(code: 4)"])
    }

    @Test func skipUntilStopsObservingTheTriggerOnceItFired() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        weak var weakWitness: Witness?
        let fire: Signal<(), Never>.Observer
        do {
            let (trigger, triggerInput) = Signal<(), Never>.pipe()
            fire = triggerInput
            let witness = Witness()
            weakWitness = witness
            let triggered = trigger.map { _ -> Void in withExtendedLifetime(witness) {} }
            signal.skip(until: triggered).observe(recorder.observer())
        }
        #expect(weakWitness != nil)
        fire.send(value: ())
        #expect(weakWitness == nil)
        input.send(value: 1)
        #expect(recorder.entries == ["VALUE 1"])
    }

    @Test func skipUntilOnProducerStartsTheTriggerFirst() {
        let fired = SignalProducer<Int, Never>(values: 1, 2).skip(until: SignalProducer(value: ()))
        #expect(events(of: fired) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        let silent = SignalProducer<Int, Never>(values: 1, 2).skip(until: .never)
        #expect(events(of: silent) == ["COMPLETED"])
    }

    @Test func skipUntilOnProducerOpensWithALaterTrigger() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let recorder = Recorder<String>()
        SignalProducer(signal).skip(until: SignalProducer(trigger)).start(recorder.observer())
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 2"])
    }

    @Test func disposingSkipUntilDisposesBothRuns() {
        let sourceProbe = Probe()
        let triggerProbe = Probe()
        let source = SignalProducer<Int, Never> { _, lifetime in lifetime += sourceProbe }
        let trigger = SignalProducer<(), Never> { _, lifetime in lifetime += triggerProbe }
        let disposable = source.skip(until: trigger).start()
        #expect(!sourceProbe.isDisposed && !triggerProbe.isDisposed)
        disposable.dispose()
        #expect(sourceProbe.isDisposed && triggerProbe.isDisposed)
    }

    // MARK: skipRepeats

    @Test func skipRepeatsDropsConsecutiveEqualValuesOnSignalAndProducer() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(1), .value(2), .value(2), .value(1), .completed]
        let expected = ["VALUE 1", "VALUE 2", "VALUE 1", "COMPLETED"]
        #expect(events(of: { $0.skipRepeats() }, sending: source) == expected)
        #expect(events(of: { $0.skipRepeats() }, starting: source) == expected)
    }

    @Test func skipRepeatsWithAPredicateComparesWithTheLastForwardedValue() {
        let source: [Signal<Int, Never>.Event] = [.value(0), .value(3), .value(6), .value(9), .value(10), .completed]
        let closerThanFive = { (a: Int, b: Int) in abs(a - b) < 5 }
        let expected = ["VALUE 0", "VALUE 6", "COMPLETED"]
        #expect(events(of: { $0.skipRepeats(closerThanFive) }, sending: source) == expected)
        #expect(events(of: { $0.skipRepeats(closerThanFive) }, starting: source) == expected)
    }

    @Test func skipRepeatsPassesFailureAtOnce() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .value(1), .failed(TestError(code: 9))]
        #expect(events(of: { $0.skipRepeats() }, sending: source) == ["VALUE 1", "FAILED TestError(code: 9)"])
    }

    @Test func skipRepeatsKeepsNoStrongReferenceToOlderValues() {
        let (signal, input) = Signal<Tagged, Never>.pipe()
        let forwarded = Recorder<Int>()
        signal.skipRepeats().observeValues { forwarded.append($0.tag) }

        weak var first: Tagged?
        weak var repeated: Tagged?
        do {
            let value = Tagged(1)
            first = value
            input.send(value: value)
        }
        do {
            let value = Tagged(1)
            repeated = value
            input.send(value: value)
        }
        #expect(first != nil)  // the reference for the next comparison
        #expect(repeated == nil)  // a dropped repeat is not kept
        input.send(value: Tagged(2))
        #expect(first == nil)
        #expect(forwarded.entries == [1, 2])
    }

    @Test func skipRepeatsOnProducerKeepsNoStrongReferenceToOlderValues() {
        weak var first: Tagged?
        let (signal, input) = Signal<Tagged, Never>.pipe()
        let disposable = SignalProducer(signal).skipRepeats().start()
        do {
            let value = Tagged(1)
            first = value
            input.send(value: value)
        }
        #expect(first != nil)
        input.send(value: Tagged(2))
        #expect(first == nil)
        disposable.dispose()
    }

    // MARK: uniqueValues

    @Test func uniqueValuesForwardsEachValueOnceOnSignalAndProducer() {
        let source: [Signal<String, Never>.Event] = [.value("a"), .value("b"), .value("a"), .value("c"), .value("b"), .completed]
        let expected = ["VALUE a", "VALUE b", "VALUE c", "COMPLETED"]
        #expect(events(of: { $0.uniqueValues() }, sending: source) == expected)
        #expect(events(of: { $0.uniqueValues() }, starting: source) == expected)
    }

    @Test func uniqueValuesWithATransformComparesIdentities() {
        let source: [Signal<String, Never>.Event] = [.value("apple"), .value("avocado"), .value("banana"), .completed]
        let expected = ["VALUE apple", "VALUE banana", "COMPLETED"]
        #expect(events(of: { $0.uniqueValues { $0.first } }, sending: source) == expected)
        #expect(events(of: { $0.uniqueValues { $0.first } }, starting: source) == expected)
    }

    @Test func uniqueValuesStartsAfreshOnEveryProducerRun() {
        let producer = SignalProducer<Int, Never>(values: 1, 1, 2).uniqueValues()
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: producer) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func uniqueValuesKeepsIdentitiesNotValues() {
        weak var weakValue: Tagged?
        let (signal, input) = Signal<Tagged, Never>.pipe()
        let forwarded = Recorder<Int>()
        signal.uniqueValues(\.tag).observeValues { forwarded.append($0.tag) }
        do {
            let value = Tagged(1)
            weakValue = value
            input.send(value: value)
        }
        #expect(weakValue == nil)
        input.send(value: Tagged(1))
        #expect(forwarded.entries == [1])
    }
}
