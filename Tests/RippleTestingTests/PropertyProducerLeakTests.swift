import Ripple
import RippleTesting
import Testing

/// The runs of a property's producer, as leak checks see them: an observer of the
/// producer while the run lasts, gone once it ends, however it ends.
@Suite struct PropertyProducerLeakTests {
    @Test func aRunIsCountedAsAnObserverOfTheProducerUntilItIsDisposed() {
        let count = MutableProperty(0)
        let check = LeakCheck()
        var run: (any Disposable)?
        check.run {
            run = count.producer.startWithValues { _ in }
        }
        #expect(check.liveSubscriptions == 1)
        #expect(check.liveObservers.map(\.streamType) == ["SignalProducer<Int, Never>"])
        run?.dispose()
        #expect(check.liveSubscriptions == 0)
    }

    @Test func aRunEndedFromInsideItsFirstValueLeavesThePropertyAtOnce() {
        let count = MutableProperty(7)
        let check = LeakCheck()
        var events: [Signal<Int, Never>.Event] = []
        // `take(first: 1)` ends the flattened run from inside the delivery of the
        // inner run's current value, and so disposes that inner run from inside it.
        check.run {
            SignalProducer(value: count).flatMap(.latest) { $0.producer }.take(first: 1).start { events.append($0) }
        }
        count.value = 8
        #expect(events == [.value(7), .completed])
        #expect(check.liveSubscriptions == 0)
    }

    @Test func aRunEndsWhenThePropertyIsDeinitialised() {
        let check = LeakCheck()
        var events: [Signal<String, Never>.Event] = []
        do {
            let name = MutableProperty("a")
            check.run {
                name.producer.start { events.append($0) }
            }
            #expect(check.liveSubscriptions == 1)
        }
        #expect(events == [.value("a"), .completed])
        #expect(check.liveSubscriptions == 0)
    }
}
