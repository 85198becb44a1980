import Ripple
import Testing

@Suite struct MutablePropertyTests {
    @Test func producerSendsTheCurrentValueThenEveryChangeAndSignalOnlyChanges() {
        let recorder = Recorder<String>()
        let property = MutableProperty(1)
        property.producer.startWithValues { recorder.append("producer \($0)") }
        property.signal.observeValues { recorder.append("signal \($0)") }
        property.value = 2
        property.value = 3
        #expect(recorder.entries == ["producer 1", "producer 2", "signal 2", "producer 3", "signal 3"])
        #expect(property.value == 3)
    }

    @Test func everySetIsSentAlsoOfAnEqualValue() {
        let recorder = Recorder<Int>()
        let property = MutableProperty(1)
        property.signal.observeValues { recorder.append($0) }
        property.value = 1
        property.value = 1
        #expect(recorder.entries == [1, 1])
    }

    @Test func anObserverReadsTheValueBeingDelivered() {
        let recorder = Recorder<String>()
        let property = MutableProperty("a")
        property.signal.observeValues { value in recorder.append("\(value)=\(property.value)") }
        property.value = "b"
        #expect(recorder.entries == ["b=b"])
    }

    @Test func aSetFromInsideAnObserverIsDeliveredAfterTheCurrentValueAndConverges() {
        let recorder = Recorder<String>()
        let property = MutableProperty(0)
        property.signal.observeValues { value in
            recorder.append("first \(value)")
            if value < 3 { property.value = value + 1 }
        }
        property.signal.observeValues { value in recorder.append("second \(value)") }
        property.value = 1
        #expect(recorder.entries == ["first 1", "second 1", "first 2", "second 2", "first 3", "second 3"])
        #expect(property.value == 3)
    }

    @Test func aSetFromInsideTheInitialValueOfAProducerRunFollowsIt() {
        let recorder = Recorder<Int>()
        let property = MutableProperty(0)
        property.producer.startWithValues { value in
            recorder.append(value)
            if value == 0 { property.value = 1 }
        }
        #expect(recorder.entries == [0, 1])
    }

    @Test func propertyCompletesAndEndsItsLifetimeWhenDeinitialised() {
        let recorder = Recorder<String>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        property?.signal.observe(recorder.observer("signal "))
        property?.producer.start(recorder.observer("producer "))
        property?.lifetime.observeEnded { recorder.append("lifetime ended") }
        let producer = property!.producer
        property = nil
        #expect(recorder.entries == ["producer VALUE 0", "signal COMPLETED", "producer COMPLETED", "lifetime ended"])
        #expect(events(of: producer) == ["VALUE 0", "COMPLETED"])
    }

    @Test func modifySwapAndWithValue() {
        let property = MutableProperty([1])
        let count = property.modify { values -> Int in
            values.append(2)
            return values.count
        }
        #expect(count == 2)
        #expect(property.swap([7]) == [1, 2])
        #expect(property.withValue { $0.first } == 7)
    }

    @Test func composedPropertyFollowsItsSourceWithoutOwningIt() {
        let recorder = Recorder<String>()
        var source: MutableProperty<Int>? = MutableProperty(1)
        let doubled = Property(source!).map { $0 * 2 }
        doubled.producer.start(recorder.observer())
        source?.value = 2
        #expect(doubled.value == 4)
        source = nil
        #expect(recorder.entries == ["VALUE 2", "VALUE 4", "COMPLETED"])
        #expect(doubled.value == 4)
    }
}
