import FlickrSearchCore
import FlickrSearchStubs
import Foundation
import Ripple
import RippleTesting
import SeedAppCore
import Testing

/// The search screen's ViewModel headless and in virtual time, over stub services
/// whose searches answer as marble diagrams (a frame is a second): the enabled rule,
/// the spinner, the navigation output and the user's "back", the recent searches
/// (deduplicated by their text, at most ten, kept in the store, a store that cannot
/// be read or written), running a recent search again, and a failed search's alert
/// with the action usable again.
@Suite struct FlickrSearchViewModelTests {
    let scheduler = TestScheduler()
    let service: StubFlickrServices
    let store = StubRecentSearchStore()

    init() {
        service = StubFlickrServices(scheduler: scheduler)
    }

    func makeViewModel(store: StubRecentSearchStore? = nil) -> FlickrSearchViewModel {
        FlickrSearchViewModel(search: service, metadata: service, store: store ?? self.store, scheduler: scheduler)
    }

    /// Types `text` and runs the search, then lets `seconds` of virtual time pass.
    func search(_ text: String, on viewModel: FlickrSearchViewModel, thenAdvance seconds: Double = 1) {
        viewModel.searchText.value = text
        viewModel.executeSearch.apply().start()
        scheduler.advance(by: seconds)
    }

    func texts(_ viewModel: FlickrSearchViewModel) -> [String] {
        viewModel.recentSearches.value.map(\.searchText)
    }

    // MARK: Enabled, executing

