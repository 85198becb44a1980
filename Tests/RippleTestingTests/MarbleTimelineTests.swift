import Ripple
import RippleTesting
import Testing

@Suite struct MarbleTimelineTests {
    // MARK: Reading

    @Test func eachCharacterIsAFrameAndValuesAreTheirOwnCharacters() throws {
        let timeline = try MarbleTimeline<String, Never>(parsing: "-a--b|")
        #expect(timeline.entries == [
            .init(frame: 1, event: .value("a")),
            .init(frame: 4, event: .value("b")),
            .init(frame: 5, event: .completed),
        ])
        #expect(timeline.frameCount == 6)
    }

    @Test func valueCharactersAreLookedUpInTheValuesDictionary() throws {
        let timeline = try MarbleTimeline<Int, Never>(parsing: "x-y", values: ["x": 10, "y": 20])
        #expect(timeline.entries == [.init(frame: 0, event: .value(10)), .init(frame: 2, event: .value(20))])
    }

    @Test func digitsReadAsIntegersWithoutADictionary() throws {
        let timeline = try MarbleTimeline<Int, Never>(parsing: "1-2-3")
        #expect(timeline.events == [.value(1), .value(2), .value(3)])
        #expect(timeline.entries.map(\.frame) == [0, 2, 4])
    }

    @Test func aGroupIsOneFrameWhateverItHolds() throws {
        let timeline = try MarbleTimeline<String, Never>(parsing: "-(ab)c-(d|)")
        #expect(timeline.entries == [
            .init(frame: 1, event: .value("a")),
            .init(frame: 1, event: .value("b")),
            .init(frame: 2, event: .value("c")),
            .init(frame: 4, event: .value("d")),
            .init(frame: 4, event: .completed),
        ])
        #expect(timeline.frameCount == 5)
    }

    @Test func failureAndInterruptionAreTerminalEvents() throws {
        let failing = try MarbleTimeline<String, MarbleTestError>(parsing: "-a#", error: MarbleTestError(code: 3))
        #expect(failing.events == [.value("a"), .failed(MarbleTestError(code: 3))])
        let interrupted = try MarbleTimeline<String, Never>(parsing: "--!")
        #expect(interrupted.entries == [.init(frame: 2, event: .interrupted)])
    }

    @Test func spacesAreIgnored() throws {
        let spaced = try MarbleTimeline<String, Never>(parsing: " - a  - (b c) | ")
        let packed = try MarbleTimeline<String, Never>(parsing: "-a-(bc)|")
        #expect(spaced == packed)
    }

    @Test func emptyFramesAfterTheEndAreKept() throws {
        let timeline = try MarbleTimeline<String, Never>(parsing: "-a|---")
        #expect(timeline.frameCount == 6)
        #expect(timeline.marbles() == "-a|---")
    }

    @Test func anEmptyDiagramIsAnEmptyTimeline() throws {
        let timeline = try MarbleTimeline<String, Never>(parsing: "")
        #expect(timeline.entries.isEmpty)
        #expect(timeline.frameCount == 0)
        #expect(timeline.marbles() == "")
    }

    // MARK: Round trips

    static let diagrams = [
        "", "-", "|", "#", "!", "a", "-a-b-c|", "--a--b---|", "(ab)", "-(ab)-(c|)", "(a|)", "a-b-c",
        "---#", "-a--!", "(abc)(de)f|", "a(bc)d(e#)", "-1-2-3|", "x-----", "-a|---",
    ]

    @Test(arguments: diagrams)
    func printingAParsedDiagramGivesItBack(diagram: String) throws {
        let timeline = try MarbleTimeline<String, MarbleTestError>(parsing: diagram, error: MarbleTestError(code: 1))
        #expect(timeline.marbles() == diagram)
    }

    @Test(arguments: diagrams)
    func parsingAPrintedTimelineGivesItBack(diagram: String) throws {
        let timeline = try MarbleTimeline<String, MarbleTestError>(parsing: diagram, error: MarbleTestError(code: 1))
        let reparsed = try MarbleTimeline<String, MarbleTestError>(parsing: timeline.marbles(), error: MarbleTestError(code: 1))
        #expect(reparsed == timeline)
    }

    @Test(arguments: ["x-y-(xz)|", "-z--x#", "zyx!"])
    func aDictionaryRoundTripsThroughItsInverse(diagram: String) throws {
        let values: [Character: Int] = ["x": 1, "y": 2, "z": 3]
        let timeline = try MarbleTimeline<Int, MarbleTestError>(parsing: diagram, values: values, error: MarbleTestError(code: 1))
        #expect(timeline.marbles(values: values) == diagram)
    }

    @Test func printingWithoutSpacesNormalisesASpacedDiagram() throws {
        let timeline = try MarbleTimeline<String, Never>(parsing: "- a - (b c) |")
        #expect(timeline.marbles() == "-a-(bc)|")
    }

    // MARK: Printing

    @Test func aTimelineBuiltByHandPrintsItsFrames() {
        let timeline = MarbleTimeline<Int, Never>([
            .init(frame: 2, event: .value(1)),
            .init(frame: 2, event: .value(2)),
            .init(frame: 5, event: .value(3)),
            .init(frame: 6, event: .completed),
        ])
        #expect(timeline.marbles() == "--(12)--3|")
        #expect(timeline.marbles { $0 == 3 ? "z" : "y" } == "--(yy)--z|")
        #expect(timeline.description == "--(12)--3|")
    }

    @Test func aValueMissingFromTheDictionaryPrintsAsAQuestionMark() {
        let timeline = MarbleTimeline<Int, Never>([.init(frame: 0, event: .value(1)), .init(frame: 1, event: .value(9))])
        #expect(timeline.marbles(values: ["a": 1]) == "a?")
    }

    @Test func aValueNamedTwiceInTheDictionaryPrintsWithTheFirstKey() {
        let timeline = MarbleTimeline<Int, Never>([.init(frame: 0, event: .value(1))])
        #expect(timeline.marbles(values: ["b": 1, "a": 1]) == "a")
    }

    @Test func aLongValuePrintsAsTheFirstCharacterOfItsDescription() {
        let timeline = MarbleTimeline<String, Never>([.init(frame: 1, event: .value("apple")), .init(frame: 1, event: .value(""))])
        #expect(timeline.marbles() == "-(a?)")
    }
}
