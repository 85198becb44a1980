import Foundation
import Ripple
import RippleTesting
import Testing
import TwitterSearchCore
import TwitterSearchTestSupport

/// What the screen says, decided by the ViewModel: a whole sentence for each
/// failure and for each reason a search waits, every one within 78 columns (an
/// 80-column terminal less the border), and the keys of the footer.
@Suite struct TwitterSearchMessagesTests: ViewModelTesting {
    let scheduler = TestScheduler()
    let service: StubTwitterService

    init() {
        service = StubTwitterService(scheduler: scheduler)
    }

    static let failures: [(TwitterSearchError, String)] = [
        (.accessDenied, "Access denied: the tweet service refused the app's credentials."),
        (.noTwitterAccounts, "No Twitter account: the app has no credentials (twitter-app.json)."),
        (.refused(status: 429, message: "Rate limit exceeded"),
         "The tweet service could not answer: Rate limit exceeded (HTTP 429)."),
        (.refused(status: 400, message: "Query parameters are missing."),
         "The tweet service could not answer: Query parameters are missing (HTTP 400)."),
        (.refused(status: 500, message: nil), "The tweet service could not answer (HTTP 500)."),
        (.invalidResponse(reason: #"undecodable response: missing key "statuses""#),
         "The tweet service sent an answer this app cannot read."),
    ]

    @Test(arguments: failures)
    func aSearchThatFailsForGoodSaysWhyInOneSentence(error: TwitterSearchError, sentence: String) throws {
        try service.fail("swift", "-#", with: error)
        let viewModel = makeViewModel()
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 3)
        #expect(viewModel.errorText.value == sentence)
        #expect(!viewModel.isErrorHidden.value)
        #expect(viewModel.isNoticeHidden.value)
        #expect(sentence.count <= 78)
    }

    static let waits: [(TwitterSearchError, String)] = [
        (.notReady(progress: IndexProgress(read: 263, total: 658)),
         "Building the tweet index: 39 %. Your search runs when it is ready."),
        // Everything read but not yet committed: the search still waits.
        (.notReady(progress: IndexProgress(read: 658, total: 658)),
         "Building the tweet index: 99 %. Your search runs when it is ready."),
        (.notReady(progress: nil), "The tweet service is busy: trying again shortly."),
        (.unreachable, "The tweet service cannot be reached: trying again shortly."),
        (.timedOut, "The tweet service did not answer in time: trying again shortly."),
    ]

    @Test(arguments: waits)
    func aSearchThatWaitsSaysWhyInOneSentence(error: TwitterSearchError, sentence: String) throws {
        try service.fail("swift", "-#", with: error)
        let viewModel = makeViewModel()
        try type("-a", ["a": "swift"], into: viewModel)
        scheduler.advance(by: 2.5)
        #expect(viewModel.noticeText.value == sentence)
        #expect(!viewModel.isNoticeHidden.value)
        #expect(viewModel.isErrorHidden.value)
        #expect(viewModel.isSearching.value, "the search is not over")
        #expect(sentence.count <= 78)
    }

    static let accessFailures: [(TwitterSearchError, String)] = [
        (.unreachable, "The tweet service cannot be reached."),
        (.timedOut, "The tweet service did not answer in time."),
        (.notReady(progress: nil), "The tweet service is not ready yet."),
    ]

    @Test(arguments: accessFailures)
    func aFailedAccessRequestSaysWhyInOneSentence(error: TwitterSearchError, sentence: String) throws {
        try service.access("#", error: error)
        let viewModel = makeViewModel()
        scheduler.advance()
        #expect(viewModel.errorText.value == sentence)
    }

    @Test func theFooterOffersScrollingOnceThereAreRows() throws {
        let viewModel = makeViewModel()
        let hints = scheduler.record(viewModel.keyHints.map { $0.map(\.text) })
        try type("-a-b", ["a": "swift", "b": "sw"], into: viewModel)
        scheduler.advance(by: 5)

        // Rows at 2 (the answer), none at 3 (the clear).
        expectMarbles(hints, toEqual: "e-re", values: [
            "e": ["Esc: back to the menu"],
            "r": ["Tab: results and back", "↑↓: scroll", "Esc: back to the menu"],
        ])
    }
}
