import Ripple
import Testing

@Suite struct SignalProducerTests {
    @Test func everyStartRunsTheStartHandlerOnce() {
        var runs = 0
        let producer = SignalProducer<Int, Never> { observer, _ in
            runs += 1
            observer.send(value: runs)
            observer.sendCompleted()
        }
        #expect(runs == 0)
        #expect(events(of: producer) == ["VALUE 1", "COMPLETED"])
        #expect(events(of: producer) == ["VALUE 2", "COMPLETED"])
        #expect(runs == 2)
    }

    @Test func disposingARunInterruptsThatRunOnlyAndEndsItsLifetime() {
        let recorder = Recorder<String>()
        var inputs: [Signal<Int, Never>.Observer] = []
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            let run = inputs.count
            inputs.append(observer)
            lifetime.observeEnded { recorder.append("run \(run) ended") }
        }
        let first = producer.start(recorder.observer("first "))
        producer.start(recorder.observer("second "))
        first.dispose()
        inputs[1].send(value: 1)
        #expect(recorder.entries == ["first INTERRUPTED", "run 0 ended", "second VALUE 1"])
        #expect(first.isDisposed)
    }

    @Test func runHandleReportsDisposedOnceTheRunHasTerminated() {
        var input: Signal<Int, Never>.Observer?
        let handle = SignalProducer<Int, Never> { observer, _ in input = observer }.start()
        #expect(!handle.isDisposed)
        input?.sendCompleted()
        #expect(handle.isDisposed)
    }

    @Test func runIsInterruptedWhenNobodyCanSendThroughItAnyMore() {
        let recorder = Recorder<String>()
        SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { recorder.append("ended") }
        }.start(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED", "ended"])
    }

    @Test func startWithSignalLetsSetupObserveBeforeTheHandlerRuns() {
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> { observer, _ in
            recorder.append("handler")
            observer.send(value: 1)
            observer.sendCompleted()
        }
        let result = producer.startWithSignal { signal, interrupter in
            recorder.append("setup")
            signal.observe(recorder.observer())
            return interrupter
        }
        #expect(recorder.entries == ["setup", "handler", "VALUE 1", "COMPLETED"])
        #expect(result.isDisposed)
    }

    @Test func interrupterFromStartWithSignalInterruptsTheRun() {
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never>.never
        let interrupter = producer.startWithSignal { signal, interrupter in
            signal.observe(recorder.observer())
            return interrupter
        }
        interrupter.dispose()
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func producerFromSignalForwardsWhatTheSignalSendsAfterEachStart() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer(signal)
        let recorder = Recorder<String>()
        input.send(value: 0)
        producer.start(recorder.observer("a "))
        input.send(value: 1)
        producer.start(recorder.observer("b "))
        input.send(value: 2)
        input.sendCompleted()
        producer.start(recorder.observer("c "))
        #expect(recorder.entries == [
            "a VALUE 1", "a VALUE 2", "b VALUE 2", "a COMPLETED", "b COMPLETED", "c INTERRUPTED",
        ])
    }

    @Test func disposingAProducerOfASignalDetachesFromTheSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        let run = signal.producer.start(recorder.observer())
        input.send(value: 1)
        run.dispose()
        input.send(value: 2)
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED"])
    }

    @Test func valueInitialisersSendTheirValuesThenComplete() {
        #expect(events(of: SignalProducer<Int, Never>(value: 1)) == ["VALUE 1", "COMPLETED"])
        #expect(events(of: SignalProducer<Int, Never>(values: 1, 2, 3)) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(events(of: SignalProducer<Int, Never>([4, 5])) == ["VALUE 4", "VALUE 5", "COMPLETED"])
        #expect(events(of: SignalProducer<Int, Never>(1...2)) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: SignalProducer<Int, Never>([])) == ["COMPLETED"])
    }

    @Test func sequenceStopsBeingIteratedWhenTheRunIsDisposed() {
        var iterated: [Int] = []
        let numbers = (1...1_000).lazy.map { value -> Int in
            iterated.append(value)
            return value
        }
        SignalProducer<Int, Never>(numbers).startWithSignal { signal, interrupter in
            _ = signal.observeValues { value in
                if value == 3 { interrupter.dispose() }
            }
        }
        #expect(iterated == [1, 2, 3])
    }

    @Test func errorAndResultInitialisersFailOrSucceed() {
        #expect(events(of: SignalProducer<Int, TestError>(error: TestError(code: 1))) == ["FAILED TestError(code: 1)"])
        #expect(events(of: SignalProducer<Int, TestError>(result: .success(2))) == ["VALUE 2", "COMPLETED"])
        #expect(events(of: SignalProducer<Int, TestError>(result: .failure(TestError(code: 3)))) == ["FAILED TestError(code: 3)"])
    }

    @Test func lazyValueIsComputedOnEveryStart() {
        var calls = 0
        let producer = SignalProducer<Int, Never> { () -> Int in
            calls += 1
            return calls * 10
        }
        #expect(calls == 0)
        #expect(events(of: producer) == ["VALUE 10", "COMPLETED"])
        #expect(events(of: producer) == ["VALUE 20", "COMPLETED"])
    }

    /// A deliberate difference from ReactiveSwift, which infers `any Error` here:
    /// a closure that cannot throw makes a producer that cannot fail. Naming the
    /// error type, or marking the closure `throws`, gives ReactiveSwift's type.
    @Test func nonThrowingClosureInfersAProducerThatCannotFailUnlessTheErrorTypeIsNamed() {
        let inferred = SignalProducer { "lazy" }
        #expect(type(of: inferred) == SignalProducer<String, Never>.self)

        let named = SignalProducer<String, any Error> { "lazy" }
        #expect(type(of: named) == SignalProducer<String, any Error>.self)
        #expect(events(of: named) == ["VALUE lazy", "COMPLETED"])

        let markedThrowing = SignalProducer { () throws in "lazy" }
        #expect(type(of: markedThrowing) == SignalProducer<String, any Error>.self)
        #expect(events(of: markedThrowing) == ["VALUE lazy", "COMPLETED"])

        let fromContext: SignalProducer<String, any Error> = SignalProducer { "lazy" }
        #expect(events(of: fromContext) == ["VALUE lazy", "COMPLETED"])
    }

    @Test func throwingClosureInitialiserFailsWithTheTypedErrorThrown() {
        var shouldFail = false
        let producer = SignalProducer<Int, TestError> { () throws(TestError) -> Int in
            if shouldFail { throw TestError(code: 42) }
            return 7
        }
        #expect(events(of: producer) == ["VALUE 7", "COMPLETED"])
        shouldFail = true
        #expect(events(of: producer) == ["FAILED TestError(code: 42)"])
    }

    @Test func resultClosureInitialiserIsCalledOnEveryStartAndSucceedsOrFails() {
        var calls = 0
        let producer = SignalProducer<Int, TestError> { () -> Result<Int, TestError> in
            calls += 1
            return calls == 1 ? .success(5) : .failure(TestError(code: calls))
        }
        #expect(calls == 0)
        #expect(events(of: producer) == ["VALUE 5", "COMPLETED"])
        #expect(events(of: producer) == ["FAILED TestError(code: 2)"])
        #expect(calls == 2)
    }

    @Test func resultClosureInitialiserInfersItsTypesFromTheResult() {
        func load() -> Result<String, TestError> { .success("settings") }
        let producer = SignalProducer(load)
        #expect(events(of: producer) == ["VALUE settings", "COMPLETED"])
    }

    @Test func convertibleInitialiserMakesTheProducerOfAPropertyASignalOrAProducer() {
        let count = MutableProperty(1)
        let fromProperty = SignalProducer(count)
        let recorder = Recorder<String>()
        let run = fromProperty.start(recorder.observer())
        count.value = 2
        #expect(recorder.entries == ["VALUE 1", "VALUE 2"])
        run.dispose()

        // From generic code, a signal takes the convertible form too.
        func producer<Base: SignalProducerConvertible>(of base: Base) -> SignalProducer<Base.Value, Base.Error> {
            SignalProducer(base)
        }
        let (signal, input) = Signal<Int, TestError>.pipe()
        let fromSignal = producer(of: signal)
        let signalRecorder = Recorder<String>()
        fromSignal.start(signalRecorder.observer())
        input.send(value: 3)
        input.send(error: TestError(code: 4))
        #expect(signalRecorder.entries == ["VALUE 3", "FAILED TestError(code: 4)"])

        let fromProducer = SignalProducer(Property(value: "constant"))
        #expect(events(of: SignalProducer(fromProducer)) == ["VALUE constant", "COMPLETED"])
    }

    @Test func emptyCompletesAndNeverWaitsUntilDisposed() {
        #expect(events(of: SignalProducer<Int, TestError>.empty) == ["COMPLETED"])
        let recorder = Recorder<String>()
        let run = SignalProducer<Int, TestError>.never.start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        run.dispose()
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func startWithConvenienceMethodsReceiveTheirEvents() {
        let recorder = Recorder<String>()
        let failing = SignalProducer<Int, TestError>(result: .failure(TestError(code: 5)))
        let succeeding = SignalProducer<Int, TestError>(value: 6)
        failing.startWithFailed { recorder.append("failed \($0.code)") }
        succeeding.startWithCompleted { recorder.append("completed") }
        succeeding.startWithResult { recorder.append("result \($0)") }
        failing.startWithResult { recorder.append("result \($0)") }
        SignalProducer<Int, TestError>.never.startWithInterrupted { recorder.append("interrupted") }.dispose()
        SignalProducer<Int, Never>(value: 8).startWithValues { recorder.append("value \($0)") }
        SignalProducer<Int, TestError>(value: 9).start { recorder.append("event \($0)") }
        #expect(recorder.entries == [
            "failed 5", "completed", "result success(6)", "result failure(RippleTests.TestError(code: 5))",
            "interrupted", "value 8", "event VALUE 9", "event COMPLETED",
        ])
    }

    @Test func liftAppliesASignalOperatorToEveryRun() {
        var runs = 0
        let producer = SignalProducer<Int, Never> { observer, _ in
            runs += 1
            observer.send(value: runs)
            observer.sendCompleted()
        }
        let lifted = producer.lift { $0.map { $0 * 100 } }
        #expect(events(of: lifted) == ["VALUE 100", "COMPLETED"])
        #expect(events(of: lifted) == ["VALUE 200", "COMPLETED"])
    }

    @Test func disposingALiftedRunEndsTheUnderlyingRun() {
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { recorder.append("underlying ended") }
        }
        let run = producer.map { $0 + 1 }.start(recorder.observer())
        run.dispose()
        #expect(recorder.entries == ["INTERRUPTED", "underlying ended"])
    }

    @Test func aStartedRunHandleReleasesItsStartHandler() {
        weak var weakWitness: Witness?
        let run: any Disposable
        do {
            let witness = Witness()
            weakWitness = witness
            run = SignalProducer<Int, Never> { observer, lifetime in
                withExtendedLifetime(witness) {}
                lifetime.observeEnded { withExtendedLifetime(observer) {} }
            }.start()
        }
        withExtendedLifetime(run) {
            #expect(!run.isDisposed)
            #expect(weakWitness == nil)
        }
    }

    // An operator that ends with its source (here `promoteError`) runs without a
    // forwarding signal of its own; its runs keep the contracts of `lift`.

    @Test func aRunOfAnOperatorEndingWithItsSourceIsDisposedOnceItCompletes() {
        let run = SignalProducer<Int, Never>(value: 1).promoteError(TestError.self).start()
        #expect(run.isDisposed)
    }

    @Test func disposingARunOfAnOperatorEndingWithItsSourceInterruptsItThenEndsTheSource() {
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { recorder.append("underlying ended") }
        }
        let run = producer.promoteError(TestError.self).start { recorder.append("\($0)") }
        run.dispose()
        #expect(recorder.entries == ["INTERRUPTED", "underlying ended"])
        #expect(run.isDisposed)
    }

    @Test func disposingARunOfAnOperatorEndingWithItsSourceFromInsideItsDeliveryStopsTheSource() {
        var pulled = 0
        let endless = SignalProducer<Int, Never>(AnySequence { AnyIterator<Int> { pulled += 1; return pulled } })
        var received: [String] = []
        endless.promoteError(TestError.self).startWithSignal { signal, interrupter in
            _ = signal.observe { event in
                received.append("\(event)")
                if case .value(3) = event { interrupter.dispose() }
            }
        }
        #expect(received == ["VALUE 1", "VALUE 2", "VALUE 3", "INTERRUPTED"])
        #expect(pulled == 3)
    }

    @Test func completedRunReleasesItsObserver() {
        weak var weakWitness: Witness?
        let (signal, input) = Signal<Int, Never>.pipe()
        do {
            let witness = Witness()
            weakWitness = witness
            signal.producer.startWithValues { _ in withExtendedLifetime(witness) {} }
        }
        #expect(weakWitness != nil)
        input.sendCompleted()
        #expect(weakWitness == nil)
    }

}
