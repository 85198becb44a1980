import Ripple
import SeedAppCore

// FlickrSearchViewModel: the search screen of the Flickr search, and where it goes.
//
//     searchText ─▶ executeSearch (enabled: trimmed text longer than 3 characters,
//                   and no search running) ─▶ search(text) on the service
//        value ─▶ recent searches: an entry with the same text moves to the top as
//                 it was, else a new one goes on top; at most 10; kept in the store
//              ─▶ shownResults = the results' ViewModel (the view's stack pushes it)
//        error ─▶ connectionErrors: the alert ("Connection Error", or what to do when
//                 the service is not ready yet or there is no API key); the action
//                 can run again at once
//     rerun(recent) ─▶ searchText = its text, then executeSearch
//     back()        ─▶ shownResults = nil (the view's stack pops)
//
// Fixes of the original's quirks:
// - An earlier search matches a new one by its text, not by the identity of the
//   string object: typing "flower" again moves the entry up instead of adding a
//   second one.
// - The recent searches live on between runs (the original forgot them), in a store
//   the app gives; a store that cannot be read starts empty and says why.
// - A recent search can be run again (selecting one did nothing).
// - The navigation stack only obeys `shownResults`; the user's "back" comes here as
//   an input, so the ViewModel always knows what shows.
//
// Everything the view reads changes on the injected scheduler (the main queue in
// the app, a TestScheduler in tests). The ViewModel imports Ripple and SeedAppCore.

/// The state of the search screen: the text, the search action and its spinner,
/// the recent searches, the alert of a failed search, the results shown, and the
/// keys.
///
/// ```swift
/// let viewModel = FlickrSearchViewModel(search: client, metadata: client, store: store,
///                                       scheduler: QueueScheduler.main)
/// viewModel.searchText.value = "flower"
/// viewModel.executeSearch.apply().start()   // shownResults gets the results' ViewModel
/// ```
public final class FlickrSearchViewModel: Sendable {
    /// The screen's title (the original's `title`).
    public static let title = "Flickr Search"
    /// Text of this many characters or fewer cannot be searched.
    public static let searchCharacterMinimum = 3
    /// The most recent searches kept.
    public static let recentSearchLimit = 10
    /// The alert of a failed search: the original's words.
    public static let connectionErrorAlert = SearchAlert(
        title: "Connection Error", message: "There was a problem reaching Flickr.", button: "OK")
    /// The alert of a search the service cannot answer yet (Flickr's code 105: the
    /// local service answers it while it imports its photos on a first start).
    public static let notReadyAlert = SearchAlert(
        title: "Flickr Is Busy", message: "Flickr cannot search yet (its photos may still be importing). Try again in a moment.",
        button: "OK")
    /// The alert of a search the app has no API key for.
    public static let noAPIKeyAlert = SearchAlert(
        title: "No API Key", message: "The app has no Flickr API key: flickr-app.json is missing from the services' data directory.",
        button: "OK")

    /// `"Flickr Search"`.
    public let title = FlickrSearchViewModel.title
    /// What the user typed; bound from the search field on each edit.
    public let searchText = MutableProperty("")
    /// Searches the trimmed text: enabled while it is longer than
    /// ``searchCharacterMinimum`` characters and no search runs.
    public let executeSearch: Action<Void, FlickrSearchResults, FlickrSearchError>
    /// Whether a search runs: the spinner.
    public let isSearching: Property<Bool>
    /// The recent searches, most recent first, at most ``recentSearchLimit``.
    public let recentSearches: Property<[RecentSearchViewModel]>
    /// `"Recent searches"`, the list's heading.
    public let recentSearchesTitle = "Recent searches"
    /// What the empty list of recent searches says.
    public let recentSearchesPlaceholder = "No recent searches"
    /// The alert to show for each failed search.
    public let connectionErrors: Signal<SearchAlert, Never>
    /// The results on screen over the search, `nil` while the search shows: the
    /// view's navigation stack pushes on a ViewModel and pops on `nil`.
    public let shownResults: Property<SearchResultsViewModel?>
    /// Why the recent searches could not be read or kept, as a sentence; empty
    /// while all is well.
    public let storeNote: Property<String>
    /// Whether the store's note is hidden: there is none.
    public let isStoreNoteHidden: Property<Bool>
    /// The keys the search screen answers to, for its footer.
    public let keyHints: Property<[KeyHint]>

