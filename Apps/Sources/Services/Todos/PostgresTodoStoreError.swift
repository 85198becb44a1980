import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

/// An operation waited for the database longer than the store's deadline.
struct DatabaseDeadlinePassed: Error {}

/// The health check's question was not answered, and why ("connection refused").
struct DatabaseCheckFailure: Error, CustomStringConvertible {
    let description: String
}

/// The PostgreSQL todo store could not be opened: what was tried and the database's
/// answer, in one line (never the password).
public struct PostgresTodoStoreError: Error, CustomStringConvertible {
    /// What failed, e.g. "cannot reach the database postgres://todo@127.0.0.1:5432/todos".
    public let action: String
    /// The database's or the network's reason.
    public let reason: String

    init(_ action: String, _ error: any Error) {
        self.action = action
        self.reason = Self.reason(of: error)
    }

    /// "<action>: <reason>".
    public var description: String { "\(action): \(reason)" }

    /// PostgresNIO hides its errors' details from `description` (they may hold
    /// data); the server's message or the network error is what a person needs.
    static func reason(of error: any Error) -> String {
        guard let error = error as? PSQLError else {
            return String(describing: error)
        }
        if let message = error.serverInfo?[.message] {
            return message
        }
        if let underlying = error.underlying {
            return networkReason(of: underlying)
        }
        return error.code.description
    }

    /// The first connection attempt's failure as the system words it ("connection
    /// refused"), not NIO's nested description of every attempt.
    private static func networkReason(of error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                return networkReason(of: failure.error)
            }
            if (error.dnsAError ?? error.dnsAAAAError) != nil {
                return "the host name \(error.host) did not resolve"
            }
            return "no address of \(error.host) to connect to"
        case let error as IOError:
            let text = String(cString: strerror(error.errnoCode))
            return text.prefix(1).lowercased() + text.dropFirst()
        case ChannelError.connectTimeout(let timeout):
            return "no answer within \(timeout.nanoseconds / 1_000_000_000) s"
        default:
            return String(describing: error)
        }
    }
}
