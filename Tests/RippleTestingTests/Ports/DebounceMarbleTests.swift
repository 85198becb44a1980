import Ripple
import RippleTesting
import Testing

/// `Tests/RippleTests/DebounceTests.swift`, told in marbles.
@Suite struct DebounceMarbleTests {
    @Test func debounceSendsTheLatestValueAfterAnIntervalOfSilence() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-ab---cd---|")
        let output = scheduler.record(source.debounce(2, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "----b----d-|")
    }

    @Test func eachValueRestartsTheWait() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("12345", frameDuration: 0.5)
        let output = scheduler.record(source.debounce(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles(frameDuration: 0.5) == "------5")
    }

    @Test func completionDiscardsAPendingValueByDefault() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-ab|")
        let output = scheduler.record(source.debounce(2, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "---|")
    }

    @Test func completionFlushesAPendingValueWhenAskedTo() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-ab|")
        let output = scheduler.record(source.debounce(2, on: scheduler, discardWhenCompleted: false))
        scheduler.run()
        #expect(output.marbles() == "----(b|)")
    }

    @Test func completionFlushesNothingWhenNoValueIsPending() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("a--|")
        let output = scheduler.record(source.debounce(1, on: scheduler, discardWhenCompleted: false))
        scheduler.run()
        #expect(output.marbles() == "-a-|")
    }

    @Test func failurePassesAtOnceAndDropsAPendingValue() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, MarbleTestError> = try scheduler.hotSignal("(a#)", error: MarbleTestError(code: 4))
        let output = scheduler.record(source.debounce(1, on: scheduler, discardWhenCompleted: false))
        scheduler.run()
        #expect(output.marbles() == "#")
    }

    @Test func interruptionIsDeliveredOnTheScheduler() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("(a!)")
        let output = scheduler.record(source.debounce(1, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "!")
    }

    @Test func debounceAcceptsADuration() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("a", frameDuration: 0.1)
        let output = scheduler.record(source.debounce(.milliseconds(300), on: scheduler))
        scheduler.run()
        #expect(output.marbles(frameDuration: 0.1) == "---a")
    }

    @Test func debouncedProducerDebouncesEveryRun() throws {
        let scheduler = TestScheduler()
        let source: SignalProducer<String, Never> = try scheduler.coldProducer("(abc|)")
        let producer = source.debounce(1, on: scheduler, discardWhenCompleted: false)
        let first = scheduler.record(producer)
        scheduler.advance(by: 5)
        let second = scheduler.record(producer)
        scheduler.run()
        #expect(first.marbles() == "-(c|)")
        #expect(second.marbles() == "-(c|)")
    }
}
