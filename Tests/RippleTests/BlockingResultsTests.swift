import Dispatch
import Ripple
import Testing

/// The blocking forms, answered by runs that send from other queues: the calling
/// thread waits for them (no sleeps; each answer is sent after the call started,
/// from a queue the test does not wait on otherwise).
@Suite struct BlockingResultsTests {
    /// A producer whose runs send `events` from a global queue, after the start
    /// handler has returned; `ended` is signalled when a run has ended.
    static func sentElsewhere(_ events: [Signal<Int, TestError>.Event], ended: DispatchSemaphore? = nil) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, lifetime in
            if let ended { lifetime.observeEnded { ended.signal() } }
            DispatchQueue.global().async {
                for event in events {
                    guard !lifetime.hasEnded else { return }
                    observer.send(event)
                }
            }
        }
    }

    /// Whether the run that signals `ended` ends, within a bound that only a lost
    /// end reaches. (A run ended from inside its own delivery ends once that
    /// delivery is over, which can be just after the blocking call returned.)
    static func ends(_ ended: DispatchSemaphore) -> Bool {
        ended.wait(timeout: .now() + 10) == .success
    }

    /// Whether `result` is a success, for `Result<(), TestError>`, which is not
    /// `Equatable`.
    static func succeeded(_ result: Result<(), TestError>) -> Bool {
        if case .success = result { true } else { false }
    }

    // MARK: first()

    @Test func firstWaitsForTheFirstValueAndEndsTheRun() {
        let ended = DispatchSemaphore(value: 0)
        let producer = Self.sentElsewhere([.value(1), .value(2), .completed], ended: ended)
        #expect(producer.first() == .success(1))
        #expect(Self.ends(ended))
    }

    @Test func firstAnswersAFailureBeforeAnyValue() {
        #expect(Self.sentElsewhere([.failed(TestError(code: 1)), .value(2)]).first() == .failure(TestError(code: 1)))
        #expect(Self.sentElsewhere([.value(3), .failed(TestError(code: 4))]).first() == .success(3))
    }

    @Test func firstAnswersNilWhenTheRunEndsWithoutAValue() {
        #expect(Self.sentElsewhere([.completed]).first() == nil)
        #expect(Self.sentElsewhere([.interrupted]).first() == nil)
    }

    @Test func firstWaitsForAProducerStartedOnAnotherQueue() {
        let producer = SignalProducer<Int, TestError>(values: 5, 6).start(on: QueueScheduler(name: "parity.first"))
        #expect(producer.first() == .success(5))
    }

    @Test func aProducerThatAnswersDuringItsStartDoesNotBlock() {
        #expect(SignalProducer<Int, TestError>(values: 7, 8).first() == .success(7))
        #expect(SignalProducer<Int, TestError>(values: 7, 8).last() == .success(8))
        #expect(SignalProducer<Int, TestError>(value: 7).single() == .success(7))
        #expect(Self.succeeded(SignalProducer<Int, TestError>.empty.wait()))
    }

    // MARK: last()

    @Test func lastWaitsForCompletionAndAnswersTheLastValue() {
        #expect(Self.sentElsewhere([.value(1), .value(2), .value(3), .completed]).last() == .success(3))
        #expect(Self.sentElsewhere([.completed]).last() == nil)
    }

    @Test func lastAnswersTheFailureOrNilForAnInterruption() {
        #expect(Self.sentElsewhere([.value(1), .failed(TestError(code: 2))]).last() == .failure(TestError(code: 2)))
        #expect(Self.sentElsewhere([.value(1), .interrupted]).last() == nil)
    }

    // MARK: single()

    @Test func singleAnswersTheOneValueOfARunThatEnds() {
        #expect(Self.sentElsewhere([.value(1), .completed]).single() == .success(1))
        #expect(Self.sentElsewhere([.value(1), .interrupted]).single() == .success(1))
    }

    @Test func singleAnswersNilForNoValueOrMoreThanOne() {
        #expect(Self.sentElsewhere([.completed]).single() == nil)
        let ended = DispatchSemaphore(value: 0)
        // The run never ends by itself: the second value ends it.
        #expect(Self.sentElsewhere([.value(1), .value(2), .value(3)], ended: ended).single() == nil)
        #expect(Self.ends(ended))
    }

    @Test func singleAnswersAFailureEvenAfterAValue() {
        #expect(Self.sentElsewhere([.value(1), .failed(TestError(code: 9))]).single() == .failure(TestError(code: 9)))
    }

    @Test func singleReleasesTheValuesItDropped() {
        let sent = Recorder<WeakWitness>()
        let producer = SignalProducer<Witness, Never> { observer, _ in
            DispatchQueue.global().async {
                for _ in 0..<2 {
                    let witness = Witness()
                    sent.append(WeakWitness(object: witness))
                    observer.send(value: witness)
                }
            }
        }
        #expect(producer.single() == nil)
        // The first value, which the answer held, is gone by the time it returns;
        // the second is still the sender's until its send returns.
        #expect(sent.entries.count == 2)
        #expect(sent.entries.first?.object == nil)
    }

    // MARK: wait()

    @Test func waitAnswersSuccessOnCompletionOrInterruptionAndTheFailureOtherwise() {
        #expect(Self.succeeded(Self.sentElsewhere([.value(1), .completed]).wait()))
        #expect(Self.succeeded(Self.sentElsewhere([.value(1), .interrupted]).wait()))
        guard case let .failure(error) = Self.sentElsewhere([.value(1), .failed(TestError(code: 3))]).wait() else {
            Issue.record("wait() did not answer the failure")
            return
        }
        #expect(error == TestError(code: 3))
    }

    @Test func waitReturnsOnlyOnceTheRunHasCompleted() {
        let completing = AtomicCounter()
        let ended = DispatchSemaphore(value: 0)
        let producer = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime.observeEnded { ended.signal() }
            DispatchQueue.global().async {
                observer.send(value: 1)
                observer.send(value: 2)
                completing.increment()
                observer.sendCompleted()
            }
        }
        #expect(Self.succeeded(producer.wait()))
        #expect(completing.value == 1)
        #expect(Self.ends(ended))
    }
}
