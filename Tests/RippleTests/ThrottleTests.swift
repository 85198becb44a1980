import Foundation
import Ripple
import Testing

@Suite struct ThrottleTests {
    // MARK: throttle(_:on:)

    @Test func throttleSendsTheFirstValueOnTheNextTick() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["0.0 VALUE 1"])
    }

    @Test func throttleCollapsesValuesWithinTheIntervalToTheLatest() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String, Never>.pipe()
        signal.throttle(3, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: "a")
        scheduler.advance(toVirtualTime: 2)
        input.send(value: "b")
        scheduler.advance(toVirtualTime: 3)
        input.send(value: "c")
        scheduler.advance(toVirtualTime: 9)
        input.send(value: "d")
        scheduler.advance(toVirtualTime: 10)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["1.0 VALUE a", "4.0 VALUE c", "9.0 VALUE d", "10.0 COMPLETED"])
    }

    @Test func throttleSendsTheNextValueAtOnceAfterTheClockWentBack() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(3, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 10)
        input.send(value: 1)
        scheduler.advance()
        scheduler.rewind(by: 5)
        input.send(value: 2)
        scheduler.advance()
        #expect(recorder.entries == ["10.0 VALUE 1", "5.0 VALUE 2"])
        input.send(value: 3)
        scheduler.advance(toVirtualTime: 8)
        #expect(recorder.entries == ["10.0 VALUE 1", "5.0 VALUE 2", "8.0 VALUE 3"])
    }

    /// A clock set back (by the user, or `rewind`) must not hold a value for the
    /// rest of an interval measured on the old clock: the value that comes next
    /// goes out at once, replacing the one still waiting, and the interval counts
    /// from there.
    @Test func throttleLetsTheNextValueThroughAtOnceWhenTheClockGoesBackWithAValueWaiting() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = Recorder<String>()
        signal.throttle(1, on: scheduler).observe(values.timedObserver(on: scheduler))
        Self.sendAcrossARewind(input, on: scheduler)
        #expect(values.entries == ["0.0 VALUE 0", "1.0 VALUE 2", "4.5 VALUE 3", "2.5 VALUE 6", "3.5 VALUE 8"])
    }

    @Test func throttledProducerLetsTheNextValueThroughAtOnceWhenTheClockGoesBack() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = Recorder<String>()
        SignalProducer(signal).throttle(1, on: scheduler).start(values.timedObserver(on: scheduler))
        Self.sendAcrossARewind(input, on: scheduler)
        #expect(values.entries == ["0.0 VALUE 0", "1.0 VALUE 2", "4.5 VALUE 3", "2.5 VALUE 6", "3.5 VALUE 8"])
    }

    /// Sends 0 to 8 to a throttle of 1 s, setting the clock back by 2 s (from 4.5 s
    /// to 2.5 s) while 5 waits for its emission at 5.5 s.
    private static func sendAcrossARewind(_ input: Signal<Int, Never>.Observer, on scheduler: TestScheduler) {
        input.send(value: 0)
        scheduler.advance()
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(by: 1.5)
        scheduler.advance(by: 3)
        input.send(value: 3)
        scheduler.advance()
        input.send(value: 4)
        input.send(value: 5)
        scheduler.advance()
        scheduler.rewind(by: 2)
        input.send(value: 6)
        scheduler.advance()
        input.send(value: 7)
        input.send(value: 8)
        scheduler.advance()
        scheduler.run()
    }

    @Test func throttleEmitsAtThePreviousEmissionPlusTheInterval() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.advance(toVirtualTime: 0.5)
        input.send(value: 2)
        scheduler.advance(toVirtualTime: 0.9)
        #expect(recorder.entries == ["0.0 VALUE 1"])
        scheduler.advance(toVirtualTime: 1)
        input.send(value: 3)
        scheduler.advance(toVirtualTime: 1.5)
        input.send(value: 4)
        scheduler.run()
        #expect(recorder.entries == ["0.0 VALUE 1", "1.0 VALUE 2", "2.0 VALUE 4"])
    }

    @Test func throttleCompletionDropsAPendingValue() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.advance()
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.entries == ["0.0 VALUE 1"])
        scheduler.run()
        #expect(recorder.entries == ["0.0 VALUE 1", "0.0 COMPLETED"])
    }

    @Test func throttleFailurePassesAtOnceAndDropsAPendingValue() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.throttle(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        input.send(error: TestError(code: 7))
        scheduler.run()
        #expect(recorder.entries == ["0.0 FAILED TestError(code: 7)"])
    }

    @Test func throttleDeliversInterruptionOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["0.0 INTERRUPTED"])
    }

    @Test func throttleAcceptsADuration() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(.milliseconds(500), on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.advance()
        input.send(value: 2)
        scheduler.advance(by: .milliseconds(499))
        #expect(recorder.entries == ["0.0 VALUE 1"])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.entries == ["0.0 VALUE 1", "0.5 VALUE 2"])
    }

    @Test func throttledProducerThrottlesEveryRunAndCollapsesValuesBeforeTheFirstTick() {
        let scheduler = TestScheduler()
        let producer = SignalProducer<Int, Never>(values: 1, 2, 3).concat(.never).throttle(1, on: scheduler)
        let first = Recorder<String>()
        let second = Recorder<String>()
        producer.start(first.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 5)
        producer.start(second.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 10)
        #expect(first.entries == ["0.0 VALUE 3"])
        #expect(second.entries == ["5.0 VALUE 3"])
    }

    // MARK: throttle(while:on:)

    @Test func throttleWhileHoldsTheLatestValueUntilTheConditionTurnsFalse() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String, Never>.pipe()
        let (paused, pause) = Signal<Bool, Never>.pipe()
        signal.throttle(while: paused, on: scheduler).observe(recorder.observer())
        pause.send(value: false)
        input.send(value: "a")
        scheduler.advance()
        pause.send(value: true)
        input.send(value: "b")
        input.send(value: "c")
        scheduler.advance()
        #expect(recorder.entries == ["VALUE a"])
        pause.send(value: false)
        #expect(recorder.entries == ["VALUE a"])
        scheduler.advance()
        input.send(value: "d")
        input.sendCompleted()
        scheduler.advance()
        #expect(recorder.entries == ["VALUE a", "VALUE c", "VALUE d", "COMPLETED"])
    }

    @Test func throttleWhileSendsNothingWhenNoValueWasHeld() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (paused, pause) = Signal<Bool, Never>.pipe()
        signal.throttle(while: paused, on: scheduler).observe(recorder.observer())
        pause.send(value: true)
        pause.send(value: false)
        pause.send(value: false)
        input.send(value: 1)
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 1"])
    }

    @Test func throttleWhileStartsAProducerConditionAtOnce() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let paused = SignalProducer<Bool, Never>(value: true).concat(.never)
        signal.throttle(while: paused, on: scheduler).observe(recorder.observer())
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance()
        #expect(recorder.entries.isEmpty)
    }

    @Test func throttleWhileTerminationDropsTheHeldValue() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (paused, pause) = Signal<Bool, Never>.pipe()
        signal.throttle(while: paused, on: scheduler).observe(recorder.observer())
        pause.send(value: true)
        input.send(value: 1)
        input.send(error: TestError(code: 3))
        pause.send(value: false)
        scheduler.advance()
        #expect(recorder.entries == ["FAILED TestError(code: 3)"])
    }

    @Test func throttleWhileKeepsItsStateWhenTheConditionEnds() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let (paused, pause) = Signal<Bool, Never>.pipe()
        signal.throttle(while: paused, on: scheduler).observe(recorder.observer())
        pause.send(value: true)
        pause.sendCompleted()
        input.send(value: 1)
        input.sendCompleted()
        scheduler.advance()
        #expect(recorder.entries == ["COMPLETED"])
    }

    @Test func throttleWhileProducerStartsAndDisposesTheConditionPerRun() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let conditionRuns = Recorder<String>()
        let paused = SignalProducer<Bool, Never> { observer, lifetime in
            conditionRuns.append("started")
            observer.send(value: true)
            lifetime.observeEnded { conditionRuns.append("ended") }
        }
        let (signal, input) = Signal<Int, Never>.pipe()
        let run = SignalProducer(signal).throttle(while: paused, on: scheduler).start(recorder.observer())
        input.send(value: 1)
        scheduler.advance()
        #expect(conditionRuns.entries == ["started"])
        run.dispose()
        scheduler.advance()
        #expect(conditionRuns.entries == ["started", "ended"])
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    // MARK: Seed pipeline

    /// Seed 000's search-as-you-type: queries longer than three characters,
    /// throttled to one per second, each answered by a slow request; a newer query
    /// cancels the request still running.
    @Test func searchAsYouTypeCancelsStaleRequests() {
        let scheduler = TestScheduler()
        let timeline = Recorder<String>()
        func slowSearch(_ query: String) -> SignalProducer<String, Never> {
            SignalProducer { observer, lifetime in
                timeline.append("\(scheduler.virtualTime) request \(query)")
                lifetime.observeEnded { timeline.append("\(scheduler.virtualTime) request \(query) ended") }
                lifetime += SignalProducer(value: "results for \(query)").delay(2, on: scheduler).start(observer)
            }
        }
        let (queries, typing) = Signal<String, Never>.pipe()
        queries.filter { $0.count > 3 }
            .throttle(1.0, on: scheduler)
            .flatMap(.latest) { query in slowSearch(query) }
            .observeValues { timeline.append("\(scheduler.virtualTime) \($0)") }

        typing.send(value: "swi")
        typing.send(value: "swif")
        scheduler.advance(toVirtualTime: 0.3)
        typing.send(value: "swift")
        scheduler.advance(toVirtualTime: 0.5)
        typing.send(value: "swiftu")
        scheduler.advance(toVirtualTime: 2.5)
        typing.send(value: "swiftui")
        scheduler.run()

        #expect(timeline.entries == [
            "0.0 request swif",
            "1.0 request swif ended",
            "1.0 request swiftu",
            "2.5 request swiftu ended",
            "2.5 request swiftui",
            "4.5 results for swiftui",
            "4.5 request swiftui ended",
        ])
    }
}
