import Ripple
import RippleTesting
import Testing

/// The marble expectations, including how they fail.
///
/// A failing expectation records a Swift Testing issue; the tests of that failure
/// wrap the deliberately wrong expectation in `withKnownIssue { … } matching: { … }`,
/// which is how Swift Testing captures an issue to check its text. Nothing is
/// skipped: `matching:` asserts the exact picture (and source line), and
/// `withKnownIssue` itself fails the test if no such issue is recorded.
@Suite struct MarbleExpectationTests {
    // MARK: The picture

    @Test func identicalLinesHaveNoMismatch() {
        #expect(marbleMismatch(expected: "-a-(bc)|", actual: "-a-(bc)|") == nil)
    }

    @Test func spacesAndTrailingEmptyFramesDoNotCount() {
        #expect(marbleMismatch(expected: "-a - b|", actual: "-a-b|") == nil)
        #expect(marbleMismatch(expected: "-a-b--", actual: "-a-b") == nil)
        #expect(marbleMismatch(expected: "-a", actual: "-a---") == nil)
    }

    @Test func aDifferentValueIsPicturedAtItsFrame() {
        #expect(marbleMismatch(expected: "-a-b|", actual: "-a-c|") == """
            expected: -a-b|
            actual:   -a-c|
                         ^ first difference at frame 3
            """)
    }

    @Test func aValueThatComesLateIsPicturedWhereItWasExpected() {
        #expect(marbleMismatch(expected: "-a--b-|", actual: "-a---b|") == """
            expected: -a--b-|
            actual:   -a---b|
                          ^ first difference at frame 4
            """)
    }

    @Test func aMissingTerminalEventIsPicturedPastTheEndOfTheActualLine() {
        #expect(marbleMismatch(expected: "-a-b|", actual: "-a-b") == """
            expected: -a-b|
            actual:   -a-b
                          ^ first difference at frame 4
            """)
    }

    @Test func anUnexpectedExtraEventIsPicturedPastTheEndOfTheExpectedLine() {
        #expect(marbleMismatch(expected: "-a", actual: "-ab") == """
            expected: -a
            actual:   -ab
                        ^ first difference at frame 2
            """)
    }

    @Test func groupsArePaddedSoThatFramesLineUp() {
        #expect(marbleMismatch(expected: "-(ab)-c|", actual: "-a(bc)|") == """
            expected: -(ab)-   c|
            actual:   -a   (bc)|
                       ^ first difference at frame 1
            """)
    }

    @Test func aDifferenceAfterAGroupIsCountedInFramesNotCharacters() {
        #expect(marbleMismatch(expected: "-(ab)-c", actual: "-(ab)c") == """
            expected: -(ab)-c
            actual:   -(ab)c
                           ^ first difference at frame 2
            """)
    }

    @Test func theOrderOfEventsInAGroupCounts() {
        #expect(marbleMismatch(expected: "(ab)", actual: "(ba)") == """
            expected: (ab)
            actual:   (ba)
                      ^ first difference at frame 0
            """)
    }

    @Test func aDifferentTerminalEventIsADifference() {
        #expect(marbleMismatch(expected: "-a|", actual: "-a#") == """
            expected: -a|
            actual:   -a#
                        ^ first difference at frame 2
            """)
    }

    // MARK: Expecting a recording

    @Test func aMatchingRecordingRecordsNoIssue() throws {
        let scheduler = TestScheduler()
        let typing: Signal<String, Never> = try scheduler.hotSignal("-a-(bc)|")
        let recording = scheduler.record(typing)
        scheduler.advance(by: 5)
        expectMarbles(recording, toEqual: "-a-(bc)|")
        #expect(recording.isTerminated)
    }

    @Test func aMismatchingRecordingRecordsTheAlignedPictureAtTheCallSite() throws {
        let scheduler = TestScheduler()
        let typing: Signal<String, Never> = try scheduler.hotSignal("-a---b|")
        let recording = scheduler.record(typing)
        scheduler.advance(by: 7)
        let line = #line + 2
        withKnownIssue {
            expectMarbles(recording, toEqual: "-a--b-|")
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                expected: -a--b-|
                actual:   -a---b|
                              ^ first difference at frame 4
                """] && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func valuesAreNamedByTheirKeysAndFramesLastFrameDuration() throws {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["x": 10, "y": 20]
        let numbers: Signal<Int, Never> = try scheduler.hotSignal("-x-y|", values: values, frameDuration: 0.5)
        let recording = scheduler.record(numbers)
        scheduler.advance(by: 2)
        expectMarbles(recording, toEqual: "-x-y|", values: values, frameDuration: 0.5)
        withKnownIssue {
            expectMarbles(recording, toEqual: "-x-x|", values: values, frameDuration: 0.5)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                expected: -x-x|
                actual:   -x-y|
                             ^ first difference at frame 3
                """]
        }
    }

    @Test func aMalformedExpectationRecordsWhereItIsMalformed() {
        let scheduler = TestScheduler()
        let recording = scheduler.record(SignalProducer<Int, Never>(value: 1))
        withKnownIssue {
            expectMarbles(recording, toEqual: "(1|", values: [:])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "the expected marbles are malformed: column 2: no value for \"1\", in \"(1|\"",
            ]
        }
        withKnownIssue {
            expectMarbles(recording, toEqual: "(1|")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "the expected marbles are malformed: column 1: a group opened here is never closed, in \"(1|\"",
            ]
        }
    }

    // MARK: Expecting a producer

    @Test func expectingAProducerRunsItForTheExpectedFrames() throws {
        let scheduler = TestScheduler()
        let typing: SignalProducer<String, Never> = try scheduler.coldProducer("ab-c|")
        scheduler.expect(typing.map { $0.uppercased() }, toEmit: "AB-C|")
        #expect(!scheduler.hasPendingWork)
    }

    @Test func expectingAProducerThatNeverEndsDisposesItsRunWithoutAnIssue() throws {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["x": 1, "y": 2]
        let endless: SignalProducer<Int, Never> = try scheduler.coldProducer("-x----y", values: values)
        scheduler.expect(endless, toEmit: "-x--", values: values)
        #expect(scheduler.currentDate.timeIntervalSinceReferenceDate == 4)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func anEventRightAfterTheExpectedEndIsCaught() throws {
        let scheduler = TestScheduler()
        let typing: SignalProducer<String, Never> = try scheduler.coldProducer("-a-b|")
        withKnownIssue {
            scheduler.expect(typing, toEmit: "-a-")
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                expected: -a-
                actual:   -a-b
                             ^ first difference at frame 3
                """]
        }
    }

    @Test func aMissingCompletionIsCaught() throws {
        let scheduler = TestScheduler()
        let values: [Character: Int] = ["x": 1]
        let endless: SignalProducer<Int, Never> = try scheduler.coldProducer("-x", values: values)
        withKnownIssue {
            scheduler.expect(endless, toEmit: "-x|", values: values)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                expected: -x|
                actual:   -x
                            ^ first difference at frame 2
                """]
        }
    }
}
