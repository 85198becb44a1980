import Foundation
import Ripple
import RippleTesting
import Testing

@Suite struct MarbleStreamTests {
    // MARK: Hot signals

    @Test func aHotSignalSendsEachFrameAtItsTime() throws {
        let scheduler = TestScheduler()
        let signal: Signal<String, Never> = try scheduler.hotSignal("-a--(bc)|")
        let recording = scheduler.record(signal)
        scheduler.run()
        #expect(recording.entries.map(\.time) == [1, 4, 4, 5])
        #expect(recording.events == [.value("a"), .value("b"), .value("c"), .completed])
    }

    @Test func aHotSignalCountsFramesFromItsCreation() throws {
        let scheduler = TestScheduler()
        scheduler.advance(by: 10)
        let signal: Signal<String, Never> = try scheduler.hotSignal("-a|")
        let recording = scheduler.record(signal)
        scheduler.run()
        #expect(recording.entries.map(\.date.timeIntervalSinceReferenceDate) == [11, 12])
    }

    @Test func aHotSignalSendsWhetherObservedOrNot() throws {
        let scheduler = TestScheduler()
        let signal: Signal<String, Never> = try scheduler.hotSignal("a-b-c|")
        scheduler.advance(by: 3)
        let late = scheduler.record(signal)
        scheduler.run()
        #expect(late.marbles() == "-c|")
        #expect(late.startDate == Date(timeIntervalSinceReferenceDate: 3))
    }

    @Test func frameZeroWaitsForTheNextAdvance() throws {
        let scheduler = TestScheduler()
        let signal: Signal<String, Never> = try scheduler.hotSignal("a")
        let recording = scheduler.record(signal)
        #expect(recording.values.isEmpty)
        scheduler.advance()
        #expect(recording.values == ["a"])
    }

    @Test func theFrameDurationScalesTheTimeline() throws {
        let scheduler = TestScheduler()
        let signal: Signal<Int, Never> = try scheduler.hotSignal("-1-2|", frameDuration: 0.1)
        let recording = scheduler.record(signal)
        scheduler.advance(by: 0.25)
        #expect(recording.values == [1])
        scheduler.run()
        #expect(recording.entries.map { ($0.time * 10).rounded() } == [1, 3, 4])
        #expect(recording.marbles(frameDuration: 0.1) == "-1-2|")
    }

    @Test func aHotSignalWithoutATerminalEventStaysOpen() throws {
        let scheduler = TestScheduler()
        let signal: Signal<String, Never> = try scheduler.hotSignal("-a-b")
        let recording = scheduler.record(signal)
        scheduler.run()
        scheduler.advance(by: 100)
        #expect(recording.marbles() == "-a-b")
        #expect(!recording.isTerminated)
    }

    @Test func aHotSignalFailsWithTheGivenError() throws {
        let scheduler = TestScheduler()
        let signal = try scheduler.hotSignal("-x#", values: ["x": 42], error: MarbleTestError(code: 2))
        let recording = scheduler.record(signal)
        scheduler.run()
        #expect(recording.values == [42])
        #expect(recording.terminalEvent == .failed(MarbleTestError(code: 2)))
    }

    // MARK: Cold producers

    @Test func eachRunOfAColdProducerCountsFramesFromItsStart() throws {
        let scheduler = TestScheduler()
        let producer: SignalProducer<String, Never> = try scheduler.coldProducer("-a-b|")
        let first = scheduler.record(producer)
        scheduler.advance(by: 2)
        let second = scheduler.record(producer)
        scheduler.run()
        #expect(first.entries.map(\.date.timeIntervalSinceReferenceDate) == [1, 3, 4])
        #expect(second.entries.map(\.date.timeIntervalSinceReferenceDate) == [3, 5, 6])
        #expect(first.marbles() == "-a-b|")
        #expect(second.marbles() == "-a-b|")
    }

    @Test func aColdProducerSendsNothingUntilStarted() throws {
        let scheduler = TestScheduler()
        let _: SignalProducer<String, Never> = try scheduler.coldProducer("a|")
        scheduler.run()
        #expect(!scheduler.hasPendingWork)
    }

    @Test func disposingAColdRunCancelsTheEventsToCome() throws {
        let scheduler = TestScheduler()
        let producer: SignalProducer<Int, Never> = try scheduler.coldProducer("-a-b|", values: ["a": 1, "b": 2])
        let recording = scheduler.record(producer)
        scheduler.advance(by: 2)
        recording.dispose()
        scheduler.run()
        #expect(recording.events == [.value(1), .interrupted])
        #expect(recording.entries.map(\.time) == [1, 2])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func aColdProducerWithoutATerminalEventStaysOpen() throws {
        let scheduler = TestScheduler()
        let producer: SignalProducer<String, Never> = try scheduler.coldProducer("a")
        let recording = scheduler.record(producer)
        scheduler.advance(by: 100)
        #expect(recording.marbles() == "a")
        #expect(!recording.isTerminated)
    }

    @Test func aColdProducerMadeFromATimelineReplaysIt() throws {
        let scheduler = TestScheduler()
        let timeline = try MarbleTimeline<String, Never>(parsing: "(ab)-c!")
        let recording = scheduler.record(scheduler.coldProducer(timeline, frameDuration: 2))
        scheduler.run()
        #expect(recording.entries.map(\.time) == [0, 0, 4, 6])
        #expect(recording.timeline(frameDuration: 2) == timeline)
    }
}
