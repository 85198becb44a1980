import Dispatch
import Ripple
import Synchronization
import Testing

/// Contract 2 under load: events are serial even when many threads send, attach and
/// detach at once. Also run under the thread sanitizer by `.ci/run`.
@Suite struct SignalStressTests {
    static let threads = 8
    static let sendsPerThread = 10_000

    @Test func concurrentSendsAreDeliveredSeriallyAndCompletely() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        var delivered = 0  // only touched by the observer, which the signal serialises
        var sum = 0
        signal.observeValues { value in
            if inside.exchange(true, ordering: .acquiringAndReleasing) {
                overlaps.add(1, ordering: .relaxed)
            }
            delivered += 1
            sum += value
            inside.store(false, ordering: .releasing)
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for value in 1...Self.sendsPerThread { input.send(value: value) }
        }
        input.sendCompleted()
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(delivered == Self.threads * Self.sendsPerThread)
        #expect(sum == Self.threads * (Self.sendsPerThread * (Self.sendsPerThread + 1) / 2))
    }

    @Test func concurrentTerminationDeliversExactlyOneTerminalEventAndNothingAfter() {
        for _ in 0..<500 {
            let (signal, input) = Signal<Int, TestError>.pipe()
            let terminals = Atomic<Int>(0)
            let valuesAfterTerminal = Atomic<Int>(0)
            signal.observe { event in
                if event.isTerminating {
                    terminals.add(1, ordering: .relaxed)
                } else if terminals.load(ordering: .relaxed) > 0 {
                    valuesAfterTerminal.add(1, ordering: .relaxed)
                }
            }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for value in 0..<20 { input.send(value: value) }
                switch thread {
                case 0: input.sendCompleted()
                case 1: input.send(error: TestError(code: 1))
                case 2: input.sendInterrupted()
                default: input.send(value: -1)
                }
            }
            #expect(terminals.load(ordering: .relaxed) == 1)
            #expect(valuesAfterTerminal.load(ordering: .relaxed) == 0)
        }
    }

    @Test func observersAttachAndDetachWhileOtherThreadsSend() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let resident = Atomic<Int>(0)
        let transient = Atomic<Int>(0)
        signal.observeValues { _ in resident.add(1, ordering: .relaxed) }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            if thread.isMultiple(of: 2) {
                for value in 0..<Self.sendsPerThread { input.send(value: value) }
            } else {
                for _ in 0..<Self.sendsPerThread / 4 {
                    let disposable = signal.observeValues { _ in transient.add(1, ordering: .relaxed) }
                    disposable?.dispose()
                }
            }
        }
        #expect(resident.load(ordering: .relaxed) == Self.threads / 2 * Self.sendsPerThread)
        #expect(transient.load(ordering: .relaxed) <= Self.threads / 2 * Self.sendsPerThread * Self.threads / 2)
        withExtendedLifetime(input) {}
    }

    @Test func recursiveSendsUnderContentionAreAllDeliveredSerially() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let echoes = Atomic<Int>(0)
        let originals = Atomic<Int>(0)
        signal.observeValues { value in
            if inside.exchange(true, ordering: .acquiringAndReleasing) {
                overlaps.add(1, ordering: .relaxed)
            }
            if value >= 0 {
                originals.add(1, ordering: .relaxed)
                input.send(value: -1)
            } else {
                echoes.add(1, ordering: .relaxed)
            }
            inside.store(false, ordering: .releasing)
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for value in 0..<Self.sendsPerThread / 2 { input.send(value: value) }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(originals.load(ordering: .relaxed) == Self.threads * Self.sendsPerThread / 2)
        #expect(echoes.load(ordering: .relaxed) == originals.load(ordering: .relaxed))
    }

    @Test func signalsCreatedAndReleasedOnManyThreadsDisposeTheirResources() {
        let disposed = Atomic<Int>(0)
        let iterations = 2_000
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for index in 0..<iterations {
                let (signal, input) = Signal<Int, Never>.pipe(
                    disposable: AnyDisposable { disposed.add(1, ordering: .relaxed) }
                )
                let observation = signal.observeValues { _ in }
                input.send(value: index)
                if index.isMultiple(of: 2) { observation?.dispose() }
            }
        }
        #expect(disposed.load(ordering: .relaxed) == Self.threads * iterations)
    }
}
