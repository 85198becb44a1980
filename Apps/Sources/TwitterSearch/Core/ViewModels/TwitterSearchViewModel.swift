import Ripple
import SeedAppCore

// TwitterSearchViewModel: seed 000's one screen as state, with the rebuild's fixes
// (Apps/docs/TwitterSearch.md tells the whole story).
//
//     requestAccess ─(fails: error shown)─┐
//     searchText ─▶ query (trimmed; > 3 characters: search, else: clear)
//                ─▶ skipRepeats, leading clears dropped
//                ─▶ throttle 1 s on the scheduler (not debounce)
//                ─▶ isSearching = true for a search
//                ─▶ flatMap(.latest): attempts(text) ─▶ answered | waiting … | failed
//                                     clear ─▶ cleared
//                ─▶ isSearching, tweets, queryExecutionTime, error, notice
//     attempts(text): search(text); a failure that may pass (503 "not ready", no
//                     response, timed out) ─▶ waiting, then search(text) again after
//                     the backoff (1 s, 2 s, 4 s, 4 s, …) until it answers or fails
//                     for good; a newer query or a clear cancels the attempts
//     timer 1 s on the scheduler ─▶ each TweetViewModel's updateTime()
//
// Fixes of the original's quirks:
// - A failure ends one request, not the pipeline: the failed search sets
//   `isSearching` to false and shows its sentence, and the next text searches again.
//   A failed access request is shown the same way, and searching goes on (the client
//   asks for access again before a search when it has no token), where the original
//   never searched.
// - A search the service cannot answer yet (its index is being built) or that got
//   no response is not lost: the notice says what is happening ("Building the tweet
//   index: 40 %. …"), and the query in the field is sent again with a backoff until
//   the service answers.
// - Text of 3 characters or fewer, once something has been searched, cancels the
//   search in flight (and its retries) and clears the results (the original let the
//   search finish and kept the old results). The clear goes through the throttle
//   like a search, so the latest text always wins.
// - Text is trimmed of white space before the rule (4 spaces search nothing, where
//   the service would answer 400 "Query parameters are missing").
//
// Everything the view reads is set on the injected scheduler (the main queue in the
// app, a TestScheduler in tests). The ViewModel imports Ripple and SeedAppCore only.

/// The state of the Twitter search screen: what the user typed, whether a search
/// is running, the tweets found, how long the search took, what is happening while
/// the service cannot answer yet, the last error, and the keys.
///
/// ```swift
/// let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client,
///                                        scheduler: QueueScheduler.main)
/// viewModel.searchText.value = "segfault"   // a search within a second
/// viewModel.tweets.value                    // [TweetViewModel], best first
/// ```
public final class TwitterSearchViewModel: Sendable {
    /// Text of this many characters or fewer does not search (`SearchCharacterMinimum`).
    public static let searchCharacterMinimum = 3
    /// At most one search per this many seconds (`SearchThrottleTime`).
    public static let searchThrottleTime = 1.0
    /// The rows' ages are recomputed every this many seconds (`TickIntervalLength`).
    public static let tickIntervalLength = 1.0
    /// How long a search the service could not answer yet waits before it is sent
    /// again: 1 s, then twice as long each time, at most 4 s.
    public static let retryBackoff = RetryBackoff.exponential(initial: 1, maximum: 4)

    /// What the user typed; bound from the search field on each edit.
    public let searchText = MutableProperty("")
    /// `"Execution time: <seconds>"` of the last answered search (the service's
    /// measured time, printed as Swift prints a `Double`); empty before the first
    /// answer and after a clear.
    public let queryExecutionTime: Property<String>
    /// Whether a search is in flight or waits to be sent again: the spinner.
    public let isSearching: Property<Bool>
    /// Whether the rows are dimmed: while a search runs, as the original's table
    /// at alpha 0.5.
    public let areResultsDimmed: Property<Bool>
    /// The rows of the last answered search, best first.
    public let tweets: Property<[TweetViewModel]>
    /// The last failure (access or search) as a sentence, until a search answers or
    /// is being retried; empty while there is none.
    public let errorText: Property<String>
    /// Whether the error line is hidden: there is no error.
    public let isErrorHidden: Property<Bool>
    /// What happens to a search the service cannot answer yet, as a sentence
    /// (`"Building the tweet index: 40 %. Your search runs when it is ready."`);
    /// empty while nothing waits.
    public let noticeText: Property<String>
    /// Whether the notice line is hidden: no search waits.
    public let isNoticeHidden: Property<Bool>
    /// The keys the screen answers to, for its footer: scrolling once there are
    /// rows, and the way back to the menu.
    public let keyHints: Property<[KeyHint]>

    private let token: Lifetime.Token

