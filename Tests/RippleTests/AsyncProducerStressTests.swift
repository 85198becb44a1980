import Dispatch
import Ripple
import Synchronization
import Testing

/// Async producers under load: runs started and disposed from many threads end
/// exactly once, every task that began is cancelled or finishes, and nothing a task
/// captured outlives it. Also run under the thread sanitizer by `.ci/run`. The tests
/// wait by yielding, not by blocking: the tasks they wait for need the cooperative
/// threads.
@Suite struct AsyncProducerStressTests {
    static let threads = 8
    static let runsPerThread = 200
    static let total = threads * runsPerThread

    /// Counts closures that began and returned, and objects released.
    final class TaskMeter: Sendable {
        private let began = Atomic<Int>(0)
        private let returned = Atomic<Int>(0)
        private let cancelled = Atomic<Int>(0)
        private let releasedCount = Atomic<Int>(0)

        var beginnings: Int { began.load(ordering: .acquiring) }
        var returns: Int { returned.load(ordering: .acquiring) }
        var cancellations: Int { cancelled.load(ordering: .acquiring) }
        var releases: Int { releasedCount.load(ordering: .acquiring) }

        func begin() { began.add(1, ordering: .acquiringAndReleasing) }
        func finish(cancelled wasCancelled: Bool) {
            if wasCancelled { cancelled.add(1, ordering: .acquiringAndReleasing) }
            returned.add(1, ordering: .acquiringAndReleasing)
        }
        func release() { releasedCount.add(1, ordering: .acquiringAndReleasing) }
    }

    /// Reports its release to the meter: captured by one run's closure only.
    final class Tracked: Sendable {
        let meter: TaskMeter
        init(_ meter: TaskMeter) { self.meter = meter }
        deinit { meter.release() }
    }

    /// A producer whose closure waits on `scheduler` (never advanced), so that only
    /// cancellation ends it.
    private static func waitingProducer(_ scheduler: TestScheduler, _ meter: TaskMeter) -> SignalProducer<Int, Never> {
        let tracked = Tracked(meter)
        return SignalProducer {
            meter.begin()
            let wasCancelled = (try? await checkpoint(scheduler)) == nil
            meter.finish(cancelled: wasCancelled)
            return withExtendedLifetime(tracked) { 1 }
        }
    }

    @Test func runsDisposedFromManyThreadsCancelEveryTask() async {
        let scheduler = TestScheduler()
        let meter = TaskMeter()
        let interruptions = AtomicCounter()
        let later = (0..<Self.threads).map { _ in Recorder<any Disposable>() }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.runsPerThread {
                let run = Self.waitingProducer(scheduler, meter).startWithInterrupted { interruptions.increment() }
                if index.isMultiple(of: 2) {
                    run.dispose()
                } else {
                    later[thread].append(run)
                }
            }
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            later[thread].entries.forEach { $0.dispose() }
        }

        #expect(interruptions.value == Self.total)
        #expect(await yieldUntil(within: stressWait) { meter.releases == Self.total })
        #expect(meter.beginnings == meter.returns)
        #expect(meter.cancellations == meter.returns)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func disposalRacingWithCompletionEndsEveryRunOnce() async {
        let meter = TaskMeter()
        let terminals = (0..<Self.total).map { _ in AtomicCounter() }
        let afterTerminal = AtomicCounter()

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.runsPerThread {
                let terminal = terminals[thread * Self.runsPerThread + index]
                let tracked = Tracked(meter)
                let run = SignalProducer<Int, Never> {
                    await Task.yield()
                    return withExtendedLifetime(tracked) { index }
                }.start { event in
                    if terminal.value > 0 { afterTerminal.increment() }
                    if event.isTerminating { terminal.increment() }
                }
                if index.isMultiple(of: 3) { run.dispose() }
            }
        }

        #expect(await yieldUntil(within: stressWait) { terminals.allSatisfy { $0.value == 1 } })
        #expect(await yieldUntil(within: stressWait) { meter.releases == Self.total })
        #expect(afterTerminal.value == 0)
    }

    @Test func sequenceRunsDisposedFromManyThreadsReleaseEveryIterator() async {
        let scheduler = TestScheduler()
        let sequence = ScriptedSequence<Int, Never>([1, 2, 3], pacedBy: scheduler)
        let interruptions = AtomicCounter()
        let later = (0..<Self.threads).map { _ in Recorder<any Disposable>() }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.runsPerThread {
                let run = SignalProducer(sequence).startWithInterrupted { interruptions.increment() }
                if index.isMultiple(of: 2) {
                    run.dispose()
                } else {
                    later[thread].append(run)
                }
            }
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            later[thread].entries.forEach { $0.dispose() }
        }

        #expect(interruptions.value == Self.total)
        #expect(await yieldUntil(within: stressWait) { sequence.iteratorsAreReleased && !scheduler.hasPendingWork })
        #expect(sequence.iterators.entries.count <= Self.total)
    }
}
