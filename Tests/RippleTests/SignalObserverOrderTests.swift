import Ripple
import Testing

/// Contracts 5 and 6: attach order, late observers, detaching.
@Suite struct SignalObserverOrderTests {
    @Test func observersAreCalledInAttachOrder() {
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        for index in 0..<20 {
            signal.observeValues { _ in recorder.append(index) }
        }
        input.send(value: 0)
        #expect(recorder.entries == Array(0..<20))
    }

    @Test func attachOrderSurvivesDetachingObserversInTheMiddle() {
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        var disposables: [(any Disposable)?] = []
        for index in 0..<100 {
            disposables.append(signal.observeValues { _ in recorder.append(index) })
        }
        for index in stride(from: 0, to: 100, by: 3) { disposables[index]?.dispose() }
        for index in 100..<110 {
            signal.observeValues { _ in recorder.append(index) }
        }
        input.send(value: 0)
        let expected = (0..<100).filter { $0 % 3 != 0 } + Array(100..<110)
        #expect(recorder.entries == expected)
    }

    @Test func lateObserverOfTerminatedSignalIsInterruptedOnce() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.sendCompleted()
        let disposable = signal.observe(recorder.observer())
        input.send(value: 1)
        input.sendCompleted()
        #expect(disposable == nil)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func lateObserverOfFailedSignalIsInterruptedNotFailed() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.send(error: TestError(code: 1))
        signal.observe(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func observerAttachedDuringDeliveryStartsWithTheNextEvent() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            recorder.append("outer \(value)")
            if value == 1 {
                signal.observeValues { recorder.append("inner \($0)") }
            }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.entries == ["outer 1", "outer 2", "inner 2"])
    }

    @Test func disposedObserverReceivesNothingMore() {
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposable = signal.observeValues { recorder.append($0) }
        input.send(value: 1)
        disposable?.dispose()
        #expect(disposable?.isDisposed == true)
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.entries == [1])
    }

    @Test func observerDetachedByAnEarlierObserverMissesTheCurrentEvent() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        var second: (any Disposable)?
        signal.observeValues { value in
            recorder.append("first \(value)")
            second?.dispose()
        }
        second = signal.observeValues { recorder.append("second \($0)") }
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.entries == ["first 1", "first 2"])
    }

    /// A delivery checks each observer's subscription only once something has been
    /// detached since it took its snapshot: detaching mid-delivery, on a derived signal
    /// (no send lock of its own) and from every kind of observer, is still seen.
    @Test func observerDetachedByAnEarlierObserverOfADerivedSignalMissesTheCurrentEvent() {
        let recorder = Recorder<String>()
        let (source, input) = Signal<Int, Never>.pipe()
        let signal = source.map { $0 * 10 }
        var second: (any Disposable)?
        var third: (any Disposable)?
        signal.observeValues { value in
            recorder.append("first \(value)")
            if value == 20 { second?.dispose() }
            if value == 30 { third?.dispose() }
        }
        second = signal.observe { recorder.append("second \($0)") }
        third = signal.observe(Signal<Int, Never>.Observer(value: { recorder.append("third \($0)") }))
        signal.observeValues { recorder.append("fourth \($0)") }
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(recorder.entries == [
            "first 10", "second VALUE 10", "third 10", "fourth 10",
            "first 20", "third 20", "fourth 20",
            "first 30", "fourth 30",
        ])
    }

    @Test func observerMayDetachItselfWhileHandlingAnEvent() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        var own: (any Disposable)?
        own = signal.observeValues { value in
            recorder.append("self-detaching \(value)")
            own?.dispose()
        }
        signal.observeValues { recorder.append("other \($0)") }
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.entries == ["self-detaching 1", "other 1", "other 2"])
    }

    @Test func disposingTwiceIsHarmless() {
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = signal.observeValues { recorder.append($0) }
        signal.observeValues { recorder.append($0 * 10) }
        first?.dispose()
        first?.dispose()
        input.send(value: 1)
        #expect(recorder.entries == [10])
    }
}
