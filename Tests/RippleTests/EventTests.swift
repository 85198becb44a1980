import Ripple
import Testing

@Suite struct EventTests {
    typealias Event = Signal<Int, TestError>.Event

    @Test func onlyValueIsNotTerminating() {
        #expect(!Event.value(1).isTerminating)
        #expect(Event.failed(TestError(code: 1)).isTerminating)
        #expect(Event.completed.isTerminating)
        #expect(Event.interrupted.isTerminating)
    }

    @Test func valueAndErrorAccessorsReturnTheirPayloadOnly() {
        #expect(Event.value(7).value == 7)
        #expect(Event.value(7).error == nil)
        #expect(Event.failed(TestError(code: 3)).error == TestError(code: 3))
        #expect(Event.failed(TestError(code: 3)).value == nil)
        #expect(Event.completed.value == nil)
        #expect(Event.completed.isCompleted)
        #expect(!Event.interrupted.isCompleted)
    }

    @Test func mapTransformsValuesAndKeepsOtherEvents() {
        #expect(Event.value(2).map { "\($0 * 10)" } == .value("20"))
        #expect(Event.failed(TestError(code: 1)).map { "\($0)" } == .failed(TestError(code: 1)))
        #expect(Event.completed.map { "\($0)" } == .completed)
        #expect(Event.interrupted.map { "\($0)" } == .interrupted)
    }

    @Test func mapErrorTransformsFailuresAndKeepsOtherEvents() {
        let wrap = { (error: TestError) in WrappedError(inner: error) }
        #expect(Event.failed(TestError(code: 4)).mapError(wrap) == .failed(WrappedError(inner: TestError(code: 4))))
        #expect(Event.value(4).mapError(wrap) == .value(4))
        #expect(Event.completed.mapError(wrap) == .completed)
        #expect(Event.interrupted.mapError(wrap) == .interrupted)
    }

    @Test func eventsAreEquatableByCaseAndPayload() {
        #expect(Event.value(1) == .value(1))
        #expect(Event.value(1) != .value(2))
        #expect(Event.value(1) != .completed)
        #expect(Event.completed != .interrupted)
        #expect(Event.failed(TestError(code: 1)) != .failed(TestError(code: 2)))
    }

    @Test func descriptionNamesTheCaseInCapitals() {
        #expect(Event.value(1).description == "VALUE 1")
        #expect(Event.failed(TestError(code: 9)).description == "FAILED TestError(code: 9)")
        #expect(Event.completed.description == "COMPLETED")
        #expect(Event.interrupted.description == "INTERRUPTED")
    }
}

struct TestError: Error, Equatable, Hashable {
    let code: Int
}

struct WrappedError: Error, Equatable {
    let inner: TestError
}
