import Foundation
import Ripple
import RippleTesting
import Testing
import TwitterSearchCore
import TwitterSearchTestSupport

/// A search the service cannot answer yet, in virtual time: the tweet index still
/// being built (503 with its progress), no response, a timeout. The notice says
/// what happens, the query in the field is sent again after 1, 2, 4, 4… seconds
/// until the service answers, a newer query replaces it, and a clear stops it.
@Suite struct TwitterSearchRetryTests: ViewModelTesting {
    let scheduler = TestScheduler()
    let service: StubTwitterService

    init() {
        service = StubTwitterService(scheduler: scheduler)
    }

    static let building = "Building the tweet index: 40 %. Your search runs when it is ready."
    static let unreachable = "The tweet service cannot be reached: trying again shortly."
    static let timedOut = "The tweet service did not answer in time: trying again shortly."

    @Test func aSearchDuringTheIndexBuildShowsItsProgressAndRunsWhenTheServiceIsReady() throws {
        try service.answer("swift", attempts: [
            ("-#", .notReady(progress: IndexProgress(read: 4, total: 10))),
            ("-#", .notReady(progress: IndexProgress(read: 7, total: 10))),
            ("-r|", nil),
        ], tweets: [StubTwitterService.tweet(saying: "swift", at: scheduler.currentDate)])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let notices = scheduler.record(viewModel.noticeText)
        let hidden = scheduler.record(viewModel.isNoticeHidden)
        let errors = scheduler.record(viewModel.errorText)
        let searching = scheduler.record(viewModel.isSearching)
        let shown = statuses(viewModel)
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 12)

        // Sent at 1; 503 at 2, again 1 s later; 503 at 4, again 2 s later; answered at 7.
        expectMarbles(requests, toEqual: "-a-a--a", values: ["a": "swift"])
        expectMarbles(notices, toEqual: "e-a-b--e", values: [
            "e": "", "a": Self.building,
            "b": "Building the tweet index: 70 %. Your search runs when it is ready.",
        ])
        expectMarbles(hidden, toEqual: "t-f----t")
        // Waiting is not an error, and the spinner turns until the answer.
        expectMarbles(errors, toEqual: "e", values: ["e": ""])
        expectMarbles(searching, toEqual: "ft-----f")
        expectMarbles(shown, toEqual: "e------s", values: ["e": [], "s": ["swift"]])
    }

    @Test func aQueryChangedWhileTheSearchWaitsReplacesIt() throws {
        try service.answer("swift", attempts: [("-#", .notReady(progress: IndexProgress(read: 4, total: 10)))], tweets: [])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let notices = scheduler.record(viewModel.noticeText)
        let shown = statuses(viewModel)
        try type("-a---b", ["a": "swift", "b": "swiftly"], into: viewModel)
        scheduler.advance(by: 30)

        // "swift" at 1 and 3; its next try was due at 6, but "swiftly" came at 5:
        // only the new query runs, and "swift" is never sent again.
        expectMarbles(requests, toEqual: "-a-a-b", values: ["a": "swift", "b": "swiftly"])
        expectMarbles(notices, toEqual: "e-a---e", values: ["e": "", "a": Self.building])
        expectMarbles(shown, toEqual: "e-----s", values: ["e": [], "s": ["swiftly"]])
    }

    @Test func clearingTheQueryStopsTheRetries() throws {
        try service.answer("swift", attempts: [("-#", .notReady(progress: IndexProgress(read: 4, total: 10)))], tweets: [])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let notices = scheduler.record(viewModel.noticeText)
        let searching = scheduler.record(viewModel.isSearching)
        try type("-a---b", ["a": "swift", "b": "sw"], into: viewModel)
        scheduler.advance(by: 30)

        expectMarbles(requests, toEqual: "-a-a", values: ["a": "swift"])
        expectMarbles(notices, toEqual: "e-a--e", values: ["e": "", "a": Self.building])
        expectMarbles(searching, toEqual: "ft---f")
    }

    @Test func afterNoResponseTheSearchRunsOnceTheServiceAnswersWithABackoffOfAtMostFourSeconds() throws {
        try service.answer("swift", attempts: [
            ("-#", .unreachable), ("-#", .timedOut), ("-#", .unreachable), ("-#", .unreachable), ("-r|", nil),
        ], tweets: [StubTwitterService.tweet(saying: "swift", at: scheduler.currentDate)])
        let viewModel = makeViewModel()
        let requests = scheduler.record(service.requests)
        let notices = scheduler.record(viewModel.noticeText)
        let searching = scheduler.record(viewModel.isSearching)
        let shown = statuses(viewModel)
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 30)

        // Failures at 2, 4, 7 and 12; the waits 1, 2, 4, then 4 again (the cap).
        expectMarbles(requests, toEqual: "-a-a--a----a----a", values: ["a": "swift"])
        expectMarbles(notices, toEqual: "e-u-t--u---------e",
                      values: ["e": "", "u": Self.unreachable, "t": Self.timedOut])
        expectMarbles(searching, toEqual: "ft---------------f")
        #expect(shown.values.last == ["swift"])
    }

    @Test func anUnreachableServiceAtTheStartIsShownAndTheSearchGetsThroughOnceItAnswers() throws {
        try service.access("-#", error: .unreachable)
        try service.answer("swift", attempts: [("-#", .unreachable), ("-r|", nil)],
                           tweets: [StubTwitterService.tweet(saying: "swift", at: scheduler.currentDate)])
        let viewModel = makeViewModel()
        let errors = scheduler.record(viewModel.errorText)
        let notices = scheduler.record(viewModel.noticeText)
        let shown = statuses(viewModel)
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 6)

        // The access request's failure is an error; the search's is a notice that
        // replaces it, until the answer.
        expectMarbles(errors, toEqual: "eue", values: ["u": "The tweet service cannot be reached.", "e": ""])
        expectMarbles(notices, toEqual: "e-u-e", values: ["e": "", "u": Self.unreachable])
        expectMarbles(shown, toEqual: "e---s", values: ["e": [], "s": ["swift"]])
    }

    @Test func aViewModelLetGoStopsTheRetries() throws {
        try service.answer("swift", attempts: [("-#", .unreachable)], tweets: [])
        let requests = scheduler.record(service.requests)
        try expectNoLeaks { check in
            do {
                let viewModel = check.track(makeViewModel())
                try type("-a", ["a": "swift"], into: viewModel)
                scheduler.advance(by: 2.5)   // failed at 2, the next try due at 3
                #expect(!viewModel.isNoticeHidden.value)
            }
            scheduler.advance()
        }
        scheduler.advance(by: 30)
        expectMarbles(requests, toEqual: "-a", values: ["a": "swift"])
        #expect(!scheduler.hasPendingWork, "the retry stopped with the ViewModel")
    }
}
