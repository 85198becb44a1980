import Ripple
import RippleTesting
import Testing

/// `Tests/RippleTests/ThrottleTests.swift`, told in marbles.
@Suite struct ThrottleMarbleTests {
    @Test func throttleSendsTheFirstValueOnTheNextTick() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-a")
        let output = scheduler.record(source.throttle(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-a")
    }

    @Test func throttleCollapsesValuesWithinTheIntervalToTheLatest() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-abc-----d|")
        let output = scheduler.record(source.throttle(3, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-a--c----d|")
    }

    @Test func throttleEmitsAtThePreviousEmissionPlusTheInterval() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("ab-c-d--|", frameDuration: 0.5)
        let output = scheduler.record(source.throttle(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles(frameDuration: 0.5) == "a-b-c-d-|")
    }

    @Test func throttleCompletionDropsAPendingValue() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("a(b|)")
        let output = scheduler.record(source.throttle(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "a|")
    }

    @Test func throttleFailurePassesAtOnceAndDropsAPendingValue() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, MarbleTestError> = try scheduler.hotSignal("-(a#)", error: MarbleTestError(code: 7))
        let output = scheduler.record(source.throttle(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-#")
        #expect(output.terminalEvent == .failed(MarbleTestError(code: 7)))
    }

    @Test func throttleDeliversInterruptionOnTheScheduler() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-(a!)")
        let output = scheduler.record(source.throttle(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-!")
    }

    @Test func throttleAcceptsADuration() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("ab---", frameDuration: 0.25)
        let output = scheduler.record(source.throttle(.milliseconds(500), on: scheduler))
        scheduler.run()
        #expect(output.marbles(frameDuration: 0.25) == "a-b")
    }

    @Test func throttledProducerThrottlesEveryRunAndCollapsesValuesBeforeTheFirstTick() throws {
        let scheduler = TestScheduler()
        let source: SignalProducer<String, Never> = try scheduler.coldProducer("(abc)")
        let producer = source.throttle(1, on: scheduler)
        let first = scheduler.record(producer)
        scheduler.advance(by: 5)
        let second = scheduler.record(producer)
        scheduler.advance(by: 5)
        #expect(first.marbles() == "c")
        #expect(second.marbles() == "c")
        #expect(second.entries.map(\.date) == [scheduler.currentDate.addingTimeInterval(-5)])
    }

    @Test func throttleWhileHoldsTheLatestValueUntilTheConditionTurnsFalse() throws {
        let scheduler = TestScheduler()
        let paused: Signal<Bool, Never> = try scheduler.hotSignal("F--T----F----", values: ["T": true, "F": false])
        let source: Signal<String, Never> = try scheduler.hotSignal("-a---b-c----|")
        let output = scheduler.record(source.throttle(while: paused, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-a------c---|")
    }

    @Test func throttleWhileSendsNothingWhenNoValueWasHeld() throws {
        let scheduler = TestScheduler()
        let paused: Signal<Bool, Never> = try scheduler.hotSignal("(TFF)", values: ["T": true, "F": false])
        let source: Signal<String, Never> = try scheduler.hotSignal("-a")
        let output = scheduler.record(source.throttle(while: paused, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-a")
    }

    @Test func throttleWhileTerminationDropsTheHeldValue() throws {
        let scheduler = TestScheduler()
        let paused: Signal<Bool, Never> = try scheduler.hotSignal("T--F", values: ["T": true, "F": false])
        let source: Signal<String, MarbleTestError> = try scheduler.hotSignal("-a#", error: MarbleTestError(code: 3))
        let output = scheduler.record(source.throttle(while: paused, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "--#")
    }
}
