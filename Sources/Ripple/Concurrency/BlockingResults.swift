import Dispatch

// Blocking results: start a producer and block the calling thread until the run
// has given an answer — ReactiveSwift's synchronous forms, for tests and scripts.
//
//     first()     -a-b-c-|   →   .success(a)       (the run ends after a)
//     last()      -a-b-c-|   →   .success(c)
//     single()    -a-|       →   .success(a)
//     single()    -a-b-…     →   nil               (a second value: the run ends there)
//     wait()      -a-b-|     →   .success(())
//     any of them -#x        →   .failure(x)
//     first(), last(), single()   ---|  or  ---⊘   →   nil
//     wait()      -a-⊘       →   .success(())      (an interruption is no failure)
//
// The answers are ReactiveSwift's, interruption included: `first()`, `last()` and
// `single()` answer `nil` when the run ends without the value they look for,
// `single()` keeps a lone value even if the run is then interrupted, and `wait()`
// counts an interruption as success. (The `async` forms beside them,
// `try await first()` and the others in AwaitingResults.swift, throw the failure
// with its type and answer `nil` or `false` for an interruption.)
//
// The calling thread blocks until the answer arrives, so the run must be able to
// make progress without it: a run that needs the calling thread — work scheduled on
// the main queue (`UIScheduler`, `MainActorScheduler`, `QueueScheduler.main`, a
// `@MainActor` async producer) while these are called on the main thread or the
// main actor — never answers, and the call never returns. The forms are not
// available in async code, where they would hold a thread of the cooperative pool
// (the compiler refuses them there: use the `async` forms). A run that answers
// during its start (a synchronous producer) does not block at all.

extension SignalProducer {
    /// Starts a run, blocks the calling thread until it sends its first value,
    /// fails or ends, and returns that answer; the run ends once the first value
    /// has arrived. For tests and scripts.
    ///
    /// ```swift
    /// #expect(api.user(id: 7).start(on: QueueScheduler()).first() == .success(user))
    /// ```
    ///
    /// - Returns: `.success` with the first value, `.failure` if the run fails
    ///   before sending one, or `nil` if it completes or is interrupted first.
    /// - Important: never call it on the main thread or the main actor for a
    ///   producer whose events go through the main queue: the call waits for work
    ///   that cannot run until it returns, and never returns. In async code, use
    ///   `try await first()`.
    @available(*, noasync, message: "it blocks the thread until the run answers; use `try await first()`")
    public func first() -> Result<Value, Error>? {
        take(first: 1).single()
    }

    /// Starts a run, blocks the calling thread until it completes, fails or is
    /// interrupted, and returns its last value. For tests and scripts.
    ///
    /// - Returns: `.success` with the last value once the run completes,
    ///   `.failure` if it fails, or `nil` if it completes without a value or is
    ///   interrupted.
    /// - Important: see ``first()`` for the main thread; in async code, use
    ///   `try await last()`.
    @available(*, noasync, message: "it blocks the thread until the run answers; use `try await last()`")
    public func last() -> Result<Value, Error>? {
        take(last: 1).single()
    }

    /// Starts a run, blocks the calling thread until it ends, and returns its one
    /// value; the run ends at once if it sends a second value. For tests and
    /// scripts.
    ///
    /// - Returns: `.success` with the value if the run sent exactly one and then
    ///   completed or was interrupted, `.failure` if it fails (even after a value),
    ///   or `nil` if it sends no value or more than one.
    /// - Important: see ``first()`` for the main thread.
    @available(*, noasync, message: "it blocks the thread until the run answers; use `try await collected()`")
    public func single() -> Result<Value, Error>? {
        let answer = BlockingAnswer<Value, Error>()
        take(first: 2).start { event in answer.receive(event) }
        return answer.wait()
    }

    /// Starts a run and blocks the calling thread until it ends, ignoring its
    /// values. For tests and scripts.
    ///
    /// - Returns: `.failure` if the run fails; `.success` if it completes or is
    ///   interrupted (as in ReactiveSwift; `try await waitUntilCompleted()` tells an
    ///   interruption apart).
    /// - Important: see ``first()`` for the main thread.
    @available(*, noasync, message: "it blocks the thread until the run ends; use `try await waitUntilCompleted()`")
    public func wait() -> Result<(), Error> {
        then(SignalProducer<(), Error>(value: ())).last() ?? .success(())
    }
}

/// The answer of `single()`: the value or the failure a run sent, which the calling
/// thread waits for.
private final class BlockingAnswer<Value, Error: Swift.Error> {
    private struct State {
        var result: Result<Value, Error>?
        var values = 0
    }

    private let state = Locked(State())
    private let ended = DispatchSemaphore(value: 0)

    /// Records an event of the run; called serially, on whatever thread it sends.
    func receive(_ event: Signal<Value, Error>.Event) {
        // A replaced answer is released after the lock: its deinit is user code.
        var released: Result<Value, Error>?
        switch event {
        case let .value(value):
            state.withLock { state in
                state.values += 1
                if state.values == 1 {
                    state.result = .success(value)
                } else {
                    released = state.result.take()
                }
            }
        case let .failed(error):
            var failure: Result<Value, Error>? = .failure(error)
            state.withLock { swap(&$0.result, &failure) }
            released = failure
            ended.signal()
        case .completed, .interrupted:
            ended.signal()
        }
        withExtendedLifetime(released) {}
    }

    /// Blocks until the run has ended, then hands over the answer.
    func wait() -> Result<Value, Error>? {
        ended.wait()
        return state.withLock { $0.result.take() }
    }
}
