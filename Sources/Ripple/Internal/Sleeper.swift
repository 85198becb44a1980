#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One suspended ``DateScheduler/sleep(until:)``: its continuation and its
/// scheduled wake-up, resumed exactly once by whichever comes first — the
/// wake-up or the cancellation of the task.
final class Sleeper: Sendable {
    private enum Phase {
        case idle
        case waiting(CheckedContinuation<Void, any Error>)
        case cancelled
        case resumed
    }

    private struct State {
        var phase = Phase.idle
        var wakeUp: (any Disposable)?
    }

    private let state = Locked(State())
    private let tracker: (any ResumptionTracking)?

    init(tracker: (any ResumptionTracking)?) {
        self.tracker = tracker
    }

    /// Parks `continuation` and schedules the wake-up at `date`; resumes at once
    /// with `CancellationError` if the task was cancelled already.
    func start(_ continuation: CheckedContinuation<Void, any Error>, scheduler: some DateScheduler, date: Date) {
        let isCancelled = state.withLock { state in
            guard case .idle = state.phase else { return true }
            state.phase = .waiting(continuation)
            return false
        }
        guard !isCancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        let wakeUp = scheduler.schedule(after: date) { self.wake() }
        let isWaiting = state.withLock { state in
            guard case .waiting = state.phase else { return false }
            state.wakeUp = wakeUp
            return true
        }
        if !isWaiting { wakeUp?.dispose() }
    }

    /// The scheduler's clock has reached the date: resumes the task.
    private func wake() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard case .waiting(let continuation) = state.phase else { return nil }
            state.phase = .resumed
            state.wakeUp = nil
            return continuation
        }
        guard let continuation else { return }
        tracker?.taskWillResume()
        continuation.resume()
    }

    /// The task was cancelled: cancels the wake-up and resumes the task with
    /// `CancellationError`.
    func cancel() {
        let (continuation, wakeUp) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, (any Disposable)?) in
            defer { state.wakeUp = nil }
            switch state.phase {
            case .idle:
                state.phase = .cancelled
                return (nil, nil)
            case .waiting(let continuation):
                state.phase = .cancelled
                return (continuation, state.wakeUp)
            case .cancelled, .resumed:
                return (nil, nil)
            }
        }
        wakeUp?.dispose()
        continuation?.resume(throwing: CancellationError())
    }
}
