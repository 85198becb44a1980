import Foundation
import Ripple
import Testing

@Suite struct ErrorsTests {
    /// The error type of seed 002's "error-typed producer" section.
    struct APIError: Swift.Error, Equatable {
        let code: Int
        var reason = ""
    }

    typealias APISignal<T> = Signal<T, APIError>
    typealias APIProducer<T> = SignalProducer<T, APIError>

    static func rejectNegative(_ value: Int) throws(TestError) {
        if value < 0 { throw TestError(code: value) }
    }

    static func halve(_ value: Int) -> Result<Int, TestError> {
        value.isMultiple(of: 2) ? .success(value / 2) : .failure(TestError(code: value))
    }

    // MARK: attempt

    @Test func attemptForwardsValuesUntilTheActionThrows() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .value(-2), .value(3), .completed]
        let expected = ["VALUE 1", "FAILED TestError(code: -2)"]
        #expect(events(of: { $0.attempt(Self.rejectNegative) }, sending: source) == expected)
        #expect(events(of: { $0.attempt(Self.rejectNegative) }, starting: source) == expected)
    }

    @Test func attemptWithResultFailsOnFailure() {
        let source: [Signal<Int, TestError>.Event] = [.value(2), .value(3), .value(4), .completed]
        let check = { (value: Int) in Self.halve(value).map { _ in () } }
        let expected = ["VALUE 2", "FAILED TestError(code: 3)"]
        #expect(events(of: { $0.attempt(check) }, sending: source) == expected)
        #expect(events(of: { $0.attempt(check) }, starting: source) == expected)
    }

    @Test func attemptOnAStreamThatCannotFailFailsWithTheThrownType() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(-5), .completed]
        let check = { (value: Int) throws(APIError) in
            if value < 0 { throw APIError(code: value, reason: "negative") }
        }
        let expected = ["VALUE 1", "FAILED APIError(code: -5, reason: \"negative\")"]
        #expect(events(of: { (signal: Signal<Int, Never>) -> APISignal<Int> in signal.attempt(check) }, sending: source) == expected)
        #expect(events(of: { (producer: SignalProducer<Int, Never>) -> APIProducer<Int> in producer.attempt(check) }, starting: source) == expected)
    }

    @Test func attemptPassesUpstreamFailureAndInterruptionAtOnce() {
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 9))]
        #expect(events(of: { $0.attempt(Self.rejectNegative) }, sending: failing) == ["VALUE 1", "FAILED TestError(code: 9)"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.attempt(Self.rejectNegative) }, starting: interrupted) == ["VALUE 1", "INTERRUPTED"])
    }

    // MARK: attemptMap

    @Test func attemptMapForwardsResultsUntilTheTransformThrows() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .value(-2), .value(3), .completed]
        let transform = { (value: Int) throws(TestError) -> String in
            try Self.rejectNegative(value)
            return "#\(value)"
        }
        let expected = ["VALUE #1", "FAILED TestError(code: -2)"]
        #expect(events(of: { $0.attemptMap(transform) }, sending: source) == expected)
        #expect(events(of: { $0.attemptMap(transform) }, starting: source) == expected)
    }

    @Test func attemptMapWithResultForwardsSuccessesAndFailsOnFailure() {
        let source: [Signal<Int, TestError>.Event] = [.value(4), .value(8), .value(5), .value(6), .completed]
        let expected = ["VALUE 2", "VALUE 4", "FAILED TestError(code: 5)"]
        #expect(events(of: { $0.attemptMap(Self.halve) }, sending: source) == expected)
        #expect(events(of: { $0.attemptMap(Self.halve) }, starting: source) == expected)
    }

    @Test func attemptMapCompletesWhenNothingThrows() {
        let source: [Signal<Int, TestError>.Event] = [.value(2), .value(4), .completed]
        #expect(events(of: { $0.attemptMap(Self.halve) }, sending: source) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: { $0.attemptMap(Self.halve) }, starting: source) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func attemptMapOnAStreamThatCannotFailFailsWithTheThrownType() {
        let source: [Signal<String, Never>.Event] = [.value("7"), .value("x"), .value("9"), .completed]
        let parse = { (text: String) throws(APIError) -> Int in
            guard let number = Int(text) else { throw APIError(code: 400, reason: text) }
            return number
        }
        let expected = ["VALUE 7", "FAILED APIError(code: 400, reason: \"x\")"]
        #expect(events(of: { (signal: Signal<String, Never>) -> APISignal<Int> in signal.attemptMap(parse) }, sending: source) == expected)
        #expect(events(of: { (producer: SignalProducer<String, Never>) -> APIProducer<Int> in producer.attemptMap(parse) }, starting: source) == expected)
    }

    @Test func attemptMapStopsCallingTheTransformAndDetachesAfterAFailure() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder<String>()
        let calls = Counter()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            signal.attemptMap { (value) throws(TestError) -> Int in
                withExtendedLifetime(witness) { calls.value += 1 }
                if value == 2 { throw TestError(code: 2) }
                return value
            }.observe(recorder.observer())
        }
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(recorder.entries == ["VALUE 1", "FAILED TestError(code: 2)"])
        #expect(calls.value == 2)
        #expect(weakWitness == nil)
    }

    @Test func failingAttemptDisposesTheProducerRun() {
        let ended = Probe()
        let producer = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime += ended
            observer.send(value: -1)
        }
        #expect(events(of: producer.attempt(Self.rejectNegative)) == ["FAILED TestError(code: -1)"])
        #expect(ended.isDisposed)
    }

    @Test func commonClosureFormsCompileWithoutAnnotationsOnTheCall() {
        let (api, apiInput) = APISignal<Int>.pipe()
        let (plain, plainInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()

        // A `Result`-returning closure picks the `Result` variant, even when the
        // `Result` type is spelled out and would also fit the throwing variant.
        api.attemptMap { value in value > 0 ? .success(value * 10) : .failure(APIError(code: value)) }
            .observe(recorder.observer("implicit "))
        api.attemptMap { value in Result<Int, APIError>.success(value) }
            .observe(recorder.observer("explicit "))
        api.attempt { value in value > 0 ? .success(()) : .failure(APIError(code: value)) }
            .observe(recorder.observer("check "))
        // A typed-throwing closure on a stream that cannot fail gives a stream that
        // fails with the thrown type.
        let checked: APISignal<Int> = plain.attemptMap { (value) throws(APIError) -> Int in
            guard value > 0 else { throw APIError(code: value, reason: "not positive") }
            return value
        }
        checked.observe(recorder.observer("typed "))
        // A closure that does not throw keeps a stream that cannot fail.
        let unfailing: Signal<Int, Never> = plain.attemptMap { $0 + 1 }
        unfailing.observe(recorder.observer("plain "))

        apiInput.send(value: 1)
        apiInput.send(value: -1)
        plainInput.send(value: 1)
        plainInput.send(value: 0)
        #expect(recorder.entries == [
            "implicit VALUE 10", "explicit VALUE 1", "check VALUE 1",
            "implicit FAILED APIError(code: -1, reason: \"\")", "explicit VALUE -1",
            "check FAILED APIError(code: -1, reason: \"\")",
            "typed VALUE 1", "plain VALUE 2",
            "typed FAILED APIError(code: 0, reason: \"not positive\")", "plain VALUE 1",
        ])
    }

    @Test func untypedThrowingClosureOnAStreamThatCannotFailFailsWithAnyError() {
        let (plain, input) = Signal<String, Never>.pipe()
        let recorder = Recorder<String>()
        let parsed: Signal<Int, any Swift.Error> = plain.attemptMap { text in
            guard let number = Int(text) else { throw APIError(code: 422) }
            return number
        }
        parsed.observe(recorder.observer())
        input.send(value: "5")
        input.send(value: "five")
        #expect(recorder.entries == ["VALUE 5", "FAILED APIError(code: 422, reason: \"\")"])
    }

    // MARK: retry

    /// A producer whose run number `n` (from 1) sends `n`, then fails while
    /// `n <= failures`, and completes afterwards.
    static func failing(times failures: Int, starts: Counter) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, _ in
            starts.value += 1
            observer.send(value: starts.value)
            if starts.value <= failures {
                observer.send(error: TestError(code: starts.value))
            } else {
                observer.sendCompleted()
            }
        }
    }

    @Test func retryRestartsAfterAFailureAndForwardsTheValuesOfFailedAttempts() {
        let starts = Counter()
        #expect(events(of: Self.failing(times: 2, starts: starts).retry(upTo: 2)) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(starts.value == 3)
    }

    @Test func retryForwardsTheFailureOnceTheRetriesAreUsedUp() {
        let starts = Counter()
        let expected = ["VALUE 1", "VALUE 2", "VALUE 3", "FAILED TestError(code: 3)"]
        #expect(events(of: Self.failing(times: 5, starts: starts).retry(upTo: 2)) == expected)
        #expect(starts.value == 3)
    }

    @Test func retryZeroForwardsTheFirstFailure() {
        let starts = Counter()
        #expect(events(of: Self.failing(times: 1, starts: starts).retry(upTo: 0)) == ["VALUE 1", "FAILED TestError(code: 1)"])
        #expect(starts.value == 1)
    }

    @Test func retryDoesNotRestartAfterCompletionOrInterruption() {
        let starts = Counter()
        let interrupting = SignalProducer<Int, TestError> { observer, _ in
            starts.value += 1
            observer.sendInterrupted()
        }
        #expect(events(of: interrupting.retry(upTo: 3)) == ["INTERRUPTED"])
        #expect(starts.value == 1)
        #expect(events(of: SignalProducer<Int, TestError>(value: 1).retry(upTo: 3)) == ["VALUE 1", "COMPLETED"])
    }

    @Test func retryRestartsAnAttemptThatFailsLater() {
        let inputs = Recorder<Signal<Int, TestError>.Observer>()
        let producer = SignalProducer<Int, TestError> { observer, _ in inputs.append(observer) }
        let recorder = Recorder<String>()
        producer.retry(upTo: 1).start(recorder.observer())
        #expect(inputs.entries.count == 1)
        inputs.entries[0].send(value: 1)
        inputs.entries[0].send(error: TestError(code: 1))
        #expect(inputs.entries.count == 2)
        inputs.entries[1].send(value: 2)
        inputs.entries[1].send(error: TestError(code: 2))
        #expect(inputs.entries.count == 2)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 2)"])
    }

    @Test func disposingARetryingRunDisposesTheCurrentAttemptAndStartsNoOther() {
        let attempts = Recorder<Probe>()
        let producer = SignalProducer<Int, TestError> { observer, lifetime in
            let ended = Probe()
            lifetime += ended
            attempts.append(ended)
            if attempts.entries.count == 1 { observer.send(error: TestError(code: 1)) }
        }
        let recorder = Recorder<String>()
        let disposable = producer.retry(upTo: 5).start(recorder.observer())
        #expect(attempts.entries.count == 2)
        #expect(attempts.entries[0].isDisposed)
        #expect(!attempts.entries[1].isDisposed)
        disposable.dispose()
        #expect(attempts.entries[1].isDisposed)
        #expect(attempts.entries.count == 2)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func retryingThousandsOfSynchronousFailuresDoesNotGrowTheStack() {
        let starts = Counter()
        var depths: [Int] = []
        let producer = SignalProducer<Int, TestError> { observer, _ in
            starts.value += 1
            if starts.value == 1 || starts.value == 10_001 { depths.append(Thread.callStackSymbols.count) }
            observer.send(error: TestError(code: 0))
        }
        #expect(events(of: producer.retry(upTo: 10_000)) == ["FAILED TestError(code: 0)"])
        #expect(starts.value == 10_001)
        #expect(depths.count == 2 && depths[0] == depths[1])
    }

    // MARK: seed 002

    @Test func seedAPIErrorProducerReportsItsTypedFailureThroughStartWithResultAndStart() {
        let producer = APIProducer<Int> { innerObserver, _ in
            innerObserver.send(value: 1)
            innerObserver.send(error: APIError(code: 404, reason: "not found"))
        }
        let recorder = Recorder<String>()
        producer.startWithResult { result in
            switch result {
            case let .success(value): recorder.append("did received value: \(value)")
            case let .failure(error): recorder.append("did received error: \(error.code) \(error.reason)")
            }
        }
        producer.start { event in
            switch event {
            case let .value(value): recorder.append("event value: \(value)")
            case let .failed(error): recorder.append("event failed: \(error.code)")
            case .completed, .interrupted: recorder.append("event \(event)")
            }
        }
        producer.startWithFailed { error in recorder.append("failed: \(error.reason)") }
        #expect(recorder.entries == [
            "did received value: 1", "did received error: 404 not found",
            "event value: 1", "event failed: 404",
            "failed: not found",
        ])
    }
}
