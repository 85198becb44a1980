import Foundation
import Ripple
import Testing

/// A call given a time value it must refuse, and what its precondition message
/// must name.
struct RefusedTimeValue: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Fragments of the message: the call and the value.
    let message: [String]
    let body: @Sendable () async -> Void

    init(_ description: String, _ message: String..., body: @escaping @Sendable () async -> Void) {
        testDescription = description
        self.message = message
        self.body = body
    }

    static let all: [RefusedTimeValue] = [
        RefusedTimeValue("delay NaN", "delay(_:on:)", "nan") {
            _ = Signal<Int, Never>.never.delay(.nan, on: TestScheduler())
        },
        RefusedTimeValue("delay -1 s", "delay(_:on:)", "-1.0") {
            _ = SignalProducer<Int, Never>.never.delay(-1, on: QueueScheduler())
        },
        RefusedTimeValue("delay -1 ms", "delay(_:on:)", "-0.001") {
            _ = Signal<Int, Never>.never.delay(.milliseconds(-1), on: TestScheduler())
        },
        RefusedTimeValue("timeout raising NaN", "timeout(after:raising:on:)", "nan") {
            _ = Signal<Int, WorkError>.never.timeout(after: .nan, raising: .failed, on: QueueScheduler())
        },
        RefusedTimeValue("timeout raising -1 s", "timeout(after:raising:on:)", "-1.0") {
            _ = Signal<Int, Never>.never.timeout(after: .seconds(-1), raising: WorkError.failed, on: TestScheduler())
        },
        RefusedTimeValue("timeout with a fallback NaN", "timeout(after:on:fallback:)", "nan") {
            _ = Signal<Int, Never>.never.timeout(after: .nan, on: TestScheduler(), fallback: .empty)
        },
        RefusedTimeValue("timeout with a fallback -2 s", "timeout(after:on:fallback:)", "-2.0") {
            _ = Signal<Int, Never>.never.timeout(after: .seconds(-2), on: QueueScheduler(), fallback: .empty)
        },
        RefusedTimeValue("debounce NaN", "debounce(_:on:discardWhenCompleted:)", "nan") {
            _ = Signal<Int, Never>.never.debounce(.nan, on: QueueScheduler())
        },
        RefusedTimeValue("debounce -1 s", "debounce(_:on:discardWhenCompleted:)", "-1.0") {
            _ = SignalProducer<Int, Never>.never.debounce(.seconds(-1), on: TestScheduler())
        },
        RefusedTimeValue("throttle NaN", "throttle(_:on:)", "nan") {
            _ = Signal<Int, Never>.never.throttle(.nan, on: TestScheduler())
        },
        RefusedTimeValue("throttle -1 s", "throttle(_:on:)", "-1.0") {
            _ = Signal<Int, Never>.never.throttle(.seconds(-1), on: QueueScheduler())
        },
        RefusedTimeValue("collect(every:) NaN", "collect(every:on:skipEmpty:discardWhenCompleted:)", "nan") {
            _ = Signal<Int, Never>.never.collect(every: .nan, on: TestScheduler())
        },
        RefusedTimeValue("collect(every:) 0", "collect(every:on:skipEmpty:discardWhenCompleted:)", "positive", "0.0") {
            _ = Signal<Int, Never>.never.collect(every: .zero, on: QueueScheduler())
        },
        RefusedTimeValue("collect(every:) -1 s", "collect(every:on:skipEmpty:discardWhenCompleted:)", "-1.0") {
            _ = SignalProducer<Int, Never>.never.collect(every: -1, on: TestScheduler())
        },
        RefusedTimeValue("timer NaN", "timer(interval:on:leeway:)", "nan") {
            _ = SignalProducer.timer(interval: .nan, on: QueueScheduler())
        },
        RefusedTimeValue("timer -0.0", "timer(interval:on:leeway:)", "-0.0") {
            _ = SignalProducer.timer(interval: -0.0, on: TestScheduler())
        },
        RefusedTimeValue("timer 0", "timer(interval:on:leeway:)", "0.0") {
            _ = SignalProducer.timer(interval: .zero, on: TestScheduler())
        },
        RefusedTimeValue("timer leeway -1 s", "timer(interval:on:leeway:)", "leeway", "-1.0") {
            _ = SignalProducer.timer(interval: 1, on: QueueScheduler(), leeway: -1)
        },
        RefusedTimeValue("timer leeway NaN", "timer(interval:on:leeway:)", "leeway", "nan") {
            _ = SignalProducer.timer(interval: 1, on: QueueScheduler(), leeway: .nan)
        },
        RefusedTimeValue("test scheduler relative delay -1 s", "TestScheduler.schedule(after:action:)", "delay", "-1.0") {
            TestScheduler().schedule(after: -1) {}
        },
        RefusedTimeValue("test scheduler relative delay NaN", "TestScheduler.schedule(after:action:)", "delay", "nan") {
            TestScheduler().schedule(after: Double.nan) {}
        },
        RefusedTimeValue("interval of values 0", "interval(_:interval:on:leeway:)", "0.0") {
            _ = SignalProducer.interval([1], interval: 0, on: TestScheduler())
        },
        RefusedTimeValue("interval NaN", "interval(_:on:leeway:)", "nan") {
            _ = SignalProducer.interval(.nan, on: TestScheduler())
        },
        RefusedTimeValue("interval -1 s", "interval(_:on:leeway:)", "-1.0") {
            _ = SignalProducer.interval(.seconds(-1), on: QueueScheduler())
        },
        RefusedTimeValue("interval leeway -1 ms", "interval(_:on:leeway:)", "leeway", "-0.001") {
            _ = SignalProducer.interval(.seconds(1), on: QueueScheduler(), leeway: .milliseconds(-1))
        },
        RefusedTimeValue("retry(upTo:interval:) NaN", "retry(upTo:interval:on:)", "nan") {
            _ = SignalProducer<Int, WorkError>.never.retry(upTo: 1, interval: .nan, on: QueueScheduler())
        },
        RefusedTimeValue("retry(upTo:interval:) -1 s", "retry(upTo:interval:on:)", "-1.0") {
            _ = SignalProducer<Int, WorkError>.never.retry(upTo: 1, interval: .seconds(-1), on: TestScheduler())
        },
        RefusedTimeValue("backoff initial NaN", "RetryBackoff.exponential", "initial delay", "nan") {
            _ = RetryBackoff.exponential(initial: .nan)
        },
        RefusedTimeValue("backoff initial -1 s", "RetryBackoff.exponential", "initial delay", "-1.0") {
            _ = RetryBackoff.exponential(initial: .seconds(-1))
        },
        RefusedTimeValue("backoff maximum NaN", "RetryBackoff.exponential", "maximum delay", "nan") {
            _ = RetryBackoff.exponential(initial: 1, maximum: .nan)
        },
        RefusedTimeValue("QueueScheduler leeway -1 s", "QueueScheduler.schedule(after:interval:leeway:action:)", "leeway", "-1.0") {
            _ = QueueScheduler().schedule(after: Date(), interval: 1, leeway: -1) {}
        },
        RefusedTimeValue("QueueScheduler leeway NaN", "QueueScheduler.schedule(after:interval:leeway:action:)", "leeway", "nan") {
            _ = QueueScheduler().schedule(after: Date(), interval: 1, leeway: .nan) {}
        },
        RefusedTimeValue("QueueScheduler interval NaN", "QueueScheduler.schedule(after:interval:leeway:action:)", "nan") {
            _ = QueueScheduler().schedule(after: Date(), interval: .nan) {}
        },
        RefusedTimeValue("QueueScheduler interval 0", "QueueScheduler.schedule(after:interval:leeway:action:)", "0.0") {
            _ = QueueScheduler().schedule(after: Date(), interval: .zero) {}
        },
        RefusedTimeValue("TestScheduler interval NaN", "TestScheduler.schedule(after:interval:leeway:action:)", "nan") {
            _ = TestScheduler().schedule(after: Date(), interval: .nan) {}
        },
        RefusedTimeValue("TestScheduler leeway -1 ms", "TestScheduler.schedule(after:interval:leeway:action:)", "leeway", "-0.001") {
            _ = TestScheduler().schedule(after: Date(), interval: .seconds(1), leeway: .milliseconds(-1)) {}
        },
        RefusedTimeValue("TestScheduler NaN date", "TestScheduler.schedule(after:action:)", "nan") {
            _ = TestScheduler().schedule(after: Date(timeIntervalSinceReferenceDate: .nan)) {}
        },
        RefusedTimeValue("advance(by:) NaN", "TestScheduler.advance(by:)", "nan") {
            TestScheduler().advance(by: .nan)
        },
        RefusedTimeValue("advance(by:) -1 s", "TestScheduler.advance(by:)", "-1.0") {
            TestScheduler().advance(by: -1)
        },
        RefusedTimeValue("advance(by:) -1 s, async", "TestScheduler.advance(by:)", "-1.0") {
            await TestScheduler().advance(by: .seconds(-1))
        },
        RefusedTimeValue("advance(to:) NaN", "TestScheduler.advance(to:)", "nan") {
            TestScheduler().advance(to: Date(timeIntervalSinceReferenceDate: .nan))
        },
        RefusedTimeValue("rewind(by:) NaN", "TestScheduler.rewind(by:)", "nan") {
            TestScheduler().rewind(by: .nan)
        },
        RefusedTimeValue("rewind(by:) -1 s", "TestScheduler.rewind(by:)", "-1.0") {
            TestScheduler().rewind(by: .seconds(-1))
        },
        RefusedTimeValue("advance(by: .infinity) with a timer running", "TestScheduler.advance(to:)", "100000", "repeating work") {
            let scheduler = TestScheduler()
            scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 1), interval: 1) {}
            scheduler.advance(by: .infinity)
        },
        RefusedTimeValue("run() with a timer running", "TestScheduler.run()", "100000", "repeating work") {
            let scheduler = TestScheduler()
            SignalProducer.timer(interval: 1, on: scheduler).start()
            scheduler.run()
        },
        RefusedTimeValue("async timer NaN", "timer(interval:leeway:)", "nan") {
            _ = TestScheduler().timer(interval: .nan)
        },
        RefusedTimeValue("async timer 0", "timer(interval:leeway:)", "0.0") {
            _ = QueueScheduler().timer(interval: .zero)
        },
        RefusedTimeValue("async timer leeway -1 s", "timer(interval:leeway:)", "leeway", "-1.0") {
            _ = TestScheduler().timer(interval: 1, leeway: -1)
        },
        RefusedTimeValue("sleep NaN", "sleep(for:)", "nan") {
            try? await TestScheduler().sleep(for: .nan)
        },
    ]
}

/// NaN and negative time values, and zero for repeating work, stop the program with
/// a precondition failure that names the call and the value; so does repeating
/// work that would keep a test scheduler running forever.
@Suite struct TimeValuePreconditionTests {
    @Test(arguments: RefusedTimeValue.all.indices)
    func aRefusedTimeValueStopsWithAMessageNamingTheCallAndTheValue(_ index: Int) async {
        let refused = RefusedTimeValue.all[index]
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent], "\(refused.testDescription)") { [index] in
            await RefusedTimeValue.all[index].body()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        for fragment in refused.message {
            #expect(message.contains(fragment), "\(refused.testDescription): \(message.prefix(300))")
        }
    }
}
