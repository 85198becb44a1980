import Ripple
import Testing

@Suite struct MapTests {
    struct User { let name: String }

    @Test func mapTransformsEveryValueOnSignalAndProducer() {
        let expected = ["VALUE 10", "VALUE 20", "COMPLETED"]
        #expect(events(of: { $0.map { $0 * 10 } }, sending: [.value(1), .value(2), .completed] as [Signal<Int, Never>.Event]) == expected)
        #expect(events(of: { $0.map { $0 * 10 } }, starting: [.value(1), .value(2), .completed] as [Signal<Int, Never>.Event]) == expected)
    }

    @Test func mapPassesFailureAndInterruptionAtOnce() {
        let failing: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 7))]
        #expect(events(of: { $0.map { $0 + 1 } }, sending: failing) == ["VALUE 2", "FAILED TestError(code: 7)"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.map { $0 + 1 } }, starting: interrupted) == ["VALUE 2", "INTERRUPTED"])
    }

    @Test func mapWithKeyPathReadsThePropertyOfEveryValue() {
        let users: [Signal<User, Never>.Event] = [.value(User(name: "ada")), .value(User(name: "alan")), .completed]
        #expect(events(of: { $0.map(\.name) }, sending: users) == ["VALUE ada", "VALUE alan", "COMPLETED"])
        #expect(events(of: { $0.map(\.name) }, starting: users) == ["VALUE ada", "VALUE alan", "COMPLETED"])
    }

    @Test func mapToValueReplacesEveryValue() {
        let taps: [Signal<Int, Never>.Event] = [.value(1), .value(2), .completed]
        #expect(events(of: { $0.map(value: "tap") }, sending: taps) == ["VALUE tap", "VALUE tap", "COMPLETED"])
        #expect(events(of: { $0.map(value: "tap") }, starting: taps) == ["VALUE tap", "VALUE tap", "COMPLETED"])
    }

    @Test func mapErrorTransformsOnlyTheFailure() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 3))]
        let expected = ["VALUE 1", "FAILED WrappedError(inner: RippleTests.TestError(code: 3))"]
        #expect(events(of: { $0.mapError(WrappedError.init) }, sending: source) == expected)
        #expect(events(of: { $0.mapError(WrappedError.init) }, starting: source) == expected)
    }

    @Test func compactMapForwardsOnlyNonNilResults() {
        let source: [Signal<String, Never>.Event] = [.value("1"), .value("x"), .value("3"), .completed]
        #expect(events(of: { $0.compactMap { Int($0) } }, sending: source) == ["VALUE 1", "VALUE 3", "COMPLETED"])
        #expect(events(of: { $0.compactMap { Int($0) } }, starting: source) == ["VALUE 1", "VALUE 3", "COMPLETED"])
    }

    @Test func compactMapPassesFailureCompletionAndInterruptionAtOnce() {
        let failing: [Signal<String, TestError>.Event] = [.value("1"), .value("x"), .failed(TestError(code: 5))]
        #expect(events(of: { $0.compactMap { Int($0) } }, sending: failing) == ["VALUE 1", "FAILED TestError(code: 5)"])
        #expect(events(of: { $0.compactMap { Int($0) } }, starting: failing) == ["VALUE 1", "FAILED TestError(code: 5)"])
        let interrupted: [Signal<String, TestError>.Event] = [.value("x"), .value("2"), .interrupted]
        #expect(events(of: { $0.compactMap { Int($0) } }, sending: interrupted) == ["VALUE 2", "INTERRUPTED"])
        #expect(events(of: { $0.compactMap { Int($0) } }, starting: interrupted) == ["VALUE 2", "INTERRUPTED"])
    }

    @Test func mapErrorPassesValuesCompletionAndInterruptionUnchanged() {
        let completing: [Signal<Int, TestError>.Event] = [.value(1), .value(2), .completed]
        #expect(events(of: { $0.mapError(WrappedError.init) }, sending: completing) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        let interrupted: [Signal<Int, TestError>.Event] = [.value(1), .interrupted]
        #expect(events(of: { $0.mapError(WrappedError.init) }, sending: interrupted) == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func filterMapIsCompactMapUnderItsFormerName() {
        let source: [Signal<String, Never>.Event] = [.value("1"), .value("x"), .value("3"), .completed]
        #expect(events(of: { $0.filterMap { Int($0) } }, sending: source) == ["VALUE 1", "VALUE 3", "COMPLETED"])
        #expect(events(of: { $0.filterMap { Int($0) } }, starting: source) == ["VALUE 1", "VALUE 3", "COMPLETED"])
    }

    @Test func skipNilWorksInCodeGenericOverOptionalProtocol() {
        func present<Value: OptionalProtocol>(_ signal: Signal<Value, Never>) -> Signal<Value.Wrapped, Never> {
            signal.skipNil()
        }
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String?, Never>.pipe()
        present(signal).observe(recorder.observer())
        input.send(value: nil)
        input.send(value: "a")
        #expect(recorder.entries == ["VALUE a"])
    }

    @Test func skipNilUnwrapsAndDropsNils() {
        let source: [Signal<Int?, Never>.Event] = [.value(1), .value(nil), .value(3), .completed]
        #expect(events(of: { $0.skipNil() }, sending: source) == ["VALUE 1", "VALUE 3", "COMPLETED"])
        #expect(events(of: { $0.skipNil() }, starting: source) == ["VALUE 1", "VALUE 3", "COMPLETED"])
    }

    @Test func mappedSignalLivesWhileObservedAndReleasesItsSubscriptionWhenDropped() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<Int>()
        signal.map { $0 * 2 }.observeValues { recorder.append($0) }
        input.send(value: 1)
        #expect(recorder.entries == [2])

        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            _ = signal.map { value -> Int in withExtendedLifetime(witness) { value } }
        }
        #expect(weakWitness == nil)
    }

    /// The operators whose sink is written at the operator (`derived(sinking:)`).
    enum SinkingOperator: String, CaseIterable, Sendable {
        case map, filter, compactMap, mapError

        /// The operator, keeping every value it is given, with a closure that
        /// captures `witness`.
        func apply(to signal: Signal<Int, TestError>, capturing witness: AnyObject? = nil) -> Signal<Int, TestError> {
            switch self {
            case .map: signal.map { value in withExtendedLifetime(witness) { value } }
            case .filter: signal.filter { _ in withExtendedLifetime(witness) { true } }
            case .compactMap: signal.compactMap { value in withExtendedLifetime(witness) { value } }
            case .mapError: signal.mapError { error in withExtendedLifetime(witness) { error } }
            }
        }
    }

    @Test(arguments: SinkingOperator.allCases)
    func aDerivedSignalNobodyObservesReleasesTheOperatorsClosure(_ operator: SinkingOperator) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            _ = `operator`.apply(to: signal, capturing: witness)
        }
        #expect(weakWitness == nil)
        withExtendedLifetime(input) {}
    }

    @Test(arguments: SinkingOperator.allCases)
    func valueSentUpstreamFromADownstreamObserverIsQueued(_ operator: SinkingOperator) {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let derived = `operator`.apply(to: signal)
        derived.observe { event in
            guard case let .value(value) = event else { return }
            recorder.append("A\(value)")
            if value == 1 { input.send(value: 2) }
        }
        derived.observe { event in
            if case let .value(value) = event { recorder.append("B\(value)") }
        }
        input.send(value: 1)
        #expect(recorder.entries == ["A1", "B1", "A2", "B2"])
    }
}

@Suite struct MapOverloadTests {
    @Test func aTwoParameterClosureOnATupleStreamIsATransformNotAConstant() {
        let sums = events(of: SignalProducer.combineLatest(SignalProducer<Int, Never>(value: 1), SignalProducer<Int, Never>(value: 2)).map { x, y in x + y })
        #expect(sums == ["VALUE 3", "COMPLETED"])
        let (pairs, input) = Signal<(Int, Int), Never>.pipe()
        let recorder = Recorder<Int>()
        pairs.map { x, y in x * y }.observeValues { recorder.append($0) }
        input.send(value: (3, 4))
        #expect(recorder.entries == [12])
    }

    @Test func aTwoParameterClosureOnATuplePropertyIsATransform() {
        let first = MutableProperty(1)
        let second = MutableProperty("a")
        let joined = Property.combineLatest(first, second).map { number, letter in "\(letter)\(number)" }
        first.value = 2
        #expect(joined.value == "a2")
    }
}
