import Dispatch
@_spi(RippleTesting) import Ripple
import Testing

/// Stateless producer operators (`map`, `filter`, `compactMap`, `mapError`,
/// `promoteError`, `promoteValue`) started for one observer are fused into the run
/// of their source: one signal, one attached observer, whatever the length of the
/// chain. Prepared without an observer (`startWithSignal`, `lift`), they still hand
/// out a signal of their own. Both paths must behave the same.
@Suite struct ProducerFusionTests {
    /// A chain of stateless operators: +1, keep evens, ×10, drop 40, as Double.
    private func chain(_ producer: SignalProducer<Int, Never>) -> SignalProducer<Double, Never> {
        producer
            .map { $0 + 1 }
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * 10 }
            .compactMap { $0 == 40 ? nil : Double($0) }
    }

    @Test func fusedChainAttachesOneObserverPerStart() {
        let counter = SubscriptionCounter()
        var values: [Double] = []
        counter.counting {
            chain(SignalProducer([1, 2, 3, 4, 5])).startWithValues { values.append($0) }
        }
        #expect(values == [20, 60])
        #expect(counter.totalCount == 1)
        #expect(counter.liveCount == 0)
    }

    @Test func startWithSignalOfAFusedChainSeesTheSameEvents() {
        var fused: [Signal<Double, Never>.Event] = []
        var prepared: [Signal<Double, Never>.Event] = []
        chain(SignalProducer([1, 2, 3, 4, 5])).start { fused.append($0) }
        _ = chain(SignalProducer([1, 2, 3, 4, 5])).startWithSignal { signal, _ in
            signal.observe { prepared.append($0) }
        }
        #expect(fused == [.value(20), .value(60), .completed])
        #expect(prepared == fused)
    }

    @Test func disposingAFusedRunInterruptsTheObserverAndEndsTheSource() {
        let (source, input) = Signal<Int, Never>.pipe()
        var events: [Signal<Double, Never>.Event] = []
        var sourceEnded = false
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { sourceEnded = true }
            lifetime += source.observe(observer)
        }
        let run = chain(producer).start { events.append($0) }
        input.send(value: 1)
        #expect(!run.isDisposed)
        run.dispose()
        input.send(value: 3)
        #expect(events == [.value(20), .interrupted])
        #expect(sourceEnded)
        #expect(run.isDisposed)
    }

    @Test func failuresAndTheirMappingPassThroughAFusedChain() {
        var events: [Signal<Int, Wrapped>.Event] = []
        SignalProducer<Int, Code>(values: 1, 2)
            .concat(SignalProducer(error: Code(value: 7)))
            .map { $0 * 3 }
            .mapError { Wrapped(code: $0.value) }
            .start { events.append($0) }
        #expect(events == [.value(3), .value(6), .failed(Wrapped(code: 7))])
    }

    @Test func promotedFusedChainCompletesWithTheSource() {
        var events: [Signal<Int, Wrapper>.Event] = []
        SignalProducer<Int, Never>(values: 4, 5)
            .promoteError(Wrapper.self)
            .map { $0 - 1 }
            .start { events.append($0) }
        #expect(events == [.value(3), .value(4), .completed])

        var ended: [Signal<String, Never>.Event] = []
        SignalProducer<Never, Never>.empty.promoteValue(String.self).start { ended.append($0) }
        #expect(ended == [.completed])
    }

    @Test func fusedRunDisposedBeforeItStartsSendsNothing() {
        var started = false
        var events: [Signal<Int, Never>.Event] = []
        let producer = SignalProducer<Int, Never> { observer, _ in
            started = true
            observer.send(value: 1)
        }.map { $0 + 1 }
        producer.startWithSignal { signal, interrupter in
            signal.observe { events.append($0) }
            interrupter.dispose()
        }
        #expect(!started)
        #expect(events == [.interrupted])
    }

    @Test func fusedRunsStartedConcurrentlyStayIndependent() async {
        let total = 2_000
        let received = Recorder<(index: Int, value: Int)>()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in stride(from: worker, to: total, by: 4) {
                        SignalProducer<Int, Never>(values: index, index)
                            .map { $0 * 2 }
                            .filter { $0 >= 0 }
                            .startWithValues { received.append((index, $0)) }
                    }
                }
            }
        }
        var sums = Array(repeating: 0, count: total)
        for entry in received.entries { sums[entry.index] += entry.value }
        #expect(received.entries.count == 2 * total)
        #expect(sums == (0..<total).map { $0 * 4 })
    }
}

private struct Wrapper: Error, Equatable {}
private struct Code: Error, Equatable { let value: Int }
private struct Wrapped: Error, Equatable { let code: Int }
