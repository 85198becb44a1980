// The services as one running `Service`: their background work (the tweet and photo
// imports) beside an HTTP listener that can be stopped and started again on the same
// port while the stores stay open and the background work goes on. Stopping the listener
// is what a client sees as a server that went away: its next connection is refused
// (chaos's `refuse`: a backend that went down refuses connections), until the
// listener starts again.
//
// Each time it listens, the listener runs a Hummingbird `Application` over the one
// responder (the router, built once). Stopping it shuts that application down
// gracefully: the listening socket closes at once, requests in flight finish,
// hanging chaos requests are released first, idle keep-alive connections close.
//
// The state is kept under a `Mutex`; waiters are resumed after it is released.
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The services' background work and their restartable HTTP listener, run as one
/// `Service` (in a `ServiceGroup`: the command line's, with SIGTERM and SIGINT, or
/// ``LocalServices``').
public final class ServicesServer: Service, ChaosListener {
    /// The services served.
    public let services: ServicesApplication.OpenedServices

    private let responder: RouterResponder<BasicRequestContext>
    private let configuration: ServicesConfiguration
    private let logger: Logger
    private let onListening: @Sendable (Int) async -> Void
    private let state: Mutex<State>

    private struct State {
        /// Whether the listener should listen.
        var wanted = true
        /// The services are shutting down (or have stopped).
        var finished = false
        /// The port to bind: the configured one, then the one first bound.
        var port: Int
        /// The open listening socket.
        var channel: (any Channel)?
        /// An application is running (listening, or starting, or stopping).
        var running = false
        /// How many times an application has ended.
        var runsEnded = 0
        /// How many times the listener has bound.
        var starts = 0
        /// How many times binding failed.
        var failedStarts = 0
        /// Why the last start failed, or why the services stopped.
        var error: (any Error)?
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
    }

    private struct Waiter {
        let condition: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    /// Makes the server of opened services.
    /// - Parameters:
    ///   - services: The services (``ServicesApplication/open(_:logger:)``).
    ///   - configuration: Where to listen.
    ///   - logger: The server's logger.
    ///   - onListening: Called with the bound port each time the listener listens.
    public init(
        services: ServicesApplication.OpenedServices,
        configuration: ServicesConfiguration,
        logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.services = services
        self.responder = ServicesApplication.router(services: services.all, chaos: services.chaos).buildResponder()
        self.configuration = configuration
        self.logger = logger
        self.onListening = onListening
        self.state = Mutex(State(port: configuration.port))
        services.chaos?.attach(listener: self)
    }

    /// Runs the background services and the listener until a graceful shutdown.
    /// - Throws: The error of a first bind that failed (a port in use), or of a
    ///   background service.
    public func run() async throws {
        let listener = Listener(server: self)
        let group = ServiceGroup(
            configuration: .init(services: services.all.flatMap(\.backgroundServices) + [listener], logger: logger)
        )
        do {
            try await group.run()
        } catch {
            update {
                $0.finished = true
                if $0.error == nil { $0.error = error }
            }
            throw error
        }
        update { $0.finished = true }
    }

    // MARK: The listener

    /// Whether the listening socket is open.
    public var isListening: Bool {
        state.withLock { $0.channel != nil }
    }

    /// Waits until the listener listens and returns its port.
    /// - Throws: Why it could not (the first bind failed, or the services stopped).
    public func waitUntilListening() async throws -> Int {
        let failedBefore = state.withLock { $0.failedStarts }
        await wait { $0.channel != nil || $0.failedStarts > failedBefore && !$0.running || $0.finished || !$0.wanted }
        return try listeningPort()
    }

    /// Stops the listener (connections are refused from then on) and waits until the
    /// requests in flight have finished. Hanging chaos requests are released.
    public func stopListening() async {
        let ended = update { state -> Int? in
            state.wanted = false
            return state.running ? state.runsEnded : nil
        }
        guard let ended else { return }
        await wait { $0.runsEnded > ended || !$0.running }
    }

    /// Listens again on the same port; returns the port once listening.
    /// - Throws: Why it could not bind (another process took the port), or that the
    ///   services have stopped.
    @discardableResult
    public func startListening() async throws -> Int {
        let failedBefore = update { state in
            state.wanted = true
            return state.failedStarts
        }
        await wait { $0.channel != nil || $0.failedStarts > failedBefore || $0.finished || !$0.wanted }
        return try listeningPort()
    }

