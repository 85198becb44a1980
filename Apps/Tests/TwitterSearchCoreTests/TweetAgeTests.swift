import Foundation
import Ripple
import RippleTesting
import Testing
import TwitterSearchCore
import TwitterSearchTestSupport

/// A row's live age, in virtual time: recomputed every second, written as people
/// read ages ("58 s", "1 min", "1 h", "5 y"), where the original wrote "N secs".
@Suite struct TweetAgeTests: ViewModelTesting {
    let scheduler = TestScheduler()
    let service: StubTwitterService

    init() {
        service = StubTwitterService(scheduler: scheduler)
    }

    /// A ViewModel whose search answers with one tweet, posted `age` seconds before
    /// the search started (1 s from now), and that tweet's row, 1 s after the answer.
    func search(postedSecondsBefore age: Double) throws -> (TwitterSearchViewModel, TweetViewModel) {
        let tweet = StubTwitterService.tweet(saying: "widgets", at: scheduler.currentDate.addingTimeInterval(1 - age))
        try service.answer("widgets", "-r|", tweets: [tweet])
        let viewModel = makeViewModel()
        try type("-a", ["a": "widgets"], into: viewModel)
        scheduler.advance(by: 2)
        return (viewModel, try #require(viewModel.tweets.value.first))
    }

    @Test func theAgeTicksEverySecondFromSecondsToMinutes() throws {
        let (viewModel, row) = try search(postedSecondsBefore: 57)
        let ages = scheduler.record(row.age)
        scheduler.advance(by: 3)
        // 58 s at the answer, then each second; "1 min" is not repeated.
        expectMarbles(ages, toEqual: "abc", values: ["a": "58 s", "b": "59 s", "c": "1 min"])
        withExtendedLifetime(viewModel) {}
    }

    @Test func anHourOldTweetGoesFromMinutesToHours() throws {
        let (viewModel, row) = try search(postedSecondsBefore: 3_598)
        let ages = scheduler.record(row.age)
        scheduler.advance(by: 1)
        expectMarbles(ages, toEqual: "ab", values: ["a": "59 min", "b": "1 h"])
        withExtendedLifetime(viewModel) {}
    }

    @Test func anOldTweetReadsInYears() throws {
        // The original wrote this age as "166389865 secs".
        let (_, row) = try search(postedSecondsBefore: 166_389_864)
        #expect(row.ageInSeconds.value == 166_389_865)
        #expect(row.age.value == "5 y")
    }
}
