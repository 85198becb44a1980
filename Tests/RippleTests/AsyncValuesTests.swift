import Foundation
import Ripple
import Synchronization
import Testing

@Suite struct AsyncValuesTests {
    /// Every value of `sequence`, in order, until it finishes.
    private func all<S: AsyncSequence>(_ sequence: S) async -> [S.Element] where S.Failure == Never {
        var values: [S.Element] = []
        for await value in sequence { values.append(value) }
        return values
    }

    /// A producer that never ends by itself and counts the runs whose lifetime has
    /// ended.
    private func endlessProducer(counting ended: AtomicCounter) -> SignalProducer<Int, Never> {
        SignalProducer { observer, lifetime in
            lifetime.observeEnded {
                withExtendedLifetime(observer) {}
                ended.increment()
            }
        }
    }

    // MARK: - Producers

    @Test func forAwaitOverAProducerSeesEveryValueInOrderThenFinishes() async {
        #expect(await all(SignalProducer<Int, Never>(values: 1, 2, 3).values) == [1, 2, 3])
    }

    @Test func forAwaitSeesValuesSentAfterTheLoopHasStartedWaiting() async throws {
        let scheduler = TestScheduler()
        let received = Recorder<Int>()
        let consumer = Task {
            for await tick in SignalProducer<Int, Never>.interval(1, on: scheduler).take(first: 3).values {
                received.append(tick)
            }
            received.append(-1)
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        for count in 1...3 {
            await scheduler.advance(by: 1)
            try #require(await yieldUntil { received.entries.count >= count })
        }
        await consumer.value
        #expect(received.entries == [0, 1, 2, -1])
    }

    @Test func forTryAwaitOverAFailingProducerThrowsTheTypedErrorAfterItsValues() async {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(value: 2)
            observer.send(error: TestError(code: 7))
        }
        var received: [Int] = []
        var caught: TestError?
        do throws(TestError) {
            for try await value in producer.values { received.append(value) }
        } catch {
            caught = error
        }
        #expect(received == [1, 2])
        #expect(caught == TestError(code: 7))
    }

    @Test func afterThrowingTheIteratorFinishes() async throws {
        var iterator = SignalProducer<Int, TestError>(error: TestError(code: 1)).values.makeAsyncIterator()
        await #expect(throws: TestError(code: 1)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func anInterruptedStreamFinishesTheSequenceWithoutAnError() async throws {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let values = signal.values
        input.send(value: 1)
        input.sendInterrupted()
        var received: [Int] = []
        for try await value in values { received.append(value) }
        #expect(received == [1])
    }

