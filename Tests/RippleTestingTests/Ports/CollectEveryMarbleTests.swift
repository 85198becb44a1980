import Ripple
import RippleTesting
import Testing

/// `Tests/RippleTests/CollectEveryTests.swift`, told in marbles: `x`, `y` and `e`
/// name the arrays collected.
@Suite struct CollectEveryMarbleTests {
    @Test func collectEverySendsTheValuesOfEachInterval() throws {
        let scheduler = TestScheduler()
        let source: Signal<String, Never> = try scheduler.hotSignal("-ab--c----|")
        let output = scheduler.record(source.collect(every: 3, on: scheduler))
        scheduler.run()
        #expect(output.marbles(values: ["x": ["a", "b"], "y": ["c"], "e": []]) == "---x--y--e|")
    }

    @Test func collectEverySkipsEmptyIntervalsWhenAskedTo() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("-(12)---3----|")
        let output = scheduler.record(source.collect(every: 3, on: scheduler, skipEmpty: true))
        scheduler.run()
        #expect(output.marbles(values: ["x": [1, 2], "y": [3]]) == "---x--y---|")
    }

    @Test func completionDiscardsTheValuesGatheredSinceTheLastTickByDefault() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("-(1|)")
        let output = scheduler.record(source.collect(every: 3, on: scheduler))
        scheduler.run()
        #expect(output.marbles(values: [:]) == "-|")
    }

    @Test func completionWaitsForTheNextTickWhenAskedNotToDiscard() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("-(12)--(3|)")
        let output = scheduler.record(source.collect(every: 3, on: scheduler, discardWhenCompleted: false))
        scheduler.run()
        #expect(output.marbles(values: ["x": [1, 2], "y": [3]]) == "---x--(y|)")
        #expect(!scheduler.hasPendingWork)
    }

    @Test func completionAtTheNextTickSendsAnEmptyArrayUnlessSkipped() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("-|")
        let sendsEmpty = scheduler.record(source.collect(every: 2, on: scheduler, discardWhenCompleted: false))
        let skipsEmpty = scheduler.record(source.collect(every: 2, on: scheduler, skipEmpty: true, discardWhenCompleted: false))
        scheduler.run()
        #expect(sendsEmpty.marbles(values: ["e": []]) == "--(e|)")
        #expect(skipsEmpty.marbles(values: ["e": []]) == "--|")
    }

    @Test func failurePassesAtOnceAndDropsTheGatheredValues() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, MarbleTestError> = try scheduler.hotSignal("-(1#)", error: MarbleTestError(code: 5))
        let output = scheduler.record(source.collect(every: 3, on: scheduler, discardWhenCompleted: false))
        scheduler.run()
        #expect(output.marbles(values: [:]) == "-#")
        #expect(!scheduler.hasPendingWork)
    }

    @Test func interruptionIsDeliveredOnTheScheduler() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("(1!)")
        let output = scheduler.record(source.collect(every: 3, on: scheduler))
        scheduler.run()
        #expect(output.marbles(values: [:]) == "!")
    }

    @Test func collectEveryAcceptsADuration() throws {
        let scheduler = TestScheduler()
        let source: Signal<Int, Never> = try scheduler.hotSignal("1--|", frameDuration: 0.25)
        let output = scheduler.record(source.collect(every: .milliseconds(500), on: scheduler))
        scheduler.run()
        #expect(output.marbles(frameDuration: 0.25, values: ["x": [1]]) == "--x|")
    }

    @Test func ticksOfEachProducerRunCountFromItsStart() throws {
        let scheduler = TestScheduler()
        let source: SignalProducer<Int, Never> = try scheduler.coldProducer("(12|)")
        let producer = source.collect(every: 2, on: scheduler, discardWhenCompleted: false)
        let first = scheduler.record(producer)
        scheduler.advance(by: 1)
        let second = scheduler.record(producer)
        scheduler.run()
        #expect(first.marbles(values: ["x": [1, 2]]) == "--(x|)")
        #expect(second.marbles(values: ["x": [1, 2]]) == "--(x|)")
        #expect(second.startDate == first.startDate.addingTimeInterval(1))
    }

    @Test func disposingARunStopsTheTimer() throws {
        let scheduler = TestScheduler()
        let source: SignalProducer<Int, Never> = try scheduler.coldProducer("1")
        let output = scheduler.record(source.collect(every: 1, on: scheduler))
        scheduler.advance(by: 1)
        output.dispose()
        scheduler.advance(by: 5)
        #expect(output.marbles(values: ["x": [1]]) == "-(x!)")
        #expect(!scheduler.hasPendingWork)
    }
}
