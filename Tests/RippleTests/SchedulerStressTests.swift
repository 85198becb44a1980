import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Schedulers under load: many threads schedule, advance and dispose at once.
/// Also run under the thread sanitizer. Every wait is bounded.
@Suite struct SchedulerStressTests {
    static let threads = 8
    static let actionsPerThread = 1_500

    /// One run of an action scheduled on a ``TestScheduler``.
    struct Run: Sendable {
        let thread: Int
        let index: Int
        /// Virtual seconds since the start at which the action was due.
        let due: TimeInterval
        /// Virtual seconds since the start at which it ran.
        let ranAt: TimeInterval
    }

    @Test func testSchedulerRunsEveryActionOnceInTimeOrderWhileThreadsScheduleAndAdvance() {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        let scheduler = TestScheduler(startDate: start)
        let total = Self.threads * Self.actionsPerThread
        let counts = (0..<total).map { _ in AtomicCounter() }
        let runs = Recorder<Run>()

        let stop = Atomic<Bool>(false)
        let advancing = DispatchGroup()
        let advances = AtomicCounter()
        DispatchQueue.global().async(group: advancing) {
            repeat {
                scheduler.advance(by: 0.001)
                advances.increment()
            } while !stop.load(ordering: .acquiring)
        }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.actionsPerThread {
                // Due dates spread over 0…3 s, some already past when scheduled.
                let due = Double((index * 7 + thread * 13) % 300) / 100
                let slot = thread * Self.actionsPerThread + index
                scheduler.schedule(after: start.addingTimeInterval(due)) {
                    counts[slot].increment()
                    runs.append(Run(thread: thread, index: index, due: due, ranAt: scheduler.currentDate.timeIntervalSince(start)))
                }
            }
        }
        stop.store(true, ordering: .releasing)
        #expect(advancing.wait(timeout: .now() + 30) == .success)
        scheduler.run()

