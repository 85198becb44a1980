import Ripple
import Testing

/// The read-only `Property`'s initialisers: a constant, a view, a captured view, a
/// value then a stream.
@Suite struct PropertyTests {
    @Test func aConstantPropertyHasItsValueAndItsProducerCompletes() {
        let constant = Property(value: 3)
        #expect(constant.value == 3)
        #expect(events(of: constant.producer) == ["VALUE 3", "COMPLETED"])
    }

    @Test func aViewFollowsItsSourceWithoutKeepingIt() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        weak let weakSource = source
        let view = Property(source!)
        let recorder = Recorder<String>()
        view.signal.observe(recorder.observer())
        source?.value = 2
        source = nil
        #expect(weakSource == nil)
        #expect(view.value == 2)
        #expect(recorder.entries == ["VALUE 2", "COMPLETED"])
    }

    @Test func aCapturingViewKeepsItsSourceAliveAndFollowsIt() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        weak let weakSource = source
        var view: Property<Int>? = Property(capturing: source!)
        let recorder = Recorder<String>()
        view?.signal.observe(recorder.observer())
        source?.value = 2
        source = nil
        #expect(weakSource != nil)
        #expect(view?.value == 2)
        weakSource?.value = 3
        #expect(view?.value == 3)
        #expect(recorder.entries == ["VALUE 2", "VALUE 3"])
        view = nil
        #expect(weakSource == nil)
        #expect(recorder.entries == ["VALUE 2", "VALUE 3", "COMPLETED"])
    }

    @Test func initialThenTakesTheValuesOfAProducerOrASignal() {
        let (changes, input) = Signal<Int, Never>.pipe()
        let fromSignal = Property(initial: 0, then: changes)
        #expect(fromSignal.value == 0)
        input.send(value: 1)
        #expect(fromSignal.value == 1)
        let fromProducer = Property(initial: 0, then: SignalProducer(values: 4, 5))
        #expect(fromProducer.value == 5)
        #expect(events(of: fromProducer.producer) == ["VALUE 5", "COMPLETED"])
    }

    @Test func anOptionalPropertyTakesTheValuesOfAStreamOfTheWrappedType() {
        let (picks, pick) = Signal<String, Never>.pipe()
        let selection = Property<String?>(initial: nil, then: picks)
        let recorder = Recorder<String>()
        selection.producer.start(recorder.observer())
        pick.send(value: "first")
        pick.sendCompleted()
        #expect(selection.value == "first")
        #expect(recorder.entries == ["VALUE nil", "VALUE Optional(\"first\")", "COMPLETED"])

        let fromProducer = Property<Int?>(initial: nil, then: SignalProducer<Int, Never>(values: 1, 2))
        #expect(fromProducer.value == 2)
        let fromProperty = Property<Int?>(initial: nil, then: MutableProperty(7))
        #expect(fromProperty.value == 7)
    }
}
