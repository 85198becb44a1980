import Ripple
import Testing

/// A property's producer started for one observer: the run is attached to the
/// property's relay as one of its observers, and keeps every contract of a run.
@Suite struct PropertyProducerRunTests {
    @Test func aRunDisposedFromInsideItsOwnDeliveryIsInterruptedRightAfterItAndHearsNothingMore() {
        let count = MutableProperty(0)
        var events: [Signal<Int, Never>.Event] = []
        var afterDisposal: [Int] = []
        let holder = DisposableBox()
        holder.disposable = count.producer.start { event in
            events.append(event)
            if case .value(1) = event {
                holder.disposable?.dispose()
                events.append(.value(-1))  // marks the return from dispose()
            }
        }
        let later = count.signal.observeValues { afterDisposal.append($0) }
        count.value = 1
        count.value = 2
        #expect(events == [.value(0), .value(1), .value(-1), .interrupted])
        #expect(afterDisposal == [1, 2])
        #expect(holder.disposable?.isDisposed == true)
        withExtendedLifetime(later) {}
    }

    @Test func everyOtherObserverStillReceivesTheEventDuringWhichARunIsDisposed() {
        let count = MutableProperty(0)
        var seen: [String] = []
        let holder = DisposableBox()
        let first = count.producer.startWithValues { value in
            seen.append("first \(value)")
            if value == 1 { holder.disposable?.dispose() }
        }
        holder.disposable = count.producer.start { event in
            switch event {
            case let .value(value): seen.append("second \(value)")
            case .interrupted: seen.append("second interrupted")
            default: seen.append("second \(event)")
            }
        }
        count.value = 1
        count.value = 2
        #expect(seen == ["first 0", "second 0", "first 1", "second interrupted", "first 2"])
        withExtendedLifetime(first) {}
    }

    @Test func aRunCompletesAndReleasesItsObserverWhenThePropertyIsDeinitialised() {
        weak var weakCaptured: RunWitness?
        var events: [Signal<Int, Never>.Event] = []
        var disposable: (any Disposable)?
        do {
            let count = MutableProperty(1)
            let witness = RunWitness()
            weakCaptured = witness
            disposable = count.producer.start { event in
                withExtendedLifetime(witness) {}
                events.append(event)
            }
            count.value = 2
            #expect(weakCaptured != nil)
        }
        #expect(events == [.value(1), .value(2), .completed])
        #expect(weakCaptured == nil)
        #expect(disposable?.isDisposed == true)
    }

    @Test func aDisposedRunReleasesItsObserverWhileItsDisposableIsKept() {
        let count = MutableProperty(1)
        weak var weakCaptured: RunWitness?
        let disposable: any Disposable
        do {
            let witness = RunWitness()
            weakCaptured = witness
            disposable = count.producer.startWithValues { _ in withExtendedLifetime(witness) {} }
        }
        count.value = 2
        disposable.dispose()
        #expect(weakCaptured == nil)
        #expect(disposable.isDisposed)
    }

    @Test func aRunDisposedFromInsideAnotherPropertysDeliveryIsInterruptedBeforeDisposeReturns() {
        let first = MutableProperty(0)
        let second = MutableProperty(0)
        var events: [Signal<Int, Never>.Event] = []
        let run = second.producer.start { events.append($0) }
        let observer = first.signal.observeValues { _ in
            run.dispose()
            events.append(.value(-1))  // marks the return from dispose()
        }
        first.value = 1
        #expect(events == [.value(0), .interrupted, .value(-1)])
        withExtendedLifetime(observer) {}
    }

    @Test func theInterruptionOfARunDisposedDuringAnotherPropertysDeliveryMaySetThatProperty() {
        let first = MutableProperty(0)
        let second = MutableProperty(0)
        var seen: [Int] = []
        let run = second.producer.startWithInterrupted { first.value = 2 }
        let observer = first.signal.observeValues { value in
            seen.append(value)
            if value == 1 { run.dispose() }
        }
        first.value = 1
        #expect(seen == [1, 2])
        #expect(first.value == 2)
        withExtendedLifetime(observer) {}
    }

    @Test func aRunOfAPropertyWhoseSourceEndedSendsTheFinalValueThenCompletes() {
        let (values, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: values)
        input.send(value: 3)
        input.sendCompleted()
        var events: [Signal<Int, Never>.Event] = []
        let disposable = property.producer.start { events.append($0) }
        #expect(events == [.value(3), .completed])
        #expect(disposable.isDisposed)
    }

    @Test func anInterruptedObserverMaySetThePropertyItObserved() {
        let count = MutableProperty(0)
        var seen: [Int] = []
        let observer = count.signal.observeValues { seen.append($0) }
        let run = count.producer.startWithInterrupted { count.value = 100 }
        count.value = 1
        run.dispose()
        #expect(seen == [1, 100])
        #expect(count.value == 100)
        withExtendedLifetime(observer) {}
    }

    @Test func aSetFromInsideAnotherRunsFirstValueReachesEveryRunInOrder() {
        let count = MutableProperty(0)
        var first: [Int] = []
        var second: [Int] = []
        let one = count.producer.startWithValues { first.append($0) }
        let two = count.producer.startWithValues { value in
            second.append(value)
            if value == 0 { count.value = 1 }
        }
        #expect(first == [0, 1])
        #expect(second == [0, 1])
        withExtendedLifetime((one, two)) {}
    }

    @Test func switchingToTheLatestOfTwoPropertiesInterruptsTheRunOfTheFormer() {
        let left = MutableProperty("a")
        let right = MutableProperty("x")
        let (choices, choose) = Signal<MutableProperty<String>, Never>.pipe()
        var seen: [String] = []
        let disposable = SignalProducer(choices).flatMap(.latest) { $0.producer }.startWithValues { seen.append($0) }
        choose.send(value: left)
        left.value = "b"
        choose.send(value: right)
        left.value = "c"
        right.value = "y"
        #expect(seen == ["a", "b", "x", "y"])
        disposable.dispose()
        withExtendedLifetime(choose) {}
    }

    @Test func aMappedRunIsInterruptedByItsDisposableAndHearsNothingMore() {
        let count = MutableProperty(0)
        let before = count.signal.observeValues { _ in }
        var events: [Signal<Int, Never>.Event] = []
        let run = count.producer.map { $0 * 2 }.start { events.append($0) }
        count.value = 2
        #expect(!run.isDisposed)
        run.dispose()
        #expect(run.isDisposed)
        count.value = 3
        #expect(events == [.value(0), .value(4), .interrupted])
        withExtendedLifetime(before) {}
    }
}

private final class RunWitness {}

private final class DisposableBox {
    var disposable: (any Disposable)?
}
