// What the client tests share: a way to tell that code runs on the main queue (the
// main actor's executor), and waits for the events of work that hops between
// threads, never for a time.
//
// A value bound on `UIScheduler` or `MainActorScheduler`, or a `Task` the code under
// test creates, arrives when the main queue or the concurrency runtime's threads
// get to it: at once on an idle machine, seconds later with the suite running on two
// loaded cores. So a test does not poll: it suspends until the event that makes its
// condition true (a test double's main-actor state changing, a property's value),
// and takes as long as that event takes.

import Dispatch
import Ripple

/// Marks the main queue. On Linux, under `swift test`, worker threads drain the main
/// queue, so `Thread.isMainThread` cannot say whether code runs there.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether the caller runs on the main queue.
func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// The tasks waiting for a condition on the main-actor state of the test doubles
/// (views, controls, ViewModels), rechecked each time one of them changes.
@MainActor
private enum MainActorStateWaiters {
    static var waiting: [UInt64: (condition: @MainActor () -> Bool, continuation: CheckedContinuation<Void, Never>)] = [:]
    static var nextID: UInt64 = 0

    /// Resumes the waiters whose condition holds now.
    static func recheck() {
        let ready = waiting.filter { $0.value.condition() }
        for (id, waiter) in ready {
            waiting[id] = nil
            waiter.continuation.resume()
        }
    }

    /// Resumes a waiter whose task was cancelled.
    static func cancel(_ id: UInt64) {
        waiting.removeValue(forKey: id)?.continuation.resume()
    }
}

/// Called by a test double each time its main-actor state changes: the waits whose
/// condition now holds end.
@MainActor
func mainActorStateChanged() {
    MainActorStateWaiters.recheck()
}

/// Waits until `condition`, on the main-actor state of the test doubles, holds:
/// checked now, then each time a test double reports a change. Whether it held
/// (`false` only if the task was cancelled first, as a test's time limit does).
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool) async -> Bool {
    if condition() { return true }
    MainActorStateWaiters.nextID += 1
    let id = MainActorStateWaiters.nextID
    await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if Task.isCancelled {
                continuation.resume()
            } else {
                MainActorStateWaiters.waiting[id] = (condition, continuation)
            }
        }
    } onCancel: {
        Task { @MainActor in MainActorStateWaiters.cancel(id) }
    }
    return condition()
}

/// Waits until the main queue has run everything queued on it before this call
/// (it is a serial queue): a marker after the work whose effect a test checks.
func mainQueueHasRunWhatIsQueued() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
    }
}
