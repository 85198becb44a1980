import Foundation
import Ripple
import Testing

@Suite struct AsyncValuesStressTests {
    /// How long a stress test may wait for its tasks (see `stressWait`).
    static let bound = stressWait

    /// Starts a task that collects every value of `values` and then counts itself
    /// in `finished`.
    private func consume(_ values: Signal<Int, Never>.AsyncValues, finished: AtomicCounter) -> Task<[Int], Never> {
        Task {
            var received: [Int] = []
            for await value in values { received.append(value) }
            finished.increment()
            return received
        }
    }

    @Test func everyConsumerSeesEveryValueInOrderWhileAThreadSends() async throws {
        let count = 20_000
        let consumers = 4
        let (signal, input) = Signal<Int, Never>.pipe()
        let finished = AtomicCounter()
        let tasks = (0..<consumers).map { _ in consume(signal.values, finished: finished) }
        DispatchQueue.global().async {
            for value in 0..<count { input.send(value: value) }
            input.sendCompleted()
        }
        try #require(await yieldUntil(within: Self.bound) { finished.value == consumers })
        for task in tasks {
            #expect(await task.value == Array(0..<count))
        }
    }

    @Test func consumersSeeTheSameOrderWhenSeveralThreadsSend() async throws {
        let senders = 4
        let perSender = 5_000
        let consumers = 3
        let (signal, input) = Signal<Int, Never>.pipe()
        let finished = AtomicCounter()
        let tasks = (0..<consumers).map { _ in consume(signal.values, finished: finished) }
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: senders) { sender in
                for index in 0..<perSender { input.send(value: sender * perSender + index) }
            }
            input.sendCompleted()
        }
        try #require(await yieldUntil(within: Self.bound) { finished.value == consumers })
        var results: [[Int]] = []
        for task in tasks { results.append(await task.value) }
        #expect(results.allSatisfy { $0 == results[0] })
        let received = results[0]
        #expect(received.count == senders * perSender)
        for sender in 0..<senders {
            let own = received.filter { $0 / perSender == sender }
            #expect(own == Array(sender * perSender..<(sender + 1) * perSender))
        }
    }

    @Test func cancellationRacingWithDeliveryEndsEveryRun() async throws {
        let runs = 200
        let ended = AtomicCounter()
        let finished = AtomicCounter()
        // Each run sends from another thread, then stays open until it is disposed.
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded {
                withExtendedLifetime(observer) {}
                ended.increment()
            }
            DispatchQueue.global().async {
                for value in 0..<200 where !lifetime.hasEnded { observer.send(value: value) }
            }
        }
        var tasks: [Task<Void, Never>] = []
        for run in 0..<runs {
            let stopAfter = run % 7
            tasks.append(Task {
                var taken = 0
                for await _ in producer.values {
                    taken += 1
                    if taken == stopAfter { break }
                }
                finished.increment()
            })
        }
        let consumers = tasks
        DispatchQueue.concurrentPerform(iterations: 4) { slice in
            for index in stride(from: slice, to: runs, by: 4) where index % 7 == 0 {
                consumers[index].cancel()
            }
        }
        try #require(await yieldUntil(within: Self.bound) { finished.value == runs })
        #expect(await yieldUntil(within: Self.bound) { ended.value == runs })
    }

    @Test func newestValueBufferingUnderConcurrentSendsEndsWithTheLastValue() async throws {
        let count = 20_000
        let (signal, input) = Signal<Int, Never>.pipe()
        let finished = AtomicCounter()
        let task = consume(signal.values(bufferingPolicy: .bufferingNewest(1)), finished: finished)
        DispatchQueue.global().async {
            for value in 0..<count { input.send(value: value) }
            input.sendCompleted()
        }
        try #require(await yieldUntil(within: Self.bound) { finished.value == 1 })
        let received = await task.value
        #expect(received.last == count - 1)
        #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    }
}
