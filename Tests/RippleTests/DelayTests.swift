import Ripple
import Testing

@Suite struct DelayTests {
    @Test func delayShiftsValuesAndCompletion() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.delay(2, on: scheduler).observe { recorder.append("\(scheduler.currentDate.timeIntervalSinceReferenceDate) \($0)") }
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        input.sendCompleted()
        scheduler.advance(by: 1)
        #expect(recorder.entries == ["2.0 VALUE 1"])
        scheduler.advance(by: 1)
        #expect(recorder.entries == ["2.0 VALUE 1", "3.0 VALUE 2", "3.0 COMPLETED"])
    }

    @Test func delayAcceptsADuration() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.delay(.milliseconds(500), on: scheduler).observeValues { recorder.append($0) }
        input.send(value: 1)
        scheduler.advance(by: .milliseconds(499))
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.entries == [1])
    }

    @Test func delayPassesAFailureAtOnceAndDropsWaitingValues() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.delay(2, on: scheduler).observe(recorder.observer())
        input.send(value: 1)
        input.send(error: TestError(code: 9))
        scheduler.advance()
        #expect(recorder.entries == ["FAILED TestError(code: 9)"])
        scheduler.advance(by: 5)
        #expect(recorder.entries == ["FAILED TestError(code: 9)"])
    }

    @Test func delayPassesAnInterruptionAtOnce() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.delay(2, on: scheduler).observe(recorder.observer())
        input.send(value: 1)
        input.sendInterrupted()
        scheduler.advance()
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func delayedProducerShiftsEveryRun() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer<Int, Never>(values: 1, 2).delay(1, on: scheduler).start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: 1)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func disposingADelayedRunDropsWaitingValues() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, Never>.never.prefix(value: 1).delay(1, on: scheduler).start(recorder.observer())
        run.dispose()
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: 2)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    /// Seed 003's per-cell metadata fetch: fetch only when the cell stays visible
    /// for one second.
    @Test func cellFetchesMetadataOnlyWhenVisibleForOneSecond() {
        let scheduler = TestScheduler()
        let fetched = Recorder<String>()
        func bind(cell: String, visible: Signal<(), Never>, hidden: Signal<(), Never>) {
            visible.delay(1.0, on: scheduler)
                .take(until: hidden)
                .observeValues { fetched.append(cell) }
        }
        let (visibleA, showA) = Signal<(), Never>.pipe()
        let (hiddenA, hideA) = Signal<(), Never>.pipe()
        let (visibleB, showB) = Signal<(), Never>.pipe()
        let (hiddenB, hideB) = Signal<(), Never>.pipe()
        bind(cell: "A", visible: visibleA, hidden: hiddenA)
        bind(cell: "B", visible: visibleB, hidden: hiddenB)

        showA.send(value: ())
        showB.send(value: ())
        scheduler.advance(by: 0.5)
        hideB.send(value: ())          // B scrolls away before a second has passed
        scheduler.advance(by: 0.5)
        #expect(fetched.entries == ["A"])
        hideA.send(value: ())
        scheduler.run()
        #expect(fetched.entries == ["A"])
    }
}
