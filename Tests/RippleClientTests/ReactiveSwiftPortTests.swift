// Code written for ReactiveSwift, ported unchanged: generic helpers constrained on
// `SignalProtocol`, `SignalProducerProtocol` and `OptionalProtocol` (in the style of
// the extension files ReactiveSwift code bases carry), and a Swift 6 main-actor
// ViewModel using the ReactiveSwift initialisers that Ripple added. Everything below
// the marker compiled against ReactiveSwift as it is; this target compiles it in
// Swift 6 mode with complete checking and no warnings.

import Dispatch
import Ripple
import Testing

// MARK: - Ported unchanged

extension SignalProtocol where Value: OptionalProtocol {
    public func ignoreNil() -> Signal<Value.Wrapped, Error> {
        return signal.filter { $0.optional != nil }.map { $0.optional! }
    }
}

extension SignalProducerProtocol where Value: OptionalProtocol {
    public func ignoreNil() -> SignalProducer<Value.Wrapped, Error> {
        return producer.lift { $0.ignoreNil() }
    }
}

extension SignalProtocol where Error == Never {
    public func takeWhen<U>(_ other: Signal<U, Never>) -> Signal<Value, Never> {
        return other.withLatest(from: self.signal).map { tuple in tuple.1 }
    }
}

extension SignalProducerProtocol {
    public func demoteErrors(replaceErrorWith value: Value? = nil) -> SignalProducer<Value, Never> {
        return producer.flatMapError { _ in
            value.map { SignalProducer(value: $0) } ?? .empty
        }
    }
}

func fullName<First: SignalProducerProtocol, Last: SignalProducerProtocol>(
    _ first: First,
    _ last: Last
) -> SignalProducer<String, First.Error> where First.Value == String, Last.Value == String, Last.Error == First.Error {
    return SignalProducer.combineLatest(first.producer, last.producer).map { "\($0) \($1)" }
}

/// Counts the values of signals, whatever thread sends them.
final class EventTally {
    let count = Atomic(0)

    func record<Value>(_ signal: Signal<Value, Never>) {
        signal.observeValues { [count] _ in count.modify { $0 += 1 } }
    }
}

struct LoadError: Error {}

func searchResults(for queries: SignalProducer<String, Never>) -> SignalProducer<[String], Never> {
    return queries.flatMap(.latest) { query in query.isEmpty ? .empty : .init(value: [query]) }
}

func titles(for ids: SignalProducer<Int, LoadError>) -> SignalProducer<String, Never> {
    return ids
        .flatMap(.concat) { id in id < 0 ? .init(error: LoadError()) : .init(value: "#\(id)") }
        .flatMapError { _ in .init(value: "offline") }
}

@MainActor
final class ComposeViewModel {
    let draft = MutableProperty<String?>(nil)
    let title: Property<String?>
    let send: Action<Void, String, Never>
    let notice = MutableProperty("")

    init(titles: Signal<String, Never>) {
        title = Property(initial: nil, then: titles)
        send = Action(unwrapping: draft) { text in
            SignalProducer(value: "sent \(text)")
        }
        notice <~ send.values.take(until: { $0 != "sent stop" })
    }
}

// MARK: - Tests

@Suite struct ReactiveSwiftPortTests {
    @Test func theGenericHelpersWorkOnSignalsAndProducers() {
        let (values, input) = Signal<Int?, Never>.pipe()
        var seen: [Int] = []
        values.ignoreNil().observeValues { seen.append($0) }
        input.send(value: nil)
        input.send(value: 1)
        #expect(seen == [1])

        var produced: [String] = []
        SignalProducer<String?, Never>(values: "a", nil, "b").ignoreNil().startWithValues { produced.append($0) }
        #expect(produced == ["a", "b"])
    }

    @Test func takeWhenSendsTheLatestValueOnEveryTrigger() {
        let (query, queryInput) = Signal<String, Never>.pipe()
        let (taps, tap) = Signal<Void, Never>.pipe()
        var submitted: [String] = []
        query.takeWhen(taps).observeValues { submitted.append($0) }
        queryInput.send(value: "swift")
        tap.send(value: ())
        queryInput.send(value: "ripple")
        tap.send(value: ())
        #expect(submitted == ["swift", "ripple"])
    }

    @Test func demoteErrorsAndAGenericFunctionOverProducers() {
        struct Failure: Error {}
        var values: [Int] = []
        SignalProducer<Int, Failure>(error: Failure()).demoteErrors(replaceErrorWith: 0).startWithValues { values.append($0) }
        #expect(values == [0])

        var names: [String] = []
        fullName(SignalProducer<String, Never>(value: "Ada"), SignalProducer(value: "Lovelace")).startWithValues { names.append($0) }
        #expect(names == ["Ada Lovelace"])
    }

    @Test func anAtomicCountsValuesSentFromSeveralThreads() {
        let tally = EventTally()
        let (values, input) = Signal<Int, Never>.pipe()
        tally.record(values)
        DispatchQueue.concurrentPerform(iterations: 100) { input.send(value: $0) }
        #expect(tally.count.value == 100)
    }

    @Test func innerProducersWrittenByContext() {
        var found: [[String]] = []
        searchResults(for: SignalProducer(["", "swift"])).startWithValues { found.append($0) }
        #expect(found == [["swift"]])

        var loaded: [String] = []
        titles(for: SignalProducer([1, -1, 2])).startWithValues { loaded.append($0) }
        #expect(loaded == ["#1", "offline"])
    }

    @MainActor
    @Test func aMainActorViewModelUsesTheReactiveSwiftInitialisers() {
        let (titles, input) = Signal<String, Never>.pipe()
        let viewModel = ComposeViewModel(titles: titles)
        #expect(viewModel.title.value == nil)
        input.send(value: "Draft")
        #expect(viewModel.title.value == "Draft")
        #expect(!viewModel.send.isEnabled.value)
        viewModel.draft.value = "hello"
        viewModel.send.apply().start()
        #expect(viewModel.notice.value == "sent hello")
        viewModel.draft.value = "stop"
        viewModel.send.apply().start()
        viewModel.draft.value = "ignored"
        viewModel.send.apply().start()
        #expect(viewModel.notice.value == "sent stop")
    }
}
