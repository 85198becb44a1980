import Ripple
import Testing

@Suite struct ObserverTests {
    @Test func closureObserverReceivesEveryEvent() {
        let recorder = Recorder<String>()
        let observer: Signal<Int, TestError>.Observer = recorder.observer()
        observer.send(value: 1)
        observer.send(.value(2))
        observer.send(error: TestError(code: 3))
        observer.sendCompleted()
        observer.sendInterrupted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 3)", "COMPLETED", "INTERRUPTED"])
    }

    @Test func namedClosuresReceiveTheirKindOfEvent() {
        let recorder = Recorder<String>()
        let observer = Signal<Int, TestError>.Observer(
            value: { recorder.append("value \($0)") },
            failed: { recorder.append("failed \($0.code)") },
            completed: { recorder.append("completed") },
            interrupted: { recorder.append("interrupted") }
        )
        observer.send(value: 5)
        observer.send(error: TestError(code: 6))
        observer.sendCompleted()
        observer.sendInterrupted()
        #expect(recorder.entries == ["value 5", "failed 6", "completed", "interrupted"])
    }

    @Test func omittedClosuresIgnoreTheirEvents() {
        let recorder = Recorder<String>()
        let observer = Signal<Int, TestError>.Observer(completed: { recorder.append("completed") })
        observer.send(value: 1)
        observer.send(error: TestError(code: 1))
        observer.sendInterrupted()
        observer.sendCompleted()
        #expect(recorder.entries == ["completed"])
    }

    @Test func observerCreatedFromClosureSendsNothingWhenReleased() {
        let recorder = Recorder<String>()
        var observer: Signal<Int, Never>.Observer? = recorder.observer()
        observer?.send(value: 1)
        observer = nil
        #expect(recorder.entries == ["VALUE 1"])
    }

    @Test func observerOfSendableValuesIsSendable() {
        func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }
        #expect(requireSendable(Signal<Int, TestError>.Observer.self))
        #expect(requireSendable(Signal<Int, TestError>.self))
        #expect(requireSendable(Signal<Int, TestError>.Event.self))
    }
}
