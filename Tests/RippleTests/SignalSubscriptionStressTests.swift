import Dispatch
import Ripple
import Synchronization
import Testing

/// The handle returned by `observe`: whoever detaches the observer first (its
/// disposable or the signal's termination) releases it, once, and a handle outliving
/// its signal keeps nothing alive.
@Suite struct SignalSubscriptionStressTests {
    @Test func anObserverKeepingItsOwnDisposableIsReleasedWhenTheInputIs() {
        weak var weakWitness: Witness?
        weak var weakSignal: Signal<Int, Never>?
        let interrupted = Atomic<Bool>(false)
        do {
            var (signal, input): (Signal<Int, Never>?, Signal<Int, Never>.Observer?) = Signal<Int, Never>.pipe()
            weakSignal = signal
            let witness = Witness()
            weakWitness = witness
            let box = DisposableBox()
            box.disposable = signal?.observe { event in
                withExtendedLifetime((witness, box)) {}
                if case .interrupted = event { interrupted.store(true, ordering: .relaxed) }
            }
            signal = nil
            #expect(weakWitness != nil)
            input = nil
            _ = (signal, input)
        }
        let wasInterrupted = interrupted.load(ordering: .relaxed)
        #expect(wasInterrupted)
        #expect(weakWitness == nil)
        #expect(weakSignal == nil)
    }

    @Test func aDisposableHeldAfterTerminationDisposesNothingAndReportsDisposed() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Atomic<Int>(0)
        let disposable = signal.observeValues { _ in received.add(1, ordering: .relaxed) }
        input.send(value: 1)
        input.sendCompleted()
        #expect(disposable?.isDisposed == true)
        disposable?.dispose()
        input.send(value: 2)
        let receivedCount = received.load(ordering: .relaxed)
        #expect(receivedCount == 1)
    }

    @Test func disposalsRacingTerminationReleaseEveryObserverOnce() {
        let observers = 16
        for _ in 0..<200 {
            let (signal, input) = Signal<Int, Never>.pipe()
            let released = Count()
            let terminals = Atomic<Int>(0)
            var disposables: [any Disposable] = []
            for _ in 0..<observers {
                let token = ReleaseCounter(released)
                if let disposable = signal.observe({ event in
                    withExtendedLifetime(token) {}
                    if event.isTerminating { terminals.add(1, ordering: .relaxed) }
                }) {
                    disposables.append(disposable)
                }
            }
            let handles = disposables
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                switch thread {
                case 0: input.sendCompleted()
                default:
                    for (index, disposable) in handles.enumerated() where index % 2 == thread - 1 {
                        disposable.dispose()
                    }
                }
            }
            let releasedCount = released.value.load(ordering: .relaxed)
            let terminalCount = terminals.load(ordering: .relaxed)
            #expect(releasedCount == observers)
            #expect(terminalCount <= observers)
            #expect(disposables.allSatisfy { $0.isDisposed })
            withExtendedLifetime(signal) {}
        }
    }
}

extension SignalSubscriptionStressTests {
    /// Deliveries call observers borrowed from a snapshot of the bag, without
    /// retaining them: an observer disposed (and released) on another thread during a
    /// delivery must stay alive until that delivery is done with it, and be released
    /// once it is.
    @Test func observersDisposedOnOtherThreadsDuringDeliveriesAreReleasedAfterThem() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let churn = churnObservers(of: signal, whileSendingInto: input)
        #expect(churn.released == churn.observers)
        #expect(churn.calls <= churn.sends * churn.subscribers)
        withExtendedLifetime(input) {}
    }

    /// The same for the observers of a chain of derived signals, which leave the
    /// bookkeeping of their deliveries to the signal at the root of the chain: every
    /// observer is released by the time the threads are done, including the ones
    /// detached while the root was delivering.
    @Test func observersOfADerivedChainDisposedOnOtherThreadsDuringDeliveriesAreReleasedAfterThem() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let chain = signal.map { $0 + 1 }.filter { $0 > 0 }
        let resident = chain.observeValues { _ in }
        let churn = churnObservers(of: chain, whileSendingInto: input)
        #expect(churn.released == churn.observers)
        #expect(churn.calls <= churn.sends * churn.subscribers)
        withExtendedLifetime((input, resident)) {}
    }

    /// The handle and the observer are one object: a disposable kept after its
    /// `dispose()` must not keep the observer, even when the disposal happened while
    /// another thread was delivering from a snapshot that held it.
    @Test func observersDisposedDuringDeliveriesAreReleasedWhileTheirDisposablesAreKept() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let churn = churnObservers(of: signal, whileSendingInto: input, keepingDisposables: true)
        #expect(churn.released == churn.observers)
        withExtendedLifetime(input) {}
    }

    /// The same for the observers of a derived chain.
    @Test func observersOfADerivedChainDisposedDuringDeliveriesAreReleasedWhileTheirDisposablesAreKept() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let chain = signal.map { $0 + 1 }.filter { $0 > 0 }
        let resident = chain.observeValues { _ in }
        let churn = churnObservers(of: chain, whileSendingInto: input, keepingDisposables: true)
        #expect(churn.released == churn.observers)
        withExtendedLifetime((input, resident)) {}
    }

    /// Two threads send into `input` while four others each attach 2,000 observers
    /// to `observed` and dispose them at once; with `keepingDisposables`, every
    /// disposable is kept until the count of released observers has been taken.
    private func churnObservers(
        of observed: Signal<Int, Never>,
        whileSendingInto input: Signal<Int, Never>.Observer,
        keepingDisposables: Bool = false
    ) -> (observers: Int, released: Int, calls: Int, sends: Int, subscribers: Int) {
        let released = Count()
        let calls = Atomic<Int>(0)
        let observersPerThread = 2_000
        let senders = 2
        let subscribers = 4
        let kept = Mutex<[any Disposable]>([])
        DispatchQueue.concurrentPerform(iterations: senders + subscribers) { thread in
            if thread < senders {
                for value in 0..<observersPerThread * 4 { input.send(value: value) }
            } else {
                var keptHere: [any Disposable] = []
                for _ in 0..<observersPerThread {
                    let counter = ReleaseCounter(released)
                    let disposable = observed.observeValues { _ in
                        withExtendedLifetime(counter) {}
                        calls.add(1, ordering: .relaxed)
                    }
                    disposable?.dispose()
                    if keepingDisposables, let disposable { keptHere.append(disposable) }
                }
                kept.withLock { $0 += keptHere }
            }
        }
        defer { withExtendedLifetime(kept) {} }
        if keepingDisposables {
            let count = kept.withLock { $0.count }
            #expect(count == subscribers * observersPerThread)
        }
        return (
            observers: subscribers * observersPerThread,
            released: released.value.load(ordering: .relaxed),
            calls: calls.load(ordering: .relaxed),
            sends: senders * observersPerThread * 4,
            subscribers: subscribers
        )
    }
}

private final class DisposableBox: @unchecked Sendable {
    var disposable: (any Disposable)?
}

private final class Count: Sendable {
    let value = Atomic<Int>(0)
}

/// Counts its own release in `count`.
private final class ReleaseCounter: Sendable {
    let count: Count

    init(_ count: Count) {
        self.count = count
    }

    deinit {
        count.value.add(1, ordering: .relaxed)
    }
}
