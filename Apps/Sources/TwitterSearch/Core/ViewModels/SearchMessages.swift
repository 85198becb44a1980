import SeedAppCore

// SearchMessages: every sentence and key hint the Twitter search screen shows, as
// the ViewModel decides them from its state. Each fits a line of 78 columns (an
// 80-column terminal less the screen's border), service messages aside.
//
//     a search waits      Building the tweet index: 40 %. Your search runs when it is ready.
//                         The tweet service cannot be reached: trying again shortly.
//     a failure           Access denied: the tweet service refused the app's credentials.
//                         The tweet service could not answer: Rate limit exceeded (HTTP 429).

/// The screen's sentences and key hints.
enum SearchMessages {
    /// The keys while no rows show: the way back to the menu.
    static let keyHintsWithoutResults = [KeyHint("Esc", "back to the menu")]
    /// The keys while rows show: to the rows and back, scrolling, the way back.
    static let keyHintsWithResults = [
        KeyHint("Tab", "results and back"), KeyHint("↑↓", "scroll"), KeyHint("Esc", "back to the menu"),
    ]

    /// The notice of a search that waits to be sent again after `error` (one the
    /// same search may pass later).
    static func waiting(_ error: TwitterSearchError) -> String {
        switch error {
        case let .notReady(progress?):
            // The index answers 503 until it is committed: never "100 %" while waiting.
            "Building the tweet index: \(min(progress.percent, 99)) %. Your search runs when it is ready."
        case .notReady(nil):
            "The tweet service is busy: trying again shortly."
        case .unreachable:
            "The tweet service cannot be reached: trying again shortly."
        case .timedOut:
            "The tweet service did not answer in time: trying again shortly."
        case .accessDenied, .noTwitterAccounts, .refused, .invalidResponse:
            failure(error)
        }
    }

    /// The sentence of a failure that ends a search, or of a failed access request.
    static func failure(_ error: TwitterSearchError) -> String {
        switch error {
        case .accessDenied:
            "Access denied: the tweet service refused the app's credentials."
        case .noTwitterAccounts:
            "No Twitter account: the app has no credentials (twitter-app.json)."
        case .notReady:
            "The tweet service is not ready yet."
        case .unreachable:
            "The tweet service cannot be reached."
        case .timedOut:
            "The tweet service did not answer in time."
        case let .refused(status, message?):
            "The tweet service could not answer: \(withoutFinalPeriod(message)) (HTTP \(status))."
        case let .refused(status, nil):
            "The tweet service could not answer (HTTP \(status))."
        case .invalidResponse:
            "The tweet service sent an answer this app cannot read."
        }
    }

    /// `text` without the period it may end with, so that a sentence can go on.
    private static func withoutFinalPeriod(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace
        return trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed
    }
}
