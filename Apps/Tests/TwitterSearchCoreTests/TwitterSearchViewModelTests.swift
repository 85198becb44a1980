import Foundation
import Ripple
import RippleTesting
import Testing
import TwitterSearchCore
import TwitterSearchTestSupport

/// The ViewModel headless and in virtual time: typing is a hot marble signal, the
/// service a stub whose searches answer as marble diagrams, and the ViewModel's
/// outputs and the searches it starts and abandons are recorded as marbles. One
/// frame is one second unless a test says otherwise.
@Suite struct TwitterSearchViewModelTests: ViewModelTesting {
    let scheduler = TestScheduler()
    let service: StubTwitterService

    init() {
        service = StubTwitterService(scheduler: scheduler)
    }

    // MARK: The > 3 rule

    @Test func onlyTextLongerThanThreeCharactersSearchesAndShorterTextClearsTheResults() throws {
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let counts = scheduler.record(viewModel.tweets.map(\.count))
        try type("-a-b-c-d-e", ["a": "swi", "b": "swif", "c": "  sw  ", "d": "    ", "e": "  swift  "], into: viewModel)
        scheduler.advance(by: 12)

        // "swi" (3) and "  sw  " do not search; "  swift  " searches "swift", trimmed.
        expectMarbles(requests, toEqual: "---b-----e", values: ["b": "swif", "e": "swift"])
        // The answer for "swif" at 4, cleared by "  sw  " at 5, then "swift"'s at 10.
        expectMarbles(counts, toEqual: "0---10----1")
        #expect(viewModel.tweets.value.map(\.status) == ["swift"])
    }

    @Test func shortTextBeforeAnySearchDoesNothing() throws {
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let searching = scheduler.record(viewModel.isSearching)
        try type("-a-b-c", ["a": "s", "b": "sw", "c": "swi"], into: viewModel)
        scheduler.advance(by: 8)
        #expect(requests.values.isEmpty)
        expectMarbles(searching, toEqual: "f")
        #expect(viewModel.queryExecutionTime.value == "")
    }

    // MARK: Throttling

    @Test func searchesAreThrottledNotDebounced() throws {
        // Frames of 250 ms. "swift" goes at once (nothing was sent before); "swifty"
        // and "swiftly" come within the second, so only the latest, "swiftly", goes,
        // at 0.25 + 1 s; "swiftlang" comes long after, and goes at once.
        let service = StubTwitterService(scheduler: scheduler, frameDuration: 0.25)
        let viewModel = makeViewModel(service: service)
        let requests = scheduler.record(service.requests)
        try type("-ab-c-----------d", ["a": "swift", "b": "swifty", "c": "swiftly", "d": "swiftlang"],
                 into: viewModel, frameDuration: 0.25)
        scheduler.advance(by: 6)
        expectMarbles(requests, toEqual: "-a---c----------d",
                      values: ["a": "swift", "c": "swiftly", "d": "swiftlang"], frameDuration: 0.25)
    }

    @Test func aTextKeptTypingIsSearchedOncePerSecond() throws {
        // Frames of 100 ms, a key every 300 ms for 2.1 s: searches at 0.3 s, then
        // each second after the last one, with the text as it was by then.
        let service = StubTwitterService(scheduler: scheduler, frameDuration: 0.1)
        let viewModel = makeViewModel(service: service)
        let requests = scheduler.record(service.requests)
        try type("---a--b--c--d--e--f--g", ["a": "swif", "b": "swift", "c": "swiftl", "d": "swiftla",
                                            "e": "swiftlan", "f": "swiftlang", "g": "swiftlang!"],
                 into: viewModel, frameDuration: 0.1)
        scheduler.advance(by: 4)
        expectMarbles(requests, toEqual: "---a---------d---------g",
                      values: ["a": "swif", "d": "swiftla", "g": "swiftlang!"], frameDuration: 0.1)
    }

    // MARK: Cancellation

    @Test func aNewerSearchCancelsTheSearchInFlight() throws {
        try service.answer("swif", "-----r|", tweets: [StubTwitterService.tweet(saying: "slow", at: scheduler.currentDate)])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let cancellations = scheduler.record(service.cancellations)
        let searching = scheduler.record(viewModel.isSearching)
        let shown = statuses(viewModel)
        try type("-a-b", ["a": "swif", "b": "swift"], into: viewModel)
        scheduler.advance(by: 10)

        expectMarbles(requests, toEqual: "-a-b", values: ["a": "swif", "b": "swift"])
        expectMarbles(cancellations, toEqual: "---a", values: ["a": "swif"])
        expectMarbles(searching, toEqual: "ft-tf")
        // The slow answer would have come at 6: it never does.
        expectMarbles(shown, toEqual: "e---s", values: ["e": [], "s": ["swift"]])
    }

