import Foundation
import Ripple
import Testing

@Suite struct DebounceTests {
    @Test func debounceSendsTheLatestValueAfterAnIntervalOfSilence() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String, Never>.pipe()
        signal.debounce(2, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: "a")
        scheduler.advance(toVirtualTime: 2)
        input.send(value: "b")
        scheduler.advance(toVirtualTime: 6)
        input.send(value: "c")
        scheduler.advance(toVirtualTime: 7)
        input.send(value: "d")
        scheduler.advance(toVirtualTime: 11)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["4.0 VALUE b", "9.0 VALUE d", "11.0 COMPLETED"])
    }

    @Test func eachValueRestartsTheWait() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        for value in 1...5 {
            input.send(value: value)
            scheduler.advance(by: 0.5)
        }
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: 0.5)
        #expect(recorder.entries == ["3.0 VALUE 5"])
    }

    @Test func completionDiscardsAPendingValueByDefault() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(2, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["0.0 COMPLETED"])
    }

    @Test func completionFlushesAPendingValueWhenAskedTo() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(2, on: scheduler, discardWhenCompleted: false).observe(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 1)
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(toVirtualTime: 2)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["2.0 VALUE 2", "2.0 COMPLETED"])
    }

    @Test func completionFlushesNothingWhenNoValueIsPending() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.advance(toVirtualTime: 1)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.entries == ["1.0 VALUE 1", "1.0 COMPLETED"])
    }

    @Test func failurePassesAtOnceAndDropsAPendingValue() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        input.send(error: TestError(code: 4))
        scheduler.run()
        #expect(recorder.entries == ["0.0 FAILED TestError(code: 4)"])
    }

    @Test func interruptionIsDeliveredOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["0.0 INTERRUPTED"])
    }

    @Test func debounceAcceptsADuration() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(.milliseconds(300), on: scheduler).observe(recorder.timedObserver(on: scheduler))
        input.send(value: 1)
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.entries.count == 1)
    }

    @Test func debouncedProducerDebouncesEveryRun() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never>(values: 1, 2, 3).debounce(1, on: scheduler, discardWhenCompleted: false)
        producer.start(recorder.timedObserver(on: scheduler))
        scheduler.advance(toVirtualTime: 5)
        producer.start(recorder.timedObserver(on: scheduler))
        scheduler.run()
        #expect(recorder.entries == ["0.0 VALUE 3", "0.0 COMPLETED", "5.0 VALUE 3", "5.0 COMPLETED"])
    }
}
