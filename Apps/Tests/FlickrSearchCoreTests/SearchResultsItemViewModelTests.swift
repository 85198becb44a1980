import FlickrSearchCore
import FlickrSearchStubs
import Foundation
import Ripple
import RippleTesting
import Testing

/// A results row's ViewModel in virtual time (a marble frame is half a second): its
/// counts are fetched only once its row has been visible for a second, per
/// visibility (hidden before the second: nothing; shown again later: fetched then),
/// both calls combined whatever their delays, a failure of either ignored.
@Suite struct SearchResultsItemViewModelTests {
    let scheduler = TestScheduler()
    let service: StubFlickrServices
    let photo = StubFlickrServices.photo("Rose", id: "7")

    init() {
        service = StubFlickrServices(scheduler: scheduler, frameDuration: 0.5)
    }

    func makeItem() -> SearchResultsItemViewModel {
        SearchResultsItemViewModel(photo: photo, metadata: service, scheduler: scheduler)
    }

    /// Sets the row's visibility as `marbles` say (frames of half a second from
    /// now): `v` visible, `h` hidden.
    func show(_ marbles: String, _ item: SearchResultsItemViewModel) throws {
        let visibility: Signal<Bool, Never> = try scheduler.hotSignal(marbles, values: ["v": true, "h": false], frameDuration: 0.5)
        item.isVisible <~ visibility
    }

    @Test func theCountsAreFetchedOnceTheRowHasBeenVisibleForASecond() throws {
        try service.favourites("7", "-v|", 3)
        try service.comments("7", "-v|", 1)
        let item = makeItem()
        let requests = scheduler.record(service.metadataRequests)
        let hidden = scheduler.record(item.areCountsHidden)
        try show("v", item)
        scheduler.advance(by: 0.5)
        #expect(requests.values.isEmpty, "not before the second")
        scheduler.advance(by: 0.5)
        #expect(requests.values == ["f:7", "c:7"], "both calls at 1 s")
        scheduler.advance(by: 1)
        #expect(item.favourites.value == 3)
        #expect(item.comments.value == 1)
        #expect(item.favouritesText.value == "♥ 3")
        #expect(item.commentsText.value == "✉ 1")
        expectMarbles(hidden, toEqual: "t--f", values: ["t": true, "f": false], frameDuration: 0.5)
    }

    @Test func aRowHiddenBeforeTheSecondFetchesNothing() throws {
        let item = makeItem()
        let requests = scheduler.record(service.metadataRequests)
        try show("vh", item)
        scheduler.advance(by: 10)
        #expect(requests.values.isEmpty)
        #expect(item.favourites.value == nil && item.comments.value == nil)
        #expect(item.areCountsHidden.value)
    }

    @Test func aRowShownAgainLaterFetchesThen() throws {
        // The original ended everything on the first hide: this row never got counts.
        try service.favourites("7", "-v|", 4)
        try service.comments("7", "-v|", 2)
        let item = makeItem()
        let requests = scheduler.record(service.metadataRequests)
        // Visible at 0, hidden at 0.5, visible again at 3: fetched at 4, answered at 4.5.
        try show("vh----v", item)
        scheduler.advance(by: 3.5)
        #expect(requests.values.isEmpty)
        scheduler.advance(by: 0.5)
        #expect(requests.values == ["f:7", "c:7"])
        scheduler.advance(by: 0.5)
        #expect(item.favourites.value == 4 && item.comments.value == 2)
    }

    @Test func theInitialValueAndARepeatedVisibleDoNotRestartTheWait() throws {
        let item = makeItem()
        let requests = scheduler.record(service.metadataRequests)
        // Set visible at 0 and again at 0.5 (a list may report it after each render).
        try show("vv", item)
        scheduler.advance(by: 2)
        expectMarbles(requests, toEqual: "--(fc)", values: ["f": "f:7", "c": "c:7"], frameDuration: 0.5)
    }

    @Test func hidingTheRowCancelsTheFetchInFlightAndKeepsTheCountsUnknown() throws {
        try service.favourites("7", "----v|", 3)
        try service.comments("7", "-v|", 1)
        let item = makeItem()
        let cancelled = scheduler.record(service.metadataCancellations)
        try show("v---h", item)      // fetched at 1, hidden at 2, before the favourites came
        scheduler.advance(by: 5)
        #expect(cancelled.values == ["f:7"], "the comments had answered; the favourites were abandoned")
        #expect(item.favourites.value == nil && item.comments.value == nil)
    }

    @Test func theTwoCallsAreCombinedWhateverTheirDelays() throws {
        try service.favourites("7", "-v|", 3)          // 0.5 s
        try service.comments("7", "-----v|", 1)        // 2.5 s
        let item = makeItem()
        let favourites = scheduler.record(item.favourites)
        try show("v", item)
        scheduler.advance(by: 3)
        #expect(item.comments.value == nil, "nothing shows until both answered")
        scheduler.advance(by: 0.5)
        #expect(item.favourites.value == 3 && item.comments.value == 1)
        // Fetched at 1 s, the comments at 3.5 s: both counts at once then.
        expectMarbles(favourites, toEqual: "n------f", values: ["n": nil, "f": 3], frameDuration: 0.5)
    }

    @Test func aFailureOfEitherCallIsIgnoredAndAFetchLaterMaySucceed() throws {
        try service.favourites("7", "-#")
        try service.comments("7", "--v|", 1)
        let item = makeItem()
        try show("v-----h-v", item)     // visible 0–3 s, then from 4 s
        scheduler.advance(by: 3)
        #expect(item.favourites.value == nil && item.comments.value == nil)
        #expect(item.areCountsHidden.value)
        try service.favourites("7", "-v|", 5)
        scheduler.advance(by: 3)
        #expect(item.favourites.value == 5 && item.comments.value == 1)
    }

    @Test func aPhotoWithoutATitleReadsUntitled() {
        let item = SearchResultsItemViewModel(photo: FlickrPhoto(id: "1", title: "  ", thumbnailURL: nil),
                                              metadata: service, scheduler: scheduler)
        #expect(item.title == "Untitled")
        #expect(item.favouritesText.value == "" && item.commentsText.value == "")
    }
}

/// The results screen's ViewModel: its title, its summary, its rows and keys.
@Suite struct SearchResultsViewModelTests {
    let scheduler = TestScheduler()

    @Test(arguments: [
        (0, 0, "No photos"), (1, 1, "1 photo"), (57, 57, "57 photos"), (1234, 100, "1,234 photos, the first 100 shown"),
    ])
    func theSummarySaysHowManyPhotosMatchedAndHowManyShow(total: Int, shown: Int, text: String) {
        let photos = (0..<shown).map { StubFlickrServices.photo("photo \($0)", id: String($0)) }
        let results = SearchResultsViewModel(
            results: FlickrSearchResults(searchText: "flower", photos: photos, totalResults: total),
            metadata: StubFlickrServices(scheduler: scheduler), scheduler: scheduler)
        #expect(results.summary == text)
        #expect(results.title == "flower")
        #expect(results.items.map(\.id) == photos.map(\.id))
    }
}
