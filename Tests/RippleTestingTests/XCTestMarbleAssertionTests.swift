import Ripple
import RippleTesting
import XCTest

/// The marble assertions inside an XCTest test case: the same calls as in Swift
/// Testing, failing through XCTest at the caller's file and line.
final class XCTestMarbleAssertionTests: FailureCapturingTestCase {
    // MARK: Expecting a recording

    func testAMismatchingRecordingFailsWithTheAlignedPictureAtTheCallersFileAndLine() throws {
        let scheduler = TestScheduler()
        let typing: Signal<String, Never> = try scheduler.hotSignal("-a---b|")
        let recording = scheduler.record(typing)
        scheduler.advance(by: 7)
        let line = #line + 2
        let reported = failures {
            expectMarbles(recording, toEqual: "-a--b-|")
        }
        XCTAssertEqual(reported, [failure("""
            expected: -a--b-|
            actual:   -a---b|
                          ^ first difference at frame 4
            """, line: line)])
    }

    func testAMatchingRecordingReportsNothing() throws {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["x": 10, "y": 20]
        let numbers: Signal<Int, Never> = try scheduler.hotSignal("-x-(xy)|", values: values)
        let recording = scheduler.record(numbers)
        scheduler.advance(by: 5)
        XCTAssertEqual(failures { expectMarbles(recording, toEqual: "-x-(xy)|", values: values) }, [])
    }

    func testAMalformedExpectationFailsSayingWhereItIsMalformed() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(SignalProducer<Int, Never>(value: 1))
        let line = #line + 1
        let reported = failures { expectMarbles(recording, toEqual: "-1|b") }
        XCTAssertEqual(reported, [failure(
            "the expected marbles are malformed: column 4: an event after the stream has ended, in \"-1|b\"",
            line: line
        )])
    }

    // MARK: Expecting a producer

    func testExpectingAProducerFailsWithThePictureAtTheCallersFileAndLine() throws {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["x": 1]
        let endless: SignalProducer<Int, Never> = try scheduler.coldProducer("-x", values: values)
        let line = #line + 1
        let reported = failures { scheduler.expect(endless, toEmit: "-x|", values: values) }
        XCTAssertEqual(reported, [failure("""
            expected: -x|
            actual:   -x
                        ^ first difference at frame 2
            """, line: line)])
    }

    func testExpectingAProducerThatMatchesReportsNothing() throws {
        let scheduler = TestScheduler()
        let typing: SignalProducer<String, Never> = try scheduler.coldProducer("ab-c|")
        XCTAssertEqual(failures { scheduler.expect(typing.map { $0.uppercased() }, toEmit: "AB-C|") }, [])
        XCTAssertFalse(scheduler.hasPendingWork)
    }

    func testExpectingAProducerWithAMalformedLineFailsWithoutStartingIt() {
        let scheduler = TestScheduler()
        var starts = 0
        let producer = SignalProducer<String, Never> { _, _ in starts += 1 }
        let line = #line + 1
        let reported = failures { scheduler.expect(producer, toEmit: "-(a") }
        XCTAssertEqual(reported, [failure(
            "the expected marbles are malformed: column 2: a group opened here is never closed, in \"-(a\"",
            line: line
        )])
        XCTAssertEqual(starts, 0)
    }

    // MARK: Plain XCTest assertions on a recording

    func testARecordingsValuesTerminalEventAndTimesCompareWithXCTAssertEqual() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, MarbleTestError>.pipe()
        let recording = scheduler.record(signal)
        scheduler.advance(by: 1)
        input.send(value: 1)
        scheduler.advance(by: 0.5)
        input.send(value: 2)
        input.send(error: MarbleTestError(code: 7))
        XCTAssertEqual(recording.values, [1, 2])
        XCTAssertEqual(recording.terminalEvent, .failed(MarbleTestError(code: 7)))
        XCTAssertEqual(recording.entries.map(\.time), [1, 1.5, 1.5])
        XCTAssertEqual(recording.events, [.value(1), .value(2), .failed(MarbleTestError(code: 7))])
        XCTAssertEqual(recording.marbles(frameDuration: 0.5), "--1(2#)")
    }
}
