import Ripple
import Testing

@Suite struct SignalTests {
    @Test func pipeDeliversSentEventsToObserversSynchronously() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observe(recorder.observer())
        input.send(value: 1)
        #expect(recorder.entries == ["VALUE 1"])
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED"])
    }

    @Test func generatorRunsOnceWhenTheSignalIsCreated() {
        var runs = 0
        let signal = Signal<Int, Never> { _, _ in runs += 1 }
        #expect(runs == 1)
        signal.observeValues { _ in }
        signal.observeValues { _ in }
        #expect(runs == 1)
    }

    @Test func observeWithClosureReceivesEveryEvent() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observe { recorder.append($0.description) }
        input.send(value: 1)
        input.send(error: TestError(code: 2))
        #expect(recorder.entries == ["VALUE 1", "FAILED TestError(code: 2)"])
    }

    @Test func observeValuesReceivesOnlyValues() {
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { recorder.append($0) }
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.entries == [1, 2])
    }

    @Test func observeFailedReceivesOnlyTheFailure() {
        let recorder = Recorder<TestError>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observeFailed { recorder.append($0) }
        input.send(value: 1)
        input.send(error: TestError(code: 7))
        #expect(recorder.entries == [TestError(code: 7)])
    }

    @Test func observeCompletedRunsOnCompletionOnly() {
        let recorder = Recorder<String>()
        let (completing, completingInput) = Signal<Int, TestError>.pipe()
        let (failing, failingInput) = Signal<Int, TestError>.pipe()
        completing.observeCompleted { recorder.append("completed") }
        failing.observeCompleted { recorder.append("unexpected") }
        completingInput.send(value: 1)
        completingInput.sendCompleted()
        failingInput.send(error: TestError(code: 1))
        #expect(recorder.entries == ["completed"])
    }

    @Test func observeInterruptedRunsOnInterruptionOnly() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeInterrupted { recorder.append("interrupted") }
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.entries == ["interrupted"])
    }

    @Test func observeResultReceivesValuesAndFailureAsResults() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.observeResult { result in
            switch result {
            case let .success(value): recorder.append("success \(value)")
            case let .failure(error): recorder.append("failure \(error.code)")
            }
        }
        input.send(value: 1)
        input.send(error: TestError(code: 2))
        #expect(recorder.entries == ["success 1", "failure 2"])
    }

    @Test func neverSignalKeepsItsObserversWithoutSendingAnything() {
        let recorder = Recorder<String>()
        let signal = Signal<Int, TestError>.never
        let disposable = signal.observe(recorder.observer())
        #expect(disposable != nil)
        #expect(disposable?.isDisposed == false)
        #expect(recorder.entries.isEmpty)
        disposable?.dispose()
        #expect(recorder.entries.isEmpty)
    }

    @Test func emptySignalInterruptsEveryObserver() {
        let recorder = Recorder<String>()
        let disposable = Signal<Int, TestError>.empty.observe(recorder.observer())
        #expect(disposable == nil)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func pipeDisposableIsDisposedWhenTheSignalTerminates() {
        let resource = AnyDisposable()
        let (signal, input) = Signal<Int, Never>.pipe(disposable: resource)
        signal.observeValues { _ in }
        input.send(value: 1)
        #expect(!resource.isDisposed)
        input.sendCompleted()
        #expect(resource.isDisposed)
    }

    @Test func generatorLifetimeEndsWhenTheSignalTerminates() {
        let recorder = Recorder<String>()
        var input: Signal<Int, Never>.Observer?
        let signal = Signal<Int, Never> { observer, lifetime in
            input = observer
            lifetime.observeEnded { recorder.append("ended") }
        }
        signal.observeValues { recorder.append("value \($0)") }
        input?.send(value: 1)
        input?.sendInterrupted()
        #expect(recorder.entries == ["value 1", "ended"])
    }

    @Test func signalOfSendableValuesCrossesIsolationDomains() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<Int>()
        signal.observeValues { recorder.append($0) }
        await Task.detached { input.send(value: 1) }.value
        #expect(recorder.entries == [1])
    }
}
