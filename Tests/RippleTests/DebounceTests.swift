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
        scheduler.advance()
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["3.0 VALUE 2", "3.0 COMPLETED"])
    }

    /// ReactiveSwift's own example: the pending value waits out its interval, and
    /// the completion follows it, not a tick after the completion came.
    @Test func completionWithoutDiscardingSendsThePendingValueWhenItsIntervalEndsThenCompletes() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(recorder.timedObserver(on: scheduler))
        Self.sendAValueThenComplete(input, on: scheduler)
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["1.0 VALUE 1", "1.0 COMPLETED"])
    }

    @Test func debouncedProducerWithoutDiscardingSendsThePendingValueWhenItsIntervalEnds() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        SignalProducer(signal).debounce(1, on: scheduler, discardWhenCompleted: false)
            .start(recorder.timedObserver(on: scheduler))
        Self.sendAValueThenComplete(input, on: scheduler)
        #expect(recorder.entries.isEmpty)
        scheduler.run()
        #expect(recorder.entries == ["1.0 VALUE 1", "1.0 COMPLETED"])
    }

    /// With the default, completion drops the pending value and goes out on the
    /// scheduler's next tick, not when the value's interval would have ended.
    @Test func completionDropsThePendingValueAndCompletesOnTheNextTick() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.debounce(1, on: scheduler).observe(recorder.timedObserver(on: scheduler))
        Self.sendAValueThenComplete(input, on: scheduler)
        #expect(recorder.entries == ["0.0 COMPLETED"])
        scheduler.run()
        #expect(recorder.entries == ["0.0 COMPLETED"])
    }

    @Test func debouncedProducerCompletionDropsThePendingValueAndCompletesOnTheNextTick() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let observer: Signal<Int, Never>.Observer = recorder.timedObserver(on: scheduler)
        SignalProducer(signal).debounce(1, on: scheduler).on(event: { observer.send($0) }).start()
        Self.sendAValueThenComplete(input, on: scheduler)
        #expect(recorder.entries == ["0.0 COMPLETED"])
        scheduler.run()
        #expect(recorder.entries == ["0.0 COMPLETED"])
    }

    /// Sends 0, then 1 (which replaces it), each followed by a tick, then
    /// completion and a tick, all at 0 s.
    private static func sendAValueThenComplete(_ input: Signal<Int, Never>.Observer, on scheduler: TestScheduler) {
        input.send(value: 0)
        scheduler.advance()
        input.send(value: 1)
        scheduler.advance()
        input.sendCompleted()
        scheduler.advance()
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
        #expect(recorder.entries == ["1.0 VALUE 3", "1.0 COMPLETED", "6.0 VALUE 3", "6.0 COMPLETED"])
    }
}
