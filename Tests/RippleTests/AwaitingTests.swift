import Foundation
import Ripple
import Testing

@Suite struct AwaitingTests {
    /// A producer that sends `values`, then ends with `end`, and counts the runs
    /// whose lifetime has ended; `end` `nil` never ends.
    private func producer(
        _ values: [Int],
        then end: Signal<Int, TestError>.Event?,
        counting ended: AtomicCounter = AtomicCounter()
    ) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, lifetime in
            lifetime.observeEnded {
                withExtendedLifetime(observer) {}
                ended.increment()
            }
            for value in values where !lifetime.hasEnded { observer.send(value: value) }
            if let end { observer.send(end) }
        }
    }

    // MARK: - first()

    @Test func firstReturnsTheFirstValueAndEndsTheRunAtOnce() async throws {
        let sent = AtomicCounter()
        let ended = AtomicCounter()
        let first = try await producer([1, 2, 3], then: nil, counting: ended)
            .on(value: { _ in sent.increment() })
            .first()
        #expect(first == 1)
        #expect(sent.value == 1)
        #expect(ended.value == 1)
    }

    @Test func firstOfARunThatEndsWithoutAValueIsNil() async throws {
        #expect(try await producer([], then: .completed).first() == nil)
        #expect(try await producer([], then: .interrupted).first() == nil)
    }

    @Test func firstThrowsTheTypedFailure() async {
        var caught: TestError?
        do throws(TestError) {
            _ = try await producer([], then: .failed(TestError(code: 4))).first()
        } catch {
            caught = error
        }
        #expect(caught == TestError(code: 4))
    }

    @Test func firstOfANeverFailingProducerNeedsNoTry() async {
        #expect(await SignalProducer<String, Never>(values: "a", "b").first() == "a")
    }

    // MARK: - last()

    @Test func lastReturnsTheLastValueOnceTheRunCompletes() async throws {
        #expect(try await producer([1, 2, 3], then: .completed).last() == 3)
        #expect(try await producer([], then: .completed).last() == nil)
    }

    @Test func lastOfAnInterruptedRunIsNil() async throws {
        #expect(try await producer([1, 2], then: .interrupted).last() == nil)
    }

    @Test func lastThrowsTheTypedFailureEvenAfterValues() async {
        await #expect(throws: TestError(code: 5)) {
            try await producer([1, 2], then: .failed(TestError(code: 5))).last()
        }
    }

    // MARK: - collected()

    @Test func collectedReturnsEveryValueInOrderOnceTheRunCompletes() async throws {
        #expect(try await producer([1, 2, 3], then: .completed).collected() == [1, 2, 3])
    }

    @Test func collectedOfARunThatCompletesWithoutAValueIsEmpty() async throws {
        #expect(try await producer([], then: .completed).collected() == [])
    }

    @Test func collectedOfAnInterruptedRunIsNil() async throws {
        #expect(try await producer([1], then: .interrupted).collected() == nil)
    }

    @Test func collectedThrowsTheTypedFailure() async {
        await #expect(throws: TestError(code: 6)) {
            try await producer([1], then: .failed(TestError(code: 6))).collected()
        }
    }

    @Test func collectedWaitsForValuesInVirtualTime() async throws {
        let scheduler = TestScheduler()
        let collecting = Task {
            await SignalProducer<Int, Never>.interval(1, on: scheduler).take(first: 3).collected()
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 3)
        #expect(await collecting.value == [0, 1, 2])
        #expect(!scheduler.hasPendingWork)
    }

    // MARK: - waitUntilCompleted()

    @Test func waitUntilCompletedReportsCompletionAndInterruption() async throws {
        #expect(try await producer([1, 2], then: .completed).waitUntilCompleted())
        #expect(try await !producer([1, 2], then: .interrupted).waitUntilCompleted())
    }

    @Test func waitUntilCompletedThrowsTheTypedFailure() async {
        var caught: TestError?
        do throws(TestError) {
            try await producer([1], then: .failed(TestError(code: 8))).waitUntilCompleted()
        } catch {
            caught = error
        }
        #expect(caught == TestError(code: 8))
    }

    // MARK: - Cancellation

    @Test func cancellingTheAwaitingTaskEndsTheRunAndGivesNil() async throws {
        let ended = AtomicCounter()
        let started = Recorder<Bool>()
        let waiting = Task {
            try await producer([], then: nil, counting: ended).on(started: { started.append(true) }).first()
        }
        try #require(await yieldUntil { !started.entries.isEmpty })
        waiting.cancel()
        #expect(try await waiting.value == nil)
        #expect(ended.value == 1)
    }

    @MainActor
    @Test func cancellingATaskWaitingForCompletionEndsTheRunBeforeCancelReturns() async throws {
        let ended = AtomicCounter()
        let started = Recorder<Bool>()
        // On the main actor, the task runs from its start to its wait without
        // letting this test run in between.
        let waiting = Task { @MainActor in
            try await producer([1], then: nil, counting: ended).on(started: { started.append(true) }).waitUntilCompleted()
        }
        try #require(await yieldUntil { !started.entries.isEmpty })
        #expect(ended.value == 0)
        waiting.cancel()
        #expect(ended.value == 1)
        #expect(try await waiting.value == false)
    }

    @Test func cancellingATaskCollectingATimerStopsTheTimer() async throws {
        let scheduler = TestScheduler()
        let collecting = Task { await SignalProducer<Int, Never>.interval(1, on: scheduler).collected() }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 2)
        collecting.cancel()
        #expect(await collecting.value == nil)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func awaitingInACancelledTaskGivesNoAnswerAndEndsTheRun() async throws {
        let ended = AtomicCounter()
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await producer([], then: nil, counting: ended).last()
        }
        #expect(try await waiting.value == nil)
        #expect(ended.value == 1)
    }

    // MARK: - Signals

    @MainActor
    @Test func aSignalIsObservedBeforeTheAwaitingTaskFirstSuspends() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = Task { @MainActor in await signal.first() }
        // The task runs on the main actor until it waits, observing the signal.
        await Task.yield()
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(await first.value == 1)
    }

    @Test func signalFirstStopsObservingAfterTheFirstValue() async throws {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let received = Recorder<Int>()
        let first = Task { try await signal.on(value: { received.append($0) }).first() }
        try #require(await yieldUntil {
            input.send(value: 1)
            return !received.entries.isEmpty
        })
        #expect(try await first.value == 1)
        input.send(value: 2)
        #expect(received.entries == [1])
    }

    @MainActor
    @Test func signalAwaitingAnswersForWhatIsSentFromTheCallOn() async throws {
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.send(value: 0)
        let last = Task { @MainActor in try await signal.last() }
        let collected = Task { @MainActor in try await signal.collected() }
        let completed = Task { @MainActor in try await signal.waitUntilCompleted() }
        // Each task runs on the main actor until it waits, observing the signal.
        for _ in 0..<3 { await Task.yield() }
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(try await last.value == 2)
        #expect(try await collected.value == [1, 2])
        #expect(try await completed.value)
    }

    @Test func awaitingATerminatedSignalGivesNoAnswer() async throws {
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.sendCompleted()
        #expect(try await signal.first() == nil)
        #expect(try await signal.last() == nil)
        #expect(try await signal.collected() == nil)
        #expect(try await !signal.waitUntilCompleted())
    }

    @MainActor
    @Test func signalAwaitingThrowsTheTypedFailure() async {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let waiting = Task { @MainActor in try await signal.waitUntilCompleted() }
        let collecting = Task { @MainActor in try await signal.collected() }
        for _ in 0..<2 { await Task.yield() }
        input.send(value: 1)
        input.send(error: TestError(code: 9))
        await #expect(throws: TestError(code: 9)) { try await waiting.value }
        await #expect(throws: TestError(code: 9)) { try await collecting.value }
    }
}
