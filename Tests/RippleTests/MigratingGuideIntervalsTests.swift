import Foundation
import Ripple
import Testing

// The Migrating from ReactiveSwift article, "Intervals are `TimeInterval` seconds or
// `Duration`, not `DispatchTimeInterval`", and the table rows on
// `SignalProducer.interval(_:interval:on:)` and `TestScheduler.schedule(after:)`: every
// call that takes an interval does the same in virtual time with `2` and with
// `.seconds(2)`. The clause "a NaN or negative interval stops with a precondition
// failure naming the call" is checked, call by call, in exit tests by
// TimeValuePreconditionTests.

@Suite struct MigratingGuideIntervalsTests {
    /// The timed events of `operate` applied to a producer that sends 1 at once,
    /// 2 after 0.5 s, 3 after 3 s and completes after 9 s (`2.5 VALUE 2`).
    private func timeline<U>(
        _ operate: (SignalProducer<Int, TestError>, TestScheduler) -> SignalProducer<U, TestError>
    ) -> [String] {
        let scheduler = TestScheduler()
        let source = SignalProducer<Int, TestError> { observer, lifetime in
            observer.send(value: 1)
            lifetime += scheduler.schedule(after: 0.5) { observer.send(value: 2) }
            lifetime += scheduler.schedule(after: 3) { observer.send(value: 3) }
            lifetime += scheduler.schedule(after: 9) { observer.sendCompleted() }
        }
        let recorder = Recorder<String>()
        operate(source, scheduler).start(recorder.timedObserver(on: scheduler))
        scheduler.advance(by: 30)
        return recorder.entries
    }

    /// The timed events of `operate` applied to a signal that sends what the source
    /// of the producer form above sends, at the same times.
    private func timeline<U>(
        _ operate: (Signal<Int, TestError>, TestScheduler) -> Signal<U, TestError>
    ) -> [String] {
        let scheduler = TestScheduler()
        let (source, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder<String>()
        operate(source, scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.schedule(after: 0.5) { input.send(value: 2) }
        scheduler.schedule(after: 3) { input.send(value: 3) }
        scheduler.schedule(after: 9) { input.sendCompleted() }
        scheduler.advance(by: 30)
        return recorder.entries
    }

    /// The timed values a run of the producer `make` returns sends in its first
    /// 7 seconds.
    private func ticks<V>(_ make: (TestScheduler) -> SignalProducer<V, Never>) -> [String] {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = make(scheduler).start(recorder.timedObserver(on: scheduler))
        scheduler.advance(by: 7)
        let entries = recorder.entries
        run.dispose()
        return entries
    }

    // MARK: Each operator takes either

    // "Every time operator … take either": delay
    @Test func delayTakesSecondsOrADuration() {
        let expected = ["2.0 VALUE 1", "2.5 VALUE 2", "5.0 VALUE 3", "11.0 COMPLETED"]
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.delay(2, on: s) } == expected)
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.delay(.seconds(2), on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.delay(2, on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.delay(.seconds(2), on: s) } == expected)
    }

