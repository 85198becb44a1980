import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Claims a one-shot event once, from whichever thread gets there first.
private final class Once: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}

/// Calls `body` with a `done` callback, then waits without blocking the thread
/// until `done` is called or `seconds` pass. Returns whether `done` came in time,
/// so that a deadlock fails the test instead of hanging it.
///
/// The bound only limits a wait: work that runs returns at once. It is long (as in
/// RippleClientTests) because the main queue is drained by whichever worker gets to
/// it, and the suite's leak reports keep both cores busy for seconds at a time.
private func finishes(
    within seconds: Double = 30,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (@escaping @Sendable () -> Void) -> Void
) async -> Bool {
    await withCheckedContinuation(isolation: isolation) { continuation in
        let once = Once()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if once.claim() { continuation.resume(returning: false) }
        }
        body { if once.claim() { continuation.resume(returning: true) } }
    }
}

/// Marks the main queue, so that work can tell it runs there. On Linux the main
/// queue is not always served by the main thread: once `dispatchMain()` has run (as
/// under `swift test`), worker threads drain it and `Thread.isMainThread` is false
/// there, although the main actor runs on it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether the caller runs on the main queue, the main actor's executor.
private func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// Sends `values` to `input` from inside `queue.sync`, on a background thread.
/// Nonisolated, so that its closures are not main-actor closures.
private func send(_ values: [Int], to input: Signal<Int, Never>.Observer, insideSyncOn queue: DispatchQueue) {
    DispatchQueue.global().async {
        queue.sync { values.forEach { input.send(value: $0) } }
    }
}

/// Sends 1 from work on `scheduler`, then 2 from inside `queue.sync` in that work.
private func send(to input: Signal<Int, Never>.Observer, from scheduler: QueueScheduler, insideSyncOn queue: DispatchQueue) {
    scheduler.schedule {
        input.send(value: 1)
        queue.sync { input.send(value: 2) }
    }
}

/// Waits for `semaphore` for at most `seconds`, from a synchronous context.
private func waits(for semaphore: DispatchSemaphore, seconds: Double = 5) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}

/// The main queue, as a UI sees it: work scheduled elsewhere hops to it, work
/// scheduled on it runs at once when nothing is waiting, and order always holds.
///
/// Serialized: the scheduler's "nothing is waiting" is global to the process.
@MainActor
@Suite(.serialized) struct UISchedulerTests {
    @Test func mainQueueIsDrainedWhileAMainActorTestAwaits() async {
        #expect(isOnMainQueue())
        let onMain = Recorder<Bool>()
        let finished = await finishes { done in
            DispatchQueue.main.async {
                onMain.append(isOnMainQueue())
                done()
            }
        }
        #expect(finished)
        #expect(onMain.entries == [true])
    }

    @Test func workScheduledFromABackgroundThreadRunsOnTheMainQueue() async {
        let scheduler = UIScheduler()
        let onMain = Recorder<Bool>()
        let finished = await finishes { done in
            DispatchQueue.global().async {
                scheduler.schedule {
                    onMain.append(isOnMainQueue())
                    done()
                }
            }
        }
        #expect(finished)
        #expect(onMain.entries == [true])
    }

    @Test func workFromSeveralThreadsRunsOnTheMainQueueInSchedulingOrder() async {
        let scheduler = UIScheduler()
        let threads = 4
        let perThread = 250
        let total = threads * perThread
        let scheduling = NSLock()
        let sequence = AtomicCounter()
        let ran = AtomicCounter()
        let runs = Recorder<Int>()
        let offMain = AtomicCounter()
        let finished = await finishes { done in
            for _ in 0..<threads {
                DispatchQueue.global().async {
                    for _ in 0..<perThread {
                        // The lock makes the scheduling order across threads known.
                        scheduling.withLock {
                            let number = sequence.increment()
                            scheduler.schedule {
                                if !isOnMainQueue() { offMain.increment() }
                                runs.append(number)
                                if ran.increment() == total { done() }
                            }
                        }
                    }
                }
            }
        }
        #expect(finished)
        #expect(offMain.value == 0)
        #expect(runs.entries == Array(1...total))
    }

