import Dispatch
import Ripple
import Synchronization
import Testing

/// `lazyMap` on a queue, fed from several threads at once. Also run under the
/// thread sanitizer.
@Suite struct LazyMapStressTests {
    static let rounds = 100
    static let threads = 8
    static let sendsPerThread = 100

    /// The transform never runs concurrently with itself, results come in the order
    /// the source sent, the last value sent is always transformed, and completion
    /// comes last.
    @Test func lazyMapTransformsInOrderAndEndsWithTheLatestValue() {
        for round in 0..<Self.rounds {
            let scheduler = QueueScheduler(name: "lazy-map-stress-\(round)")
            let sent = Recorder<Int>()
            let results = Recorder<Signal<Int, Never>.Event>()
            let running = Atomic<Bool>(false)
            let overlaps = Atomic<Int>(0)
            let done = DispatchSemaphore(value: 0)
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.observeValues(sent.append)
            signal.lazyMap(on: scheduler) { value -> Int in
                if running.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
                defer { running.store(false, ordering: .releasing) }
                return value
            }
            .observe { event in
                results.append(event)
                if event.isTerminating { done.signal() }
            }
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in 0..<Self.sendsPerThread { input.send(value: thread * Self.sendsPerThread + index) }
            }
            input.sendCompleted()
            #expect(done.wait(timeout: .now() + 5) == .success)
            let order = Dictionary(uniqueKeysWithValues: sent.entries.enumerated().map { ($1, $0) })
            let values = results.entries.compactMap(\.value)
            #expect(results.entries.last?.isCompleted == true)
            #expect(values.last == sent.entries.last)
            #expect(zip(values, values.dropFirst()).allSatisfy { order[$0]! < order[$1]! })
            #expect(overlaps.load(ordering: .relaxed) == 0)
        }
    }
}
