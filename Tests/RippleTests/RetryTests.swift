import Foundation
import Ripple
import Synchronization
import Testing

@Suite struct RetryTests {
    /// A producer that records the virtual time of each start, sends the attempt
    /// number, then fails, except the attempt numbered `succeedingAt`, which
    /// completes.
    private func attempts(
        on scheduler: TestScheduler,
        recordingIn starts: Recorder<TimeInterval>,
        succeedingAt success: Int = .max
    ) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, _ in
            starts.append(scheduler.currentDate.timeIntervalSinceReferenceDate)
            let attempt = starts.entries.count
            observer.send(value: attempt)
            if attempt == success { observer.sendCompleted() } else { observer.send(error: TestError(code: attempt)) }
        }
    }

    // MARK: - Fixed interval

    @Test func retryWaitsTheIntervalBeforeEachRestart() {
        let scheduler = TestScheduler()
        let starts = Recorder<TimeInterval>()
        let recorder = Recorder<String>()
        attempts(on: scheduler, recordingIn: starts)
            .retry(upTo: 2, interval: 3, on: scheduler)
            .start { recorder.append("\(scheduler.currentDate.timeIntervalSinceReferenceDate) \($0)") }
        #expect(starts.entries == [0])
        scheduler.advance(by: 2.999)
        #expect(starts.entries == [0])
        scheduler.advance(by: 0.001)
        #expect(starts.entries == [0, 3])
        scheduler.run()
        #expect(starts.entries == [0, 3, 6])
        #expect(recorder.entries == ["0.0 VALUE 1", "3.0 VALUE 2", "6.0 VALUE 3", "6.0 FAILED TestError(code: 3)"])
    }

    @Test func retryStopsRestartingOnceARunCompletes() {
        let scheduler = TestScheduler()
        let starts = Recorder<TimeInterval>()
        let recorder = Recorder<String>()
        attempts(on: scheduler, recordingIn: starts, succeedingAt: 2)
            .retry(upTo: 5, interval: .seconds(2), on: scheduler)
            .start(recorder.observer())
        scheduler.run()
        #expect(starts.entries == [0, 2])
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func retryUpToZeroForwardsTheFirstFailureAtOnce() {
        let scheduler = TestScheduler()
        let starts = Recorder<TimeInterval>()
        let recorder = Recorder<String>()
        attempts(on: scheduler, recordingIn: starts)
            .retry(upTo: 0, interval: 1, on: scheduler)
            .start(recorder.observer())
        #expect(recorder.entries == ["VALUE 1", "FAILED TestError(code: 1)"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func retryDoesNotRestartAnInterruptedRun() {
        let scheduler = TestScheduler()
        let starts = AtomicCounter()
        let producer = SignalProducer<Int, TestError> { observer, _ in
            starts.increment()
            observer.sendInterrupted()
        }
        #expect(events(of: producer.retry(upTo: 3, interval: 1, on: scheduler)) == ["INTERRUPTED"])
        scheduler.run()
        #expect(starts.value == 1)
    }

    @Test func disposingARunCancelsTheWaitingRestart() {
        let scheduler = TestScheduler()
        let starts = Recorder<TimeInterval>()
        let recorder = Recorder<String>()
        let run = attempts(on: scheduler, recordingIn: starts)
            .retry(upTo: 3, interval: 1, on: scheduler)
            .start(recorder.observer())
        scheduler.advance(by: 0.5)
        run.dispose()
        scheduler.run()
        #expect(starts.entries == [0])
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func eachRunOfTheResultCountsItsOwnRetries() {
        let scheduler = TestScheduler()
        let starts = AtomicCounter()
        let producer = SignalProducer<Int, TestError> { observer, _ in
            starts.increment()
            observer.send(error: TestError(code: 0))
        }
        .retry(upTo: 1, interval: 1, on: scheduler)
        let first = Recorder<String>()
        let second = Recorder<String>()
        producer.start(first.observer())
        scheduler.advance(by: 1)
        producer.start(second.observer())
        scheduler.advance(by: 1)
        #expect(first.entries == ["FAILED TestError(code: 0)"])
        #expect(second.entries == ["FAILED TestError(code: 0)"])
        #expect(starts.value == 4)
    }

    // MARK: - Backoff strategy

    @Test func exponentialDelaysGrowByTheMultiplier() {
        let backoff = RetryBackoff.exponential(initial: 0.5)
        #expect((1...5).map(backoff.delay(beforeRetry:)) == [0.5, 1, 2, 4, 8])
        let tripling = RetryBackoff.exponential(initial: 1, multiplier: 3)
        #expect((1...4).map(tripling.delay(beforeRetry:)) == [1, 3, 9, 27])
    }

    @Test func exponentialDelaysAreCappedAtTheMaximum() {
        let backoff = RetryBackoff.exponential(initial: 1, maximum: 5)
        #expect((1...6).map(backoff.delay(beforeRetry:)) == [1, 2, 4, 5, 5, 5])
        #expect(backoff.delay(beforeRetry: 10_000) == 5)
        #expect(RetryBackoff.exponential(initial: 1).delay(beforeRetry: 10_000) == .infinity)
        #expect(RetryBackoff.exponential(initial: 0).delay(beforeRetry: 10_000) == 0)
    }

    @Test func exponentialAcceptsDurations() {
        let backoff = RetryBackoff.exponential(initial: .milliseconds(250), maximum: .seconds(1))
        #expect((1...4).map(backoff.delay(beforeRetry:)) == [0.25, 0.5, 1, 1])
    }

    @Test func jitterShortensEachDelayByTheDrawnFraction() {
        let draws = Draws([0, 0.5, 0.999, 1])
        let backoff = RetryBackoff.exponential(initial: 2, maximum: 8, jitter: 0.5, random: draws.next)
        #expect(backoff.delay(beforeRetry: 1) == 2)              // 0 taken off
        #expect(backoff.delay(beforeRetry: 2) == 3)              // a quarter of 4 taken off
        #expect(abs(backoff.delay(beforeRetry: 3) - 4.004) < 1e-9)
        #expect(backoff.delay(beforeRetry: 4) == 4)              // half of the capped 8 taken off
    }

    @Test func jitterClampsRandomNumbersOutsideTheUnitRange() {
        let draws = Draws([-3, 7])
        let backoff = RetryBackoff.exponential(initial: 4, jitter: 1, random: draws.next)
        #expect(backoff.delay(beforeRetry: 1) == 4)
        #expect(backoff.delay(beforeRetry: 1) == 0)
    }

    @Test func jitterStaysWithinItsBoundsWithTheSystemGenerator() {
        let backoff = RetryBackoff.exponential(initial: 1, maximum: 16, jitter: 0.3)
        for retry in 1...8 {
            let full = min(pow(2, Double(retry - 1)), 16)
            for _ in 0..<200 {
                let delay = backoff.delay(beforeRetry: retry)
                #expect(delay <= full && delay >= full * 0.7, "retry \(retry): \(delay) outside \(full * 0.7)...\(full)")
            }
        }
    }

    @Test func retryWithBackoffWaitsTheGrowingDelays() {
        let scheduler = TestScheduler()
        let starts = Recorder<TimeInterval>()
        let recorder = Recorder<String>()
        attempts(on: scheduler, recordingIn: starts)
            .retry(upTo: 4, backoff: .exponential(initial: 1, maximum: 3), on: scheduler)
            .start(recorder.observer())
        scheduler.run()
        // Delays 1, 2, 3 (capped), 3 after each failure.
        #expect(starts.entries == [0, 1, 3, 6, 9])
        #expect(recorder.entries.last == "FAILED TestError(code: 5)")
    }

    @Test func retryWithJitteredBackoffWaitsTheDrawnDelays() {
        let scheduler = TestScheduler()
        let starts = Recorder<TimeInterval>()
        let draws = Draws([0.5, 0, 1])
        attempts(on: scheduler, recordingIn: starts)
            .retry(upTo: 3, backoff: .exponential(initial: 2, jitter: 1, random: draws.next), on: scheduler)
            .start()
        scheduler.run()
        // Delays 2 × 0.5, 4 × 1, 8 × 0 after each failure.
        #expect(starts.entries == [0, 1, 5, 5])
    }
}

/// A fixed sequence of "random" numbers, repeated.
private final class Draws: Sendable {
    private let values: [Double]
    private let index = Atomic<Int>(0)

    init(_ values: [Double]) {
        self.values = values
    }

    @Sendable func next() -> Double {
        values[index.wrappingAdd(1, ordering: .relaxed).oldValue % values.count]
    }
}
