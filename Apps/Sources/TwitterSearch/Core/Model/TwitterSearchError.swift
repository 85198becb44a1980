// The app's errors. The original had three codes (`TwitterInstantError`,
// `NSError(domain: "TwitterSearch", code:)`): AccessDenied 0, NoTwitterAccounts 1,
// InvalidResponse 2. Its fourth, NoError = 3, was type glue for `mapError` between a
// text field's non-failing signal and the search's `NSError`; with Swift's `Never`
// no such glue exists, so no case has it. What the original lumped into
// InvalidResponse is told apart here, because the app answers each differently: a
// service that is not ready yet or does not answer is asked again, a refusal or an
// unreadable answer is shown. They all keep the original's code 2.
//
// The errors are values: the sentence a user reads is the ViewModel's
// (`SearchMessages`).

/// Why access or a search failed.
public enum TwitterSearchError: Error, Sendable, Hashable {
    /// The service refused the app's credentials (a 403 from `POST /oauth2/token`,
    /// or a token it no longer takes). Code 0.
    case accessDenied
    /// The app has no credentials to ask with (the original: no Twitter account on
    /// the device; here: no readable `twitter-app.json`). Code 1.
    case noTwitterAccounts
    /// The service answered 503: it cannot search yet (its index is still being
    /// built), or is over capacity. `progress` is how far the index is, when the
    /// service says. The same search may answer later. Code 2.
    case notReady(progress: IndexProgress?)
    /// No response: the service could not be reached (nothing listens, the
    /// connection was refused or lost). The same search may answer later. Code 2.
    case unreachable
    /// No response within the client's timeout. The same search may answer later.
    /// Code 2.
    case timedOut
    /// The service answered with another failing status: `status`, and the
    /// messages of its error document when it sent one (`"Rate limit exceeded"`).
    /// Code 2.
    case refused(status: Int, message: String?)
    /// An answer that is not what was asked for: a body that does not decode, a
    /// `created_at` that is not a date, an avatar that is not a PNG; `reason`
    /// says which, for logs and tests. Code 2.
    case invalidResponse(reason: String)

    /// The original's error domain.
    public static let domain = "TwitterSearch"

    /// The original's code: `AccessDenied` 0, `NoTwitterAccounts` 1,
    /// `InvalidResponse` 2 (every other case).
    public var code: Int {
        switch self {
        case .accessDenied: 0
        case .noTwitterAccounts: 1
        case .notReady, .unreachable, .timedOut, .refused, .invalidResponse: 2
        }
    }
}

/// How far the service's first build of its tweet index is: `read` of `total`
/// changelogs read.
public struct IndexProgress: Sendable, Hashable {
    /// The changelogs read so far.
    public var read: Int
    /// The changelogs to read.
    public var total: Int

    /// Progress of `read` changelogs out of `total`.
    public init(read: Int, total: Int) {
        self.read = read
        self.total = total
    }

    /// The whole percent read, rounded down, in `0...100`; 0 when `total` is not
    /// positive.
    public var percent: Int {
        guard total > 0 else { return 0 }
        return min(max(read, 0), total) * 100 / total
    }
}
