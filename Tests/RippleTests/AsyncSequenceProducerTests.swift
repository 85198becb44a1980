import Foundation
import Ripple
import Testing

/// `SignalProducer` from an `AsyncSequence`: one iteration per start, every element
/// in order, then the sequence's end or its typed failure; disposal cancels it.
@MainActor
@Suite struct AsyncSequenceProducerTests {
    @Test func sequenceProducerSendsEveryElementInOrderThenCompletes() async {
        let recorder = Recorder<String>()
        SignalProducer(ScriptedSequence<Int, Never>([1, 2, 3, 4, 5])).start(recorder.observer())
        #expect(await yieldUntil { recorder.entries.count == 6 })
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "VALUE 4", "VALUE 5", "COMPLETED"])
    }

    @Test func sequenceFailureIsTypedAndEndsTheRun() async {
        let recorder = Recorder<String>()
        let producer = SignalProducer(ScriptedSequence([1, 2], failingWith: WorkError.failed))
        #expect(type(of: producer) == SignalProducer<Int, WorkError>.self)
        producer.start(recorder.observer())
        #expect(await yieldUntil { recorder.entries.count == 3 })
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "FAILED failed"])
    }

    @Test func asyncStreamMakesAProducerThatCannotFail() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let values = Recorder<Int>()
        let producer = SignalProducer(stream)
        #expect(type(of: producer) == SignalProducer<Int, Never>.self)
        producer.startWithValues(values.append)
        continuation.yield(1)
        continuation.yield(2)
        #expect(await yieldUntil { values.entries == [1, 2] })
        continuation.yield(3)
        continuation.finish()
        #expect(await yieldUntil { values.entries == [1, 2, 3] })
    }

    @Test func throwingStreamFailsWithAnyError() async {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let recorder = Recorder<String>()
        let producer = SignalProducer(stream)
        #expect(type(of: producer) == SignalProducer<Int, any Error>.self)
        producer.start(recorder.observer())
        continuation.yield(1)
        continuation.finish(throwing: WorkError.failed)
        #expect(await yieldUntil { recorder.entries.count == 2 })
        #expect(recorder.entries == ["VALUE 1", "FAILED failed"])
    }

    @Test func everyStartIteratesTheSequenceAnew() async {
        let sequence = ScriptedSequence<String, Never>(["a", "b"])
        let recorder = Recorder<String>()
        let producer = SignalProducer(sequence)
        producer.start(recorder.observer("1 "))
        producer.start(recorder.observer("2 "))
        #expect(await yieldUntil { recorder.entries.count == 6 })
        #expect(recorder.entries.filter { $0.hasPrefix("1 ") } == ["1 VALUE a", "1 VALUE b", "1 COMPLETED"])
        #expect(recorder.entries.filter { $0.hasPrefix("2 ") } == ["2 VALUE a", "2 VALUE b", "2 COMPLETED"])
        #expect(sequence.iterators.entries.count == 2)
    }

    @Test func disposingCancelsTheIterationAndReleasesTheIterator() async throws {
        let scheduler = TestScheduler()
        let sequence = ScriptedSequence<Int, Never>([1, 2, 3], pacedBy: scheduler)
        let recorder = Recorder<String>()
        let run = SignalProducer(sequence).start(recorder.observer())
        try #require(await yieldUntil { scheduler.hasPendingWork })
        #expect(recorder.entries == ["VALUE 1"])
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { recorder.entries.count == 2 && scheduler.hasPendingWork })
        #expect(!sequence.iteratorsAreReleased)

        run.dispose()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "INTERRUPTED"])
        #expect(await yieldUntil { sequence.iteratorsAreReleased })
        #expect(!scheduler.hasPendingWork)
        await scheduler.advance(by: 1)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "INTERRUPTED"])
    }

    @Test func disposingEndsTheIterationOfAnAsyncStream() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let terminated = Recorder<String>()
        continuation.onTermination = { termination in terminated.append("\(termination)") }
        let recorder = Recorder<String>()
        let run = SignalProducer(stream).start(recorder.observer())
        continuation.yield(1)
        try #require(await yieldUntil { recorder.entries == ["VALUE 1"] })
        run.dispose()
        #expect(await yieldUntil { !terminated.entries.isEmpty })
        #expect(terminated.entries == ["cancelled"])
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func iterationRunsOnTheCallersIsolationByDefault() async {
        let threads = Recorder<Bool>()
        SignalProducer(ScriptedSequence<Int, Never>([1, 2])).startWithValues { _ in
            threads.append(runsOnMainActorQueue)
        }
        #expect(await yieldUntil { threads.entries.count == 2 })
        #expect(threads.entries == [true, true])
    }

    @Test func iterationWithoutIsolationRunsOffTheMainActor() async {
        let threads = Recorder<Bool>()
        SignalProducer(ScriptedSequence<Int, Never>([1, 2]), isolation: nil).startWithValues { _ in
            threads.append(runsOnMainActorQueue)
        }
        #expect(await yieldUntil { threads.entries.count == 2 })
        #expect(threads.entries == [false, false])
    }

    @Test func anArrayStillPicksTheSynchronousSequenceInit() {
        #expect(events(of: SignalProducer<Int, Never>([1, 2])) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }
}
