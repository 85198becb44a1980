import Foundation
import Ripple
import Testing

@Suite struct RepeatTests {
    @Test func repeatRunsTheProducerCountTimesInSequence() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 1)
            observer.send(value: 2)
            observer.sendCompleted()
        }
        #expect(events(of: producer.repeat(3)) == ["VALUE 1", "VALUE 2", "VALUE 1", "VALUE 2", "VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(starts.value == 3)
    }

    @Test func repeatOnceRunsTheProducerOnce() {
        #expect(events(of: SignalProducer<Int, Never>(values: 1, 2).repeat(1)) == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func repeatZeroCompletesAtOnceWithoutStarting() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: 1)
        }
        #expect(events(of: producer.repeat(0)) == ["COMPLETED"])
        #expect(starts.value == 0)
    }

    @Test func repeatStopsAtTheFirstFailure() {
        let starts = Counter()
        let producer = SignalProducer<Int, TestError> { observer, _ in
            starts.value += 1
            observer.send(value: starts.value)
            if starts.value == 2 { observer.send(error: TestError(code: 2)) } else { observer.sendCompleted() }
        }
        #expect(events(of: producer.repeat(5)) == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 2)"])
        #expect(starts.value == 2)
    }

    @Test func repeatStopsAtAnInterruption() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.sendInterrupted()
        }
        #expect(events(of: producer.repeat(5)) == ["INTERRUPTED"])
        #expect(starts.value == 1)
    }

    @Test func repeatStartsTheNextRunWhenAnAsynchronousRunCompletes() {
        let inputs = Recorder<Signal<Int, Never>.Observer>()
        let producer = SignalProducer<Int, Never> { observer, _ in inputs.append(observer) }
        let recorder = Recorder<String>()
        producer.repeat(2).start(recorder.observer())
        #expect(inputs.entries.count == 1)
        inputs.entries[0].send(value: 1)
        inputs.entries[0].sendCompleted()
        #expect(inputs.entries.count == 2)
        inputs.entries[1].send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
        inputs.entries[1].sendCompleted()
        #expect(inputs.entries.count == 2)
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func disposingARepeatingRunDisposesTheCurrentRunAndStartsNoOther() {
        let runs = Recorder<Probe>()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            let ended = Probe()
            lifetime += ended
            runs.append(ended)
            if runs.entries.count == 1 { observer.sendCompleted() }
        }
        let recorder = Recorder<String>()
        let disposable = producer.repeat(5).start(recorder.observer())
        #expect(runs.entries.count == 2)
        #expect(runs.entries[0].isDisposed)
        #expect(!runs.entries[1].isDisposed)
        disposable.dispose()
        #expect(runs.entries[1].isDisposed)
        #expect(runs.entries.count == 2)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func disposingFromAnObserverStopsASynchronousRepetition() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            observer.send(value: starts.value)
            observer.sendCompleted()
        }
        let recorder = Recorder<String>()
        let interrupter = producer.repeat(100).startWithSignal { signal, interrupter in
            signal.observe { event in
                recorder.append(event.description)
                if event.value == 3 { interrupter.dispose() }
            }
            return interrupter
        }
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "INTERRUPTED"])
        #expect(starts.value == 3)
        #expect(interrupter.isDisposed)
    }

    @Test func repeatingTenThousandSynchronousProducersDoesNotGrowTheStack() {
        let count = Counter()
        var completed = false
        var depths: [Int] = []
        SignalProducer<Int, Never>(value: 1).repeat(10_000).start { event in
            switch event {
            case let .value(value):
                count.value += value
                if count.value == 1 || count.value == 10_000 { depths.append(Thread.callStackSymbols.count) }
            case .completed: completed = true
            case .failed, .interrupted: break
            }
        }
        #expect(count.value == 10_000)
        #expect(completed)
        #expect(depths.count == 2 && depths[0] == depths[1])
    }
}
