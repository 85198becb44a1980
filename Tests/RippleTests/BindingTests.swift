import Ripple
import Testing

/// `target <~ source`: what a binding applies, and when it ends.
@Suite struct BindingTests {
    /// A source that records when a run starts and ends, and keeps `witness` alive
    /// while a run is going.
    final class TrackedSource {
        let log = Log()
        let (signal, input) = Signal<Int, Never>.pipe()

        func producer(retaining witness: Witness) -> SignalProducer<Int, Never> {
            SignalProducer { [log, signal] observer, lifetime in
                log.entries.append("started")
                lifetime.observeEnded { [witness] in
                    _ = witness
                    log.entries.append("ended")
                }
                lifetime += signal.observe(observer)
            }
        }
    }

    @Test func bindingAppliesTheCurrentValueThenEveryChange() {
        let source = MutableProperty(1)
        let target = MutableProperty(0)
        let recorder = Recorder<Int>()
        target.signal.observeValues(recorder.append)
        target <~ source
        #expect(target.value == 1)
        source.value = 2
        source.value = 3
        #expect(recorder.entries == [1, 2, 3])
        #expect(target.value == 3)
    }

    @Test func bindingFromASignalAppliesTheValuesSentAfterwards() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let target = MutableProperty(0)
        input.send(value: 1)
        target <~ signal
        #expect(target.value == 0)
        input.send(value: 2)
        #expect(target.value == 2)
    }

    @Test func bindingFromAProducerStartsItOnce() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 7)
        }
        let target = MutableProperty(0)
        target <~ producer
        #expect(target.value == 7)
        #expect(starts.value == 1)
    }

    @Test func propertyBindsToAMappedSignalAndToAnotherProperty() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let doubled = MutableProperty(0)
        doubled <~ signal.map { $0 * 2 }
        input.send(value: 4)
        #expect(doubled.value == 8)

        let copy = MutableProperty(0)
        copy <~ doubled
        #expect(copy.value == 8)
        let described = MutableProperty("")
        described <~ doubled.map { "\($0) items" }
        input.send(value: 5)
        #expect(copy.value == 10)
        #expect(described.value == "10 items")
    }

    @Test func bindingEndsWhenTheTargetIsDeinitialised() {
        let source = TrackedSource()
        weak var weakTarget: MutableProperty<Int>?
        weak var weakWitness: Witness?
        let applied = Log()
        do {
            let witness = Witness()
            weakWitness = witness
            let target = MutableProperty(0)
            weakTarget = target
            target.signal.observeValues { applied.entries.append("\($0)") }
            target <~ source.producer(retaining: witness)
            source.input.send(value: 1)
        }
        #expect(weakTarget == nil)
        #expect(source.log.entries == ["started", "ended"])
        #expect(weakWitness == nil)
        source.input.send(value: 2)
        #expect(applied.entries == ["1"])
    }

    @Test func bindingEndsWhenTheSourceCompletes() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let target = MutableProperty(0)
        let disposable = target <~ signal
        input.send(value: 1)
        input.sendCompleted()
        #expect(disposable?.isDisposed == true)
        #expect(target.value == 1)
    }

    @Test func bindingEndsWhenItsDisposableIsDisposed() {
        let source = TrackedSource()
        weak var weakWitness: Witness?
        let target = MutableProperty(0)
        let disposable: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            disposable = target <~ source.producer(retaining: witness)
        }
        source.input.send(value: 1)
        disposable?.dispose()
        source.input.send(value: 2)
        #expect(target.value == 1)
        #expect(source.log.entries == ["started", "ended"])
        #expect(weakWitness == nil)
    }

    @Test func bindingToATargetWhoseLifetimeHasEndedDoesNotStartTheSource() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { _, _ in starts.value += 1 }
        let applied = Log()
        let target = BindingTarget<Int>(lifetime: .empty) { applied.entries.append("\($0)") }
        let disposable = target <~ producer
        #expect(disposable == nil)
        #expect(starts.value == 0)
        #expect(applied.entries.isEmpty)
    }

    @Test func bindingToASourceThatEndsAtOnceAppliesItsValuesAndReturnsNil() {
        let target = MutableProperty(0)
        let disposable = target <~ SignalProducer<Int, Never>(value: 5)
        #expect(disposable == nil)
        #expect(target.value == 5)
    }

    @Test func nilOptionalTargetIsANoOp() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { _, _ in starts.value += 1 }
        let property: MutableProperty<Int>? = nil
        let optionalProperty: MutableProperty<Int?>? = nil
        let target: BindingTarget<Int>? = nil
        #expect((property <~ producer) == nil)
        #expect((optionalProperty <~ producer) == nil)
        #expect((target <~ producer) == nil)
        #expect(starts.value == 0)
    }

    @Test func nonNilOptionalTargetBinds() {
        let source = MutableProperty(1)
        let property: MutableProperty<Int>? = MutableProperty(0)
        let optionalProperty: MutableProperty<Int?>? = MutableProperty(nil)
        property <~ source
        optionalProperty <~ source
        source.value = 2
        #expect(property?.value == 2)
        #expect(optionalProperty?.value == 2)
    }

    @Test func nonOptionalSourceBindsToAnOptionalTarget() {
        let title = MutableProperty("Inbox")
        let text = MutableProperty<String?>(nil)
        text <~ title
        #expect(text.value == "Inbox")
        title.value = "Archive"
        #expect(text.value == "Archive")

        let (counts, input) = Signal<Int, Never>.pipe()
        let badge = MutableProperty<String?>(nil)
        badge <~ counts.map { "\($0) new" }
        input.send(value: 3)
        #expect(badge.value == "3 new")
    }

    @Test func optionalSourceBindsToAnOptionalTargetAsItIs() {
        let source = MutableProperty<Int?>(1)
        let target = MutableProperty<Int?>(0)
        target <~ source
        source.value = nil
        #expect(target.value == nil)
    }

    @Test func anOptionalTargetIsABindingTargetProvider() {
        func lifetime<Target: BindingTargetProvider>(of target: Target) -> Lifetime {
            target.bindingTarget.lifetime
        }
        let property = MutableProperty(0)
        let some: MutableProperty<Int>? = property
        let none: MutableProperty<Int>? = nil
        #expect(lifetime(of: some) === property.lifetime)
        #expect(lifetime(of: none).hasEnded)
        none.bindingTarget.action(5)
        some.bindingTarget.action(6)
        #expect(property.value == 6)
    }

    @Test func aKeyPathTargetSetsThePropertyOfItsObjectUntilTheLifetimeEnds() {
        final class Gauge { var level = 0 }
        let gauge = Gauge()
        let (lifetime, token) = Lifetime.make()
        let target = BindingTarget(lifetime: lifetime, object: gauge, keyPath: \.level)
        #expect(target.lifetime === lifetime)
        let level = MutableProperty(1)
        target <~ level
        #expect(gauge.level == 1)
        level.value = 2
        #expect(gauge.level == 2)
        token.dispose()
        level.value = 3
        #expect(gauge.level == 2)
    }

    @Test func aKeyPathTargetHoldsItsObjectWeakly() {
        final class Gauge { var level = 0 }
        var gauge: Gauge? = Gauge()
        weak let weakGauge = gauge
        let target = BindingTarget(lifetime: .empty, object: gauge!, keyPath: \.level)
        gauge = nil
        #expect(weakGauge == nil)
        target.action(1)
    }

    @Test func aKeyPathTargetOnASchedulerSetsThePropertyWhenTheSchedulerRuns() {
        final class Gauge { var level = 0 }
        let gauge = Gauge()
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let target = BindingTarget(on: scheduler, lifetime: lifetime, object: gauge, keyPath: \.level)
        target <~ SignalProducer<Int, Never>(values: 1, 2)
        #expect(gauge.level == 0)
        scheduler.advance()
        #expect(gauge.level == 2)
        target.action(3)
        token.dispose()
        scheduler.advance()
        #expect(gauge.level == 2, "a value still waiting when the lifetime ends is dropped")
    }

    @Test func observerForwardsValuesButNotTheTerminalEvent() {
        let recorder = Recorder<String>()
        let (output, outputInput) = Signal<Int, Never>.pipe()
        output.observe(recorder.observer())
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        let disposable = outputInput <~ source
        sourceInput.send(value: 1)
        sourceInput.send(value: 2)
        sourceInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
        #expect(disposable?.isDisposed == true)
    }

    @Test func observerStopsForwardingWhenTheBindingIsDisposed() {
        let recorder = Recorder<String>()
        let (output, outputInput) = Signal<Int, Never>.pipe()
        output.observe(recorder.observer())
        let source = MutableProperty(1)
        let disposable = outputInput <~ source
        source.value = 2
        disposable?.dispose()
        source.value = 3
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
    }

    @Test func targetOnASchedulerAppliesValuesWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let applied = Log()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { applied.entries.append("\($0)") }
        let source = MutableProperty(1)
        target <~ source
        source.value = 2
        #expect(applied.entries.isEmpty)
        scheduler.advance()
        #expect(applied.entries == ["1", "2"])
        withExtendedLifetime(token) {}
    }

    @Test func valueWaitingOnTheSchedulerIsDroppedWhenTheLifetimeEnds() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let applied = Log()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { applied.entries.append("\($0)") }
        let source = MutableProperty(1)
        let disposable = target <~ source
        scheduler.advance()
        source.value = 2
        token.dispose()
        scheduler.advance()
        #expect(applied.entries == ["1"])
        #expect(disposable?.isDisposed == true)
    }
}
