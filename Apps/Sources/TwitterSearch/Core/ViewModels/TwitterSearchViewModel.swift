import Ripple

// TwitterSearchViewModel: seed 000's one screen as state (APPS.md §1.2), with the
// rebuild's fixes.
//
//     requestAccess ─(fails: error shown)─┐
//     searchText ─▶ query (trimmed; > 3 characters: search, else: clear)
//                ─▶ skipRepeats, leading clears dropped
//                ─▶ throttle 1 s on the scheduler (not debounce)
//                ─▶ isSearching = true for a search
//                ─▶ flatMap(.latest): search(text) ─▶ results | failed   (the request in
//                                     clear ─▶ cleared                   flight is cancelled)
//                ─▶ isSearching, tweets, queryExecutionTime, error
//     timer 1 s on the scheduler ─▶ each TweetViewModel's updateTime()
//
// Fixes of the original's quirks ([rebuild] in APPS.md):
// - A failure ends one request, not the pipeline: the failed search sets
//   `isSearching` to false and `error` to its message, and the next text searches
//   again. A failed access request is shown the same way, and searching goes on
//   (the client asks for access again before a search when it has no token), where
//   the original never searched.
// - Text of 3 characters or fewer, once something has been searched, cancels the
//   search in flight and clears the results (the original let the search finish and
//   kept the old results, so the list could show tweets for text no longer in the
//   field). The clear goes through the throttle like a search, so the latest text
//   always wins.
// - Text is trimmed of white space before the rule (4 spaces search nothing, where
//   the service would answer 400 "Query parameters are missing").
//
// Everything the view reads is set on the injected scheduler (the main queue in the
// app, a TestScheduler in tests). The ViewModel imports Ripple only.

/// The state of the Twitter search screen: what the user typed, whether a search
/// is running, the tweets found, how long the search took, and the last error.
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
    /// The table's alpha while a search runs (`DisabledTableAlpha`).
    public static let disabledTableAlpha = 0.5
    /// The table's alpha otherwise (`EnabledTableAlpha`).
    public static let enabledTableAlpha = 1.0

    /// What the user typed; bound from the search field on each edit.
    public let searchText = MutableProperty("")
    /// `"Execution time: <seconds>"` of the last answered search (the service's
    /// measured time, printed as Swift prints a `Double`); empty before the first
    /// answer and after a clear.
    public let queryExecutionTime: Property<String>
    /// Whether a search is in flight: the spinner, and the dimmed results.
    public let isSearching: Property<Bool>
    /// The rows of the last answered search, best first.
    public let tweets: Property<[TweetViewModel]>
    /// ``disabledTableAlpha`` while searching, ``enabledTableAlpha`` otherwise.
    public let loadingAlpha: Property<Double>
    /// The message of the last failure (access or search), until a search answers.
    public let error: Property<String?>

    private let token: Lifetime.Token

    /// A ViewModel that asks `searchService` for access at once, then searches as
    /// ``searchText`` changes; rows load avatars from `avatarService`; every time
    /// operator runs on `scheduler`.
    public init(searchService: some TwitterSearchService, avatarService: some AvatarService, scheduler: some DateScheduler) {
        let executionTime = MutableProperty("")
        let searching = MutableProperty(false)
        let rows = MutableProperty<[TweetViewModel]>([])
        let lastError = MutableProperty<String?>(nil)
        queryExecutionTime = Property(executionTime)
        isSearching = Property(searching)
        tweets = Property(rows)
        error = Property(lastError)
        loadingAlpha = searching.map { $0 ? Self.disabledTableAlpha : Self.enabledTableAlpha }

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
                    return SignalProducer(value: .cleared)
                case let .search(text):
                    return searchService.search(text)
                        .map(Outcome.answered)
                        .flatMapError { SignalProducer(value: .failed($0)) }
                        .observe(on: scheduler)
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
                    lastError.value = nil
                    executionTime.value = "Execution time: \(response.responseTime)"
                    rows.value = response.tweets.map { TweetViewModel(tweet: $0, avatars: avatarService, scheduler: scheduler) }
                    searching.value = false
                case let .failed(error):
                    lastError.value = error.description
                    searching.value = false
                case let .accessFailed(error):
                    lastError.value = error.description
                case .cleared:
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

    /// What a text asks for.
    enum SearchQuery: Equatable {
        /// Search for this text (trimmed, more than 3 characters).
        case search(String)
        /// Too short to search: stop and clear.
        case clear

        init(text: String) {
            guard let first = text.firstIndex(where: { !$0.isWhitespace }),
                let last = text.lastIndex(where: { !$0.isWhitespace })
            else {
                self = .clear
                return
            }
            let trimmed = String(text[first...last])
            self = trimmed.count > TwitterSearchViewModel.searchCharacterMinimum ? .search(trimmed) : .clear
        }
    }

    /// What one step of the pipeline did.
    enum Outcome {
        case answered(TwitterResponse)
        case failed(TwitterSearchError)
        case accessFailed(TwitterSearchError)
        case cleared
    }
}
