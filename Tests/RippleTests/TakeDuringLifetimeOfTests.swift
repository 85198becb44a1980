import Ripple
import Testing

@Suite struct TakeDuringLifetimeOfTests {
    final class Screen: LifetimeProvider {
        @Lifetime.Owned var lifetime

        func close() {
            _lifetime.end()
        }
    }

    @Test func signalAndProducerCompleteWhenTheObjectIsDeinitialised() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        var screen: Screen? = Screen()
        signal.take(duringLifetimeOf: screen!).observe(recorder.observer("signal "))
        signal.producer.take(duringLifetimeOf: screen!).start(recorder.observer("producer "))
        input.send(value: 1)
        screen = nil
        input.send(value: 2)
        #expect(recorder.entries == ["signal VALUE 1", "producer VALUE 1", "signal COMPLETED", "producer COMPLETED"])
    }

    @Test func theObjectIsNotRetained() {
        let (signal, _) = Signal<Int, Never>.pipe()
        weak var weakScreen: Screen?
        let result: Signal<Int, Never>
        let producer: SignalProducer<Int, Never>
        do {
            let screen = Screen()
            weakScreen = screen
            result = signal.take(duringLifetimeOf: screen)
            producer = signal.producer.take(duringLifetimeOf: screen)
        }
        #expect(weakScreen == nil)
        #expect(events(of: producer) == ["COMPLETED"])
        withExtendedLifetime(result) {}
    }

    @Test func failuresPassThroughUnchanged() {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "failure" }
        }
        let screen = Screen()
        #expect(events(of: { $0.take(duringLifetimeOf: screen) }, sending: [.value(1), .failed(Failure())]) == ["VALUE 1", "FAILED failure"])
    }

    @Test func producerOfAnObjectWhoseLifetimeHasEndedIsNeverStarted() {
        let starts = Counter()
        let screen = Screen()
        screen.close()
        let producer = SignalProducer<Int, Never> { _, _ in starts.value += 1 }
        #expect(events(of: producer.take(duringLifetimeOf: screen)) == ["COMPLETED"])
        #expect(starts.value == 0)
    }
}

@Suite struct LifetimeProviderConformanceTests {
    @Test func streamsCanBeBoundedByTheLifeOfAPropertyOrAnAction() {
        let recorder = Recorder<String>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        var action: Action<Void, Int, Never>? = Action { SignalProducer(value: 1) }
        let (updates, input) = Signal<Int, Never>.pipe()
        updates.take(duringLifetimeOf: property!).observe(recorder.observer("property "))
        updates.take(duringLifetimeOf: action!).observe(recorder.observer("action "))
        input.send(value: 1)
        property = nil
        action = nil
        input.send(value: 2)
        #expect(recorder.entries == ["property VALUE 1", "action VALUE 1", "property COMPLETED", "action COMPLETED"])
    }
}