    @Test func scheduleOnTheMainQueueWithNothingWaitingRunsSynchronously() async {
        let scheduler = UIScheduler()
        // Other suites, running in parallel, may have main-queue work waiting at any
        // moment (view bindings): let the queue drain and try again until a try
        // finds nothing waiting.
        var ranAtOnce = false
        for _ in 0..<100 where !ranAtOnce {
            #expect(await finishes { done in DispatchQueue.main.async { done() } })
            var ran = false
            let disposable = scheduler.schedule { ran = true }
            ranAtOnce = ran && disposable == nil
        }
        #expect(ranAtOnce)
    }

    @Test func workScheduledByWorkRunningOnTheMainQueueWaitsForItToFinish() async {
        let scheduler = UIScheduler()
        let order = Recorder<String>()
        let finished = await finishes { done in
            scheduler.schedule {
                order.append("outer begins")
                scheduler.schedule {
                    order.append("inner")
                    done()
                }
                order.append("outer ends")
            }
        }
        #expect(finished)
        #expect(order.entries == ["outer begins", "outer ends", "inner"])
    }

    @Test func mainQueueWorkDoesNotJumpAheadOfQueuedBackgroundWork() async {
        let scheduler = UIScheduler()
        let order = Recorder<String>()
        let scheduled = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            scheduler.schedule { order.append("background") }
            scheduled.signal()
        }
        // A short, bounded block: the background thread never needs the main thread.
        #expect(waits(for: scheduled))
        var ranAtOnce = false
        scheduler.schedule {
            ranAtOnce = true
            order.append("main")
        }
        #expect(!ranAtOnce)
        let finished = await finishes { done in scheduler.schedule { done() } }
        #expect(finished)
        #expect(ranAtOnce)
        #expect(order.entries == ["background", "main"])
    }

    @Test func disposingQueuedWorkCancelsIt() async {
        let scheduler = UIScheduler()
        let order = Recorder<String>()
        let scheduled = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            scheduler.schedule { order.append("background") }
            scheduled.signal()
        }
        #expect(waits(for: scheduled))
        let cancelled = scheduler.schedule { order.append("cancelled") }
        #expect(cancelled != nil)
        cancelled?.dispose()
        let finished = await finishes { done in scheduler.schedule { done() } }
        #expect(finished)
        #expect(order.entries == ["background"])
    }

    @Test func queueSchedulerMainGoesThroughTheMainQueueEvenFromTheMainQueue() async {
        var ranAtOnce = false
        let onMain = Recorder<Bool>()
        let finished = await finishes { done in
            QueueScheduler.main.schedule {
                onMain.append(isOnMainQueue())
                done()
            }
            ranAtOnce = !onMain.entries.isEmpty
        }
        #expect(finished)
        #expect(!ranAtOnce)
        #expect(onMain.entries == [true])
    }

    @Test func valueSentFromInsideAnotherQueuesSyncReachesTheMainQueue() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorder<String>()
        let other = DispatchQueue(label: "ripple.tests.ui.sync")
        let finished = await finishes { done in
            signal.observe(on: UIScheduler()).observeValues { value in
                received.append("\(value) on main: \(isOnMainQueue())")
                done()
            }
            send([1], to: input, insideSyncOn: other)
        }
        #expect(finished)
        #expect(received.entries == ["1 on main: true"])
    }

    @Test func valueSentFromAQueueSchedulerReachesTheMainQueue() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorder<String>()
        let background = QueueScheduler(name: "ripple.tests.ui.background")
        let other = DispatchQueue(label: "ripple.tests.ui.sync-from-scheduler")
        let finished = await finishes { done in
            signal.observe(on: UIScheduler()).observeValues { value in
                received.append("\(value) on main: \(isOnMainQueue())")
                if value == 2 { done() }
            }
            send(to: input, from: background, insideSyncOn: other)
        }
        #expect(finished)
        #expect(received.entries == ["1 on main: true", "2 on main: true"])
    }

    @Test func valuesObservedOnABackgroundSchedulerThenOnTheUISchedulerKeepTheirOrder() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorder<String>()
        let background = QueueScheduler(name: "ripple.tests.ui.hop")
        let finished = await finishes { done in
            signal
                .observe(on: background)
                .observe(on: UIScheduler())
                .observeValues { value in
                    received.append("\(value) on main: \(isOnMainQueue())")
                    if value == 3 { done() }
                }
            send([1, 2, 3], to: input, insideSyncOn: DispatchQueue(label: "ripple.tests.ui.hop-sync"))
        }
        #expect(finished)
        #expect(received.entries == (1...3).map { "\($0) on main: true" })
    }
}
