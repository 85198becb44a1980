import Dispatch
import Foundation
import Ripple
import Testing

/// Runs of asynchronous operators chained with synchronous ones, disposed from
/// several threads while their sources send: every run ends exactly once, and its
/// source exactly once. Also run under the thread sanitizer.
@Suite struct AsyncOperatorStressTests {
    static let threads = 4
    static let runsPerThread = 200

    @Test func chainedAsynchronousRunsDisposedFromSeveralThreadsEachEndOnce() {
        let scheduler = QueueScheduler(name: "ripple.tests.stress.async-operators")
        let (signal, input) = Signal<Int, Never>.pipe()
        let total = Self.threads * Self.runsPerThread
        let terminals = (0..<total).map { _ in AtomicCounter() }
        let sourceEnds = AtomicCounter()
        let ended = DispatchGroup()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { sourceEnds.increment() }
            lifetime += signal.observe(observer)
        }
        let chains: [SignalProducer<Int, Never>] = [
            source.throttle(0, on: scheduler).map { $0 + 1 }.filter { $0 > 0 },
            source.debounce(0, on: scheduler).map { $0 * 2 },
            source.lazyMap(on: scheduler) { $0 }.skipRepeats(),
            source.observe(on: scheduler).map { $0 - 1 }.observe(on: scheduler),
        ]
        let runs = Recorder<any Disposable>()
        for slot in 0..<total {
            ended.enter()
            let run = chains[slot % chains.count].start { event in
                guard event.isTerminating else { return }
                terminals[slot].increment()
                ended.leave()
            }
            runs.append(run)
        }
        let handles = runs.entries
        DispatchQueue.concurrentPerform(iterations: Self.threads + 1) { thread in
            guard thread < Self.threads else {
                for value in 0..<2_000 { input.send(value: value) }
                return
            }
            for index in stride(from: thread, to: total, by: Self.threads) {
                handles[index].dispose()
            }
        }
        #expect(ended.wait(timeout: .now() + 30) == .success)
        #expect(terminals.filter { $0.value != 1 }.isEmpty)
        #expect(sourceEnds.value == total)
        // A run counts as disposed once its termination is over, which may be just
        // after its observer has received the terminal event on another thread.
        #expect(settles { handles.allSatisfy { $0.isDisposed } })
    }
}
