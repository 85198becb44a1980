import Foundation
import Ripple
import Testing

// The Swift samples of the Migrating from Combine article, each run with the
// behaviour the article describes.

/// The article's ViewModel: `@Published` and `assign(to:on:)` become a wrapped
/// mutable property and a property fed from it.
final class CombineCounterViewModel {
    let count = MutableProperty(0)
    let label: Property<String>

    init(scheduler: some Scheduler) {
        label = Property(
            initial: "",
            then: count.producer
                .map { "\($0) taps" }
                .skipRepeats()
                .observe(on: scheduler)
        )
    }
}

/// The error of the article's failing producer.
enum CombineSampleError: Error { case offline }

@Suite("Migrating from Combine: samples")
struct MigratingFromCombineSamples {
    @Test("the ported ViewModel's label follows its count on the scheduler")
    func counterViewModel() {
        let scheduler = TestScheduler()
        let viewModel = CombineCounterViewModel(scheduler: scheduler)
        #expect(viewModel.label.value == "")
        scheduler.advance()
        #expect(viewModel.label.value == "0 taps")
        viewModel.count.value += 1
        #expect(viewModel.label.value == "0 taps")
        scheduler.advance()
        #expect(viewModel.label.value == "1 taps")
        #expect(viewModel.count.value == 1)
    }

    @Test("a future: an async producer whose one run is shared")
    func future() async {
        let runs = Atomic(0)
        let fetchName = SignalProducer { () async -> String in
            runs.modify { $0 += 1 }
            return "Ada"
        }
        let future = fetchName.replayLazily(upTo: 1)
        #expect(await future.first() == "Ada")
        #expect(await future.first() == "Ada")
        #expect(runs.value == 1)
    }

    @Test("a scoped composite disposable is a set of cancellables that cancels when it goes away")
    func cancellables() {
        let (taps, tapInput) = Signal<Int, Never>.pipe()             // PassthroughSubject
        var seen: [Int] = []
        do {
            let cancellables = ScopedDisposable(CompositeDisposable())
            cancellables += taps.observeValues { seen.append($0) }     // store(in: &cancellables)
            tapInput.send(value: 1)
        }
        tapInput.send(value: 2)
        #expect(seen == [1])
    }

    @Test("the operators Combine has and Ripple spells otherwise")
    func operatorsWrittenOtherwise() async {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 3, 4)
        #expect(await numbers.prefix(value: 0).collected() == [0, 1, 2, 3, 4])  // prepend(0)
        #expect(await numbers.take(first: 2).collected() == [1, 2])             // prefix(2)
        #expect(await numbers.skip(first: 2).take(first: 1).collected() == [3]) // output(at: 2)

        let failing = SignalProducer<Int, CombineSampleError>(error: .offline)
        #expect(await failing.flatMapError { _ in SignalProducer(value: 0) }.first() == 0)  // replaceError(with: 0)
    }

    @Test("assign(to:on:) becomes a binding to a key path of the object")
    func assignToKeyPath() {
        final class Caption: ReactiveExtensionsProvider {
            var text = ""
        }
        let caption = Caption()
        let count = MutableProperty(1)
        caption.reactive[\.text] <~ count.map { "\($0) taps" }
        #expect(caption.text == "1 taps")
        count.value = 2
        #expect(caption.text == "2 taps")
    }

    @Test("a run stopped by disposal sends interrupted to its observer")
    func disposalInterrupts() {
        var events: [String] = []
        let run = SignalProducer<Int, Never>.never.start(Signal.Observer(
            value: { events.append("value \($0)") },
            completed: { events.append("completed") },
            interrupted: { events.append("interrupted") }
        ))
        run.dispose()
        #expect(events == ["interrupted"])
    }
}
