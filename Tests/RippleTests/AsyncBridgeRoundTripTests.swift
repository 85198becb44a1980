import Ripple
import Testing

/// A producer bridged to an `AsyncSequence` (`values`) and back
/// (`SignalProducer(sequence)`) yields the same events.
@Suite struct AsyncBridgeRoundTripTests {
    /// Every event of one run of `producer`, once it has terminated.
    private func roundTrip<E: Error>(_ producer: SignalProducer<Int, E>) async -> [String] {
        let recorder = Recorder<String>()
        let bridged = SignalProducer(producer.values, isolation: nil)
        let run = bridged.start(recorder.observer())
        #expect(await yieldUntil { run.isDisposed }, "the bridged run never ended")
        return recorder.entries
    }

    @Test func valuesThenCompletionSurviveTheRoundTrip() async {
        let producer = SignalProducer<Int, Never>(values: 1, 2, 3)
        #expect(await roundTrip(producer) == events(of: producer))
        #expect(await roundTrip(producer) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
    }

    @Test func valuesThenATypedFailureSurviveTheRoundTrip() async {
        let producer = SignalProducer<Int, TestError>(values: 1, 2).concat(SignalProducer(error: TestError(code: 5)))
        #expect(await roundTrip(producer) == events(of: producer))
        #expect(await roundTrip(producer) == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 5)"])
    }

    @Test func anEmptyProducerSurvivesTheRoundTrip() async {
        #expect(await roundTrip(SignalProducer<Int, Never>.empty) == ["COMPLETED"])
    }
}
