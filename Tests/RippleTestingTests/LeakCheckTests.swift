import Ripple
import RippleTesting
import Testing

/// A view model fed by a long-lived signal (a service's stream of queries).
private final class QueryViewModel {
    let results = MutableProperty<[String]>([])
    /// The line that attaches the leaking observer.
    static let leakingLine = #line + 5

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
            - 1 observer attached inside the block is still attached:
                1 observer of Signal<String, Never> attached at RippleTestingTests/LeakCheckTests.swift:\(QueryViewModel.leakingLine)
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

    @Test func severalLiveObserversAreCountedInTheReportByTheLineThatAttachedThem() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let check = LeakCheck()
        let first = #line + 3
        check.run {
            for _ in 0..<2 {
                signal.observeValues { _ in }
            }
            signal.observeValues { _ in }
        }
        #expect(check.report == """
            leak check: 1 thing outlived the block
            - 3 observers attached inside the block are still attached:
                2 observers of Signal<Int, Never> attached at RippleTestingTests/LeakCheckTests.swift:\(first)
                1 observer of Signal<Int, Never> attached at RippleTestingTests/LeakCheckTests.swift:\(first + 2)
            """)
        withExtendedLifetime(input) {}
    }

    @Test func aLeakingBindingIsPlacedAtItsBindingOperator() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let target = MutableProperty(0)
        let check = LeakCheck()
        let line = #line + 1
        check.run { target <~ signal }
        #expect(check.liveSubscriptions >= 1)
        #expect(check.liveObservers.map(\.location) == Array(repeating: "RippleTestingTests/LeakCheckTests.swift:\(line)", count: check.liveObservers.count))
        #expect(check.liveObservers.reduce(0) { $0 + $1.count } == check.liveSubscriptions)
        input.sendCompleted()
        #expect(check.liveObservers.isEmpty)
    }

    @Test func anObserverAttachedByAnOperatorIsPlacedAtTheOperator() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let check = LeakCheck()
        var mapped: Signal<String, Never>?
        let mapLine = #line + 2
        check.run {
            mapped = signal.map { "\($0)" }
            mapped?.observeValues { _ in }
        }
        #expect(check.liveObservers == [
            LeakCheck.LiveObservers(location: "RippleTestingTests/LeakCheckTests.swift:\(mapLine)", streamType: "Signal<Int, Never>", count: 1),
            LeakCheck.LiveObservers(location: "RippleTestingTests/LeakCheckTests.swift:\(mapLine + 1)", streamType: "Signal<String, Never>", count: 1),
        ])
        mapped = nil
        input.sendCompleted()
        #expect(check.report == nil)
    }

    @Test func aProducerRunStillGoingIsPlacedAtItsStart() {
        let check = LeakCheck()
        let (signal, input) = Signal<Int, Never>.pipe()
        let line = #line + 2
        check.run {
            SignalProducer(signal).startWithValues { _ in }
        }
        #expect(check.liveObservers.map(\.location).allSatisfy { $0 == "RippleTestingTests/LeakCheckTests.swift:\(line)" })
        #expect(check.liveObservers.contains { $0.streamType == "Signal<Int, Never>" })
        input.sendCompleted()
        #expect(check.report == nil)
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
                - 1 observer attached inside the block is still attached:
                    1 observer of Signal<Int, Never> attached at RippleTestingTests/LeakCheckTests.swift:\(line + 2)
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
