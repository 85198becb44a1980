import Ripple
import Testing

/// `Signal.reentrantUnserializedPipe()`: ReactiveSwift's pipe whose recursive sends
/// are queued; every Ripple pipe behaves so.
@Suite struct ReentrantUnserializedPipeTests {
    @Test func valuesSentFromObserversAreDeliveredInSubmissionOrderAfterTheCurrentOne() {
        let (signal, input) = Signal<Int, Never>.reentrantUnserializedPipe()
        var values: [Int] = []
        signal.take(first: 1).observeValues { _ in
            input.send(value: 10)
            input.send(value: 100)
        }
        signal.take(first: 1).observeValues { _ in
            input.send(value: 20)
            input.send(value: 200)
        }
        signal.observeValues { values.append($0) }
        input.send(value: 0)
        #expect(values == [0, 10, 100, 20, 200])
    }

    @Test func aSignalFeedingItsOwnInputThroughOperatorsStopsWhereTheyStopIt() {
        let (signal, input) = Signal<Int, Never>.reentrantUnserializedPipe()
        var values: [Int] = []
        signal
            .take(first: 5)
            .map { $0 + 1 }
            .on(value: { values.append($0) })
            .observeValues(input.send(value:))
        input.send(value: 1)
        #expect(values == [2, 3, 4, 5, 6])
    }

    @Test func theDisposableIsDisposedWhenTheSignalTerminates() {
        let probe = Probe()
        let (signal, input) = Signal<Int, Never>.reentrantUnserializedPipe(disposable: probe)
        withExtendedLifetime(signal) {
            #expect(!probe.isDisposed)
            input.sendCompleted()
            #expect(probe.isDisposed)
        }
    }
}
