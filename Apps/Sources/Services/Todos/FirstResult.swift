import Synchronization

/// The first of several results, handed to one continuation: what
/// `PostgresTodoStore` races a query against its deadline with. The tasks given to
/// ``run(_:)`` are cancelled once a result is in (or at once, if it is already); no
/// one waits for them. The continuation is resumed outside the lock.
final class FirstResult<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var result: Result<Value, any Error>?
        var isFinished = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// The continuation to resume with the first result (at once, if it is in).
    func deliver(to continuation: CheckedContinuation<Value, any Error>) {
        let result = state.withLock { state -> Result<Value, any Error>? in
            guard let result = state.result else {
                state.continuation = continuation
                return nil
            }
            state.result = nil
            return result
        }
        if let result { continuation.resume(with: result) }
    }

    /// A task racing for the result, cancelled once the result is in.
    func run(_ task: Task<Void, Never>) {
        let finished = state.withLock { state in
            if !state.isFinished { state.tasks.append(task) }
            return state.isFinished
        }
        if finished { task.cancel() }
    }

    /// Offers a result: the first one offered is kept, the others are dropped.
    func finish(_ result: Result<Value, any Error>) {
        let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) in
            guard !state.isFinished else { return (nil, []) }
            state.isFinished = true
            let tasks = state.tasks
            state.tasks = []
            guard let continuation = state.continuation else {
                state.result = result
                return (nil, tasks)
            }
            state.continuation = nil
            return (continuation, tasks)
        }
        continuation?.resume(with: result)
        for task in tasks { task.cancel() }
    }
}