    /// A ViewModel that asks `searchService` for access at once, then searches as
    /// ``searchText`` changes; rows load avatars from `avatarService`; every time
    /// operator runs on `scheduler`; a search the service cannot answer yet is sent
    /// again after the delays of `retryBackoff`.
    public init(
        searchService: some TwitterSearchService,
        avatarService: some AvatarService,
        scheduler: some DateScheduler,
        retryBackoff: RetryBackoff = TwitterSearchViewModel.retryBackoff
    ) {
        let executionTime = MutableProperty("")
        let searching = MutableProperty(false)
        let rows = MutableProperty<[TweetViewModel]>([])
        let lastError = MutableProperty<String?>(nil)
        let waiting = MutableProperty<String?>(nil)
        queryExecutionTime = Property(executionTime)
        isSearching = Property(searching)
        areResultsDimmed = Property(searching)
        tweets = Property(rows)
        errorText = lastError.map { $0 ?? "" }.skipRepeats()
        isErrorHidden = lastError.map { $0 == nil }.skipRepeats()
        noticeText = waiting.map { $0 ?? "" }.skipRepeats()
        isNoticeHidden = waiting.map { $0 == nil }.skipRepeats()
        keyHints = rows.map { $0.isEmpty ? SearchMessages.keyHintsWithoutResults : SearchMessages.keyHintsWithResults }
            .skipRepeats()

        let (lifetime, token) = Lifetime.make()
        self.token = token

        let outcomes = searchText.producer
            .map(SearchQuery.init(text:))
            .skipRepeats()
            .skip(while: { $0 == .clear })
            .throttle(Self.searchThrottleTime, on: scheduler)
            .on(value: { query in
                if case .search = query { searching.value = true }
            })
            .flatMap(.latest) { query -> SignalProducer<Outcome, Never> in
                switch query {
                case .clear:
                    SignalProducer(value: .cleared)
                case let .search(text):
                    Self.attempts(of: text, on: searchService, scheduler: scheduler, backoff: retryBackoff)
                }
            }

        searchService.requestAccess()
            .then(SignalProducer<Outcome, TwitterSearchError>.empty)
            .flatMapError { SignalProducer(value: .accessFailed($0)) }
            .observe(on: scheduler)
            .concat(outcomes)
            .take(during: lifetime)
            .startWithValues { outcome in
                // `isSearching` turns false last: whoever sees it has the rest.
                switch outcome {
                case let .answered(response):
                    waiting.value = nil
                    lastError.value = nil
                    executionTime.value = "Execution time: \(response.responseTime)"
                    rows.value = response.tweets.map { TweetViewModel(tweet: $0, avatars: avatarService, scheduler: scheduler) }
                    searching.value = false
                case let .waiting(error):
                    lastError.value = nil
                    waiting.value = SearchMessages.waiting(error)
                case let .failed(error):
                    waiting.value = nil
                    lastError.value = SearchMessages.failure(error)
                    searching.value = false
                case let .accessFailed(error):
                    lastError.value = SearchMessages.failure(error)
                case .cleared:
                    waiting.value = nil
                    rows.value = []
                    executionTime.value = ""
                    searching.value = false
                }
            }

        SignalProducer.timer(interval: Self.tickIntervalLength, on: scheduler)
            .take(during: lifetime)
            .startWithValues { _ in
                for row in rows.value { row.updateTime() }
            }
    }

    /// The search for `text`, sent again after each failure that may pass (the
    /// service not ready yet, no response, a timeout) with a `waiting` outcome
    /// first, until it answers or fails for good; its events on `scheduler`.
    private static func attempts(
        of text: String,
        on searchService: some TwitterSearchService,
        scheduler: some DateScheduler,
        backoff: RetryBackoff
    ) -> SignalProducer<Outcome, Never> {
        searchService.search(text)
            .observe(on: scheduler)
            .map(Outcome.answered)
            .flatMapError { error -> SignalProducer<Outcome, TwitterSearchError> in
                guard mayPass(error) else { return SignalProducer(value: .failed(error)) }
                // The notice first, then the failure that `retry` waits on.
                return SignalProducer(value: .waiting(error)).concat(error: error)
            }
            .retry(upTo: Int.max, backoff: backoff, on: scheduler)
            .flatMapError { _ in SignalProducer<Outcome, Never>.empty }
    }

    /// Whether the same search may answer later: the service is not ready yet, or
    /// gave no response.
    static func mayPass(_ error: TwitterSearchError) -> Bool {
        switch error {
        case .notReady, .unreachable, .timedOut: true
        case .accessDenied, .noTwitterAccounts, .refused, .invalidResponse: false
        }
    }

    /// What a text asks for.
    enum SearchQuery: Equatable {
        /// Search for this text (trimmed, more than 3 characters).
        case search(String)
        /// Too short to search: stop and clear.
        case clear

        init(text: String) {
            let trimmed = text.trimmingWhitespace
            self = trimmed.count > TwitterSearchViewModel.searchCharacterMinimum ? .search(trimmed) : .clear
        }
    }

    /// What one step of the pipeline did.
    enum Outcome {
        case answered(TwitterResponse)
        case waiting(TwitterSearchError)
        case failed(TwitterSearchError)
        case accessFailed(TwitterSearchError)
        case cleared
    }
}
