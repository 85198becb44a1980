import Dispatch
import Ripple
import Testing

/// The blocking forms from many threads at once, each answered by a run on yet
/// another thread, racing a disposal. Also run under the thread sanitizer by
/// `.ci/run`.
@Suite struct BlockingResultsStressTests {
    static let threads = 8
    static let callsPerThread = 200

    /// A producer whose runs send `1, 2, …, count` then complete, from a global
    /// queue.
    static func counting(to count: Int) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, lifetime in
            DispatchQueue.global().async {
                for value in 1...count where !lifetime.hasEnded {
                    observer.send(value: value)
                }
                observer.sendCompleted()
            }
        }
    }

    @Test func everyBlockingCallGetsItsOwnRunsAnswer() {
        let answers = Recorder<String>()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for call in 0..<Self.callsPerThread {
                let count = 1 + (thread + call) % 4
                let producer = Self.counting(to: count)
                let first = producer.first()
                let last = producer.last()
                let single = producer.single()
                let expectedSingle: Result<Int, TestError>? = count == 1 ? .success(1) : nil
                if first != .success(1) || last != .success(count) || single != expectedSingle {
                    answers.append("thread \(thread) call \(call): \(String(describing: first)) \(String(describing: last)) \(String(describing: single))")
                }
            }
        }
        #expect(answers.entries.isEmpty)
    }

    @Test func singleRacingASecondValueAndAFailureAnswersOneOfThem() {
        let unexpected = Recorder<String>()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.callsPerThread {
                let producer = SignalProducer<Int, TestError> { observer, _ in
                    observer.send(value: 1)
                    // Two senders race: a second value, or a failure.
                    DispatchQueue.global().async { observer.send(value: 2) }
                    DispatchQueue.global().async { observer.send(error: TestError(code: 3)) }
                }
                switch producer.single() {
                case nil, .some(.failure(TestError(code: 3))): break
                case let other: unexpected.append(String(describing: other))
                }
            }
        }
        #expect(unexpected.entries.isEmpty)
    }
}
