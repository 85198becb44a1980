import Dispatch
import Foundation
import Ripple
import Testing

/// An interval as a caller writes it: seconds or a `Duration`.
enum Spelling: Sendable, CustomTestStringConvertible {
    case seconds(TimeInterval)
    case duration(Duration)

    var testDescription: String {
        switch self {
        case let .seconds(seconds): "\(seconds) s"
        case let .duration(duration): "\(duration)"
        }
    }
}

/// How far an interval reaches: what a test expects of it.
enum Reach: Sendable {
    /// 0: due at once.
    case now
    /// A nanosecond: due as soon as the clock moves that far.
    case tiny
    /// Infinite or too far for any clock: never due.
    case never
}

/// A valid time value, in one spelling.
struct TimeValue: Sendable, CustomTestStringConvertible {
    let spelling: Spelling
    let reach: Reach

    var testDescription: String { spelling.testDescription }

    /// 0 and -0.0 are no valid interval of repeating work.
    var isZero: Bool { reach == .now }

    static let all: [TimeValue] = [
        TimeValue(spelling: .seconds(0), reach: .now),
        TimeValue(spelling: .seconds(-0.0), reach: .now),
        TimeValue(spelling: .duration(.zero), reach: .now),
        TimeValue(spelling: .seconds(1e-9), reach: .tiny),
        TimeValue(spelling: .duration(.nanoseconds(1)), reach: .tiny),
        TimeValue(spelling: .seconds(1e11), reach: .never),
        TimeValue(spelling: .duration(.seconds(100_000_000_000)), reach: .never),
        TimeValue(spelling: .duration(.seconds(Int64.max)), reach: .never),
        TimeValue(spelling: .seconds(.infinity), reach: .never),
        TimeValue(spelling: .seconds(.greatestFiniteMagnitude), reach: .never),
    ]
}

