import Ripple
import Testing

@Suite struct TimeoutTests {
    private func timed(_ scheduler: TestScheduler, _ recorder: Recorder<String>) -> Signal<Int, TestError>.Observer {
        Signal.Observer { recorder.append("\(scheduler.currentDate.timeIntervalSinceReferenceDate) \($0)") }
    }

    @Test func timeoutForwardsAStreamThatTerminatesJustInTime() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.timeout(after: 2, raising: TestError(code: 1), on: scheduler).observe(timed(scheduler, recorder))
        input.send(value: 1)
        scheduler.advance(by: 1.999)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["0.0 VALUE 1", "1.999 COMPLETED"])
    }

    @Test func timeoutFailsAtTheDeadlineWhenTheStreamIsStillRunning() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.timeout(after: 2, raising: TestError(code: 1), on: scheduler).observe(timed(scheduler, recorder))
        input.send(value: 1)
        scheduler.advance(by: 1.999)
        #expect(recorder.entries == ["0.0 VALUE 1"])
        scheduler.advance(by: 0.001)
        #expect(recorder.entries == ["0.0 VALUE 1", "2.0 FAILED TestError(code: 1)"])
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.entries == ["0.0 VALUE 1", "2.0 FAILED TestError(code: 1)"])
    }

    @Test func timeoutForwardsAnEarlierFailure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder<String>()
        signal.timeout(after: 2, raising: TestError(code: 1), on: scheduler).observe(recorder.observer())
        input.send(error: TestError(code: 7))
        scheduler.run()
        #expect(recorder.entries == ["FAILED TestError(code: 7)"])
    }

    @Test func timeoutAcceptsADuration() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.timeout(after: .milliseconds(500), raising: TestError(code: 1), on: scheduler).observe(timed(scheduler, recorder))
        withExtendedLifetime(input) { scheduler.advance(by: .seconds(1)) }
        #expect(recorder.entries == ["0.5 FAILED TestError(code: 1)"])
    }

    @Test func timeoutOnAStreamThatCannotFailRaisesTheGivenErrorType() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let timed = signal.timeout(after: 1, raising: TestError(code: 3), on: scheduler)
        timed.observe(recorder.observer())
        let producer = SignalProducer<Int, Never>.never.timeout(after: .seconds(1), raising: TestError(code: 4), on: scheduler)
        producer.start(recorder.observer("producer "))
        withExtendedLifetime(input) { scheduler.advance(by: 1) }
        #expect(recorder.entries == ["FAILED TestError(code: 3)", "producer FAILED TestError(code: 4)"])
    }

    @Test func timedOutProducerRunIsStopped() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let source = SignalProducer<Int, TestError> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded {
                withExtendedLifetime(observer) { recorder.append("source ended") }
            }
        }
        source.timeout(after: 3, raising: TestError(code: 1), on: scheduler).start(timed(scheduler, recorder))
        scheduler.advance(by: 3)
        #expect(recorder.entries == ["0.0 VALUE 1", "3.0 FAILED TestError(code: 1)", "source ended"])
    }

    @Test func theDeadlineCountsFromEachRunsStart() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, TestError>.never.timeout(after: 2, raising: TestError(code: 1), on: scheduler)
        producer.start(timed(scheduler, recorder))
        scheduler.advance(by: 1)
        producer.start(timed(scheduler, recorder))
        scheduler.run()
        #expect(recorder.entries == ["2.0 FAILED TestError(code: 1)", "3.0 FAILED TestError(code: 1)"])
    }

    @Test func disposingATimeoutRunCancelsTheDeadline() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, TestError>.never
            .timeout(after: 2, raising: TestError(code: 1), on: scheduler)
            .start(recorder.observer())
        run.dispose()
        scheduler.run()
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    // MARK: - Fallback

    @Test func fallbackIsNotStartedWhenTheStreamTerminatesInTime() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let fallbackStarts = AtomicCounter()
        let fallback = SignalProducer<Int, TestError> { observer, _ in
            fallbackStarts.increment()
            observer.send(value: 99)
        }
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.timeout(after: 2, on: scheduler, fallback: fallback).observe(timed(scheduler, recorder))
        input.send(value: 1)
        scheduler.advance(by: 1.999)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["0.0 VALUE 1", "1.999 COMPLETED"])
        #expect(fallbackStarts.value == 0)
    }

    @Test func fallbackTakesOverAtTheDeadline() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let fallback = SignalProducer<Int, TestError>(values: 10, 11).delay(1, on: scheduler)
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.timeout(after: 2, on: scheduler, fallback: fallback).observe(timed(scheduler, recorder))
        input.send(value: 1)
        scheduler.advance(by: 2)
        input.send(value: 2)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["0.0 VALUE 1", "3.0 VALUE 10", "3.0 VALUE 11", "3.0 COMPLETED"])
    }

    @Test func fallbackFailureIsForwarded() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.timeout(after: .seconds(1), on: scheduler, fallback: SignalProducer(error: TestError(code: 5)))
            .observe(timed(scheduler, recorder))
        withExtendedLifetime(input) { scheduler.run() }
        #expect(recorder.entries == ["1.0 FAILED TestError(code: 5)"])
    }

    @Test func fallbackReplacesAProducerRunThatIsStopped() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let source = SignalProducer<Int, TestError> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded {
                withExtendedLifetime(observer) { recorder.append("source ended") }
            }
        }
        source.timeout(after: 3, on: scheduler, fallback: SignalProducer(value: 2))
            .start(timed(scheduler, recorder))
        scheduler.advance(by: 3)
        #expect(recorder.entries == ["0.0 VALUE 1", "source ended", "3.0 VALUE 2", "3.0 COMPLETED"])
    }

    @Test func disposingAFallbackRunStopsTheFallback() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let fallback = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime.observeEnded {
                withExtendedLifetime(observer) { recorder.append("fallback ended") }
            }
        }
        let run = SignalProducer<Int, TestError>.never
            .timeout(after: 1, on: scheduler, fallback: fallback)
            .start(recorder.observer())
        scheduler.advance(by: 1)
        #expect(recorder.entries.isEmpty)
        run.dispose()
        #expect(recorder.entries.contains("fallback ended"))
        #expect(recorder.entries.contains("INTERRUPTED"))
    }

    @Test func disposingBeforeTheDeadlineNeverStartsTheFallback() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let fallbackStarts = AtomicCounter()
        let fallback = SignalProducer<Int, TestError> { _, _ in fallbackStarts.increment() }
        let run = SignalProducer<Int, TestError>.never
            .timeout(after: 1, on: scheduler, fallback: fallback)
            .start(recorder.observer())
        run.dispose()
        scheduler.run()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(fallbackStarts.value == 0)
    }
}
