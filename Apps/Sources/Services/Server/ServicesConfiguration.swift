import Foundation

/// How faithfully the services reproduce the original backends' bugs.
public enum Fidelity: String, Sendable, CaseIterable {
    /// The original's broken answers are corrected (the default): valid JSON
    /// everywhere, a prompt error instead of a request that never answers.
    case corrected
    /// The original's broken answers, byte for byte where the client could see
    /// them: for example the Todo service's not-JSON `{'status':'failed'}` with 200,
    /// and a list query error that answers only after the 15 s timeout, with 503.
    case original
}

/// The time the services read: the wall clock of their records (`createdAt`,
/// `updatedAt`, object ids, a verification code's 5 minutes and 60 s, chaos rate-limit
/// windows) and the waits they make (the original backends' timeouts, chaos latency
/// and outages), injected so that tests control both without waiting.
public struct ServicesClock: Sendable {
    /// The current wall-clock time.
    public var now: @Sendable () -> Date
    /// Waits `duration`, or throws if the waiting task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// A clock made of the two functions.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's: `Date()` and `Task.sleep(for:)`.
    public static let system = ServicesClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}

/// Everything the services need to start: where to listen, where the data lives,
/// how faithful to be, which changelogs make the tweets, which images the photos.
public struct ServicesConfiguration: Sendable {
    /// The host to bind; loopback unless told otherwise.
    public var host: String
    /// The port to bind; 0 picks a free one.
    public var port: Int
    /// The directory of the SQLite files; created on first start.
    public var dataDirectory: URL
    /// Corrected (default) or original answers where the originals were broken.
    public var fidelity: Fidelity
    /// The largest request body accepted, in bytes; larger ones answer 413.
    public var maxBodySize: Int
    /// In ``Fidelity/original``, how long a request the original never answered
    /// waits before its 503 (the original's `connect-timeout` of 15 s).
    public var originalTimeout: Duration
    /// The services' time: the wall clock they stamp records with, and the waits
    /// they make; tests pass a clock of their own.
    public var clock: ServicesClock
    /// The changelogs the tweet service imports: by default the machine's
    /// (`/usr/share/doc/*/changelog.Debian.gz`), else the bundled corpus.
    public var tweetCorpus: TweetCorpus
    /// The images the photo service serves: by default the machine's (under
    /// `/usr/share`), else the bundled ones.
    public var photoCorpus: PhotoCorpus
    /// PBKDF2's iteration count for new passwords (the Users service); tests pass a
    /// low one to keep fast.
    public var passwordIterations: Int
    /// Latency and failure injection per route; `nil` (the default) for none.
    public var chaos: ChaosConfiguration?
    /// How long a request's handler may take before it is cancelled and answered 503
    /// (waited on ``clock``); `nil` (the default) for no limit.
    public var requestTimeout: Duration?

    /// Makes a configuration.
    /// - Parameters:
    ///   - host: The host to bind (default `127.0.0.1`).
    ///   - port: The port to bind (default 8080; 0 picks a free port).
    ///   - dataDirectory: The directory of the data files.
    ///   - fidelity: Corrected (default) or original answers.
    ///   - maxBodySize: The largest request body accepted (default 64 KiB).
    ///   - originalTimeout: The original's request timeout (default 15 s).
    ///   - clock: The services' time (default ``ServicesClock/system``).
    ///   - tweetCorpus: The tweet service's changelogs (default ``TweetCorpus/automatic``).
    ///   - photoCorpus: The photo service's images (default ``PhotoCorpus/automatic``).
    ///   - passwordIterations: PBKDF2's iteration count for new passwords (default
    ///     ``PasswordHash/defaultIterations``).
    ///   - chaos: Latency and failure injection (default none).
    ///   - requestTimeout: How long a handler may take before its 503 (default none).
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL,
        fidelity: Fidelity = .corrected,
        maxBodySize: Int = 64 * 1024,
        originalTimeout: Duration = .seconds(15),
        clock: ServicesClock = .system,
        tweetCorpus: TweetCorpus = .automatic,
        photoCorpus: PhotoCorpus = .automatic,
        passwordIterations: Int = PasswordHash.defaultIterations,
        chaos: ChaosConfiguration? = nil,
        requestTimeout: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.fidelity = fidelity
        self.maxBodySize = maxBodySize
        self.originalTimeout = originalTimeout
        self.clock = clock
        self.tweetCorpus = tweetCorpus
        self.photoCorpus = photoCorpus
        self.passwordIterations = passwordIterations
        self.chaos = chaos
        self.requestTimeout = requestTimeout
    }

    /// `http://HOST:PORT`, with an IPv6 host in brackets.
    public static func baseURL(host: String, port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// The per-user default data directory: `$XDG_DATA_HOME/ripple`, else
    /// `~/.local/share/ripple`.
    public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("ripple", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/ripple", isDirectory: true)
    }
}
