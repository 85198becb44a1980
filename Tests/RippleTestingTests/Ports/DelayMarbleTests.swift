import Ripple
import RippleTesting
import Testing

/// `Tests/RippleTests/DelayTests.swift` (`delay`), told in marbles.
@Suite struct DelayMarbleTests {
    @Test func delayShiftsValuesAndCompletion() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("a(b|)")
        let output = scheduler.record(source.delay(2, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "--a(b|)")
    }

    @Test func delayAcceptsADuration() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("a-b", frameDuration: 0.25)
        let output = scheduler.record(source.delay(.milliseconds(500), on: scheduler))
        scheduler.run()
        #expect(output.marbles(frameDuration: 0.25) == "--a-b")
    }

    @Test func delayPassesAFailureAtOnceAndDropsWaitingValues() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, MarbleTestError> = try scheduler.hotSignal("a#", error: MarbleTestError(code: 9))
        let output = scheduler.record(source.delay(2, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-#")
    }

    @Test func delayPassesAnInterruptionAtOnce() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("a!")
        let output = scheduler.record(source.delay(2, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-!")
    }

    @Test func delayedProducerShiftsEveryRun() throws {
        let scheduler = TestScheduler()
        let source: SignalProducer<String, Never> = try scheduler.coldProducer("(ab|)")
        let producer = source.delay(1, on: scheduler)
        let first = scheduler.record(producer)
        scheduler.advance(by: 3)
        let second = scheduler.record(producer)
        scheduler.run()
        #expect(first.marbles() == "-(ab|)")
        #expect(second.marbles() == "-(ab|)")
    }

    @Test func disposingADelayedRunDropsWaitingValues() throws {
        let scheduler = TestScheduler()
        let source: SignalProducer<String, Never> = try scheduler.coldProducer("a")
        let output = scheduler.record(source.delay(2, on: scheduler))
        scheduler.advance(by: 1)
        output.dispose()
        scheduler.run()
        #expect(output.marbles() == "-!")
    }
}