    // MARK: Spinner, dimming, execution time

    @Test func theSpinnerTheDimmingAndTheExecutionTimeFollowASearch() throws {
        try service.answer("swift", "--r|", tweets: [StubTwitterService.tweet(saying: "swift", at: scheduler.currentDate)],
                           responseTime: 0.002572)
        let viewModel = makeViewModel()
        let searching = scheduler.record(viewModel.isSearching)
        let dimmed = scheduler.record(viewModel.areResultsDimmed)
        let time = scheduler.record(viewModel.queryExecutionTime)
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 5)

        expectMarbles(searching, toEqual: "ft-f")
        // The rows are dimmed while the search runs (the original's alpha 0.5).
        expectMarbles(dimmed, toEqual: "ft-f")
        expectMarbles(time, toEqual: "e--x", values: ["e": "", "x": "Execution time: 0.002572"])
    }

    // MARK: Errors

    @Test func aFailedSearchIsShownAndSearchingGoesOn() throws {
        try service.fail("swif", "-#", with: .refused(status: 429, message: "Rate limit exceeded"))
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let searching = scheduler.record(viewModel.isSearching)
        let errors = scheduler.record(viewModel.errorText)
        let hidden = scheduler.record(viewModel.isErrorHidden)
        let shown = statuses(viewModel)
        try type("-a--b", ["a": "swif", "b": "swift"], into: viewModel)
        scheduler.advance(by: 8)

        // A refusal is not sent again: one request, then the next text's.
        expectMarbles(requests, toEqual: "-a--b", values: ["a": "swif", "b": "swift"])
        // The failure stops the spinner (the original spun forever) …
        expectMarbles(searching, toEqual: "ftf-tf")
        // … shows its sentence until the next answer …
        expectMarbles(errors, toEqual: "e-m--e",
                      values: ["e": "", "m": "The tweet service could not answer: Rate limit exceeded (HTTP 429)."])
        expectMarbles(hidden, toEqual: "t-f--t")
        // … and the next search answers.
        expectMarbles(shown, toEqual: "e----s", values: ["e": [], "s": ["swift"]])
    }

    @Test func aFailedSearchKeepsTheResultsOfTheLastAnswer() throws {
        try service.fail("swifty", "-#", with: .invalidResponse(reason: "undecodable response"))
        let viewModel = makeViewModel()
        try type("-a-b", ["a": "swift", "b": "swifty"], into: viewModel)
        scheduler.advance(by: 6)
        #expect(viewModel.tweets.value.map(\.status) == ["swift"])
        #expect(viewModel.queryExecutionTime.value == "Execution time: 0.25")
        #expect(viewModel.errorText.value == "The tweet service sent an answer this app cannot read.")
        #expect(!viewModel.isSearching.value)
    }

    @Test func deniedAccessIsShownAndSearchingIsStillTried() throws {
        try service.access("-#", error: .accessDenied)
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let errors = scheduler.record(viewModel.errorText)
        let searching = scheduler.record(viewModel.isSearching)
        try type("--a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 5)

        expectMarbles(errors, toEqual: "ed-e",
                      values: ["e": "", "d": "Access denied: the tweet service refused the app's credentials."])
        // The original never searched after a refusal; here the next text searches
        // (the client asks for access again first), and its answer clears the error.
        expectMarbles(requests, toEqual: "--a", values: ["a": "swift"])
        expectMarbles(searching, toEqual: "f-tf")
    }

    @Test func noAccountIsShownAtOnce() throws {
        try service.access("#", error: .noTwitterAccounts)
        let viewModel = makeViewModel()
        scheduler.advance()
        #expect(viewModel.errorText.value == "No Twitter account: the app has no credentials (twitter-app.json).")
        #expect(!viewModel.isErrorHidden.value)
        #expect(!viewModel.isSearching.value)
        #expect(viewModel.tweets.value.isEmpty)
    }

    @Test func theErrorsKeepTheOriginalsCodes() {
        #expect(TwitterSearchError.accessDenied.code == 0)
        #expect(TwitterSearchError.noTwitterAccounts.code == 1)
        let invalidResponses: [TwitterSearchError] = [
            .notReady(progress: nil), .unreachable, .timedOut, .refused(status: 500, message: nil),
            .invalidResponse(reason: ""),
        ]
        #expect(invalidResponses.map(\.code) == [2, 2, 2, 2, 2])
        #expect(TwitterSearchError.domain == "TwitterSearch")
    }

    @Test func textTypedBeforeAccessIsGrantedIsSearchedOnceItIs() throws {
        try service.access("---|")
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 5)
        expectMarbles(requests, toEqual: "---a", values: ["a": "swift"])
    }

    // MARK: Short text after a search

    @Test func shortTextCancelsTheSearchInFlightAndClearsTheResults() throws {
        try service.answer("swifty", "----r|", tweets: [StubTwitterService.tweet(saying: "late", at: scheduler.currentDate)])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let cancellations = scheduler.record(service.cancellations)
        let searching = scheduler.record(viewModel.isSearching)
        let time = scheduler.record(viewModel.queryExecutionTime)
        let shown = statuses(viewModel)
        try type("-a-b-c", ["a": "swift", "b": "swifty", "c": "sw"], into: viewModel)
        scheduler.advance(by: 10)

        expectMarbles(requests, toEqual: "-a-b", values: ["a": "swift", "b": "swifty"])
        expectMarbles(cancellations, toEqual: "-----b", values: ["b": "swifty"])
        expectMarbles(searching, toEqual: "ftft-f")
        expectMarbles(shown, toEqual: "e-s--e", values: ["e": [], "s": ["swift"]])
        expectMarbles(time, toEqual: "e-x--e", values: ["e": "", "x": "Execution time: 0.25"])
    }

    // MARK: Rows

    @Test func eachRowShowsItsTweetAndItsAgeTicksEverySecond() throws {
        let posted = scheduler.currentDate.addingTimeInterval(-40)
        let tweet = Tweet(id: 7, profileImageURL: "http://127.0.0.1:1/avatars/a.png", username: "alice",
                          status: "Fix the frobnication of widgets.", timestamp: posted)
        try service.answer("widgets", "-r|", tweets: [tweet])
        let viewModel = makeViewModel()
        try type("-a", ["a": "widgets"], into: viewModel)
        scheduler.advance(by: 2)

        let row = try #require(viewModel.tweets.value.first)
        #expect(row.id == 7)
        #expect(row.username == "alice")
        #expect(row.status == "Fix the frobnication of widgets.")
        #expect(row.profileImageURL == "http://127.0.0.1:1/avatars/a.png")
        #expect(row.ageInSeconds.value == 42)
        let ages = scheduler.record(row.age)
        scheduler.advance(by: 2)
        expectMarbles(ages, toEqual: "abc", values: ["a": "42 s", "b": "43 s", "c": "44 s"])
    }

    @Test func anAgeIsWholeSecondsCutTowardsZero() {
        let tweet = Tweet(id: 1, profileImageURL: "", username: "u", status: "s",
                          timestamp: scheduler.currentDate.addingTimeInterval(-1.9))
        let row = TweetViewModel(tweet: tweet, avatars: service, scheduler: scheduler)
        #expect(row.ageInSeconds.value == 1)
        #expect(row.age.value == "1 s")
        scheduler.advance(by: 0.5)
        row.updateTime()
        #expect(row.ageInSeconds.value == 2)
    }

    @Test func theAvatarIsNilFirstThenThePicture() throws {
        let picture = try #require(AvatarImage(width: 1, height: 1, rgba: [10, 20, 30, 255]))
        try service.avatar("http://127.0.0.1:1/avatars/good.png", "-i|", image: picture)
        try service.avatar("http://127.0.0.1:1/avatars/bad.png", "-#", image: nil)
        let good = TweetViewModel(
            tweet: StubTwitterService.tweet(saying: "a", by: "good", at: scheduler.currentDate), avatars: service, scheduler: scheduler)
        let bad = TweetViewModel(
            tweet: StubTwitterService.tweet(saying: "b", by: "bad", at: scheduler.currentDate), avatars: service, scheduler: scheduler)

        let loaded = scheduler.record(good.avatar)
        let failed = scheduler.record(bad.avatar)
        scheduler.advance(by: 2)
        expectMarbles(loaded, toEqual: "ni|", values: ["n": nil, "i": picture])
        // A picture that cannot be loaded leaves the placeholder: nil, and no error.
        expectMarbles(failed, toEqual: "n|", values: ["n": nil])
    }

    // MARK: Lifetime

    @Test func aViewModelLetGoEndsItsTimerAndItsSearchInFlight() throws {
        try service.answer("swift", "-----r|", tweets: [])
        let cancellations = scheduler.record(service.cancellations)
        try expectNoLeaks { check in
            do {
                let viewModel = check.track(makeViewModel())
                try type("-a", ["a": "swift"], into: viewModel)
                scheduler.advance(by: 2)   // the search is in flight
                #expect(viewModel.isSearching.value)
            }
            // The abandoned search's interruption comes through the scheduler
            // (`observe(on:)`), and with it the last observers go.
            scheduler.advance()
        }
        #expect(cancellations.values == ["swift"])
        #expect(!scheduler.hasPendingWork, "the timer and the search stopped with the ViewModel")
    }
}
