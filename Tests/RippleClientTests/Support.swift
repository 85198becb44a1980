// What the client tests share: a way to tell that code runs on the main queue (the
// main actor's executor), and a bounded wait for work that hops between threads.
//
// The wait yields rather than sleeps: on the main actor, each yield lets the main
// queue run the work that `UIScheduler` put there. It gives up after a wall-clock
// bound, so a lost value fails the test instead of hanging it.

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

/// Yields until `condition` holds, for at most `seconds`; whether it held.
///
/// The bound is longer than a whole run of the suite: a task that the code under
/// test creates (`Task { … }`, an actor's work) waits for one of the concurrency
/// runtime's threads behind every test still queued for them, two threads on a
/// two-core machine, so it may run only once most of the suite has (seen: a
/// search's `Task` held for 40 s of a 49 s run). A condition that holds returns
/// at once; only a lost value waits the whole bound.
func eventually(
    within seconds: Int = 300,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
