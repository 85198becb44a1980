import Ripple
import Testing

// The samples of the Time and Schedulers article (Ripple.docc/TimeAndSchedulers.md).

enum TimeAndSchedulersSamples {
    final class SearchBox {
        let query = MutableProperty("")
        let searches: Signal<String, Never>

        init(scheduler: some DateScheduler) {
            searches = query.signal
                .debounce(0.3, on: scheduler)
                .skipRepeats()
        }
    }
}

extension TimeAndSchedulersSamples {
    @Suite("Time and Schedulers")
    struct Tests {
        @Test("debounce waits for a pause, in virtual time")
        func debounce() {
            let scheduler = TestScheduler()
            let (queries, typing) = Signal<String, Never>.pipe()
            var searched: [String] = []
            queries.debounce(0.3, on: scheduler).observeValues { searched.append($0) }

            typing.send(value: "swi")
            typing.send(value: "swift")
            scheduler.advance(by: .milliseconds(299))   // nothing yet
            #expect(searched.isEmpty)
            scheduler.advance(by: .milliseconds(1))     // searched == ["swift"]
            #expect(searched == ["swift"])
        }

        @Test("a timer ticks as the clock moves")
        func interval() {
            let scheduler = TestScheduler()
            var ticks: [Int] = []
            SignalProducer<Int, Never>.interval(1, on: scheduler)
                .take(first: 3)
                .startWithValues { ticks.append($0) }

            scheduler.advance(by: 2.5)   // ticks == [0, 1]
            #expect(ticks == [0, 1])
            scheduler.run()              // ticks == [0, 1, 2]
            #expect(ticks == [0, 1, 2])
        }

        // Virtual time, no real wait: the task inherits the test's main actor, so it
        // has reached its sleep on the scheduler before the advance moves the clock
        // (tasks on the main actor run one at a time).
        @MainActor
        @Test("a task sleeping on the scheduler wakes when the clock moves")
        func asyncSleep() async throws {
            let scheduler = TestScheduler()
            let countdown = Task { try await scheduler.sleep(for: 1); return "done" }
            await scheduler.advance(by: 1)
            // try await countdown.value == "done"
            #expect(try await countdown.value == "done")
        }

        @Test("the ViewModel searches once typing pauses")
        func searchBox() {
            let scheduler = TestScheduler()
            let box = SearchBox(scheduler: scheduler)
            var searched: [String] = []
            box.searches.observeValues { searched.append($0) }
            box.query.value = "sw"
            box.query.value = "swift"
            scheduler.advance(by: 1)
            box.query.value = "swift"
            scheduler.advance(by: 1)
            #expect(searched == ["swift"])
        }
    }
}