/// A time operator, started with one interval on one scheduler: what it sends
/// before its interval has passed, and once it has.
struct TimeOperator: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Whether the interval is that of repeating work, which must be positive.
    let isRepeating: Bool
    let before: [String]
    let after: [String]
    /// Starts the operator, records what it sends, and returns its disposable.
    let start: @Sendable (Spelling, any DateScheduler, Recorder<String>) -> any Disposable

    static let all: [TimeOperator] = [
        TimeOperator(testDescription: "delay", isRepeating: false, before: [], after: ["VALUE 1"]) { spelling, scheduler, recorder in
            let (signal, input) = Signal<Int, Never>.pipe()
            let delayed = switch spelling {
            case let .seconds(seconds): signal.delay(seconds, on: scheduler)
            case let .duration(duration): signal.delay(duration, on: scheduler)
            }
            let observation = observe(delayed, with: recorder, keeping: input)
            input.send(value: 1)
            return observation
        },
        TimeOperator(testDescription: "timeout raising", isRepeating: false, before: [], after: ["FAILED failed"]) { spelling, scheduler, recorder in
            let producer = SignalProducer<Int, Never>.never
            return switch spelling {
            case let .seconds(seconds): producer.timeout(after: seconds, raising: WorkError.failed, on: scheduler).start(recorder.observer())
            case let .duration(duration): producer.timeout(after: duration, raising: WorkError.failed, on: scheduler).start(recorder.observer())
            }
        },
        TimeOperator(testDescription: "timeout with a fallback", isRepeating: false, before: [], after: ["VALUE 9", "COMPLETED"]) { spelling, scheduler, recorder in
            let producer = SignalProducer<Int, Never>.never
            let fallback = SignalProducer<Int, Never>(value: 9)
            return switch spelling {
            case let .seconds(seconds): producer.timeout(after: seconds, on: scheduler, fallback: fallback).start(recorder.observer())
            case let .duration(duration): producer.timeout(after: duration, on: scheduler, fallback: fallback).start(recorder.observer())
            }
        },
        TimeOperator(testDescription: "debounce", isRepeating: false, before: [], after: ["VALUE 1"]) { spelling, scheduler, recorder in
            let (signal, input) = Signal<Int, Never>.pipe()
            let debounced = switch spelling {
            case let .seconds(seconds): signal.debounce(seconds, on: scheduler)
            case let .duration(duration): signal.debounce(duration, on: scheduler)
            }
            let observation = observe(debounced, with: recorder, keeping: input)
            input.send(value: 1)
            return observation
        },
        // The first value goes out at once whatever the interval; the second, sent
        // once the first is out, waits for the interval.
        TimeOperator(testDescription: "throttle", isRepeating: false, before: ["VALUE 1"], after: ["VALUE 1", "VALUE 2"]) { spelling, scheduler, recorder in
            let (signal, input) = Signal<Int, Never>.pipe()
            let throttled = switch spelling {
            case let .seconds(seconds): signal.throttle(seconds, on: scheduler)
            case let .duration(duration): signal.throttle(duration, on: scheduler)
            }
            let observation = observe(throttled, with: recorder, keeping: input)
            input.send(value: 1)
            scheduler.schedule { input.send(value: 2) }
            return observation
        },
        TimeOperator(testDescription: "collect(every:)", isRepeating: true, before: [], after: ["VALUE [1]", "COMPLETED"]) { spelling, scheduler, recorder in
            let (signal, input) = Signal<Int, Never>.pipe()
            let collected = switch spelling {
            case let .seconds(seconds): signal.collect(every: seconds, on: scheduler, skipEmpty: true)
            case let .duration(duration): signal.collect(every: duration, on: scheduler, skipEmpty: true)
            }
            let observation = observe(collected.take(first: 1), with: recorder, keeping: input)
            input.send(value: 1)
            return observation
        },
        TimeOperator(testDescription: "timer", isRepeating: true, before: [], after: ["VALUE tick", "COMPLETED"]) { spelling, scheduler, recorder in
            let timer = switch spelling {
            case let .seconds(seconds): SignalProducer.timer(interval: seconds, on: scheduler)
            case let .duration(duration): SignalProducer.timer(interval: duration, on: scheduler)
            }
            return timer.take(first: 1).map { _ in "tick" }.start(recorder.observer())
        },
        TimeOperator(testDescription: "interval", isRepeating: true, before: [], after: ["VALUE 0", "COMPLETED"]) { spelling, scheduler, recorder in
            let ticks = switch spelling {
            case let .seconds(seconds): SignalProducer.interval(seconds, on: scheduler)
            case let .duration(duration): SignalProducer.interval(duration, on: scheduler)
            }
            return ticks.take(first: 1).start(recorder.observer())
        },
        TimeOperator(testDescription: "retry(upTo:interval:)", isRepeating: false, before: [], after: ["VALUE 1", "COMPLETED"]) { spelling, scheduler, recorder in
            let flaky = failingOnce()
            return switch spelling {
            case let .seconds(seconds): flaky.retry(upTo: 1, interval: seconds, on: scheduler).start(recorder.observer())
            case let .duration(duration): flaky.retry(upTo: 1, interval: duration, on: scheduler).start(recorder.observer())
            }
        },
        TimeOperator(testDescription: "retry(upTo:backoff:)", isRepeating: false, before: [], after: ["VALUE 1", "COMPLETED"]) { spelling, scheduler, recorder in
            let backoff = switch spelling {
            case let .seconds(seconds): RetryBackoff.exponential(initial: seconds)
            case let .duration(duration): RetryBackoff.exponential(initial: duration)
            }
            return failingOnce().retry(upTo: 1, backoff: backoff, on: scheduler).start(recorder.observer())
        },
    ]

    /// Observes `signal` with `recorder`; the disposable keeps the signal and the
    /// input of its source alive until it is disposed.
    static func observe<Value>(
        _ signal: Signal<Value, Never>,
        with recorder: Recorder<String>,
        keeping input: Signal<Int, Never>.Observer
    ) -> any Disposable {
        let observation = signal.observe(recorder.observer())
        return AnyDisposable {
            withExtendedLifetime((signal, input)) { observation?.dispose() }
        }
    }

    /// A producer whose first run fails and whose later runs send 1 and complete.
    static func failingOnce() -> SignalProducer<Int, WorkError> {
        let runs = AtomicCounter()
        return SignalProducer { observer, _ in
            if runs.increment() == 1 {
                observer.send(error: .failed)
            } else {
                observer.send(value: 1)
                observer.sendCompleted()
            }
        }
    }

    /// The pairs of operator and value to test: repeating work takes no zero.
    static var cases: [(TimeOperator, TimeValue)] {
        all.flatMap { timeOperator in
            TimeValue.all.filter { !(timeOperator.isRepeating && $0.isZero) }.map { (timeOperator, $0) }
        }
    }

    /// The pairs to test on a real queue. A timeout's deadline is scheduled when
    /// its signal is made, so with 0 or a nanosecond the queue can send the
    /// timeout before the producer's observer is attached, which then sees
    /// `interrupted`: that race is not the subject here.
    static var queueCases: [(TimeOperator, TimeValue)] {
        cases.filter { timeOperator, value in
            !(timeOperator.testDescription.hasPrefix("timeout") && value.reach != .never)
        }
    }
}

