// The channel behind one iteration of `Signal.AsyncValues`: the events of one
// subscription, kept until the iterating task asks for them.
//
//     events:   -a-b---c-#x          (sent on any thread)
//     next():     a b    c  throws x, then nil
//
// The subscription's observer calls `receive` on the sending thread; the iterator
// calls `next` in its task. Values wait in a FIFO shaped by the buffering policy;
// the terminal event is always kept and comes after the values. Completion and
// interruption finish the iteration (`nil`); a failure is thrown once, then `nil`.
// Cancelling the task waiting in `next`, or `cancel()`, disposes the subscription,
// drops the values not taken and finishes the iteration at once.

/// The events of one subscription, waiting for one consumer.
///
/// Invariants, all under `state`'s lock:
/// - At most one continuation is parked; it is taken out under the lock and resumed
///   outside it, exactly once, by whoever takes it (an event, `cancel`, or `park`
///   itself when something is ready already).
/// - A parked continuation carries no value: the woken consumer takes what is ready
///   from the state, so a value moves from the buffer to the consumer under the
///   lock.
/// - Once `termination` is set, no value is added and the subscription is released;
///   nothing is released, disposed or resumed while the lock is held.
final class AsyncValuesChannel<Value, Error: Swift.Error>: Sendable {
    private enum Termination {
        case finished
        case failed(Error)
    }

    /// What ``take()`` found.
    private enum Ready {
        case value(Value)
        case failed(Error)
        case finished
        case nothing
    }

    private struct State {
        var buffer = FIFOQueue<Value>()
        var termination: Termination?
        var waiting: CheckedContinuation<Void, Never>?
        var subscription: (any Disposable)?
    }

    private let state = Locked(State())
    private let policy: AsyncBufferingPolicy

    init(policy: AsyncBufferingPolicy) {
        self.policy = policy
    }

    /// An observer that feeds this channel; it keeps the channel alive while the
    /// stream keeps it.
    func observer() -> Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { event in self.receive(event) }
    }

    /// Keeps the subscription, to dispose it if the consumer stops first; disposes
    /// it at once if the iteration has already ended.
    func attach(_ subscription: (any Disposable)?) {
        let isOver = state.withLock { state in
            guard state.termination == nil else { return true }
            state.subscription = subscription
            return false
        }
        if isOver { subscription?.dispose() }
    }

    /// Takes one event of the stream, on the sending thread.
    private func receive(_ event: Signal<Value, Error>.Event) {
        // Released after the lock: a value dropped by the policy, the subscription.
        var dropped: Value?
        var released: (any Disposable)?
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.termination == nil else { return nil }
            switch event {
            case let .value(value):
                dropped = state.buffer.append(value, policy: policy)
            case let .failed(error):
                state.termination = .failed(error)
                released = state.subscription.take()
            case .completed, .interrupted:
                state.termination = .finished
                released = state.subscription.take()
            }
            return state.waiting.take()
        }
        waiting?.resume()
        withExtendedLifetime((dropped, released)) {}
    }

    /// Ends the iteration from the consumer's side: disposes the subscription,
    /// drops the values not taken and wakes a parked consumer, which finds the
    /// iteration finished.
    func cancel() {
        var dropped = FIFOQueue<Value>()
        var ended: Termination? = .finished
        let (waiting, subscription) = state.withLock { state in
            swap(&ended, &state.termination)
            swap(&dropped, &state.buffer)
            return (state.waiting.take(), state.subscription.take())
        }
        subscription?.dispose()
        waiting?.resume()
        withExtendedLifetime((dropped, ended)) {}
    }

    /// The next value; `nil` once the stream has completed or been interrupted, or
    /// once the calling task is cancelled. Throws the stream's failure once.
    func next(isolation actor: isolated (any Actor)?) async throws(Error) -> Value? {
        while true {
            if Task.isCancelled {
                cancel()
                return nil
            }
            switch take() {
            case let .value(value):
                return value
            case let .failed(error):
                throw error
            case .finished:
                return nil
            case .nothing:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        if !park(continuation) { continuation.resume() }
                    }
                } onCancel: {
                    cancel()
                }
            }
        }
    }

    /// Takes the oldest value, or the termination once the values are gone (a
    /// failure only once).
    private func take() -> Ready {
        state.withLock { state in
            if let value = state.buffer.removeFirst() { return .value(value) }
            switch state.termination {
            case nil:
                return .nothing
            case .finished:
                return .finished
            case let .failed(error):
                state.termination = .finished
                return .failed(error)
            }
        }
    }

    /// Parks the consumer until something is ready; `false`, without parking, if
    /// something is ready already.
    private func park(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        state.withLock { state in
            guard state.buffer.isEmpty, state.termination == nil else { return false }
            precondition(state.waiting == nil, "an AsyncValues iterator is used by two tasks at once")
            state.waiting = continuation
            return true
        }
    }
}

extension FIFOQueue {
    /// Appends `element` as `policy` allows; returns the element dropped to make
    /// room, or `element` itself if the policy refuses it.
    mutating func append(_ element: Element, policy: AsyncBufferingPolicy) -> Element? {
        switch policy {
        case .unbounded:
            append(element)
            return nil
        case let .bufferingNewest(limit):
            append(element)
            return count > limit ? removeFirst() : nil
        case let .bufferingOldest(limit):
            guard count < limit else { return element }
            append(element)
            return nil
        }
    }
}