    // "Every time operator … take either": throttle
    @Test func throttleTakesSecondsOrADuration() {
        let expected = ["0.0 VALUE 1", "2.0 VALUE 2", "4.0 VALUE 3", "9.0 COMPLETED"]
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.throttle(2, on: s) } == expected)
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.throttle(.seconds(2), on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.throttle(2, on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.throttle(.seconds(2), on: s) } == expected)
    }

    // "Every time operator … take either": debounce
    @Test func debounceTakesSecondsOrADuration() {
        let expected = ["2.5 VALUE 2", "5.0 VALUE 3", "9.0 COMPLETED"]
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.debounce(2, on: s) } == expected)
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.debounce(.seconds(2), on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.debounce(2, on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.debounce(.seconds(2), on: s) } == expected)
    }

    // "Every time operator … take either": timeout(after:raising:on:)
    @Test func timeoutRaisingTakesSecondsOrADuration() {
        let late = TestError(code: 0)
        let expected = ["0.0 VALUE 1", "0.5 VALUE 2", "2.0 FAILED TestError(code: 0)"]
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.timeout(after: 2, raising: late, on: s) } == expected)
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.timeout(after: .seconds(2), raising: late, on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.timeout(after: 2, raising: late, on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.timeout(after: .seconds(2), raising: late, on: s) } == expected)
    }

    // "Every time operator … take either": timeout(after:on:fallback:)
    @Test func timeoutWithAFallbackTakesSecondsOrADuration() {
        let fallback = SignalProducer<Int, TestError>(value: 9)
        let expected = ["0.0 VALUE 1", "0.5 VALUE 2", "2.0 VALUE 9", "2.0 COMPLETED"]
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.timeout(after: 2, on: s, fallback: fallback) } == expected)
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.timeout(after: .seconds(2), on: s, fallback: fallback) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.timeout(after: 2, on: s, fallback: fallback) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.timeout(after: .seconds(2), on: s, fallback: fallback) } == expected)
    }

    // "Every time operator … take either": collect(every:on:)
    @Test func collectEveryTakesSecondsOrADuration() {
        let expected = ["2.0 VALUE [1, 2]", "4.0 VALUE [3]", "6.0 VALUE []", "8.0 VALUE []", "9.0 COMPLETED"]
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.collect(every: 2, on: s) } == expected)
        #expect(timeline { (p: SignalProducer<Int, TestError>, s) in p.collect(every: .seconds(2), on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.collect(every: 2, on: s) } == expected)
        #expect(timeline { (p: Signal<Int, TestError>, s) in p.collect(every: .seconds(2), on: s) } == expected)
    }

    // "Every time operator … take either": retry(upTo:interval:on:)
    @Test func retryTakesSecondsOrADuration() {
        func attempts(_ retrying: (SignalProducer<Int, TestError>, TestScheduler) -> SignalProducer<Int, TestError>) -> [String] {
            let scheduler = TestScheduler()
            let starts = Recorder<Int>()
            let failing = SignalProducer<Int, TestError> { observer, _ in
                starts.append(1)
                let attempt = starts.entries.count
                observer.send(value: attempt)
                observer.send(error: TestError(code: attempt))
            }
            let recorder = Recorder<String>()
            retrying(failing, scheduler).start(recorder.timedObserver(on: scheduler))
            scheduler.advance(by: 30)
            return recorder.entries
        }
        let expected = ["0.0 VALUE 1", "2.0 VALUE 2", "4.0 VALUE 3", "4.0 FAILED TestError(code: 3)"]
        #expect(attempts { $0.retry(upTo: 2, interval: 2, on: $1) } == expected)
        #expect(attempts { $0.retry(upTo: 2, interval: .seconds(2), on: $1) } == expected)
    }

    // "`SignalProducer.timer(interval:on:)` … take either"
    @Test func timerTakesSecondsOrADuration() {
        let expected = ["2.0 VALUE 2.0", "4.0 VALUE 4.0", "6.0 VALUE 6.0"]
        #expect(ticks { SignalProducer.timer(interval: 2, on: $0).map(\.timeIntervalSinceReferenceDate) } == expected)
        #expect(ticks { SignalProducer.timer(interval: .seconds(2), on: $0).map(\.timeIntervalSinceReferenceDate) } == expected)
    }

    // "`SignalProducer.interval(_:interval:on:)` … take either" (and `interval(_:on:)`, its form over 0, 1, 2, …)
    @Test func intervalTakesSecondsOrADuration() {
        let counted = ["2.0 VALUE 0", "4.0 VALUE 1", "6.0 VALUE 2"]
        #expect(ticks { SignalProducer.interval(2, on: $0) } == counted)
        #expect(ticks { SignalProducer.interval(.seconds(2), on: $0) } == counted)
        let listed = ["2.0 VALUE a", "4.0 VALUE b", "6.0 COMPLETED"]
        #expect(ticks { SignalProducer.interval(["a", "b"], interval: 2, on: $0) } == listed)
        #expect(ticks { SignalProducer.interval(["a", "b"], interval: .seconds(2), on: $0) } == listed)
    }

    // Table: "`SignalProducer.interval(_ values:interval:on:)` | the same | With a `TimeInterval` or `Duration` interval"
    @Test func intervalOverValuesSendsOneAnIntervalAndCompletesOnTheTickAfterTheLast() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer.interval("abc", interval: .seconds(1), on: scheduler).start(recorder.timedObserver(on: scheduler))
        scheduler.advance(by: 0.5)
        #expect(recorder.entries == [])
        scheduler.advance(by: 10)
        #expect(recorder.entries == ["1.0 VALUE a", "2.0 VALUE b", "3.0 VALUE c", "4.0 COMPLETED"])
    }

    // "`TestScheduler.advance(by:)` … take either"
    @Test func testSchedulerAdvanceByTakesSecondsOrADuration() {
        let scheduler = TestScheduler()
        let ran = Recorder<String>()
        for second in 1...2 {
            scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: Double(second))) { ran.append("\(second)") }
        }
        scheduler.advance(by: 1)
        #expect(ran.entries == ["1"])
        scheduler.advance(by: .seconds(1))
        #expect(ran.entries == ["1", "2"])
        #expect(scheduler.virtualTime == 2)
    }

    // "`TestScheduler.advance(by:)` … take either" (its async form)
    @Test func testSchedulerAsyncAdvanceByTakesSecondsOrADuration() async {
        let scheduler = TestScheduler()
        let ran = Recorder<String>()
        for second in 1...2 {
            scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: Double(second))) { ran.append("\(second)") }
        }
        await scheduler.advance(by: 1)
        #expect(ran.entries == ["1"])
        await scheduler.advance(by: .seconds(1))
        #expect(ran.entries == ["1", "2"])
        #expect(scheduler.virtualTime == 2)
    }

    // "`TestScheduler.schedule(after:)` with a relative delay … take either"; table: "the same, with a `TimeInterval` or `Duration` delay"
    @Test func testSchedulerScheduleAfterARelativeDelayTakesSecondsOrADuration() {
        let scheduler = TestScheduler()
        let ran = Recorder<String>()
        scheduler.advance(by: 10)
        scheduler.schedule(after: 2) { ran.append("seconds at \(scheduler.virtualTime)") }
        scheduler.schedule(after: .seconds(3)) { ran.append("duration at \(scheduler.virtualTime)") }
        scheduler.advance(by: 1.5)
        #expect(ran.entries == [])
        scheduler.advance(by: 5)
        #expect(ran.entries == ["seconds at 12.0", "duration at 13.0"])
    }

    // MARK: The common spellings port unchanged

    // "`.seconds(2)`, `.milliseconds(500)`, `.microseconds(…)`, `.nanoseconds(…)`"
    @Test func dispatchsCommonSpellingsAreDurations() {
        let delayedBy = { (interval: Duration) in
            self.timeline { (p: SignalProducer<Int, TestError>, s) in p.delay(interval, on: s) }
        }
        let delayedBySeconds = { (interval: TimeInterval) in
            self.timeline { (p: SignalProducer<Int, TestError>, s) in p.delay(interval, on: s) }
        }
        #expect(delayedBy(.milliseconds(500)) == ["0.5 VALUE 1", "1.0 VALUE 2", "3.5 VALUE 3", "9.5 COMPLETED"])
        #expect(delayedBy(.seconds(2)) == delayedBySeconds(2))
        #expect(delayedBy(.milliseconds(500)) == delayedBySeconds(0.5))
        #expect(delayedBy(.microseconds(1_500_000)) == delayedBySeconds(1.5))
        #expect(delayedBy(.nanoseconds(250_000_000)) == delayedBySeconds(0.25))
    }

    // MARK: .infinity means never

    // "`DispatchTimeInterval.never` becomes `.infinity` (an infinite or huge interval means never: the work is not scheduled at all)"
    @Test func anInfiniteOrHugeDelayOrDeadlineIsNeverScheduled() {
        for interval in [TimeInterval.infinity, 1e15] {
            let scheduler = TestScheduler()
            let seen = Recorder<String>()
            let (signal, input) = Signal<Int, TestError>.pipe()
            signal.delay(interval, on: scheduler).observe(seen.observer("delay "))
            signal.debounce(interval, on: scheduler).observe(seen.observer("debounce "))
            signal.timeout(after: interval, raising: TestError(code: 1), on: scheduler).observe(seen.observer("timeout "))
            signal.timeout(after: interval, on: scheduler, fallback: .empty).observe(seen.observer("fallback "))
            signal.throttle(interval, on: scheduler).observe(seen.observer("throttle "))
            signal.collect(every: interval, on: scheduler).observe(seen.observer("collect "))
            input.send(value: 1)
            scheduler.run()
            input.send(value: 2)
            #expect(!scheduler.hasPendingWork)
            scheduler.run()
            let expected = ["fallback VALUE 1", "fallback VALUE 2", "throttle VALUE 1", "timeout VALUE 1", "timeout VALUE 2"]
            #expect(seen.entries.sorted() == expected)
        }
    }

    // "an infinite or huge interval means never: the work is not scheduled at all" (timers, retries, schedule(after:), and a huge `Duration`)
    @Test func anInfiniteOrHugeIntervalNeverTicksNorRetries() {
        let scheduler = TestScheduler()
        let seen = Recorder<String>()
        let runs = [
            SignalProducer.timer(interval: .infinity, on: scheduler).map { _ in "tick" }.start(seen.observer("timer ")),
            SignalProducer.interval(.seconds(Int64.max), on: scheduler).map { "\($0)" }.start(seen.observer("interval ")),
            SignalProducer<String, TestError>(error: TestError(code: 1))
                .retry(upTo: 1, interval: .infinity, on: scheduler)
                .start(seen.observer("retry ")),
        ]
        scheduler.schedule(after: .infinity) { seen.append("scheduled") }
        scheduler.schedule(after: .seconds(Int64.max)) { seen.append("scheduled") }
        #expect(!scheduler.hasPendingWork)
        scheduler.run()
        #expect(seen.entries == [])
        runs.forEach { $0.dispose() }
    }
}
