import Dispatch
import Ripple
import Testing

@Suite struct ObserveOnTests {
    @Test func observeOnDeliversEveryEventThroughTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observe(on: scheduler).observe(recorder.observer())
        input.send(value: 1)
        input.send(error: TestError(code: 2))
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 1", "FAILED TestError(code: 2)"])
    }

    @Test func observeOnKeepsTheOrderOfEvents() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observe(on: scheduler).observe(recorder.observer())
        for value in 1...5 { input.send(value: value) }
        input.sendCompleted()
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "VALUE 4", "VALUE 5", "COMPLETED"])
    }

    @Test func observeOnDeliversInterruptionOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observe(on: scheduler).observe(recorder.observer())
        input.sendInterrupted()
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func observeOnAQueueSchedulerDeliversOnThatQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "observe-on-test")
        queue.setSpecific(key: key, value: "observe-on-test")
        let recorder = Recorder<String?>()
        let done = DispatchSemaphore(value: 0)
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observe(on: QueueScheduler(queue: queue)).observe { event in
            recorder.append(DispatchQueue.getSpecific(key: key))
            if event.isTerminating { done.signal() }
        }
        input.send(value: 1)
        input.sendCompleted()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(recorder.entries == ["observe-on-test", "observe-on-test"])
    }

    @Test func aRunDisposedOnAnotherThreadDeliversItsInterruptionOnTheQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "observe-on-interruption")
        queue.setSpecific(key: key, value: "observe-on-interruption")
        let recorder = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        for sourceEnds in [false, true] {
            let source = SignalProducer<Int, Never> { observer, _ in
                observer.send(value: 1)
                if sourceEnds { observer.sendCompleted() }
            }
            // The queue is held busy, so the value is still waiting when the run is disposed.
            queue.async { held.wait() }
            let run = source.observe(on: QueueScheduler(queue: queue)).start { event in
                recorder.append("\(event) on \(DispatchQueue.getSpecific(key: key) ?? "another thread")")
                if event.isTerminating { done.signal() }
            }
            run.dispose()
            held.signal()
            #expect(done.wait(timeout: .now() + 30) == .success)
        }
        #expect(recorder.entries == ["INTERRUPTED on observe-on-interruption", "INTERRUPTED on observe-on-interruption"])
    }

    @Test func startOnRunsTheStartHandlerOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> { observer, _ in
            recorder.append("handler")
            observer.send(value: 1)
            observer.sendCompleted()
        }
        producer.start(on: scheduler).start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["handler", "VALUE 1", "COMPLETED"])
    }

    @Test func runDisposedBeforeTheSchedulerStartsItNeverStarts() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> { _, _ in recorder.append("handler") }
        let run = producer.start(on: scheduler).start(recorder.observer())
        run.dispose()
        scheduler.advance()
        #expect(recorder.entries == ["INTERRUPTED"])
    }
}