    @Test func eachIteratorStartsARunOfItsOwn() async {
        let starts = AtomicCounter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: starts.increment())
            observer.sendCompleted()
        }
        let values = producer.values
        #expect(await all(values) == [1])
        #expect(await all(values) == [2])
    }

    // MARK: - Cancellation and disposal

    @Test func cancellingTheConsumingTaskEndsTheProducersLifetime() async throws {
        let ended = AtomicCounter()
        let started = Recorder<Bool>()
        let consumer = Task {
            for await _ in endlessProducer(counting: ended).on(started: { started.append(true) }).values {}
            return "finished"
        }
        try #require(await yieldUntil { !started.entries.isEmpty })
        #expect(ended.value == 0)
        consumer.cancel()
        #expect(await consumer.value == "finished")
        #expect(ended.value == 1)
    }

    @MainActor
    @Test func cancellingAConsumerWaitingForAValueEndsTheRunBeforeCancelReturns() async throws {
        let ended = AtomicCounter()
        let started = Recorder<Bool>()
        // On the main actor, the consumer runs from its start to its wait in
        // `next` without letting this test run in between.
        let consumer = Task { @MainActor in
            for await _ in endlessProducer(counting: ended).on(started: { started.append(true) }).values {}
        }
        try #require(await yieldUntil { !started.entries.isEmpty })
        #expect(ended.value == 0)
        consumer.cancel()
        #expect(ended.value == 1)
        await consumer.value
    }

    @Test func cancellingTheConsumingTaskStopsATimerOnTheTestScheduler() async throws {
        let scheduler = TestScheduler()
        let received = Recorder<Int>()
        let consumer = Task {
            for await tick in SignalProducer<Int, Never>.interval(1, on: scheduler).values {
                received.append(tick)
            }
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 2)
        try #require(await yieldUntil { received.entries.count == 2 })
        consumer.cancel()
        await consumer.value
        #expect(!scheduler.hasPendingWork)
        #expect(received.entries == [0, 1])
    }

    @Test func iteratingInACancelledTaskEndsAtOnceAndEndsTheRun() async {
        let ended = AtomicCounter()
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for await _ in endlessProducer(counting: ended).values { count += 1 }
            return count
        }
        #expect(await consumer.value == 0)
        #expect(ended.value == 1)
    }

    @Test func breakingOutOfTheLoopEndsTheRun() async {
        let ended = AtomicCounter()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { ended.increment() }
            observer.send(value: 1)
            observer.send(value: 2)
        }
        for await value in producer.values {
            #expect(value == 1)
            break
        }
        #expect(ended.value == 1)
    }

    @Test func droppingTheIteratorEndsTheRun() {
        let ended = AtomicCounter()
        do {
            let iterator = endlessProducer(counting: ended).values.makeAsyncIterator()
            #expect(ended.value == 0)
            withExtendedLifetime(iterator) {}
        }
        #expect(ended.value == 1)
    }

    // MARK: - Signals

    @Test func signalValuesObserveFromTheMomentTheSequenceIsCreated() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 0)
        let values = signal.values
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(await all(values) == [1, 2])
    }

    @Test func signalValuesSentBeforeTheConsumingTaskStartsAreKept() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = signal.values
        let consumer = Task { await all(values) }
        for value in 1...100 { input.send(value: value) }
        input.sendCompleted()
        #expect(await consumer.value == Array(1...100))
    }

    @Test func aLaterIteratorOfASignalObservesFromItsOwnStart() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = signal.values
        input.send(value: 1)
        var first = values.makeAsyncIterator()
        var second = values.makeAsyncIterator()
        input.send(value: 2)
        input.sendCompleted()
        #expect(await first.next() == 1)
        #expect(await first.next() == 2)
        #expect(await first.next() == nil)
        #expect(await second.next() == 2)
        #expect(await second.next() == nil)
    }

    @Test func valuesOfATerminatedSignalFinishAtOnce() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        #expect(await all(signal.values).isEmpty)
    }

    @Test func aSignalSequenceDroppedWithoutIterationStopsObserving() {
        let ended = AtomicCounter()
        do {
            let values = Signal<Int, Never> { observer, lifetime in
                lifetime.observeEnded {
                    withExtendedLifetime(observer) {}
                    ended.increment()
                }
            }.values
            #expect(ended.value == 0)
            withExtendedLifetime(values) {}
        }
        #expect(ended.value == 1)
    }

    @Test func cancellingTheConsumingTaskDetachesFromTheSignal() async throws {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorder<Int>()
        let values = signal.values
        let consumer = Task {
            for await value in values { received.append(value) }
        }
        input.send(value: 1)
        try #require(await yieldUntil { received.entries == [1] })
        consumer.cancel()
        await consumer.value
        input.send(value: 2)
        #expect(received.entries == [1])
    }

    // MARK: - Properties

    @Test func propertyValuesStartWithTheCurrentValueThenEveryChange() async {
        let property = MutableProperty(1)
        var iterator = property.values.makeAsyncIterator()
        property.value = 2
        property.value = 3
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == 3)
    }

    @Test func propertyValuesBeginWithTheValueCurrentWhenIterationStarts() async {
        let property = MutableProperty("a")
        let values = property.values
        property.value = "b"
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == "b")
    }

    @Test func propertyValuesBufferingNewestOneSkipToTheLatestState() async {
        let property = MutableProperty(0)
        var iterator = property.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        for value in 1...5 { property.value = value }
        #expect(await iterator.next() == 5)
    }

    // MARK: - Buffering

    @Test func bufferingNewestKeepsTheLatestValuesNotTakenYet() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = signal.values(bufferingPolicy: .bufferingNewest(2))
        for value in 1...5 { input.send(value: value) }
        input.sendCompleted()
        #expect(await all(values) == [4, 5])
    }

    @Test func bufferingOldestKeepsTheFirstValuesNotTakenYet() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = signal.values(bufferingPolicy: .bufferingOldest(2))
        for value in 1...5 { input.send(value: value) }
        input.sendCompleted()
        #expect(await all(values) == [1, 2])
    }

    @Test func bufferingNewestOfAProducerThatSendsAtOnceYieldsItsLastValue() async {
        let values = SignalProducer<Int, Never>(values: 1, 2, 3).values(bufferingPolicy: .bufferingNewest(1))
        #expect(await all(values) == [3])
    }

    @Test func theBufferLimitCountsOnlyValuesNotTakenYet() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        var iterator = signal.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        input.send(value: 1)
        #expect(await iterator.next() == 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(await iterator.next() == 3)
        input.send(value: 4)
        input.sendCompleted()
        #expect(await iterator.next() == 4)
        #expect(await iterator.next() == nil)
    }

    @Test func aFailureIsKeptWhateverThePolicy() async throws {
        let (signal, input) = Signal<Int, TestError>.pipe()
        var iterator = signal.values(bufferingPolicy: .bufferingOldest(1)).makeAsyncIterator()
        input.send(value: 1)
        input.send(value: 2)
        input.send(error: TestError(code: 3))
        #expect(try await iterator.next() == 1)
        await #expect(throws: TestError(code: 3)) { try await iterator.next() }
    }

    // MARK: - Memory

    @Test func aCancelledIterationReleasesTheRun() async throws {
        weak var captured: Witness?
        let ended = AtomicCounter()
        let started = Recorder<Bool>()
        let consumer: Task<Void, Never>
        do {
            let witness = Witness()
            captured = witness
            let producer = endlessProducer(counting: ended)
                .map { value in withExtendedLifetime(witness) { value } }
                .on(started: { started.append(true) })
            consumer = Task { for await _ in producer.values {} }
        }
        try #require(await yieldUntil { !started.entries.isEmpty })
        #expect(captured != nil)
        consumer.cancel()
        await consumer.value
        #expect(ended.value == 1)
        #expect(captured == nil)
    }

    @Test func droppingAnIteratorReleasesTheValuesNotTaken() {
        weak var captured: Witness?
        weak var buffered: Witness?
        do {
            let witness = Witness()
            captured = witness
            let producer = SignalProducer<Witness, Never> { observer, _ in
                withExtendedLifetime(witness) {}
                let value = Witness()
                buffered = value
                observer.send(value: value)
                observer.sendCompleted()
            }
            let iterator = producer.values.makeAsyncIterator()
            #expect(buffered != nil)
            withExtendedLifetime(iterator) {}
        }
        #expect(captured == nil)
        #expect(buffered == nil)
    }

    @Test func aSignalIterationReleasesItsObserverWhenTheTaskIsCancelled() async throws {
        weak var weakSignal: Signal<Int, Never>?
        let ended = AtomicCounter()
        let consumer: Task<Void, Never>
        do {
            let signal = Signal<Int, Never> { observer, lifetime in
                lifetime.observeEnded {
                    withExtendedLifetime(observer) {}
                    ended.increment()
                }
            }
            weakSignal = signal
            let values = signal.values
            consumer = Task { for await _ in values {} }
        }
        #expect(weakSignal != nil)
        consumer.cancel()
        await consumer.value
        #expect(weakSignal == nil)
        #expect(ended.value == 1)
    }

    // MARK: - Isolation

    @MainActor
    @Test func aMainActorTaskIteratesNonSendableValuesWithoutTry() async {
        final class Row {
            let title: String
            init(title: String) { self.title = title }
        }
        let rows = SignalProducer<Row, Never>(values: Row(title: "a"), Row(title: "b"))
        var titles: [String] = []
        for await row in rows.values { titles.append(row.title) }
        #expect(titles == ["a", "b"])
    }
}
