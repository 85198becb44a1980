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

/// Yields until `condition` holds, for at most `seconds` (long: a whole suite on two
/// loaded cores can keep a test waiting for a while); whether it held.
func eventually(
    within seconds: Int = 30,
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
