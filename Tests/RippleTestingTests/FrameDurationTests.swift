import Foundation
import Ripple
import RippleTesting
import Testing

/// Every `frameDuration:` taken as a `Duration` means what the same length in
/// `TimeInterval` seconds means.
@Suite struct FrameDurationTests {
    private let values: [Character: Int] = ["x": 10, "y": 20]

    @Test func hotSignalsOnDurationFramesSendWhenOnesOnSecondFramesDo() throws {
        let scheduler = TestScheduler()
        let onDuration: Signal<String, Never> = try scheduler.hotSignal("-a-(bc)|", frameDuration: .milliseconds(100))
        let onSeconds: Signal<String, Never> = try scheduler.hotSignal("-a-(bc)|", frameDuration: 0.1)
        let named: Signal<Int, Never> = try scheduler.hotSignal("-x-y|", values: values, frameDuration: .milliseconds(100))
        let timeline = try MarbleTimeline<String, Never>(parsing: "--a|")
        let fromTimeline = scheduler.hotSignal(timeline, frameDuration: .milliseconds(100))
        let recordings = (scheduler.record(onDuration), scheduler.record(onSeconds), scheduler.record(named), scheduler.record(fromTimeline))
        scheduler.run()
        #expect(recordings.0.entries == recordings.1.entries)
        #expect(recordings.0.entries.map(\.time).map { ($0 * 10).rounded() } == [1, 3, 3, 4])
        #expect(recordings.2.marbles(frameDuration: 0.1, values: values) == "-x-y|")
        #expect(recordings.3.marbles(frameDuration: 0.1) == "--a|")
    }

    @Test func coldProducersOnDurationFramesSendWhenOnesOnSecondFramesDo() throws {
        let scheduler = TestScheduler()
        let onDuration: SignalProducer<String, Never> = try scheduler.coldProducer("a-b|", frameDuration: .milliseconds(250))
        let onSeconds: SignalProducer<String, Never> = try scheduler.coldProducer("a-b|", frameDuration: 0.25)
        let named: SignalProducer<Int, Never> = try scheduler.coldProducer("x-y|", values: values, frameDuration: .milliseconds(250))
        let timeline = try MarbleTimeline<String, Never>(parsing: "-a|")
        let fromTimeline = scheduler.coldProducer(timeline, frameDuration: .milliseconds(250))
        scheduler.advance(by: 1)
        let recordings = (scheduler.record(onDuration), scheduler.record(onSeconds), scheduler.record(named), scheduler.record(fromTimeline))
        scheduler.run()
        #expect(recordings.0.entries == recordings.1.entries)
        #expect(recordings.0.entries.map(\.time) == [0, 0.5, 0.75])
        #expect(recordings.2.marbles(frameDuration: 0.25, values: values) == "x-y|")
        #expect(recordings.3.marbles(frameDuration: 0.25) == "-a|")
    }

    @Test func aRecordingPrintsTheSameOnDurationFramesAsOnSecondFrames() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recording = scheduler.record(signal)
        scheduler.advance(by: 0.1)
        input.send(value: 10)
        scheduler.advance(by: 0.2)
        input.send(value: 20)
        input.sendCompleted()
        #expect(recording.marbles(frameDuration: .milliseconds(100)) == "-1-(2|)")
        #expect(recording.marbles(frameDuration: .milliseconds(100)) == recording.marbles(frameDuration: 0.1))
        #expect(recording.marbles(frameDuration: .milliseconds(100), values: values) == "-x-(y|)")
        #expect(recording.marbles(frameDuration: .milliseconds(100)) { $0 > 15 ? "B" : "s" } == "-s-(B|)")
        #expect(recording.timeline(frameDuration: .milliseconds(100)).entries.map(\.frame)
            == recording.timeline(frameDuration: 0.1).entries.map(\.frame))
    }

    @Test func expectationsOnDurationFramesPassWhereOnesOnSecondFramesPass() throws {
        let scheduler = TestScheduler()
        let typing: Signal<String, Never> = try scheduler.hotSignal("-a-b|", frameDuration: .milliseconds(100))
        let numbers: Signal<Int, Never> = try scheduler.hotSignal("x-y|", values: values, frameDuration: .milliseconds(100))
        let typed = scheduler.record(typing)
        let counted = scheduler.record(numbers)
        scheduler.advance(by: .milliseconds(400))
        expectMarbles(typed, toEqual: "-a-b|", frameDuration: .milliseconds(100))
        expectMarbles(counted, toEqual: "x-y|", values: values, frameDuration: .milliseconds(100))
        let search: SignalProducer<String, Never> = try scheduler.coldProducer("--r|", frameDuration: .milliseconds(100))
        scheduler.expect(search, toEmit: "--r|", frameDuration: .milliseconds(100))
        let endless: SignalProducer<Int, Never> = try scheduler.coldProducer("-x----y", values: values, frameDuration: .milliseconds(100))
        scheduler.expect(endless, toEmit: "-x--", values: values, frameDuration: .milliseconds(100))
    }

    /// A deliberately wrong expectation: `withKnownIssue { } matching:` is Swift
    /// Testing's only way to capture the issue and check its text and line; it fails
    /// the test if no such issue is recorded. Nothing is skipped.
    @Test func anExpectationOnDurationFramesFailsAtItsCallSite() throws {
        let scheduler = TestScheduler()
        let typing: SignalProducer<String, Never> = try scheduler.coldProducer("-a-b|", frameDuration: .milliseconds(100))
        let line = #line + 2
        withKnownIssue {
            scheduler.expect(typing, toEmit: "-a--b|", frameDuration: .milliseconds(100))
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                expected: -a--b|
                actual:   -a-b|
                             ^ first difference at frame 3
                """] && issue.sourceLocation?.line == line
        }
    }
}
