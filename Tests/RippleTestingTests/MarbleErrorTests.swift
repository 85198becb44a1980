import Ripple
import RippleTesting
import Testing

@Suite struct MarbleErrorTests {
    private func error(parsing marbles: String) -> MarbleError? {
        do {
            _ = try MarbleTimeline<String, MarbleTestError>(parsing: marbles, values: ["a": "A", "b": "B"])
            return nil
        } catch {
            return error
        }
    }

    @Test func anUnclosedGroupPointsAtItsOpeningBracket() {
        let failure = error(parsing: "-a(b")
        #expect(failure == MarbleError(.unclosedGroup, column: 3, in: "-a(b"))
        #expect(failure?.description == "column 3: a group opened here is never closed, in \"-a(b\"")
    }

    @Test func aNestedGroupPointsAtTheInnerBracket() {
        let failure = error(parsing: "(a(b))")
        #expect(failure?.problem == .nestedGroup)
        #expect(failure?.description == "column 3: a group cannot open inside another group, in \"(a(b))\"")
    }

    @Test func aClosingBracketWithoutAGroupIsAnError() {
        let failure = error(parsing: "-a)")
        #expect(failure?.problem == .unopenedGroup)
        #expect(failure?.description == "column 3: a group closes here but was never opened, in \"-a)\"")
    }

    @Test func anEmptyGroupPointsAtItsOpeningBracket() {
        let failure = error(parsing: "--()")
        #expect(failure?.problem == .emptyGroup)
        #expect(failure?.description == "column 3: an empty group; a group holds at least one event, in \"--()\"")
    }

    @Test func aValueAfterCompletionIsAnError() {
        let failure = error(parsing: "-a|b")
        #expect(failure?.problem == .eventAfterTerminal)
        #expect(failure?.description == "column 4: an event after the stream has ended, in \"-a|b\"")
    }

    @Test func aSecondTerminalEventIsAnErrorAlsoInsideAGroup() {
        #expect(error(parsing: "-(a|!)") == MarbleError(.eventAfterTerminal, column: 5, in: "-(a|!)"))
        #expect(error(parsing: "||") == MarbleError(.eventAfterTerminal, column: 2, in: "||"))
    }

    @Test func aCharacterMissingFromTheDictionaryIsAnUnknownValue() {
        let failure = error(parsing: "-a-c")
        #expect(failure?.problem == .unknownValue("c"))
        #expect(failure?.description == "column 4: no value for \"c\", in \"-a-c\"")
    }

    @Test func aLetterInAnIntegerDiagramIsAnUnknownValue() {
        #expect(throws: MarbleError(.unknownValue("x"), column: 3, in: "1-x")) {
            _ = try MarbleTimeline<Int, Never>(parsing: "1-x")
        }
    }

    @Test func punctuationIsNotMarbleNotation() {
        let failure = error(parsing: "-a^")
        #expect(failure?.problem == .unexpectedCharacter("^"))
        #expect(failure?.description == "column 3: \"^\" is not marble notation, in \"-a^\"")
    }

    @Test func aDashInsideAGroupIsNotMarbleNotation() {
        #expect(error(parsing: "(a-b)") == MarbleError(.unexpectedCharacter("-"), column: 3, in: "(a-b)"))
    }

    @Test func aFailureWithoutAnErrorIsAnError() {
        let failure = error(parsing: "-a#")
        #expect(failure?.problem == .failureWithoutError)
        #expect(failure?.description == "column 3: a failure, but no error was given to fail with, in \"-a#\"")
    }

    @Test func aStreamThatCannotFailRejectsAFailure() {
        #expect(throws: MarbleError(.failureWithoutError, column: 2, in: "a#")) {
            _ = try MarbleTimeline<String, Never>(parsing: "a#")
        }
    }

    @Test func columnsCountSpaces() {
        #expect(error(parsing: "- a | b") == MarbleError(.eventAfterTerminal, column: 7, in: "- a | b"))
    }

    @Test func theFirstProblemIsReported() {
        #expect(error(parsing: "-c(") == MarbleError(.unknownValue("c"), column: 2, in: "-c("))
    }

    @Test func malformedDiagramsAlsoFailWhenMakingStreams() {
        let scheduler = TestScheduler()
        #expect(throws: MarbleError(.unclosedGroup, column: 1, in: "(a")) {
            let _: Signal<String, Never> = try scheduler.hotSignal("(a")
        }
        #expect(throws: MarbleError(.unknownValue("q"), column: 1, in: "q")) {
            let _: SignalProducer<Int, Never> = try scheduler.coldProducer("q", values: ["a": 1])
        }
    }
}
