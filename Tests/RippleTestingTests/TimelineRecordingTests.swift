import Foundation
import Ripple
import RippleTesting
import Testing

@Suite struct TimelineRecordingTests {
    @Test func aRecordingKeepsEveryEventWithItsVirtualTime() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, MarbleTestError>.pipe()
        let recording = scheduler.record(signal)
        input.send(value: 1)
        scheduler.advance(by: 1.5)
        input.send(value: 2)
        scheduler.advance(by: 1)
        input.send(error: MarbleTestError(code: 4))
        #expect(recording.entries.map(\.time) == [0, 1.5, 2.5])
        #expect(recording.entries.map(\.date) == [0, 1.5, 2.5].map(Date.init(timeIntervalSinceReferenceDate:)))
        #expect(recording.values == [1, 2])
        #expect(recording.terminalEvent == .failed(MarbleTestError(code: 4)))
        #expect(recording.isTerminated)
    }

    @Test func recordingAProducerStartsIt() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(SignalProducer<Int, Never>(values: 1, 2))
        #expect(recording.events == [.value(1), .value(2), .completed])
        #expect(recording.marbles() == "(12|)")
    }

    @Test func recordingAPropertyRecordsItsValueThenItsChanges() {
        let scheduler = TestScheduler()
        let name = MutableProperty("ann")
        let recording = scheduler.record(name)
        scheduler.advance(by: 2)
        name.value = "bob"
        scheduler.advance(by: 1)
        name.value = "cy"
        #expect(recording.values == ["ann", "bob", "cy"])
        #expect(recording.marbles() == "a-bc")
    }

    @Test func disposingARecordingOfASignalStopsRecording() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recording = scheduler.record(signal)
        input.send(value: 1)
        recording.dispose()
        input.send(value: 2)
        #expect(recording.events == [.value(1)])
    }

    @Test func anEventBetweenFrameBoundariesPrintsOnTheFrameItFallsIn() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<String, Never>.pipe()
        let recording = scheduler.record(signal)
        scheduler.advance(by: 0.9)
        input.send(value: "a")
        scheduler.advance(by: 1.2)
        input.send(value: "b")
        scheduler.advance(by: 0.5)
        input.send(value: "c")
        input.sendCompleted()
        #expect(recording.entries.map(\.time) == [0.9, 2.1, 2.6, 2.6])
        #expect(recording.marbles() == "a-(bc|)")
        #expect(recording.marbles(frameDuration: 0.5) == "-a--b(c|)")
    }

    @Test func aRecordingPrintsNoFramesAfterItsLastEvent() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<String, Never>.pipe()
        let recording = scheduler.record(signal)
        scheduler.advance(by: 1)
        input.send(value: "a")
        scheduler.advance(by: 10)
        #expect(recording.marbles() == "-a")
        #expect(scheduler.record(signal).marbles() == "")
    }

    @Test func valuesPrintThroughACharacterFunctionOrADictionary() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(SignalProducer<[Int], Never>(values: [], [1, 2]).delay(1, on: scheduler))
        scheduler.run()
        #expect(recording.marbles { $0.isEmpty ? "e" : "v" } == "-(ev|)")
        #expect(recording.marbles(values: ["x": [], "y": [1, 2]]) == "-(xy|)")
    }

    @Test func aRecordingDoesNotKeepItselfAliveThroughTheStream() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakRecording: TimelineRecording<Int, Never>?
        do {
            let recording = scheduler.record(signal)
            weakRecording = recording
        }
        input.send(value: 1)
        #expect(weakRecording == nil)
    }
}