/// Every time operator and scheduler with 0, tiny, huge and infinite intervals, in
/// both spellings: 0 is now, tiny is as soon as the clock moves, huge and infinite
/// are never — nothing crashes or hangs.
@Suite struct TimeValueTests {
    @Test(arguments: TimeOperator.cases)
    func onTheTestSchedulerAnIntervalReachesAsFarAsItSays(_ timeOperator: TimeOperator, _ value: TimeValue) {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let disposable = timeOperator.start(value.spelling, scheduler, recorder)
        scheduler.advance()
        switch value.reach {
        case .now:
            #expect(recorder.entries == timeOperator.after)
        case .tiny:
            #expect(recorder.entries == timeOperator.before)
            scheduler.advance(by: .nanoseconds(1))
            #expect(recorder.entries == timeOperator.after)
        case .never:
            scheduler.advance(by: 1_000_000)
            #expect(recorder.entries == timeOperator.before)
            scheduler.run()
            #expect(recorder.entries == timeOperator.before)
            #expect(!scheduler.hasPendingWork)
        }
        disposable.dispose()
    }

    @Test(arguments: TimeOperator.queueCases)
    func onAQueueSchedulerAnIntervalReachesAsFarAsItSays(_ timeOperator: TimeOperator, _ value: TimeValue) {
        let scheduler = QueueScheduler(name: "ripple.tests.time-values")
        let recorder = Recorder<String>()
        let disposable = timeOperator.start(value.spelling, scheduler, recorder)
        switch value.reach {
        case .now, .tiny:
            #expect(settles(within: 5) { recorder.entries == timeOperator.after }, "\(recorder.entries)")
        case .never:
            #expect(Self.drain(scheduler))
            #expect(recorder.entries == timeOperator.before)
        }
        disposable.dispose()
    }

    /// Schedules a marker after everything already on `scheduler` and waits for it.
    static func drain(_ scheduler: QueueScheduler) -> Bool {
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule { done.signal() }
        return done.wait(timeout: .now() + 5) == .success
    }

