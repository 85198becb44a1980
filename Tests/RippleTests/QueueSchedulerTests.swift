import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Work on a real serial queue: where it runs, in what order, when, and that
/// disposing it in time cancels it. Every wait is bounded, so a lost action fails
/// the test instead of hanging it.
@Suite struct QueueSchedulerTests {
    /// A serial queue tagged so that work can tell it runs there.
    static func taggedQueue(_ label: String) -> (DispatchQueue, DispatchSpecificKey<String>) {
        let queue = DispatchQueue(label: label)
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: label)
        return (queue, key)
    }

    /// Schedules a marker after everything already on `scheduler` and waits for it.
    static func drain(_ scheduler: QueueScheduler, seconds: Double = 5) -> Bool {
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule { done.signal() }
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test func workRunsOnTheSchedulersQueue() {
        let (queue, key) = Self.taggedQueue("ripple.tests.tagged")
        let scheduler = QueueScheduler(queue: queue)
        #expect(scheduler.queue === queue)
        let seen = Recorder<String?>()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule {
            seen.append(DispatchQueue.getSpecific(key: key))
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(seen.entries == ["ripple.tests.tagged"])
    }

    @Test func datedAndRepeatingWorkRunOnTheSchedulersQueue() {
        let (queue, key) = Self.taggedQueue("ripple.tests.tagged-dated")
        let scheduler = QueueScheduler(queue: queue)
        let seen = Recorder<String?>()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: Date().addingTimeInterval(0.01)) {
            seen.append(DispatchQueue.getSpecific(key: key))
            done.signal()
        }
        let repeating = scheduler.schedule(after: Date(), interval: .milliseconds(5)) {
            seen.append(DispatchQueue.getSpecific(key: key))
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(done.wait(timeout: .now() + 5) == .success)
        repeating?.dispose()
        #expect(seen.entries.count >= 2)
        #expect(seen.entries.allSatisfy { $0 == "ripple.tests.tagged-dated" })
    }

    @Test func namedSchedulerRunsOnItsOwnLabelledQueue() {
        let scheduler = QueueScheduler(qos: .utility, name: "ripple.tests.named")
        #expect(scheduler.queue.label == "ripple.tests.named")
        let ran = AtomicCounter()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule {
            ran.increment()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(ran.value == 1)
    }

    @Test func workRunsInSchedulingOrder() {
        let scheduler = QueueScheduler(name: "ripple.tests.order")
        let order = Recorder<Int>()
        for index in 0..<1_000 {
            scheduler.schedule { order.append(index) }
        }
        #expect(Self.drain(scheduler))
        #expect(order.entries == Array(0..<1_000))
    }

    @Test func workScheduledFromItsOwnQueueRunsAfterTheCurrentWork() {
        let scheduler = QueueScheduler(name: "ripple.tests.nested")
        let order = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule {
            scheduler.schedule {
                order.append("inner")
                done.signal()
            }
            order.append("outer")
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(order.entries == ["outer", "inner"])
    }

    @Test func disposingBeforeItRunsCancelsIt() {
        let scheduler = QueueScheduler(name: "ripple.tests.cancel")
        let gate = DispatchSemaphore(value: 0)
        let blocked = DispatchSemaphore(value: 0)
        let blockerFinished = Atomic<Bool>(false)
        scheduler.schedule {
            blocked.signal()
            blockerFinished.store(gate.wait(timeout: .now() + 5) == .success, ordering: .releasing)
        }
        #expect(blocked.wait(timeout: .now() + 5) == .success)
        let ran = AtomicCounter()
        let cancelled = scheduler.schedule { ran.increment() }
        let cancelledLater = scheduler.schedule(after: Date().addingTimeInterval(0.01)) { ran.increment() }
        cancelled?.dispose()
        cancelledLater?.dispose()
        #expect(cancelled?.isDisposed == true)
        gate.signal()
        #expect(Self.drain(scheduler))
        let blockerWasReleased = blockerFinished.load(ordering: .acquiring)
        #expect(blockerWasReleased)
        #expect(ran.value == 0)
    }

    @Test func disposingBeforeItRunsReleasesTheClosure() {
        let scheduler = QueueScheduler(name: "ripple.tests.release")
        let gate = DispatchSemaphore(value: 0)
        let blocked = DispatchSemaphore(value: 0)
        scheduler.schedule {
            blocked.signal()
            _ = gate.wait(timeout: .now() + 5)
        }
        #expect(blocked.wait(timeout: .now() + 5) == .success)
        weak var weakWitness: Witness?
        var disposable: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            disposable = scheduler.schedule { _ = witness }
        }
        #expect(weakWitness != nil)
        disposable?.dispose()
        #expect(weakWitness == nil)
        gate.signal()
        #expect(Self.drain(scheduler))
    }

    @Test func disposingAfterItRanChangesNothing() {
        let scheduler = QueueScheduler(name: "ripple.tests.late-dispose")
        let ran = AtomicCounter()
        let disposable = scheduler.schedule { ran.increment() }
        #expect(Self.drain(scheduler))
        disposable?.dispose()
        #expect(Self.drain(scheduler))
        #expect(ran.value == 1)
    }

    @Test func workScheduledAfterADateRunsNotBeforeIt() {
        let scheduler = QueueScheduler(name: "ripple.tests.after")
        let target = Date().addingTimeInterval(0.05)
        let ranAt = Recorder<Date>()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: target) {
            ranAt.append(Date())
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        let runs = ranAt.entries
        #expect(runs.count == 1)
        if let ran = runs.first {
            #expect(ran.timeIntervalSince(target) >= -0.005)
        }
    }

    @Test func workScheduledAfterAPastDateRunsSoon() {
        let scheduler = QueueScheduler(name: "ripple.tests.past")
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: Date().addingTimeInterval(-60)) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func datedWorkRunsInDateOrder() {
        let scheduler = QueueScheduler(name: "ripple.tests.date-order")
        let order = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        let now = Date()
        scheduler.schedule(after: now.addingTimeInterval(0.06)) {
            order.append("late")
            done.signal()
        }
        scheduler.schedule(after: now.addingTimeInterval(0.02)) { order.append("early") }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(order.entries == ["early", "late"])
    }

    @Test func repeatingWorkRunsSeveralTimesThenStopsWhenDisposedFromItsRun() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-inside")
        let runs = AtomicCounter()
        let thirdRun = DispatchSemaphore(value: 0)
        let runAfterDispose = DispatchSemaphore(value: 0)
        let handle = Recorder<any Disposable>()
        let repeating = scheduler.schedule(after: Date().addingTimeInterval(0.02), interval: .milliseconds(10), leeway: .milliseconds(1)) {
            let count = runs.increment()
            if count == 3 {
                handle.entries.first?.dispose()
                thirdRun.signal()
            } else if count > 3 {
                runAfterDispose.signal()
            }
        }
        if let repeating { handle.append(repeating) }
        #expect(repeating != nil)
        #expect(thirdRun.wait(timeout: .now() + 5) == .success)
        #expect(runAfterDispose.wait(timeout: .now() + 0.15) == .timedOut)
        #expect(runs.value == 3)
        #expect(repeating?.isDisposed == true)
    }

    @Test func repeatingWorkStopsOnceDisposedFromAnotherThread() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-outside")
        let runs = AtomicCounter()
        let tick = DispatchSemaphore(value: 0)
        let disposeReturned = Atomic<Bool>(false)
        let runAfterDispose = DispatchSemaphore(value: 0)
        let repeating = scheduler.schedule(after: Date(), interval: 0.005, leeway: 0.001) {
            runs.increment()
            if disposeReturned.load(ordering: .acquiring) { runAfterDispose.signal() }
            tick.signal()
        }
        for _ in 0..<3 {
            #expect(tick.wait(timeout: .now() + 5) == .success)
        }
        repeating?.dispose()
        // A run already under way when `dispose` was called may still finish; the
        // queue drains it before the flag is set.
        #expect(Self.drain(scheduler))
        disposeReturned.store(true, ordering: .releasing)
        let runsAtDispose = runs.value
        #expect(runsAtDispose >= 3)
        #expect(runAfterDispose.wait(timeout: .now() + 0.15) == .timedOut)
        #expect(runs.value == runsAtDispose)
    }

    @Test func repeatingWorkKeepsRunningWhenItsDisposableIsNotKept() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-unkept")
        let runs = AtomicCounter()
        let thirdRun = DispatchSemaphore(value: 0)
        let isStopped = Atomic<Bool>(false)
        let runAfterStop = DispatchSemaphore(value: 0)
        // Only a weak reference: the caller does not keep the disposable.
        weak let repeating = scheduler.schedule(after: Date(), interval: 0.005, leeway: 0.001) {
            if runs.increment() == 3 { thirdRun.signal() }
            if isStopped.load(ordering: .acquiring) { runAfterStop.signal() }
        }
        #expect(thirdRun.wait(timeout: .now() + 5) == .success)
        // The disposable lives as long as the timer runs, so it can still stop it.
        #expect(repeating != nil)
        repeating?.dispose()
        #expect(Self.drain(scheduler))
        isStopped.store(true, ordering: .releasing)
        #expect(runAfterStop.wait(timeout: .now() + 0.1) == .timedOut)
        #expect(settles(within: 5) { repeating == nil })
    }

    @Test func repeatingWorkDisposedBeforeItsFirstRunNeverRuns() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-never")
        let ran = DispatchSemaphore(value: 0)
        let repeating = scheduler.schedule(after: Date().addingTimeInterval(0.03), interval: 0.01) { ran.signal() }
        repeating?.dispose()
        #expect(ran.wait(timeout: .now() + 0.15) == .timedOut)
    }

    @Test func currentDateIsTheWallClock() {
        let scheduler = QueueScheduler(name: "ripple.tests.clock")
        let before = Date()
        let current = scheduler.currentDate
        let after = Date()
        #expect(current >= before)
        #expect(current <= after)
        #expect(abs(scheduler.currentDate.timeIntervalSinceNow) < 0.5)
    }
}
