import Foundation
import Ripple
import Testing

// The Swift samples of the Migrating from ReactiveSwift article, each run with the
// behaviour the article describes.

@Suite("Migrating from ReactiveSwift: samples")
struct MigratingFromReactiveSwiftSamples {
    @Test("the ported search box answers with the results of the last query")
    func portedSearchBox() {
        let scheduler = TestScheduler()
        func search(_ text: String) -> SignalProducer<[String], Never> {
            SignalProducer(value: [text.uppercased()])
        }
        let query = MutableProperty("")
        let results = query.producer
            .debounce(0.3, on: scheduler)
            .flatMap(.latest) { search($0) }
        var shown: [[String]] = []
        results.startWithValues { shown.append($0) }
        query.value = "swift"
        scheduler.advance(by: 0.3)
        #expect(shown == [["SWIFT"]])
    }

    @Test("a value sent from an observer reaches every observer after the current event")
    func recursiveSendsAreQueued() {
        var seen: [String] = []
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            seen.append("A\(value)")
            if value == 1 { input.send(value: 2) }
        }
        signal.observeValues { seen.append("B\($0)") }
        input.send(value: 1)
        #expect(seen == ["A1", "B1", "A2", "B2"])
    }

    @Test("intervals are seconds or a Duration")
    func intervalsAreSecondsOrDurations() {
        let scheduler = TestScheduler()
        let (typing, input) = Signal<String, Never>.pipe()
        var sent: [String] = []
        typing.debounce(.milliseconds(500), on: scheduler).observeValues { sent.append($0) }
        input.send(value: "sw")
        scheduler.advance(by: 0.2)
        input.send(value: "swift")
        scheduler.advance(by: .milliseconds(500))
        #expect(sent == ["swift"])
    }

    @Test("a closure that cannot throw makes a producer that cannot fail")
    func nonThrowingClosureMakesANeverProducer() {
        let cannotFail = SignalProducer { "value" }
        let mayFail = SignalProducer<String, any Error> { "value" }
        #expect(type(of: cannotFail) == SignalProducer<String, Never>.self)
        #expect(type(of: mayFail) == SignalProducer<String, any Error>.self)
    }
}
