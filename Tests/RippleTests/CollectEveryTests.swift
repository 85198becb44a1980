import Foundation
import Ripple
import Testing

@Suite struct CollectEveryTests {
    @Test func collectEverySendsTheValuesOfEachInterval() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String, Never>.pipe()
        signal.collect(every: 3, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: "a")
        scheduler.advance(toVirtualTime: 2)
        input.send(value: "b")
        scheduler.advance(toVirtualTime: 5)
        input.send(value: "c")
        scheduler.advance(toVirtualTime: 10)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == [
            "3.0 VALUE [\"a\", \"b\"]",
            "6.0 VALUE [\"c\"]",
            "9.0 VALUE []",
            "10.0 COMPLETED",
        ])
    }

    @Test func collectEverySkipsEmptyIntervalsWhenAskedTo() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.collect(every: 3, on: scheduler, skipEmpty: true).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(toVirtualTime: 5)
        input.send(value: 3)
        scheduler.advance(toVirtualTime: 10)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["3.0 VALUE [1, 2]", "6.0 VALUE [3]", "10.0 COMPLETED"])
    }

    @Test func completionDiscardsTheValuesGatheredSinceTheLastTickByDefault() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.collect(every: 3, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: 1)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["1.0 COMPLETED"])
    }

    @Test func completionWaitsForTheNextTickWhenAskedNotToDiscard() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.collect(every: 3, on: scheduler, discardWhenCompleted: false).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(toVirtualTime: 4)
        input.send(value: 3)
        input.sendCompleted()
        scheduler.advance(toVirtualTime: 5)
        #expect(recorder.entries == ["3.0 VALUE [1, 2]"])
        scheduler.advance(toVirtualTime: 6)
        #expect(recorder.entries == ["3.0 VALUE [1, 2]", "6.0 VALUE [3]", "6.0 COMPLETED"])
        scheduler.advance(toVirtualTime: 20)
        #expect(recorder.entries.count == 3)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func completionAtTheNextTickSendsAnEmptyArrayUnlessSkipped() {
        let scheduler = TestScheduler()
        let sendsEmpty = Recorder<String>()
        let skipsEmpty = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.collect(every: 2, on: scheduler, discardWhenCompleted: false).observe(sendsEmpty.timedObserver(on: scheduler))
        signal.collect(every: 2, on: scheduler, skipEmpty: true, discardWhenCompleted: false)
            .observe(skipsEmpty.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.sendCompleted()
        scheduler.run()
        #expect(sendsEmpty.entries == ["2.0 VALUE []", "2.0 COMPLETED"])
        #expect(skipsEmpty.entries == ["2.0 COMPLETED"])
    }

    @Test func failurePassesAtOnceAndDropsTheGatheredValues() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.collect(every: 3, on: scheduler, discardWhenCompleted: false).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: 1)
        input.send(error: TestError(code: 5))
        scheduler.run()
        #expect(recorder.entries == ["1.0 FAILED TestError(code: 5)"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func interruptionIsDeliveredOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.collect(every: 3, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["0.0 INTERRUPTED"])
    }

    @Test func collectEveryAcceptsADuration() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.collect(every: .milliseconds(500), on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.advance(by: .milliseconds(499))
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.entries == ["0.5 VALUE [1]"])
    }

    @Test func ticksOfEachProducerRunCountFromItsStart() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never>(values: 1, 2).collect(every: 2, on: scheduler, discardWhenCompleted: false)
        producer.start(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        producer.start(recorder.timedObserver(on: scheduler))
        scheduler.run()
        #expect(recorder.entries == ["2.0 VALUE [1, 2]", "2.0 COMPLETED", "3.0 VALUE [1, 2]", "3.0 COMPLETED"])
    }

    @Test func disposingARunStopsTheTimerAndEndsTheSource() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { recorder.append("source ended") }
        }
        let run = source.collect(every: 1, on: scheduler).start(recorder.observer())
        run.dispose()
        scheduler.advance(toVirtualTime: 5)
        #expect(recorder.entries == ["source ended", "INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func timerStopsOnceTheResultIsNoLongerObserved() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let observation = signal.collect(every: 1, on: scheduler).observe(recorder.observer())
        input.send(value: 1)
        observation?.dispose()
        scheduler.advance(toVirtualTime: 5)
        #expect(recorder.entries.isEmpty)
        #expect(!scheduler.hasPendingWork)
    }
}
