import Ripple
import Testing

/// The contract shared by the operators that deliver every event on a scheduler
/// (ReactiveSwift's): disposing a run interrupts the source, drops what still waits
/// on the scheduler, and the interruption reaches the observer on the scheduler,
/// also when the source had already ended, so that an observer on the main
/// scheduler sees every event there, the last one too; a result that is no longer
/// observed drops what waits on the scheduler; a result that has terminated is
/// released.
@Suite struct AsyncOperatorDisposalTests {
    enum Operator: String, CaseIterable, CustomTestStringConvertible {
        case observeOn, delay, throttle, throttleWhile, debounce, debounceFlushing, collectEvery, lazyMap

        var testDescription: String { rawValue }

        func apply(to signal: Signal<Int, Never>, on scheduler: TestScheduler) -> Signal<String, Never> {
            switch self {
            case .observeOn: signal.observe(on: scheduler).map { "\($0)" }
            case .delay: signal.delay(1, on: scheduler).map { "\($0)" }
            case .throttle: signal.throttle(1, on: scheduler).map { "\($0)" }
            case .throttleWhile: signal.throttle(while: Property(value: false), on: scheduler).map { "\($0)" }
            case .debounce: signal.debounce(1, on: scheduler).map { "\($0)" }
            case .debounceFlushing: signal.debounce(1, on: scheduler, discardWhenCompleted: false).map { "\($0)" }
            case .collectEvery: signal.collect(every: .seconds(1), on: scheduler).map { "\($0)" }
            case .lazyMap: signal.lazyMap(on: scheduler) { "\($0)" }
            }
        }

        func apply(to producer: SignalProducer<Int, Never>, on scheduler: TestScheduler) -> SignalProducer<String, Never> {
            switch self {
            case .observeOn: producer.observe(on: scheduler).map { "\($0)" }
            case .delay: producer.delay(1, on: scheduler).map { "\($0)" }
            case .throttle: producer.throttle(1, on: scheduler).map { "\($0)" }
            case .throttleWhile: producer.throttle(while: Property(value: false), on: scheduler).map { "\($0)" }
            case .debounce: producer.debounce(1, on: scheduler).map { "\($0)" }
            case .debounceFlushing: producer.debounce(1, on: scheduler, discardWhenCompleted: false).map { "\($0)" }
            case .collectEvery: producer.collect(every: .seconds(1), on: scheduler).map { "\($0)" }
            case .lazyMap: producer.lazyMap(on: scheduler) { "\($0)" }
            }
        }
    }

    @Test(arguments: Operator.allCases)
    func disposingARunDeliversTheInterruptionOnTheSchedulerAndDropsWaitingValues(_ operator: Operator) {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            observer.send(value: 2)
            lifetime.observeEnded { recorder.append("source ended") }
        }
        let run = `operator`.apply(to: source, on: scheduler).start(recorder.observer())
        run.dispose()
        #expect(recorder.entries == ["source ended"])
        scheduler.run()
        #expect(recorder.entries == ["source ended", "INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test(arguments: Operator.allCases)
    func disposingARunAfterItsSourceEndedDeliversTheInterruptionOnTheScheduler(_ operator: Operator) {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let source = SignalProducer<Int, Never>(values: 1, 2)
        let run = `operator`.apply(to: source, on: scheduler).start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        run.dispose()
        #expect(recorder.entries.isEmpty)
        #expect(run.isDisposed)
        scheduler.run()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test(arguments: Operator.allCases)
    func aRunStartedWithItsSignalDeliversTheInterruptionOnTheScheduler(_ operator: Operator) {
        for sourceEnds in [false, true] {
            let scheduler = TestScheduler()
            let recorder = Recorder<String>()
            let source = SignalProducer<Int, Never> { observer, _ in
                observer.send(value: 1)
                if sourceEnds { observer.sendCompleted() }
            }
            `operator`.apply(to: source, on: scheduler).startWithSignal { signal, interrupter in
                signal.observe(recorder.observer())
                interrupter.dispose()
            }
            #expect(recorder.entries.isEmpty, "source ends: \(sourceEnds)")
            scheduler.run()
            #expect(recorder.entries == ["INTERRUPTED"], "source ends: \(sourceEnds)")
        }
    }

    @Test(arguments: Operator.allCases)
    func disposingARunFromInsideItsDeliveryInterruptsOnTheSchedulerAfterIt(_ operator: Operator) {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let run = SerialDisposable()
        run.inner = `operator`.apply(to: SignalProducer(signal), on: scheduler).start { event in
            recorder.append(event.description)
            if case .value = event { run.dispose() }
        }
        input.send(value: 1)
        scheduler.run()
        input.send(value: 2)
        scheduler.run()
        #expect(recorder.entries.first.map { $0.hasPrefix("VALUE") } == true)
        #expect(recorder.entries.count == 2)
        #expect(recorder.entries.last == "INTERRUPTED")
    }

    @Test(arguments: Operator.allCases)
    func disposingARunAfterItsResultTerminatedChangesNothing(_ operator: Operator) {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let run = `operator`.apply(to: SignalProducer(value: 7), on: scheduler).start(recorder.observer())
        scheduler.run()
        let delivered = recorder.entries
        #expect(delivered.last == "COMPLETED")
        run.dispose()
        scheduler.run()
        #expect(recorder.entries == delivered)
    }

    @Test(arguments: Operator.allCases)
    func valuesWaitingAreDroppedOnceTheResultIsNoLongerObserved(_ operator: Operator) {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let observation = `operator`.apply(to: signal, on: scheduler).observe(recorder.observer())
        input.send(value: 1)
        observation?.dispose()
        scheduler.run()
        #expect(recorder.entries.isEmpty)
    }

    @Test(arguments: Operator.allCases)
    func theResultIsReleasedAfterItTerminates(_ operator: Operator) {
        let scheduler = TestScheduler()
        weak var weakResult: Signal<String, Never>?
        let (signal, input) = Signal<Int, Never>.pipe()
        do {
            let result = `operator`.apply(to: signal, on: scheduler)
            weakResult = result
            result.observe { _ in }
        }
        input.send(value: 1)
        input.sendCompleted()
        scheduler.run()
        #expect(weakResult == nil)
    }
}
