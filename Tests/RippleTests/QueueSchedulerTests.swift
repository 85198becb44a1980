import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Work on a real serial queue: where it runs, in what order, when, and that
/// disposing it in time cancels it. Every wait is bounded, so a lost action fails
/// the test instead of hanging it; no test bets on how long the machine takes
/// (a run that must not happen is ruled out by a date far ahead, by draining the
/// queue, or by the release of the work's closure, never by a timeout expected to
/// expire).
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

    /// As with a plain `DispatchQueue`, a scheduler made without a QoS leaves its
    /// queue's unspecified, so that the QoS of the queue it targets, or of the code
    /// that schedules, applies; one given a QoS keeps it.
    @Test func defaultSchedulerLeavesItsQueuesQoSUnspecifiedSoATargetsQoSApplies() {
        #expect(QueueScheduler().queue.qos == .unspecified)
        #expect(QueueScheduler(qos: .utility).queue.qos == .utility)
        // Dispatch reports the QoS the queue inherits from its target (as on Linux)
        // or the queue's own, unspecified one; a QoS of its own would be reported
        // instead, and would override the target's.
        let targeting = QueueScheduler(targeting: DispatchQueue.global(qos: .userInitiated)).queue.qos
        #expect(targeting == .userInitiated || targeting == .unspecified)
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

    @Test func workScheduledAfterADateHasNotRunWhileTheQueueIsFreeBeforeIt() {
        let scheduler = QueueScheduler(name: "ripple.tests.after")
        let ran = AtomicCounter()
        let dated = scheduler.schedule(after: Date().addingTimeInterval(3_600)) { ran.increment() }
        // Work scheduled now runs first, and finds the dated work still waiting.
        let sawItWaiting = Atomic<Bool>(false)
        scheduler.schedule { sawItWaiting.store(ran.value == 0, ordering: .releasing) }
        #expect(Self.drain(scheduler))
        let datedWorkWasWaiting = sawItWaiting.load(ordering: .acquiring)
        #expect(datedWorkWasWaiting)
        #expect(ran.value == 0)
        dated?.dispose()
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

    // Once a repeating action is disposed and no run of it is under way, its
    // closure is released: nothing is left that could run it again. The tests below
    // check that release (and the run count at that point) instead of waiting for a
    // run that should not come.

    @Test func repeatingWorkRunsSeveralTimesThenStopsWhenDisposedFromItsRun() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-inside")
        let runs = AtomicCounter()
        let thirdRun = DispatchSemaphore(value: 0)
        let handle = Recorder<any Disposable>()
        weak var weakWitness: Witness?
        let repeating: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            repeating = scheduler.schedule(after: Date().addingTimeInterval(0.02), interval: .milliseconds(10), leeway: .milliseconds(1)) {
                _ = witness
                if runs.increment() == 3 {
                    handle.entries.first?.dispose()
                    thirdRun.signal()
                }
            }
        }
        if let repeating { handle.append(repeating) }
        #expect(repeating != nil)
        #expect(thirdRun.wait(timeout: .now() + 5) == .success)
        #expect(Self.drain(scheduler))
        #expect(weakWitness == nil, "the disposed work's closure is still held")
        #expect(runs.value == 3)
        #expect(repeating?.isDisposed == true)
    }

    @Test func repeatingWorkStopsOnceDisposedFromAnotherThread() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-outside")
        let runs = AtomicCounter()
        let tick = DispatchSemaphore(value: 0)
        weak var weakWitness: Witness?
        let repeating: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            repeating = scheduler.schedule(after: Date(), interval: 0.005, leeway: 0.001) {
                _ = witness
                runs.increment()
                tick.signal()
            }
        }
        for _ in 0..<3 {
            #expect(tick.wait(timeout: .now() + 5) == .success)
        }
        repeating?.dispose()
        // A run already under way when `dispose` was called may still finish; the
        // queue drains it.
        #expect(Self.drain(scheduler))
        #expect(weakWitness == nil, "the disposed work's closure is still held")
        let runsAtDispose = runs.value
        #expect(runsAtDispose >= 3)
        #expect(Self.drain(scheduler))
        #expect(runs.value == runsAtDispose)
    }

    @Test func repeatingWorkKeepsRunningWhenItsDisposableIsNotKept() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-unkept")
        let runs = AtomicCounter()
        let thirdRun = DispatchSemaphore(value: 0)
        weak var weakWitness: Witness?
        // Only a weak reference: the caller does not keep the disposable.
        weak var repeating: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            repeating = scheduler.schedule(after: Date(), interval: 0.005, leeway: 0.001) {
                _ = witness
                if runs.increment() == 3 { thirdRun.signal() }
            }
        }
        #expect(thirdRun.wait(timeout: .now() + 5) == .success)
        // The disposable lives as long as the timer runs, so it can still stop it.
        #expect(repeating != nil)
        repeating?.dispose()
        #expect(Self.drain(scheduler))
        #expect(weakWitness == nil, "the disposed work's closure is still held")
        #expect(settles(within: 5) { repeating == nil })
    }

    @Test func repeatingWorkDisposedBeforeItsFirstRunNeverRuns() {
        let scheduler = QueueScheduler(name: "ripple.tests.repeat-never")
        let ran = AtomicCounter()
        weak var weakWitness: Witness?
        let repeating: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            // A first run an hour ahead: it cannot have started before `dispose`.
            repeating = scheduler.schedule(after: Date().addingTimeInterval(3_600), interval: 0.01) {
                _ = witness
                ran.increment()
            }
        }
        repeating?.dispose()
        #expect(weakWitness == nil, "the disposed work's closure is still held")
        #expect(Self.drain(scheduler))
        #expect(ran.value == 0)
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
