import Foundation
import Services
import Synchronization

/// A services clock whose sleeps last until the test lets them end: with a route's
/// chaos latency (any, say 1 ms), a request to that route is held in the service
/// until ``release()``, and ``requestHeld()`` waits until one is. A test sees what
/// the app shows while an answer is late without betting on how long anything takes.
///
/// ```swift
/// let latency = HeldLatency()
/// let chaos = try ChaosConfiguration(seed: 1, routes: ["POST /todos/list": ChaosRoute(latency: .fixed(.milliseconds(1)))])
/// try await withTestServices(configure: { $0.chaos = chaos; $0.clock = latency.clock }) { services, _ in
///     viewModel.add("Buy milk")
///     await latency.requestHeld()      // the add is in the service, unanswered
///     #expect(viewModel.isLoading.value)
///     latency.release()                // now it answers
/// }
/// ```
public final class HeldLatency: Sendable {
    private struct State {
        /// The sleeps in progress, by their own id.
        var held: [UUID: CheckedContinuation<Void, Error>] = [:]
        /// The sleeps whose task was cancelled before they were held.
        var cancelled: Set<UUID> = []
        /// Who waits for a request to be held, by their own id.
        var watchers: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// A clock holding nothing yet.
    public init() {}

    /// The system's time, with sleeps that last until ``release()`` (or until their
    /// task is cancelled: the services stopping).
    public var clock: ServicesClock {
        ServicesClock(now: { Date() }, sleep: { [self] _ in try await hold() })
    }

    /// Waits until a request is held: at once if one is. A cancelled wait (the
    /// test's time limit) returns at once.
    public func requestHeld() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let goesOn = state.withLock { state -> Bool in
                    if !state.held.isEmpty || Task.isCancelled { return true }
                    state.watchers[id] = continuation
                    return false
                }
                if goesOn { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.watchers.removeValue(forKey: id) }?.resume()
        }
    }

    /// Lets every request held now go on.
    public func release() {
        let held = state.withLock { state in
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for sleep in held { sleep.resume() }
    }

    private func hold() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (sleep: CheckedContinuation<Void, Error>) in
                let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                    if state.cancelled.remove(id) != nil { return nil }
                    state.held[id] = sleep
                    defer { state.watchers = [:] }
                    return Array(state.watchers.values)
                }
                guard let watchers else {
                    sleep.resume(throwing: CancellationError())
                    return
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let sleep = state.withLock { state in
                let sleep = state.held.removeValue(forKey: id)
                if sleep == nil { state.cancelled.insert(id) }
                return sleep
            }
            sleep?.resume(throwing: CancellationError())
        }
    }
}
