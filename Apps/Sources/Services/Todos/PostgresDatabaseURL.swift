import Foundation

/// Where a PostgreSQL database is, read from a connection URL:
/// `postgres://user:password@host:port/database` (`postgresql://` too; the port
/// defaults to 5432, the password may be left out; user and password
/// percent-encoded). Connections are plain TCP: the only query parameter accepted is
/// `sslmode=disable`.
public struct PostgresDatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// The role's password, if the URL has one.
    public var password: String?
    /// The database's name.
    public var database: String

    /// Makes a location from its parts.
    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// Reads a connection URL.
    /// - Throws: ``PostgresDatabaseURLError`` naming what is wrong with it.
    public init(parsing text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresDatabaseURLError("is not a URL (expected postgres://user:password@host:port/database)")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresDatabaseURLError("must start with postgres:// (not \(scheme)://)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresDatabaseURLError("has no host (expected postgres://user:password@host:port/database)")
        }
        guard let username = components.user?.removingPercentEncoding, !username.isEmpty else {
            throw PostgresDatabaseURLError("has no user name (expected postgres://user:password@host:port/database)")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw PostgresDatabaseURLError("has port \(port), outside 1…65535")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresDatabaseURLError("must name one database after the host (…@host:port/database)")
        }
        for item in components.queryItems ?? [] where !(item.name == "sslmode" && item.value == "disable") {
            throw PostgresDatabaseURLError("has the parameter \(item.name), not supported (connections are plain TCP)")
        }
        self.init(
            host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port, username: username,
            password: components.password?.removingPercentEncoding,
            database: database.removingPercentEncoding ?? database
        )
    }

    /// The URL without its password, for messages and logs.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(username)@\(shownHost):\(port)/\(database)"
    }
}

/// A `--database` URL that cannot be used, and why.
public struct PostgresDatabaseURLError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, following "the database URL".
    public let problem: String

    init(_ problem: String) {
        self.problem = problem
    }

    /// "the database URL …".
    public var description: String { "the database URL \(problem)" }
}