    /// Closes the listening socket now and listens again after `duration` (on the
    /// services' clock), unless the services stop first or someone else restarts or
    /// stops the listener meanwhile. Returns once the socket is closed.
    func refuseConnections(for duration: Duration) async {
        let ended = update { state -> Int in
            state.wanted = false
            return state.runsEnded
        }
        await wait { $0.channel == nil }
        Task { [self] in
            await wait { $0.runsEnded > ended || !$0.running }
            do {
                try await configuration.clock.sleep(duration)
            } catch {
                return
            }
            guard state.withLock({ !$0.finished && !$0.wanted }) else { return }
            do {
                try await startListening()
            } catch {
                logger.error("the listener could not start again after a chaos refuse: \(error)")
            }
        }
    }

    private func listeningPort() throws -> Int {
        try state.withLock { state in
            if state.channel != nil { return state.port }
            throw state.error ?? ServiceError(.serviceUnavailable, "the listener is stopped")
        }
    }

    /// Listens while wanted, until the services shut down.
    /// - Throws: The error of the first bind, when it fails.
    private func listen() async throws {
        var first = true
        while true {
            await wait { $0.finished || $0.wanted }
            guard let (port, startsBefore) = state.withLock({ $0.finished ? nil : ($0.port, $0.starts) }) else { return }
            update { $0.running = true }
            services.chaos?.armHangs()
            let application = Application(
                responder: responder,
                configuration: .init(address: .hostname(configuration.host, port: port), serverName: "ripple-services"),
                onServerRunning: { [self] channel in
                    let bound = channel.localAddress?.port ?? port
                    update {
                        $0.port = bound
                        $0.channel = channel
                        $0.starts += 1
                        $0.error = nil
                    }
                    channel.closeFuture.whenComplete { [self] _ in
                        update { if $0.channel === channel { $0.channel = nil } }
                    }
                    await onListening(bound)
                },
                logger: logger
            )
            let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
            var asked = false
            var failure: (any Error)?
            do {
                asked = try await withThrowingTaskGroup(of: Bool.self) { tasks in
                    tasks.addTask {
                        try await group.run()
                        return false
                    }
                    tasks.addTask { [self] in
                        await wait { $0.finished || !$0.wanted }
                        return true
                    }
                    // The first to end: the wait (asked to stop, or shutdown), or the
                    // application (it failed to bind, or stopped by itself).
                    guard try await tasks.next() == true else {
                        tasks.cancelAll()
                        return false
                    }
                    services.chaos?.releaseHangs()
                    await group.triggerGracefulShutdown()
                    _ = try await tasks.next()
                    return true
                }
            } catch {
                failure = error
            }
            services.chaos?.releaseHangs()
            let bound = update { state -> Bool in
                let bound = state.starts > startsBefore
                state.running = false
                state.channel = nil
                state.runsEnded += 1
                if !asked {
                    // Ended by itself: not started again until asked.
                    state.wanted = false
                    state.error = failure ?? ServiceError(.serviceUnavailable, "the listener stopped")
                    if !bound { state.failedStarts += 1 }
                }
                return bound
            }
            if let failure {
                if first && !bound { throw failure }
                logger.error("the listener stopped: \(failure)")
            }
            first = false
        }
    }

    /// The listener as a service of the group, so that the group's graceful shutdown
    /// stops it.
    private struct Listener: Service {
        let server: ServicesServer

        func run() async throws {
            try await withGracefulShutdownHandler {
                try await server.listen()
            } onGracefulShutdown: {
                server.update { $0.finished = true }
            }
        }
    }

    // MARK: Waiting

    /// Changes the state, then resumes the waiters whose condition now holds.
    @discardableResult
    private func update<Value>(_ change: (inout State) -> Value) -> Value {
        let (value, ready) = state.withLock { state in
            let value = change(&state)
            return (value, Self.takeReady(&state))
        }
        for continuation in ready {
            continuation.resume()
        }
        return value
    }

    private static func takeReady(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        for (id, waiter) in state.waiters where waiter.condition(state) {
            ready.append(waiter.continuation)
            state.waiters[id] = nil
        }
        return ready
    }

    /// Waits until `condition` holds (or the task is cancelled).
    private func wait(until condition: @escaping @Sendable (State) -> Bool) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if condition(state) || Task.isCancelled { return true }
                    state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }
}