    @Test func theSearchIsEnabledOnlyForMoreThanThreeCharactersOnceTrimmed() {
        let viewModel = makeViewModel()
        var enabled: [String: Bool] = [:]
        for text in ["", "f", "flo", "  flo  ", "flow", " flow ", "花花花花", "    "] {
            viewModel.searchText.value = text
            enabled[text] = viewModel.executeSearch.isEnabled.value
        }
        #expect(enabled == ["": false, "f": false, "flo": false, "  flo  ": false, "flow": true, " flow ": true,
                            "花花花花": true, "    ": false])
    }

    @Test func aRunningSearchDisablesTheActionAndTurnsTheSpinnerUntilItsAnswer() throws {
        try service.answer("flower", "---r|", total: 2, photos: [StubFlickrServices.photo("Rose", id: "1")])
        let viewModel = makeViewModel()
        let spinner = scheduler.record(viewModel.isSearching)
        let enabled = scheduler.record(viewModel.executeSearch.isEnabled)
        viewModel.searchText.value = "flower"
        scheduler.advance(by: 1)
        viewModel.executeSearch.apply().start()
        scheduler.advance(by: 5)
        // Applied at 1; the answer at 4, the completion at 5.
        expectMarbles(spinner, toEqual: "ft---f")
        expectMarbles(enabled, toEqual: "(ft)f---t")
    }

    @Test func aSecondSearchWhileOneRunsIsRefusedAndSearchesNothing() throws {
        try service.answer("flower", "---r|", total: 0, photos: [])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.searchRequests)
        let refusals = scheduler.record(viewModel.executeSearch.disabledErrors)
        viewModel.searchText.value = "flower"
        viewModel.executeSearch.apply().start()
        scheduler.advance(by: 1)
        viewModel.executeSearch.apply().start()
        scheduler.advance(by: 5)
        #expect(requests.values == ["flower"])
        #expect(refusals.values.count == 1)
    }

    @Test func theSearchTextIsTrimmedBeforeItIsSent() {
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.searchRequests)
        search("  red flower \t", on: viewModel)
        #expect(requests.values == ["red flower"])
        #expect(texts(viewModel) == ["red flower"])
    }

    // MARK: Navigation

    @Test func anAnswerShowsItsResultsAndBackShowsTheSearchAgain() throws {
        try service.answer("flower", "--(r|)", total: 1234, photos: [
            StubFlickrServices.photo("Rose", id: "1"), StubFlickrServices.photo("Tulip", id: "2"),
        ])
        let viewModel = makeViewModel()
        let shown = scheduler.record(viewModel.shownResults.map { $0?.title })
        search("flower", on: viewModel, thenAdvance: 4)
        let results = try #require(viewModel.shownResults.value)
        #expect(results.title == "flower")
        #expect(results.items.map(\.title) == ["Rose", "Tulip"])
        #expect(results.summary == "1,234 photos, the first 2 shown")
        viewModel.back()
        scheduler.advance(by: 1)
        expectMarbles(shown, toEqual: "n-f-n", values: ["n": nil, "f": "flower"])
    }

    @Test func anAnswerWithNoPhotosStillShowsItsResultsScreen() throws {
        try service.answer("zzzz", "-(r|)", total: 0, photos: [])
        let viewModel = makeViewModel()
        search("zzzz", on: viewModel)
        let results = try #require(viewModel.shownResults.value)
        #expect(results.items.isEmpty)
        #expect(results.summary == "No photos")
        #expect(results.placeholder == "Nothing matches “zzzz”.")
        #expect(results.keyHints == [KeyHint("Esc", "back to the search")])
    }

    // MARK: Recent searches

    @Test func anAnswerGoesOnTopOfTheRecentSearchesWithItsCountAndFirstThumbnail() throws {
        let rose = StubFlickrServices.photo("Rose", id: "7")
        try service.answer("flower", "-(r|)", total: 1234, photos: [rose, StubFlickrServices.photo("Tulip", id: "8")])
        let viewModel = makeViewModel()
        search("trees", on: viewModel)
        search("flower", on: viewModel)
        let top = try #require(viewModel.recentSearches.value.first)
        #expect(texts(viewModel) == ["flower", "trees"])
        #expect(top.totalResults == 1234)
        #expect(top.totalResultsText == "1,234")
        #expect(top.resultsText == "1,234 photos")
        #expect(top.thumbnailURL == rose.thumbnailURL)
    }

    @Test func theSameTextAgainMovesItsEntryToTheTopWithoutUpdatingIt() throws {
        // The original compared the strings' identity: only pressing Go again without
        // editing matched. Here "flower" typed anew matches by its text.
        let viewModel = makeViewModel()
        try service.answer("flower", "-(r|)", total: 5, photos: [StubFlickrServices.photo("Rose", id: "1")])
        search("flower", on: viewModel)
        search("trees", on: viewModel)
        try service.answer("flower", "-(r|)", total: 9, photos: [StubFlickrServices.photo("Lily", id: "2")])
        viewModel.searchText.value = ""
        search(String(["f", "l", "o", "w", "e", "r"]), on: viewModel)
        #expect(texts(viewModel) == ["flower", "trees"])
        #expect(viewModel.recentSearches.value[0].totalResults == 5, "moved as it was, not updated")
        #expect(viewModel.shownResults.value?.items.map(\.title) == ["Lily"], "the results are the new answer's")
    }

    @Test func atMostTenRecentSearchesAreKeptTheOldestGoingFirst() {
        let viewModel = makeViewModel()
        for number in 1...11 { search("search \(number)", on: viewModel) }
        #expect(texts(viewModel) == (2...11).reversed().map { "search \($0)" })
        #expect(store.searches.map(\.searchText) == texts(viewModel))
    }

    @Test func theRecentSearchesAreKeptInTheStoreAndReadBackByTheNextRun() throws {
        let first = makeViewModel()
        search("flower", on: first)
        search("trees", on: first)
        #expect(store.saves.map { $0.map(\.searchText) } == [["flower"], ["trees", "flower"]])
        let next = makeViewModel()
        #expect(texts(next) == ["trees", "flower"])
        #expect(next.isStoreNoteHidden.value)
    }

    @Test func aStoreThatCannotBeReadStartsEmptyAndSaysWhy() {
        let broken = StubRecentSearchStore(loadFailure: RecentSearchStoreError(reason: "searches.json is not a list of searches"))
        let viewModel = makeViewModel(store: broken)
        #expect(viewModel.recentSearches.value.isEmpty)
        #expect(viewModel.storeNote.value
            == "The recent searches could not be read (searches.json is not a list of searches): starting with none.")
        #expect(!viewModel.isStoreNoteHidden.value)
        search("flower", on: viewModel)
        #expect(texts(viewModel) == ["flower"], "searching goes on")
    }

    @Test func aStoreThatCannotBeWrittenSaysSoUntilItCanAgain() {
        let viewModel = makeViewModel()
        store.failSaves(with: RecentSearchStoreError(reason: "the disk is full"))
        search("flower", on: viewModel)
        #expect(viewModel.storeNote.value == "The recent searches could not be kept (the disk is full).")
        #expect(texts(viewModel) == ["flower"], "kept for this run all the same")
        store.failSaves(with: nil)
        search("trees", on: viewModel)
        #expect(viewModel.isStoreNoteHidden.value)
        #expect(store.searches.map(\.searchText) == ["trees", "flower"])
    }

    @Test func aRecentSearchRunsAgainWithItsText() throws {
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.searchRequests)
        search("flower", on: viewModel)
        search("trees", on: viewModel)
        viewModel.back()
        let flower = try #require(viewModel.recentSearches.value.last)
        viewModel.rerun(flower)
        scheduler.advance(by: 1)
        #expect(requests.values == ["flower", "trees", "flower"])
        #expect(viewModel.searchText.value == "flower")
        #expect(texts(viewModel) == ["flower", "trees"])
        #expect(viewModel.shownResults.value?.title == "flower")
    }

    // MARK: Errors

    @Test func aFailedSearchShowsTheConnectionErrorAlertAndTheActionRunsAgain() throws {
        try service.fail("broken", "-#", with: .unreachable)
        let viewModel = makeViewModel()
        let alerts = scheduler.record(viewModel.connectionErrors)
        search("broken", on: viewModel)
        #expect(alerts.values == [SearchAlert(title: "Connection Error", message: "There was a problem reaching Flickr.", button: "OK")])
        #expect(viewModel.executeSearch.isEnabled.value)
        #expect(!viewModel.isSearching.value)
        #expect(viewModel.shownResults.value == nil)
        #expect(viewModel.recentSearches.value.isEmpty)
        search("flower", on: viewModel)
        #expect(viewModel.shownResults.value?.title == "flower", "usable after the error")
        #expect(alerts.values.count == 1)
    }

    @Test func aServiceNotReadyYetOrAMissingKeySaysWhatToDoAndEveryOtherFailureIsAConnectionError() throws {
        let failures: [FlickrSearchError] = [
            .unreachable, .timedOut, .invalidResponse(reason: "x"), .failed(status: 400, code: 3, message: "x"),
            .failed(status: 503, code: 105, message: "Service currently unavailable"), .noAPIKey,
        ]
        let viewModel = makeViewModel()
        let alerts = scheduler.record(viewModel.connectionErrors)
        for (index, failure) in failures.enumerated() {
            try service.fail("fail \(index)", "-#", with: failure)
            search("fail \(index)", on: viewModel)
        }
        #expect(alerts.values.map(\.title) == [
            "Connection Error", "Connection Error", "Connection Error", "Connection Error", "Flickr Is Busy", "No API Key",
        ])
        #expect(FlickrSearchViewModel.notReadyAlert.message
            == "Flickr cannot search yet (its photos may still be importing). Try again in a moment.")
    }

    // MARK: Keys

    @Test func theKeysFollowWhatCanBeDone() {
        let viewModel = makeViewModel()
        #expect(viewModel.keyHints.value == [KeyHint("Tab", "next"), KeyHint("Esc", "back to the menu")])
        viewModel.searchText.value = "flower"
        #expect(viewModel.keyHints.value == [KeyHint("Enter", "search"), KeyHint("Tab", "next"), KeyHint("Esc", "back to the menu")])
        viewModel.executeSearch.apply().start()
        #expect(viewModel.keyHints.value == [KeyHint("Tab", "next"), KeyHint("Esc", "back to the menu")], "not while searching")
        scheduler.advance(by: 1)
        #expect(viewModel.keyHints.value == [
            KeyHint("Enter", "search"), KeyHint("Tab", "next"), KeyHint("↑↓ Enter", "search again"),
            KeyHint("Esc", "back to the menu"),
        ])
        #expect(viewModel.keyHints.value.footerText.count <= 78, "fits an 80-column screen")
    }
}
