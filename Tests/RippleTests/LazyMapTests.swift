import Dispatch
import Ripple
import Testing

@Suite struct LazyMapTests {
    @Test func lazyMapTransformsOnlyTheLatestValueOnTheScheduler() {
        let scheduler = TestScheduler()
        let transformed = Recorder<String>()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<String, Never>.pipe()
        signal.lazyMap(on: scheduler) { value -> String in
            transformed.append(value)
            return value.uppercased()
        }
        .observe(recorder.observer())
        input.send(value: "a")
        input.send(value: "b")
        input.send(value: "c")
        #expect(transformed.entries.isEmpty)
        scheduler.advance()
        #expect(transformed.entries == ["c"])
        #expect(recorder.entries == ["VALUE C"])
    }

    @Test func lazyMapTransformsEachValueTheSchedulerRunsBetween() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.lazyMap(on: scheduler) { $0 * 10 }.observe(recorder.observer())
        input.send(value: 1)
        scheduler.advance()
        input.send(value: 2)
        input.send(value: 3)
        scheduler.advance()
        input.send(value: 4)
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 10", "VALUE 30", "VALUE 40"])
    }

    @Test func completionWaitsForTheWaitingValue() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.lazyMap(on: scheduler) { $0 + 1 }.observe(recorder.observer())
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 2", "COMPLETED"])
    }

    @Test func completionWithNothingWaitingIsDeliveredOnTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.lazyMap(on: scheduler) { $0 + 1 }.observe(recorder.observer())
        input.send(value: 1)
        scheduler.advance()
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 2"])
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 2", "COMPLETED"])
    }

    @Test func failureIsDeliveredOnTheSchedulerAndDropsTheWaitingValue() {
        let scheduler = TestScheduler()
        let transforms = AtomicCounter()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.lazyMap(on: scheduler) { value -> Int in
            transforms.increment()
            return value
        }
        .observe(recorder.observer())
        input.send(value: 1)
        input.send(error: TestError(code: 4))
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["FAILED TestError(code: 4)"])
        #expect(transforms.value == 0)
    }

    @Test func interruptionIsDeliveredOnTheSchedulerAndDropsTheWaitingValue() {
        let scheduler = TestScheduler()
        let transforms = AtomicCounter()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.lazyMap(on: scheduler) { value -> Int in
            transforms.increment()
            return value
        }
        .observe(recorder.observer())
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(transforms.value == 0)
    }

    @Test func aFailureDuringTheTransformFollowsItsResult() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.lazyMap(on: scheduler) { value -> Int in
            input.send(value: value + 1)
            input.send(error: TestError(code: 2))
            return value * 10
        }
        .observe(recorder.observer())
        input.send(value: 1)
        scheduler.run()
        #expect(recorder.entries == ["VALUE 10", "FAILED TestError(code: 2)"])
    }

    @Test func aValueArrivingDuringTheTransformIsTransformedNext() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.lazyMap(on: scheduler) { value -> Int in
            if value == 1 {
                input.send(value: 2)
                input.sendCompleted()
            }
            return value * 10
        }
        .observe(recorder.observer())
        input.send(value: 1)
        scheduler.advance()
        #expect(recorder.entries == ["VALUE 10", "VALUE 20", "COMPLETED"])
    }

    @Test func lazyMapOnAProducerTransformsTheLatestValueOfEachRun() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        SignalProducer<Int, Never>(values: 1, 2, 3).lazyMap(on: scheduler) { "#\($0)" }.start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        scheduler.advance()
        #expect(recorder.entries == ["VALUE #3", "COMPLETED"])
    }

    @Test func disposingAProducerRunDropsTheWaitingValue() {
        let scheduler = TestScheduler()
        let transforms = AtomicCounter()
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, Never>.never.prefix(value: 1)
            .lazyMap(on: scheduler) { value -> Int in
                transforms.increment()
                return value
            }
            .start(recorder.observer())
        run.dispose()
        scheduler.advance()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(transforms.value == 0)
    }

    @Test func lazyMapOnAnImmediateSchedulerTransformsEveryValue() {
        #expect(events(of: { (signal: Signal<Int, Never>) in signal.lazyMap(on: ImmediateScheduler()) { $0 * 2 } }, sending: [.value(1), .value(2), .completed])
            == ["VALUE 2", "VALUE 4", "COMPLETED"])
    }

    @Test func lazyMapRunsTheTransformOnTheQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "lazy-map-test")
        queue.setSpecific(key: key, value: "lazy-map-test")
        let recorder = Recorder<String?>()
        let done = DispatchSemaphore(value: 0)
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.lazyMap(on: QueueScheduler(queue: queue)) { _ in DispatchQueue.getSpecific(key: key) }
            .observe { event in
                if let value = event.value { recorder.append(value) }
                if event.isTerminating { done.signal() }
            }
        input.send(value: 1)
        input.sendCompleted()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(recorder.entries == ["lazy-map-test"])
    }
}
