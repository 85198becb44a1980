import RippleTour
import Testing

/// Each tour section prints what the seed tutorial says its code prints.
@Suite struct TourTests {
    private func output(of title: String) async -> [String] {
        guard let section = Tour.sections.first(where: { $0.title == title }) else {
            Issue.record("no tour section titled \(title)")
            return []
        }
        return await section.run()
    }

    @Test func pipeWithTwoObserversPrintsTheValueTwice() async {
        #expect(await output(of: "Hot signals: a pipe and its observers") == [
            "did received value: 1",
            "did received value: 1",
        ])
    }

    @Test func observeValuesPrintsTheValueTwice() async {
        #expect(await output(of: "Hot signals: observeValues") == [
            "did received value: 1",
            "did received value: 1",
        ])
    }

    @Test func hotSignalStoryMatchesTheSeed() async {
        #expect(await output(of: "Hot signals: View1, View2 and View3") == [
            "View1 received value: 1",
            "View1 received value: 2",
            "View2 received value: 2",
            "View3 received interrupted",
        ])
    }

    @Test func failureEndsTheSignalAndLateObserversAreInterrupted() async {
        #expect(await output(of: "Events: values, then one terminal event") == [
            "event: VALUE page 1",
            "result: success(\"page 1\")",
            "event: FAILED APIError(404)",
            "result: failure(APIError(404))",
            "late observer: INTERRUPTED",
        ])
    }

    @Test func sendingFromAnObserverIsQueued() async {
        #expect(await output(of: "Sending from inside an observer") == [
            "A received 1", "B received 1", "A received 2", "B received 2",
        ])
    }

    @Test func disposablesAndLifetimesStopDelivery() async {
        #expect(await output(of: "Disposables and lifetimes") == [
            "subscriber got first",
            "after dispose: isDisposed = true",
            "screen got third",
            "screen lifetime ended",
            "lifetime.hasEnded = true",
        ])
    }

    @Test func producerPrintsItsValuesThenCleansUp() async {
        #expect(await output(of: "Cold signals: a SignalProducer and its lifetime") == [
            "did received value: 1",
            "did received value: 2",
            "信号无效了 你可以在这里进行一些清理工作",
        ])
    }

    @Test func twoStartsSendTheRequestTwice() async {
        #expect(await output(of: "Cold signals: every start runs the work again") == [
            "发起网络请求",
            "did received value: 1",
            "发起网络请求",
            "did received value: 1",
        ])
    }

    @Test func oneSignalSharesOneRequest() async {
        #expect(await output(of: "Hot signals: one request, two observers") == [
            "发起网络请求",
            "did received value: 1",
            "did received value: 1",
        ])
    }

    @Test func typedErrorsReachStartWithResult() async {
        #expect(await output(of: "Cold signals: typed errors") == [
            "loaded user 7",
            "failed with 404: no such user",
        ])
    }

    @Test func mapPrefixesTheValue() async {
        #expect(await output(of: "Operators: map") == ["xxx1"])
    }

    @Test func onRunsBeforeTheObserver() async {
        #expect(await output(of: "Operators: on") == ["on value: 1", "did received value: 1"])
    }

    @Test func takeUntilStopsAtTheTrigger() async {
        #expect(await output(of: "Operators: take(until:)") == ["received value: 1", "received value: 2"])
    }

    @Test func takeFirstKeepsTwoValues() async {
        #expect(await output(of: "Operators: take(first:)") == ["received value: 1", "received value: 2"])
    }

    @Test func mergeForwardsEveryInput() async {
        #expect(await output(of: "Operators: merge") == ["received value: 1", "received value: 2", "received value: 3"])
    }

    @Test func combineLatestSendsTheLatestOfEach() async {
        #expect(await output(of: "Operators: combineLatest") == [
            "received value: (1, 2, 3)",
            "received value: (11, 2, 3)",
            "received value: (11, 22, 3)",
            "received value: (11, 22, 33)",
        ])
    }

    @Test func zipPairsTheNthValues() async {
        #expect(await output(of: "Operators: zip") == ["received value: (1, 2, 3)", "received value: (11, 22, 33)"])
    }

    @Test func flatMapLatestCancelsTheStaleRequest() async {
        #expect(await output(of: "Operators: flatMap(.latest)") == [
            "request \"swi\"",
            "request \"swi\" ended",
            "request \"swift\"",
            "show results for swift",
            "request \"swift\" ended",
        ])
    }

    @Test func searchAsYouTypeCancelsStaleRequestsInVirtualTime() async {
        #expect(await output(of: "Time: search as you type") == [
            "[0.0s] typed \"swi\"",
            "[0.0s] typed \"swif\"",
            "[0.0s] request \"swif\" sent",
            "[0.25s] typed \"swift\"",
            "[0.5s] typed \"swiftu\"",
            "[1.0s] request \"swif\" over",
            "[1.0s] request \"swiftu\" sent",
            "[2.5s] typed \"swiftui\"",
            "[2.5s] request \"swiftu\" over",
            "[2.5s] request \"swiftui\" sent",
            "[4.5s] show results for \"swiftui\"",
            "[4.5s] request \"swiftui\" over",
        ])
    }

    @Test func everySectionHasATitleASummaryAndOutput() async {
        #expect(!Tour.sections.isEmpty)
        for section in Tour.sections {
            #expect(!section.title.isEmpty)
            #expect(!section.summary.isEmpty)
            #expect(await !section.run().isEmpty, "\(section.title) prints nothing")
        }
        #expect(Set(Tour.sections.map(\.title)).count == Tour.sections.count)
    }

    @Test func constantPropertyPrintsItsValueOnceThroughTheProducer() async {
        #expect(await output(of: "Properties: a constant") == [
            "initial value is: 1",
            "producer received: 1",
        ])
    }

    @Test func mutablePropertyProducerSeesTheCurrentValueAndSignalOnlyChanges() async {
        #expect(await output(of: "Properties: MutableProperty") == [
            "initial value is: 1",
            "producer received: 1",
            "producer received: 2",
            "signal received: 2",
            "producer received: 3",
            "signal received: 3",
        ])
    }

    @Test func derivedPropertyFollowsItsSource() async {
        #expect(await output(of: "Properties: derived state") == [
            "summary: 1 to do",
            "summary: 2 to do",
            "summary: 0 to do",
            "finished: buy milk, write tests",
            "summary now: 0 to do",
        ])
    }

    @Test func phoneNumberBindingFormatsTheInputAndShowsTheError() async {
        #expect(await output(of: "Bindings: formatting a phone number") == [
            "typed 1380013 → field: 1380013, error: \"Invalid phone number\", send enabled: false",
            "typed 138001380001234 → field: 13800138000, error: \"\", send enabled: true",
            "typed 1380013800a → field: 1380013800a, error: \"Invalid phone number\", send enabled: false",
        ])
    }

    @Test func actionIgnoresAppliesWhileItExecutes() async {
        #expect(await output(of: "Actions: one execution at a time") == [
            "input: Optional([\"1\": \"xxx\"])",
            "did received Value: 1",
            "did received Event: VALUE VALUE 1",
            "…two seconds later…",
            "did received Value: 2",
            "did received Event: VALUE VALUE 2",
            "did received Event: VALUE COMPLETED",
            "did received Event: COMPLETED",
        ])
    }

    @Test func actionEnabledIfExecutesOnlyOnceTheFieldHasText() async {
        #expect(await output(of: "Actions: enabledIf") == [
            "tap refused: disabled",
            "input: Optional([\"xxx\": \"xxx\"])",
            "did received value: 1",
        ])
    }

    @Test func registrationFormEnablesSubmitOnlyWhenValidAndCountsTheCodeButtonDown() async {
        #expect(await output(of: "ViewModel: the registration form") == [
            "[0.0s] type \"138001380001234\" into account",
            "[0.0s] error: The password needs 6 to 16 letters and digits",
            "[0.0s] code button enabled: true",
            "[0.0s] account field shows \"13800138000\"",
            "[1.0s] tap get code",
            "[1.0s] code button enabled: false",
            "[1.5s] code sent",
            "[2.0s] code button: \"60s\"",
            "[2.0s] tap get code (disabled)",
            "[3.0s] type \"abc123\" into password",
            "[3.0s] error: The passwords differ",
            "[4.0s] type \"abc12\" into confirmation",
            "[5.0s] type \"abc123\" into confirmation",
            "[5.0s] error: The verify code is missing",
            "[6.0s] type \"1234\" into verify code",
            "[6.0s] submit enabled: true",
            "[6.0s] error: none",
            "[7.0s] tap submit",
            "[7.0s] submit enabled: false",
            "[7.5s] toast: registration failed with APIError(789465)",
            "[7.5s] submit enabled: true",
            "[8.0s] type \"8888\" into verify code",
            "[9.0s] tap submit",
            "[9.0s] submit enabled: false",
            "[9.5s] registered 13800138000",
            "[9.5s] submit enabled: true",
            "[30.0s] code button: \"32s\"",
            "[61.5s] code button enabled: true",
            "[61.5s] code button: \"Get code\"",
        ])
    }

    @Test func letSwiftTodoAppRunsOnMutableProperty() async {
        #expect(await output(of: "Ripple in five minutes: the let.swift Todo app") == [
            "activity indicator: stop animating",
            "date label: Monday, 23 November",
            "activity indicator: start animating",
            "activity indicator: stop animating",
            "added: true",
            "reload todo section: [\"buy milk\"]",
            "reload finished section: []",
            "activity indicator: start animating",
            "activity indicator: stop animating",
            "added: true",
            "reload todo section: [\"buy milk\", \"write tests\"]",
            "reload finished section: []",
            "activity indicator: start animating",
            "activity indicator: stop animating",
            "reload todo section: [\"write tests\"]",
            "reload finished section: [\"buy milk\"]",
            "peek todos: [\"write tests\"]",
            "unsubscribed from the finished section",
            "activity indicator: start animating",
            "activity indicator: stop animating",
            "reload todo section: []",
            "date label: Tuesday, 24 November",
        ])
    }

    @Test func forAwaitOverAPropertyReadsTheCountdownInVirtualTime() async {
        #expect(await output(of: "Swift concurrency: for await over a property") == [
            "3 s left",
            "2 s left",
            "1 s left",
            "lift-off",
            "first answer: Ripple",
            "failed with NotFound()",
        ])
    }

    @Test func marbleTimelinesPrintTheTypingAndWhatDebounceMakesOfIt() async {
        #expect(await output(of: "Testing: timelines as marbles") == [
            "typing:      -ab----c-d-----|",
            "debounce(2): ----b------d---|",
            "values:      sw, swift",
        ])
    }

    @Test func leakChecksPassACleanViewModelAndCatchARetainedOne() async {
        #expect(await output(of: "Testing: leak checks") == [
            "while alive: results for swift, 5 observers attached",
            "clean view model: nothing outlived the block",
            "leak check: 2 things outlived the block",
            "- SearchViewModel is still alive",
            "- 6 observers attached inside the block are still attached:",
            "    2 observers of Signal<String, Never> attached at Sections/Testing.swift",
            "    3 observers of Signal<String, Never> attached at Sections/Testing.swift",
            "    1 observer of Signal<(), Never> attached at Sections/Testing.swift",
            "after the clock ends: nothing outlived the block",
        ])
    }
}
