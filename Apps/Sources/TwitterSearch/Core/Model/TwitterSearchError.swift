// The app's errors, with the original's codes (APPS.md §1.3: `TwitterInstantError`,
// `NSError(domain: "TwitterSearch", code:)`). The original's fourth code, NoError = 3,
// was type glue for `mapError` between a text field's non-failing signal and the
// search's `NSError`; with Swift's `Never` no such glue exists, so no case has it.

/// Why access or a search failed.
public enum TwitterSearchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The service refused the app's credentials (a 403 from `POST /oauth2/token`,
    /// or a token it no longer takes). Code 0.
    case accessDenied
    /// The app has no credentials to ask with (the original: no Twitter account on
    /// the device; here: no readable `twitter-app.json`). Code 1.
    case noTwitterAccounts
    /// No usable answer: no response, a status other than 200, or a body that is not
    /// a search answer; `reason` says which, for the error label. Code 2.
    case invalidResponse(reason: String)

    /// The original's error domain.
    public static let domain = "TwitterSearch"

    /// The original's code: `AccessDenied` 0, `NoTwitterAccounts` 1,
    /// `InvalidResponse` 2.
    public var code: Int {
        switch self {
        case .accessDenied: 0
        case .noTwitterAccounts: 1
        case .invalidResponse: 2
        }
    }

    /// One sentence for the error label.
    public var description: String {
        switch self {
        case .accessDenied:
            "Access denied: the tweet service refused the app's credentials."
        case .noTwitterAccounts:
            "No Twitter account: the app has no credentials (twitter-app.json)."
        case let .invalidResponse(reason):
            "Invalid response: \(reason)"
        }
    }
}
