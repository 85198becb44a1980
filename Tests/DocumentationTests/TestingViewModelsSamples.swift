import Ripple
import RippleTesting
import Testing

// The samples of the Testing ViewModels article (RippleTesting.docc/TestingViewModels.md):
// marbles, a search ViewModel tested in virtual time, recordings and leak checks.

enum TestingViewModelsSamples {
    struct FakeSearchService {
        let scheduler: TestScheduler

        func search(_ query: String) -> SignalProducer<[String], Never> {
            SignalProducer(value: ["\(query)ui", "\(query)data"]).delay(1, on: scheduler)
        }
    }

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
}

extension TestingViewModelsSamples {
    @Suite("Testing ViewModels")
    struct Tests {
        @Test("a hot signal from marbles, recorded and printed back")
        func marbles() throws {
            let scheduler = TestScheduler()
            let typing: Signal<String, Never> = try scheduler.hotSignal("-abc-----d|")
            let output = scheduler.record(typing.throttle(3, on: scheduler))
            scheduler.run()
            #expect(output.marbles() == "-a--c----d|")
        }

        @Test("a cold producer from marbles, compared with the expected timeline")
        func coldProducer() throws {
            let scheduler = TestScheduler()
            let source: SignalProducer<Int, Never> = try scheduler.coldProducer("-1-2-3|")
            scheduler.expect(source.map { $0 * 10 }, toEmit: "-a-b-c|", values: ["a": 10, "b": 20, "c": 30])
        }

        @Test("a mismatch is told frame by frame")
        func mismatch() {
            #expect(marbleMismatch(expected: "-a--b-|", actual: "-a---b|") == """
                expected: -a--b-|
                actual:   -a---b|
                              ^ first difference at frame 4
                """)
        }

        @Test("live subscriptions are counted inside a leak check")
        func liveSubscriptions() {
            expectNoLeaks { check in
                let title = MutableProperty("Inbox")
                var shown: [String] = []
                let subscription = title.producer.startWithValues { shown.append($0) }
                #expect(check.liveSubscriptions == 1)
                subscription.dispose()
                #expect(check.liveSubscriptions == 0)
                #expect(shown == ["Inbox"])
            }
        }

        @Test("a malformed diagram names its column")
        func malformed() {
            #expect(throws: MarbleError.self) {
                let _: Signal<String, Never> = try TestScheduler().hotSignal("-a(b")
            }
            #expect(String(describing: (try? MarbleTimeline<String, Never>(parsing: "-a(b")) as Any) == "nil")
            do {
                _ = try MarbleTimeline<String, Never>(parsing: "-a(b")
            } catch {
                #expect(error.description == #"column 3: a group opened here is never closed, in "-a(b""#)
            }
        }
    }
}
