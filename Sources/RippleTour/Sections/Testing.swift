import Ripple
import RippleTesting

// The tour's testing section: the same ViewModel code the earlier sections run,
// observed the way a test observes it — as marble timelines on a TestScheduler,
// and through a leak check.

/// A search box's ViewModel: results for the query once typing has paused for two
/// seconds.
private final class SearchViewModel {
    let query = MutableProperty("")
    let results: Property<String>

    init(scheduler: some DateScheduler) {
        results = Property(
            initial: "",
            then: query.signal.debounce(2, on: scheduler).map { "results for \($0)" }
        )
    }
}

extension Tour {
    static let marbleTimelines = TourSection(
        title: "Testing: timelines as marbles",
        summary: """
        RippleTesting records a stream on a `TestScheduler` and prints it back as a \
        marble line: one character per second, a letter per value, `|` for \
        completion. The typing below is itself made from marbles; the second line \
        is what `debounce(2)` makes of it.
        """
    ) { out in
        let scheduler = TestScheduler()
        let words: [Character: String] = ["a": "s", "b": "sw", "c": "swi", "d": "swift"]
        let typing: Signal<String, Never>
        do {
            typing = try scheduler.hotSignal("-ab----c-d-----|", values: words)
        } catch {
            out.print("malformed marbles: \(error)")
            return
        }
        let typed = scheduler.record(typing)
        let debounced = scheduler.record(typing.debounce(2, on: scheduler))
        scheduler.run()
        out.print("typing:      " + typed.marbles(values: words))
        out.print("debounce(2): " + debounced.marbles(values: words))
        out.print("values:      " + debounced.values.joined(separator: ", "))
    }

    static let leakChecks = TourSection(
        title: "Testing: leak checks",
        summary: """
        A leak check tracks objects weakly and counts the observers attached while \
        it runs: once the block is over, everything it made should be gone. A \
        ViewModel whose observer captures `self` strongly is caught.
        """
    ) { out in
        let scheduler = TestScheduler()
        let clean = LeakCheck()
        clean.run {
            let viewModel = clean.track(SearchViewModel(scheduler: scheduler))
            viewModel.query.value = "swift"
            scheduler.advance(by: 2)
            out.print("while alive: \(viewModel.results.value), \(clean.liveSubscriptions) observers attached")
        }
        out.print("clean view model: " + (clean.report ?? "nothing outlived the block"))

        let (clock, tick) = Signal<Void, Never>.pipe()
        let leaky = LeakCheck()
        leaky.run {
            let viewModel = leaky.track(SearchViewModel(scheduler: scheduler), as: "SearchViewModel")
            clock.observeValues { viewModel.query.value += "." }  // keeps the view model alive
        }
        // Locations without their line numbers, which move as this file is edited.
        for line in (leaky.report ?? "").split(separator: "\n") {
            out.print(String(line).replacing(#/ \(tracked at [^)]*\)/#, with: "").replacing(#/(\.swift):\d+/#) { $0.output.1 })
        }
        tick.sendCompleted()
        out.print("after the clock ends: " + (leaky.report ?? "nothing outlived the block"))
    }
}
