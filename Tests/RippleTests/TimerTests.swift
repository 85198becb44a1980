import Foundation
import Ripple
import Testing

@Suite struct TimerTests {
    @Test func timerSendsTheSchedulersDateAtEveryInterval() {
        let scheduler = TestScheduler()
        let recorder = Recorder<TimeInterval>()
        let run = SignalProducer.timer(interval: 1, on: scheduler).startWithValues {
            recorder.append($0.timeIntervalSinceReferenceDate)
        }
        scheduler.advance(by: 0.5)
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: 0.5)
        #expect(recorder.entries == [1])
        scheduler.advance(by: 2)
        #expect(recorder.entries == [1, 2, 3])
        run.dispose()
    }

    @Test func timerAcceptsADuration() {
        let scheduler = TestScheduler()
        let recorder = Recorder<TimeInterval>()
        let run = SignalProducer.timer(interval: .milliseconds(500), on: scheduler).startWithValues {
            recorder.append($0.timeIntervalSinceReferenceDate)
        }
        scheduler.advance(by: .seconds(1))
        #expect(recorder.entries == [0.5, 1])
        run.dispose()
    }

    @Test func intervalCountsTicksFromZero() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = SignalProducer.interval(2, on: scheduler).startWithValues {
            recorder.append("\(scheduler.currentDate.timeIntervalSinceReferenceDate) \($0)")
        }
        scheduler.advance(by: 6)
        #expect(recorder.entries == ["2.0 0", "4.0 1", "6.0 2"])
        run.dispose()
    }

    @Test func eachRunCountsItsOwnTicksFromItsStart() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let ticks = SignalProducer.interval(.seconds(1), on: scheduler)
        let first = ticks.startWithValues { recorder.append("first \($0)") }
        scheduler.advance(by: 1.5)
        let second = ticks.startWithValues { recorder.append("second \($0)") }
        scheduler.advance(by: 1)
        #expect(recorder.entries == ["first 0", "first 1", "second 0"])
        first.dispose()
        second.dispose()
    }

    /// The repeating item stays queued until its next due date, where the
    /// scheduler finds it cancelled and drops it instead of running it.
    @Test func disposingARunStopsTheTimer() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = SignalProducer.interval(1, on: scheduler).start(recorder.observer())
        scheduler.advance(by: 2)
        run.dispose()
        #expect(recorder.entries == ["VALUE 0", "VALUE 1", "INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
        scheduler.advance(by: 1)
        scheduler.run()
        #expect(recorder.entries == ["VALUE 0", "VALUE 1", "INTERRUPTED"])
    }

    @Test func aRunEndedByTakeStopsTheTimer() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer.timer(interval: 1, on: scheduler).map { _ in "tick" }.take(first: 2).start(recorder.observer())
        scheduler.advance(by: 2)
        #expect(recorder.entries == ["VALUE tick", "VALUE tick", "COMPLETED"])
        scheduler.advance(by: 1)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func startingADisposedRunNeverSchedulesATimer() {
        let scheduler = TestScheduler()
        SignalProducer.interval(1, on: scheduler).startWithSignal { _, interrupter in interrupter.dispose() }
        #expect(!scheduler.hasPendingWork)
    }

    /// Seed 002's "send verification code" button: a 60-second countdown, 60 → 0,
    /// one tick a second.
    @Test func verificationCodeCountdownRunsFromSixtyToZero() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer.interval(1, on: scheduler)
            .map { 60 - $0 }
            .take(first: 61)
            .start { event in recorder.append("\(scheduler.currentDate.timeIntervalSinceReferenceDate) \(event)") }
        scheduler.advance(by: 60)
        #expect(recorder.entries.count == 60)
        scheduler.advance(by: 1)
        let entries = recorder.entries
        #expect(entries.count == 62)
        #expect(entries.first == "1.0 VALUE 60")
        #expect(entries[1] == "2.0 VALUE 59")
        #expect(entries.suffix(2) == ["61.0 VALUE 0", "61.0 COMPLETED"])
        scheduler.advance(by: 1)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func timerTicksOnAQueueScheduler() {
        let done = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int>()
        let run = SignalProducer.interval(.milliseconds(1), on: QueueScheduler(name: "timer-test"))
            .take(first: 3)
            .start { event in
                if let value = event.value { recorder.append(value) }
                if event.isTerminating { done.signal() }
            }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(recorder.entries == [0, 1, 2])
        withExtendedLifetime(run) {}
    }

    // MARK: interval(_:interval:on:)

    @Test func intervalOfValuesSendsOneElementATickThenCompletesOnTheNextTick() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer.interval(["a", "b"], interval: 2, on: scheduler).start { event in
            recorder.append("\(scheduler.currentDate.timeIntervalSinceReferenceDate) \(event)")
        }
        scheduler.advance(by: 1.9)
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: 10)
        #expect(recorder.entries == ["2.0 VALUE a", "4.0 VALUE b", "6.0 COMPLETED"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func intervalOfAnEmptySequenceCompletesOnTheFirstTick() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer.interval([Int](), interval: .seconds(1), on: scheduler).start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.entries == ["COMPLETED"])
    }

    @Test func intervalOfValuesIteratesTheSequenceAnewOnEveryStartOneElementATick() {
        let scheduler = TestScheduler()
        let pulled = Counter()
        let numbers = (1...).lazy.map { number -> Int in
            pulled.value += 1
            return number
        }
        let producer = SignalProducer.interval(numbers, interval: 1, on: scheduler)
        let recorder = Recorder<String>()
        let first = producer.start(recorder.observer("first "))
        scheduler.advance(by: 2)
        #expect(pulled.value == 2)
        let second = producer.start(recorder.observer("second "))
        scheduler.advance(by: 1)
        #expect(recorder.entries == ["first VALUE 1", "first VALUE 2", "first VALUE 3", "second VALUE 1"])
        first.dispose()
        second.dispose()
        #expect(!scheduler.hasPendingWork)
    }

    @Test func disposingAnIntervalOfValuesInterruptsItAndStopsTheTimer() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = SignalProducer.interval(1...5, interval: 1, on: scheduler).start(recorder.observer())
        scheduler.advance(by: 1)
        run.dispose()
        scheduler.advance(by: 10)
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
    }
}
