// A search screen fed by services that know nothing of the UI: a `Sendable` class
// that searches on its own queue, and an actor that keeps the search history.
//
//     query (main)      -"sw"-----------------
//     search (queue)    ----["Swift", …]|        started on the service's queue
//     results (main)    ------["Swift", …]-     observe(on: UIScheduler())
//
// The idioms on trial: a producer started on another queue and consumed on the
// main actor, an action whose execution runs off the main actor, `isExecuting`
// bound to a main-actor view from the service's thread, `MainActorScheduler` from
// nonisolated code, and an actor that produces and consumes Ripple streams
// without capturing its own state in Ripple closures (those run on the sending
// thread, not on the actor).

import Dispatch
import Ripple
import Testing

/// Searches a catalogue on a serial queue of its own.
final class SearchService: Sendable {
    enum Failure: Error, Equatable {
        case emptyQuery
    }

    private let queue = QueueScheduler(name: "RippleClientTests.SearchService")
    private let catalogue: [String]

    init(catalogue: [String]) {
        self.catalogue = catalogue
    }

    /// The entries containing `query`, found on the service's queue.
    func search(_ query: String) -> SignalProducer<[String], Failure> {
        let catalogue = catalogue
        return SignalProducer { observer, _ in
            guard !query.isEmpty else {
                observer.send(error: .emptyQuery)
                return
            }
            observer.send(value: catalogue.filter { $0.lowercased().contains(query.lowercased()) })
            observer.sendCompleted()
        }
        .start(on: queue)
    }
}

/// The queries searched so far. Its state is touched only on the actor: streams
/// reach it through an `AsyncStream` or leave it through a `Task`.
actor SearchHistory {
    private(set) var queries: [String] = []

    /// Records `query`; returns how many queries are recorded.
    @discardableResult
    func record(_ query: String) -> Int {
        queries.append(query)
        return queries.count
    }

    /// A producer, startable from any thread, that records `query` on the actor and
    /// sends the number of recorded queries.
    nonisolated func recording(_ query: String) -> SignalProducer<Int, Never> {
        SignalProducer { observer, lifetime in
            let task = Task {
                let count = await self.record(query)
                observer.send(value: count)
                observer.sendCompleted()
            }
            lifetime.observeEnded { task.cancel() }
        }
    }

    /// Records every value of `queries`, in order, until it terminates; the task
    /// ends once the last one is recorded.
    nonisolated func follow(_ queries: Signal<String, Never>) -> Task<Void, Never> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        queries.observe { event in
            if let query = event.value {
                continuation.yield(query)
            } else {
                continuation.finish()
            }
        }
        return Task {
            for await query in stream {
                await self.record(query)
            }
        }
    }
}

@MainActor
final class SearchViewModel {
    @MutableProperty var query = ""
    let results = MutableProperty<[String]>([])
    let message = MutableProperty("")
    let search: Action<String, [String], SearchService.Failure>
    /// For each delivery of results: whether it ran on the main queue.
    private(set) var deliveredOnMainQueue: [Bool] = []

    init(service: SearchService, history: SearchHistory) {
        search = Action { query in
            history.recording(query).promoteError().then(service.search(query))
        }
        search.values.observe(on: UIScheduler()).observeValues { [weak self] found in
            self?.deliveredOnMainQueue.append(isOnMainQueue())
            self?.results.value = found
        }
        message <~ search.errors.observe(on: UIScheduler()).map { _ in "Type something to search" }
        $query.signal.observeValues { [weak self] query in
            self?.search.apply(query).start()
        }
    }
}

@MainActor
final class SearchView: ReactiveExtensionsProvider, @MainActor LifetimeProvider {
    @Lifetime.Owned var lifetime
    var rows: [String] = [] {
        didSet { mainActorStateChanged() }
    }
    var isSpinning = false {
        didSet { mainActorStateChanged() }
    }
    var message: String? {
        didSet { mainActorStateChanged() }
    }

    init(viewModel: SearchViewModel) {
        reactive[\.rows, on: UIScheduler()] <~ viewModel.results
        reactive[\.isSpinning, on: UIScheduler()] <~ viewModel.search.isExecuting
        reactive[\.message, on: UIScheduler()] <~ viewModel.message
    }
}

/// Delivers `results` to the ViewModel from code that is not on the main actor.
func deliver(_ results: [String], to viewModel: SearchViewModel) {
    MainActorScheduler().schedule { viewModel.results.value = results }
}

@MainActor
@Suite(.timeLimit(.minutes(2))) struct SearchServiceTests {
    let service = SearchService(catalogue: ["Swift", "SwiftUI", "Rust", "Haskell"])

    @Test func resultsFoundOnTheServiceQueueReachTheViewOnTheMainQueue() async {
        let viewModel = SearchViewModel(service: service, history: SearchHistory())
        let view = SearchView(viewModel: viewModel)
        viewModel.query = "swi"
        #expect(await waitUntil { view.rows == ["Swift", "SwiftUI"] && !view.isSpinning })
        #expect(viewModel.deliveredOnMainQueue == [true])
    }

    @Test func aFailedSearchIsReportedOnTheMainActor() async {
        let viewModel = SearchViewModel(service: service, history: SearchHistory())
        let view = SearchView(viewModel: viewModel)
        viewModel.query = ""
        #expect(await waitUntil { view.message == "Type something to search" })
        #expect(view.rows.isEmpty)
    }

    @Test func theActorRecordsEveryQuerySearched() async {
        let history = SearchHistory()
        let viewModel = SearchViewModel(service: service, history: history)
        viewModel.query = "rust"
        let finished = Property.combineLatest(viewModel.results, viewModel.search.isExecuting)
        #expect(await finished.producer.filter { results, isExecuting in results == ["Rust"] && !isExecuting }.first() != nil)
        viewModel.query = "has"
        #expect(await viewModel.results.producer.filter { $0 == ["Haskell"] }.first() != nil)
        #expect(await history.queries == ["rust", "has"])
    }

    @Test func anActorFollowsASignalSentFromAnotherThreadInOrder() async {
        let history = SearchHistory()
        let (queries, input) = Signal<String, Never>.pipe()
        let following = history.follow(queries)
        DispatchQueue.global().async {
            for index in 0..<100 { input.send(value: "q\(index)") }
            input.sendCompleted()
        }
        await following.value
        #expect(await history.queries == (0..<100).map { "q\($0)" })
    }

    @Test func nonisolatedCodeDeliversToTheViewModelThroughTheMainActorScheduler() async {
        let viewModel = SearchViewModel(service: service, history: SearchHistory())
        await Task.detached { deliver(["Elm"], to: viewModel) }.value
        #expect(await viewModel.results.producer.filter { $0 == ["Elm"] }.first() != nil)
    }
}
