import Ripple
import Testing

// The samples of the Troubleshooting article (Ripple.docc/Troubleshooting.md): the
// fixes. The mistakes are fenced as text, with the compiler's messages.

enum TroubleshootingSamples {
    struct SearchError: Error, Equatable {}
    struct LoadError: Error, Equatable { let reason: String }

    struct SearchService {
        func search(_ text: String) -> SignalProducer<[String], SearchError> {
            text == "fail" ? SignalProducer(error: SearchError()) : SignalProducer(value: ["\(text)ui"])
        }
    }

    @MainActor final class TapCounter {
        let count = MutableProperty(0)

        lazy var increment = Action<Void, Int, Never> { [count] in
            count.modify { $0 += 1 }
            return SignalProducer(value: count.value)
        }
    }
}

extension TroubleshootingSamples {
    @Suite("Troubleshooting")
    struct Tests {
        @Test("a failure replaced by an empty list")
        func replaceFailure() {
            let (results, input) = Signal<[String], SearchError>.pipe()
            var shown: [[String]] = []
            results
                .flatMapError { _ in SignalProducer(value: []) }
                .observeValues { shown.append($0) }
            input.send(value: ["swift"])
            input.send(error: SearchError())
            // shown == [["swift"], []]
            #expect(shown == [["swift"], []])
        }

        @Test("recovering inside flatMap keeps the outer stream going")
        func recoverInside() {
            let service = SearchService()
            let query = MutableProperty("sw")
            let results = MutableProperty<[String]>([])
            results <~ query.producer.flatMap(.latest) { text in
                service.search(text).flatMapError { _ in SignalProducer(value: []) }
            }
            #expect(results.value == ["swui"])
            query.value = "fail"
            #expect(results.value == [])
            query.value = "swift"
            #expect(results.value == ["swiftui"])
        }

        @Test("one side's error converted before flatMap")
        func mapErrorFirst() {
            func load(_ query: String) -> SignalProducer<Int, LoadError> {
                SignalProducer(value: query.count)
            }
            let queries = SignalProducer<String, SearchError>(["a", "ab"])
            let counts = queries
                .mapError { LoadError(reason: "search failed: \($0)") }
                .flatMap(.latest) { query in load(query) }
            var seen: [Int] = []
            counts.startWithResult { if case .success(let count) = $0 { seen.append(count) } }
            #expect(seen == [1, 2])
        }

        @MainActor
        @Test("an action's body keeps its state in a captured property")
        func tapCounter() async throws {
            let counter = TapCounter()
            #expect(try await counter.increment.apply().first() == 1)
            #expect(counter.count.value == 1)
        }
    }
}