        #expect(advances.value > 0)
        #expect(!scheduler.hasPendingWork)
        #expect(counts.filter { $0.value != 1 }.isEmpty)
        let recorded = runs.entries
        #expect(recorded.count == total)
        #expect(zip(recorded, recorded.dropFirst()).allSatisfy { $0.ranAt <= $1.ranAt })
        #expect(recorded.allSatisfy { $0.ranAt >= $0.due })
        #expect(Self.orderViolations(in: recorded) == 0)
    }

    /// Counts runs that overtook an action their thread scheduled earlier for the
    /// same or an earlier date: such an action must run first.
    static func orderViolations(in runs: [Run]) -> Int {
        var latestIndexByThreadAndDue: [Int: [TimeInterval: Int]] = [:]
        var violations = 0
        for run in runs {
            let earlierOrSameDue = latestIndexByThreadAndDue[run.thread, default: [:]]
            if earlierOrSameDue.contains(where: { $0.key >= run.due && $0.value > run.index }) {
                violations += 1
            }
            latestIndexByThreadAndDue[run.thread, default: [:]][run.due] = max(run.index, earlierOrSameDue[run.due] ?? -1)
        }
        return violations
    }

    /// Schedules a marker after everything already on `scheduler` and waits for it.
    static func drain(_ scheduler: QueueScheduler) -> Bool {
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule { done.signal() }
        return done.wait(timeout: .now() + 30) == .success
    }

    @Test func queueSchedulerRepeatingTimersStopWhileThreadsDisposeThemAsTheyFire() {
        let scheduler = QueueScheduler(name: "ripple.tests.stress.repeating")
        let timers = 64
        let ticks = (0..<timers).map { _ in AtomicCounter() }
        let repeating = (0..<timers).compactMap { timer in
            // Not kept by the work: disposing it is the only way to stop it.
            scheduler.schedule(after: Date(), interval: 0.001) { ticks[timer].increment() }
        }
        #expect(settles(within: 5) { ticks.allSatisfy { $0.value > 0 } })
        DispatchQueue.concurrentPerform(iterations: 4) { part in
            for (index, timer) in repeating.enumerated() where index % 4 == part {
                timer.dispose()
                timer.dispose()
            }
        }
        #expect(Self.drain(scheduler))
        let stopped = ticks.map(\.value)
        #expect(Self.drain(scheduler))
        #expect(ticks.map(\.value) == stopped)
        #expect(repeating.allSatisfy { $0.isDisposed })
    }

    @Test func queueSchedulerRunsEachActionAtMostOnceWhileThreadsScheduleAndDispose() {
        let scheduler = QueueScheduler(name: "ripple.tests.stress.dispose")
        let total = Self.threads * Self.actionsPerThread
        let counts = (0..<total).map { _ in AtomicCounter() }
        let handed = Recorder<any Disposable>()

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.actionsPerThread {
                let slot = thread * Self.actionsPerThread + index
                let disposable = scheduler.schedule { counts[slot].increment() }
                switch index % 3 {
                case 0:
                    disposable?.dispose()
                case 1:
                    if let disposable { handed.append(disposable) }
                default:
                    break
                }
            }
        }
        // Disposed from another thread than the one that scheduled them.
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for (position, disposable) in handed.entries.enumerated() where position % 2 == half {
                disposable.dispose()
            }
        }
        #expect(Self.drain(scheduler))

        let ranTwice = (0..<total).filter { counts[$0].value > 1 }
        let keptButLost = (0..<total).filter { $0 % Self.actionsPerThread % 3 == 2 && counts[$0].value != 1 }
        #expect(ranTwice.isEmpty)
        #expect(keptButLost.isEmpty)
    }

    @Test func queueSchedulerNeverRunsActionsDisposedWhileTheyWaited() {
        let scheduler = QueueScheduler(name: "ripple.tests.stress.blocked")
        let gate = DispatchSemaphore(value: 0)
        let blocked = DispatchSemaphore(value: 0)
        scheduler.schedule {
            blocked.signal()
            _ = gate.wait(timeout: .now() + 30)
        }
        #expect(blocked.wait(timeout: .now() + 5) == .success)

        let total = Self.threads * Self.actionsPerThread
        let counts = (0..<total).map { _ in AtomicCounter() }
        let order = Recorder<Int>()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.actionsPerThread {
                let slot = thread * Self.actionsPerThread + index
                let disposable = scheduler.schedule {
                    counts[slot].increment()
                    order.append(slot)
                }
                if index % 2 == 1 { disposable?.dispose() }
            }
        }
        gate.signal()
        #expect(Self.drain(scheduler))

        let wrongCounts = (0..<total).filter { counts[$0].value != (($0 % Self.actionsPerThread) % 2 == 0 ? 1 : 0) }
        #expect(wrongCounts.isEmpty)
        let ran = order.entries
        for thread in 0..<Self.threads {
            let mine = ran.filter { $0 / Self.actionsPerThread == thread }
            #expect(mine == mine.sorted())
        }
    }

    @Test func queueSchedulerNeverRunsActionsDisposedFromItsOwnQueue() {
        let scheduler = QueueScheduler(name: "ripple.tests.stress.own-queue")
        let total = Self.threads * Self.actionsPerThread
        let counts = (0..<total).map { _ in AtomicCounter() }
        let cancelled = (0..<total).map { _ in AtomicCounter() }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.actionsPerThread {
                let slot = thread * Self.actionsPerThread + index
                // The canceller is queued first, so when it runs the action has
                // not started, and nothing else runs on the serial queue meanwhile.
                let handle = Recorder<any Disposable>()
                scheduler.schedule {
                    guard let disposable = handle.entries.first else { return }
                    disposable.dispose()
                    cancelled[slot].increment()
                }
                if let disposable = scheduler.schedule({ counts[slot].increment() }) {
                    handle.append(disposable)
                }
            }
        }
        #expect(Self.drain(scheduler))

        let cancelledCount = cancelled.filter { $0.value == 1 }.count
        let wrongCounts = (0..<total).filter { counts[$0].value != (cancelled[$0].value == 1 ? 0 : 1) }
        #expect(wrongCounts.isEmpty)
        #expect(cancelledCount > 0)
    }
}
