import Logging
import PostgresNIO
import ServiceLifecycle

/// Listens on PostgreSQL for the changes every server on the database commits
/// (`LISTEN todo_changes`, the `NOTIFY` each append sends) and wakes this server's
/// open change streams, so each server pushes every change of all.
///
/// One connection of its own (a listening connection cannot serve the pool). When
/// it is lost (the database restarted), it reconnects after a second, and wakes
/// the streams once listening again: a change committed while it was away is read
/// by their next look at the store. It stops with the server's graceful shutdown.
struct PostgresChangeListener: Service {
    let configuration: PostgresConnection.Configuration
    let channel: String
    let signal: TodoChangeSignal
    let logger: Logger

    /// How long it waits before connecting again.
    static let retryDelay = Duration.seconds(1)

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await listenUntilLost()
                } catch {
                    logger.debug("change listener lost its connection", metadata: ["error": "\(String(reflecting: error))"])
                }
                try await Task.sleep(for: Self.retryDelay)
            }
        }
    }

    private func listenUntilLost() async throws {
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                signal.notify()
                for try await _ in notifications {
                    signal.notify()
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }
}
