import Ripple
import RippleTesting
import Testing

// The code of the Testing ViewModels article (RippleTesting catalog), kept compiling and passing
// here: a search ViewModel tested in virtual time, with marbles and a leak check.

/// The search backend, in virtual time: an answer takes one second.
struct FakeSearchService {
    let scheduler: TestScheduler

    func search(_ query: String) -> SignalProducer<[String], Never> {
        SignalProducer(value: ["\(query)ui", "\(query)data"]).delay(1, on: scheduler)
    }
}

/// Results for the query once typing has paused for half a second; a newer query
/// cancels the request of an older one.
final class SearchViewModel {
    let query = MutableProperty("")
    let results: Property<[String]>

    init(service: FakeSearchService, scheduler: some DateScheduler) {
        results = Property(
            initial: [],
            then: query.signal
                .filter { $0.count >= 2 }
                .debounce(0.5, on: scheduler)
                .flatMap(.latest) { service.search($0) }   // answers after 1 s
        )
    }
}

@Suite struct SearchViewModelTests {
    let scheduler = TestScheduler()

    @Test func resultsArriveOnceTypingPausesAndTheRequestAnswers() {
        let viewModel = SearchViewModel(service: FakeSearchService(scheduler: scheduler), scheduler: scheduler)
        let results = scheduler.record(viewModel.results.producer)

        viewModel.query.value = "sw"
        scheduler.advance(by: 0.2)
        viewModel.query.value = "swift"      // replaces "sw" before the pause is over
        scheduler.advance(by: 2)

        #expect(results.values == [[], ["swiftui", "swiftdata"]])
        #expect(results.entries.map(\.time) == [0, 1.7])
    }

    @Test func aNewerQueryCancelsTheRequestInFlight() throws {
        let viewModel = SearchViewModel(service: FakeSearchService(scheduler: scheduler), scheduler: scheduler)
        let typing: Signal<String, Never> = try scheduler.hotSignal(
            "-a--b", values: ["a": "sw", "b": "swift"], frameDuration: .milliseconds(250))
        viewModel.query <~ typing
        let results = scheduler.record(viewModel.results.producer)
        scheduler.advance(by: 3)
        // Frames of 0.25 s: "sw" is typed at frame 1 and asked at frame 3 (after the
        // 0.5 s pause), to answer at frame 7; "swift", typed at frame 4 and asked at
        // frame 6, cancels that request and answers at frame 10.
        expectMarbles(results, toEqual: "e---------r",
                      values: ["e": [], "r": ["swiftui", "swiftdata"]], frameDuration: .milliseconds(250))
    }

    @Test func theViewModelLeavesNothingBehind() {
        expectNoLeaks { check in
            let viewModel = check.track(SearchViewModel(service: FakeSearchService(scheduler: scheduler), scheduler: scheduler))
            viewModel.query.value = "swift"
            scheduler.advance(by: 0.2)       // the request is still waiting
        }
    }
}