    private let history: MutableProperty<[RecentSearch]>
    private let results: MutableProperty<SearchResultsViewModel?>
    private let token: Lifetime.Token

    /// A ViewModel searching with `search`, whose results fetch their counts from
    /// `metadata`, keeping its recent searches in `store`; everything it shows
    /// changes on `scheduler`.
    public init(
        search: some FlickrSearchService,
        metadata: some FlickrMetadataService,
        store: some RecentSearchStore,
        scheduler: some DateScheduler
    ) {
        let note = MutableProperty("")
        let loaded: [RecentSearch]
        switch store.load() {
        case let .success(searches):
            loaded = Array(searches.prefix(Self.recentSearchLimit))
        case let .failure(error):
            loaded = []
            note.value = "The recent searches could not be read (\(error.reason)): starting with none."
        }
        history = MutableProperty(loaded)
        results = MutableProperty(nil)
        recentSearches = history.map { $0.map(RecentSearchViewModel.init) }
        shownResults = Property(results)
        storeNote = Property(note)
        isStoreNoteHidden = note.map(\.isEmpty).skipRepeats()

        executeSearch = Action(state: searchText, enabledIf: Self.isSearchable) { text, _ in
            search.search(text.trimmingWhitespace).observe(on: scheduler)
        }
        isSearching = executeSearch.isExecuting
        connectionErrors = executeSearch.errors.map(Self.alert(for:))
        keyHints = Property.combineLatest(executeSearch.isEnabled, history.map(\.isEmpty).skipRepeats())
            .map { Self.keyHints(canSearch: $0, noRecentSearches: $1) }
            .skipRepeats()

        let (lifetime, token) = Lifetime.make()
        self.token = token
        let history = history, results = results
        executeSearch.values.take(during: lifetime).observeValues { answer in
            history.value = Self.adding(RecentSearch(answer), to: history.value)
            if case let .failure(error) = store.save(history.value) {
                note.value = "The recent searches could not be kept (\(error.reason))."
            } else if note.value.hasPrefix("The recent searches could not be kept") {
                note.value = ""
            }
            results.value = SearchResultsViewModel(results: answer, metadata: metadata, scheduler: scheduler)
        }
    }

    /// Searches `recent`'s text again: it becomes the search text, and the search
    /// runs (unless one already runs).
    public func rerun(_ recent: RecentSearchViewModel) {
        searchText.value = recent.searchText
        executeSearch.apply().start()
    }

    /// The user's "back" from the results: the search shows again.
    public func back() {
        results.value = nil
    }

    /// The alert of a failed search: the original's "Connection Error" for every
    /// failure but a service that is not ready yet and a missing API key, which say
    /// what to do.
    static func alert(for error: FlickrSearchError) -> SearchAlert {
        switch error {
        case .failed(_, code: 105?, _): notReadyAlert
        case .noAPIKey: noAPIKeyAlert
        case .unreachable, .timedOut, .failed, .invalidResponse: connectionErrorAlert
        }
    }

    /// Whether `text` can be searched: longer than ``searchCharacterMinimum``
    /// characters once trimmed.
    static func isSearchable(_ text: String) -> Bool {
        text.trimmingWhitespace.count > searchCharacterMinimum
    }

    /// `searches` with `search` on top: an entry with the same text moves to the
    /// top as it was (not updated, as the original), else `search` is inserted;
    /// the oldest beyond ``recentSearchLimit`` go.
    static func adding(_ search: RecentSearch, to searches: [RecentSearch]) -> [RecentSearch] {
        var updated = searches
        if let index = updated.firstIndex(where: { $0.searchText == search.searchText }) {
            updated.insert(updated.remove(at: index), at: 0)
        } else {
            updated.insert(search, at: 0)
        }
        return Array(updated.prefix(recentSearchLimit))
    }

    /// The search screen's keys: Enter searches while it can, Tab moves between the
    /// field, the button and the list, the list's keys once it has rows, Esc leaves.
    static func keyHints(canSearch: Bool, noRecentSearches: Bool) -> [KeyHint] {
        var hints: [KeyHint] = []
        if canSearch { hints.append(KeyHint("Enter", "search")) }
        hints.append(KeyHint("Tab", "next"))
        if !noRecentSearches { hints.append(KeyHint("↑↓ Enter", "search again")) }
        hints.append(KeyHint("Esc", "back to the menu"))
        return hints
    }
}