    @Test func advanceByInfinityRunsAllTheWorkAndMovesTheClockToTheDistantFuture() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer.timer(interval: 1, on: scheduler).take(first: 3).map { _ in scheduler.virtualTime }.start(recorder.observer())
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 1e9)) { recorder.append("late") }
        scheduler.advance(by: .infinity)
        #expect(recorder.entries == ["VALUE 1.0", "VALUE 2.0", "VALUE 3.0", "COMPLETED", "late"])
        #expect(scheduler.currentDate == .distantFuture)
    }

    @Test func aDelayThatNeverEndsInterruptsOnceItsSourceHasCompleted() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer<Int, Never>(value: 1).delay(.infinity, on: scheduler).start(recorder.observer())
        scheduler.run()
        // Nothing holds the work due never, and nothing else can send any more.
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func workScheduledAtTheDistantFutureNeverRuns() {
        let scheduler = TestScheduler()
        var ran = false
        scheduler.schedule(after: .distantFuture) { ran = true }
        #expect(!scheduler.hasPendingWork)
        scheduler.advance(to: .distantFuture)
        scheduler.run()
        #expect(!ran)
    }

    @Test func repeatingWorkWithAnInfiniteIntervalRunsOnce() {
        let scheduler = TestScheduler()
        var runs = 0
        let repeating = scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 1), interval: .infinity) { runs += 1 }
        scheduler.run()
        #expect(runs == 1)
        #expect(!scheduler.hasPendingWork)
        repeating?.dispose()
    }

    @Test func aTinyIntervalStillMovesTheClockAtAnEpochWhereItIsBelowThePrecisionOfDates() {
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let scheduler = TestScheduler(startDate: start)
        let recorder = Recorder<String>()
        SignalProducer.timer(interval: 1e-9, on: scheduler).take(first: 3).map { _ in "tick" }.start(recorder.observer())
        scheduler.advance(by: 1)
        #expect(recorder.entries == ["VALUE tick", "VALUE tick", "VALUE tick", "COMPLETED"])
        #expect(scheduler.currentDate == start.addingTimeInterval(1))
    }

    @Test func anInfiniteAsyncTimerNeverTicksAndRunReturns() async {
        let scheduler = TestScheduler()
        let ticks = Recorder<Date>()
        let consumer = Task {
            for await date in scheduler.timer(interval: .infinity) { ticks.append(date) }
        }
        await scheduler.run()
        await scheduler.advance(by: .infinity)
        #expect(ticks.entries.isEmpty)
        #expect(!scheduler.hasPendingWork)
        consumer.cancel()
        await consumer.value
    }

    @Test func sleepingForAnInfiniteIntervalLastsUntilCancelled() async {
        let scheduler = TestScheduler()
        let sleeper = Task { try await scheduler.sleep(for: .infinity) }
        await scheduler.advance(by: .infinity)
        #expect(!scheduler.hasPendingWork)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func sleepingForANegativeIntervalWakesAtTheNextAdvance() async throws {
        let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 10))
        let sleeper = Task { try await scheduler.sleep(for: -5) }
        await scheduler.advance()
        try await sleeper.value
        #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 10))
    }

    @Test(arguments: [0, 1e-9, 1e9, .infinity, .greatestFiniteMagnitude] as [TimeInterval])
    func queueSchedulerTakesAnyLeewayOfZeroOrMore(_ leeway: TimeInterval) {
        let scheduler = QueueScheduler(name: "ripple.tests.leeway")
        let ran = DispatchSemaphore(value: 0)
        let repeating = scheduler.schedule(after: Date(), interval: 0.001, leeway: leeway) { ran.signal() }
        #expect(ran.wait(timeout: .now() + 5) == .success)
        repeating?.dispose()
    }

    @Test func queueSchedulerRunsRepeatingWorkWithAHugeIntervalOnce() {
        let scheduler = QueueScheduler(name: "ripple.tests.huge-interval")
        let runs = AtomicCounter()
        let repeating = scheduler.schedule(after: Date(), interval: 1e11) { runs.increment() }
        #expect(settles(within: 5) { runs.value == 1 })
        #expect(Self.drain(scheduler))
        #expect(runs.value == 1)
        repeating?.dispose()
    }

    @Test func backoffDelaysAreNeverNaN() {
        let instant = RetryBackoff.exponential(initial: 0, multiplier: .infinity)
        #expect(instant.delay(beforeRetry: 3) == 0)
        let endless = RetryBackoff.exponential(initial: .infinity, jitter: 1, random: { 1 })
        #expect(endless.delay(beforeRetry: 1) == .infinity)
        let steep = RetryBackoff.exponential(initial: 1, multiplier: .infinity, jitter: 1, random: { 1 })
        #expect(steep.delay(beforeRetry: 2) == .infinity)
    }
}
