import Dispatch
import Ripple

/// Yields the calling task until `condition` holds, a bounded number of times;
/// whether it held. It runs on the caller's isolation; on the main actor, a `true`
/// answer also means that every main-actor job that made it true has finished.
nonisolated(nonsending) func yieldUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// How long a stress test may wait for its tasks, in wall-clock seconds: a bound
/// against hangs only. Generous, because the stress suites run in parallel and, under
/// the thread sanitizer on 2 cores, synchronous ones hold the cooperative threads for
/// minutes: a whole run takes 80 to 180 seconds there.
let stressWait: Double = 600

/// Yields the calling task until `condition` holds or `seconds` of wall time have
/// passed (a bound for stress tests, whose tasks need the cooperative threads that a
/// blocking wait would hold); whether it held.
nonisolated(nonsending) func yieldUntil(within seconds: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        guard DispatchTime.now() < deadline else { return false }
        await Task.yield()
    }
    return true
}

/// The error of the async work in tests.
enum WorkError: Error, Equatable {
    case failed
    case cancelled
}

/// Waits until `scheduler` is advanced by `interval`, mapping the cancellation of
/// the task to ``WorkError/cancelled``: a checkpoint that async work in tests awaits.
func checkpoint(_ scheduler: TestScheduler, after interval: Double = 1) async throws(WorkError) {
    do {
        try await scheduler.sleep(for: interval)
    } catch {
        throw .cancelled
    }
}

/// Records the objects a test watches through weak references.
struct WeakWitness: Sendable {
    weak let object: Witness?
}

/// An asynchronous sequence that sends `elements`, then finishes or fails with
/// `failure`; each element after the first waits for `scheduler` to advance by one
/// second, if a scheduler is given. Every iterator holds a ``Witness`` recorded in
/// `iterators`, so tests can check that iterators are released.
struct ScriptedSequence<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    let elements: [Element]
    var failure: Failure?
    var scheduler: TestScheduler?
    let iterators = Recorder<WeakWitness>()

    init(_ elements: [Element], failingWith failure: Failure? = nil, pacedBy scheduler: TestScheduler? = nil) {
        self.elements = elements
        self.failure = failure
        self.scheduler = scheduler
    }

    func makeAsyncIterator() -> Iterator {
        let witness = Witness()
        iterators.append(WeakWitness(object: witness))
        return Iterator(script: self, witness: witness)
    }

    /// Whether every iterator made so far has been released.
    var iteratorsAreReleased: Bool {
        iterators.entries.allSatisfy { $0.object == nil }
    }

    struct Iterator: AsyncIteratorProtocol {
        let script: ScriptedSequence
        let witness: Witness
        var position = 0

        mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            if position > 0, let scheduler = script.scheduler {
                do { try await scheduler.sleep(for: 1) } catch { return nil }
            }
            guard position < script.elements.count else {
                if let failure = script.failure { throw failure }
                return nil
            }
            defer { position += 1 }
            return script.elements[position]
        }

        mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }
}

/// Whether the calling code runs on the main actor's queue, without trapping when
/// it does not (unlike `MainActor.assertIsolated()`). On Linux the main actor's
/// jobs run on the main dispatch queue, not always on the main thread.
var runsOnMainActorQueue: Bool {
    DispatchQueue.getSpecific(key: mainActorQueueKey) != nil
}

private let mainActorQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
