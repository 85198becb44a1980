import Ripple
import RippleTesting
import TwitterSearchCore
import TwitterSearchTestSupport

/// What the ViewModel suites share: a virtual clock, the stub service on it, and
/// typing as a hot marble signal. One frame is one second unless a test says
/// otherwise.
protocol ViewModelTesting {
    var scheduler: TestScheduler { get }
    var service: StubTwitterService { get }
}

extension ViewModelTesting {
    /// A ViewModel on `service` (the suite's by default) and the suite's scheduler.
    func makeViewModel(service: StubTwitterService? = nil) -> TwitterSearchViewModel {
        let service = service ?? self.service
        return TwitterSearchViewModel(searchService: service, avatarService: service, scheduler: scheduler)
    }

    /// Binds the typing of `marbles` (frames of `frameDuration` seconds from now)
    /// to the ViewModel's search text.
    func type(_ marbles: String, _ values: [Character: String], into viewModel: TwitterSearchViewModel,
              frameDuration: Double = 1) throws {
        let typing: Signal<String, Never> = try scheduler.hotSignal(marbles, values: values, frameDuration: frameDuration)
        viewModel.searchText <~ typing
    }

    /// The texts of the rows shown, as they change.
    func statuses(_ viewModel: TwitterSearchViewModel) -> TimelineRecording<[String], Never> {
        scheduler.record(viewModel.tweets.map { $0.map(\.status) })
    }
}
