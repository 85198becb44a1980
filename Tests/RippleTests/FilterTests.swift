import Ripple
import Testing

@Suite struct FilterTests {
    @Test func filterForwardsOnlyIncludedValuesOnSignalAndProducer() {
        let source: [Signal<Int, Never>.Event] = [.value(1), .value(2), .value(3), .value(4), .completed]
        let expected = ["VALUE 2", "VALUE 4", "COMPLETED"]
        #expect(events(of: { $0.filter { $0.isMultiple(of: 2) } }, sending: source) == expected)
        #expect(events(of: { $0.filter { $0.isMultiple(of: 2) } }, starting: source) == expected)
    }

    @Test func filterPassesFailureEvenAfterExcludedValues() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .failed(TestError(code: 1))]
        #expect(events(of: { $0.filter { _ in false } }, sending: source) == ["FAILED TestError(code: 1)"])
    }

    @Test func operatorChainsComposeInOrder() {
        let source: [Signal<Int, Never>.Event] = (1...6).map { .value($0) } + [.completed]
        let chain = { (signal: Signal<Int, Never>) in signal.map { $0 + 1 }.filter { $0.isMultiple(of: 2) }.map { $0 * 2 } }
        #expect(events(of: chain, sending: source) == ["VALUE 4", "VALUE 8", "VALUE 12", "COMPLETED"])
    }
}
