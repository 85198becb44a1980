import Ripple
import RippleTesting
import Testing

/// A view model fed by a long-lived signal (a service's stream of queries).
private final class QueryViewModel {
    let results = MutableProperty<[String]>([])

    init(queries: Signal<String, Never>, retainsItselfByMistake: Bool) {
        if retainsItselfByMistake {
            // The classic leak: a strong `self` in an observer nobody disposes.
            queries.observeValues { query in self.results.value = [query] }
        } else {
            results <~ queries.map { [$0] }
        }
    }
}

/// A screen whose labels are bound to its view model.
private final class SearchScreen {
    let resultCount = MutableProperty(0)
    let title = MutableProperty("")

    init(viewModel: QueryViewModel) {
        resultCount <~ viewModel.results.map(\.count)
        title <~ viewModel.results.map { $0.first ?? "no results" }
    }
}

@Suite struct LeakCheckTests {
    @Test func aCleanViewModelLeavesNothingBehind() {
        let (queries, input) = Signal<String, Never>.pipe()
        let check = LeakCheck()
        check.run {
            let viewModel = check.track(QueryViewModel(queries: queries, retainsItselfByMistake: false))
            input.send(value: "swift")
            #expect(viewModel.results.value == ["swift"])
        }
        #expect(check.survivors.isEmpty)
        #expect(check.liveSubscriptions == 0)
        #expect(check.report == nil)
    }

    @Test func aDeliberatelyRetainedObserverIsCaught() {
        let (queries, input) = Signal<String, Never>.pipe()
        let check = LeakCheck()
        check.run {
            let viewModel = check.track(QueryViewModel(queries: queries, retainsItselfByMistake: true), as: "SearchViewModel")
            input.send(value: "swift")
            #expect(viewModel.results.value == ["swift"])
        }
        #expect(check.survivors == ["SearchViewModel"])
        #expect(check.liveSubscriptions == 1)
        let line = #line - 6
        #expect(check.report == """
            leak check: 2 things outlived the block
            - SearchViewModel (tracked at RippleTestingTests/LeakCheckTests.swift:\(line)) is still alive
            - 1 observer attached inside the block is still attached
            """)
        input.sendCompleted()  // ends the leak: the signal releases its observer
        #expect(check.report == nil)
    }

    @Test func aScreensBindingsAreGoneOnceTheScreenIs() {
        let (queries, input) = Signal<String, Never>.pipe()
        let check = LeakCheck()
        check.run {
            let viewModel = QueryViewModel(queries: queries, retainsItselfByMistake: false)
            let bindingsOfTheViewModel = check.liveSubscriptions
            var screen: SearchScreen? = check.track(SearchScreen(viewModel: viewModel))
            input.send(value: "swift")
            #expect(screen?.title.value == "swift")
            #expect(check.liveSubscriptions > bindingsOfTheViewModel)
            screen = nil
            #expect(check.liveSubscriptions == bindingsOfTheViewModel)
        }
        #expect(check.report == nil)
    }

    @Test func objectsAreNamedByTheirTypeByDefault() {
        let check = LeakCheck()
        let kept = MutableProperty(1)
        check.run { check.track(kept) }
        #expect(check.survivors == ["MutableProperty<Int>"])
        #expect(check.report?.hasPrefix("leak check: 1 thing outlived the block\n- MutableProperty<Int> (tracked at ") == true)
    }

    @Test func severalLiveObserversAreCountedInTheReport() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let check = LeakCheck()
        check.run {
            signal.observeValues { _ in }
            signal.observeValues { _ in }
        }
        #expect(check.report == """
            leak check: 1 thing outlived the block
            - 2 observers attached inside the block are still attached
            """)
        withExtendedLifetime(input) {}
    }

    @Test func aProducerRunThatCompletedIsNotALeak() {
        let check = LeakCheck()
        var values: [Int] = []
        check.run {
            SignalProducer([1, 2, 3]).map { $0 * 10 }.startWithValues { values.append($0) }
        }
        #expect(values == [10, 20, 30])
        #expect(check.report == nil)
    }

    @Test @MainActor func anAsyncBlockIsCheckedToo() async {
        let (queries, input) = Signal<String, Never>.pipe()
        let check = LeakCheck()
        await check.run {
            let viewModel = check.track(QueryViewModel(queries: queries, retainsItselfByMistake: true), as: "SearchViewModel")
            await Task.yield()
            input.send(value: "swift")
            #expect(viewModel.results.value == ["swift"])
        }
        #expect(check.survivors == ["SearchViewModel"])
        #expect(check.liveSubscriptions == 1)
        input.sendCompleted()
    }
}

/// `expectNoLeaks` in Swift Testing. The failing case is checked with
/// `withKnownIssue { } matching:`, Swift Testing's only way to capture an issue and
/// inspect it; it fails the test if no matching issue is recorded.
@Suite struct ExpectNoLeaksTests {
    @Test func aCleanBlockRecordsNoIssue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        expectNoLeaks { check in
            let sink = check.track(MutableProperty(0))
            sink <~ signal
            input.send(value: 3)
            #expect(sink.value == 3)
        }
    }

    @Test func aRetainedObserverRecordsAnIssueListingWhatOutlivedTheBlock() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let line = #line + 2
        withKnownIssue {
            expectNoLeaks { check in
                let sink = check.track(MutableProperty(0), as: "sink")
                signal.observeValues { sink.value = $0 }
            }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.map(\.rawValue) == ["""
                leak check: 2 things outlived the block
                - sink (tracked at RippleTestingTests/LeakCheckTests.swift:\(line + 1)) is still alive
                - 1 observer attached inside the block is still attached
                """]
        }
        input.sendCompleted()
    }

    @Test @MainActor func anAsyncBlockRecordsNoIssueWhenItsTasksLetGo() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        await expectNoLeaks { check in
            let sink = check.track(MutableProperty(0))
            sink <~ signal
            await Task { input.send(value: 4) }.value
            #expect(sink.value == 4)
        }
    }
}
