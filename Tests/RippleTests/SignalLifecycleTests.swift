import Ripple
import Testing

/// Contract 7: a signal lives while it is reachable or observed; its input does not
/// retain it; a terminal event releases every observer and disposes its resources.
@Suite struct SignalLifecycleTests {
    @Test(arguments: [
        Signal<Int, TestError>.Event.completed,
        .failed(TestError(code: 1)),
        .interrupted,
    ])
    func terminalEventReleasesEveryObserver(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        weak var first: Witness?
        weak var second: Witness?
        do {
            let witness1 = Witness()
            let witness2 = Witness()
            first = witness1
            second = witness2
            signal.observe { _ in withExtendedLifetime(witness1) {} }
            signal.observe(Signal.Observer { _ in withExtendedLifetime(witness2) {} })
        }
        #expect(first != nil && second != nil)
        input.send(terminal)
        #expect(first == nil)
        #expect(second == nil)
        withExtendedLifetime((signal, input)) {}
    }

    @Test func terminalEventDisposesEverythingAttachedToTheSignalsLifetime() {
        let recorder = Recorder<String>()
        var input: Signal<Int, Never>.Observer?
        let resource = AnyDisposable { recorder.append("resource disposed") }
        let signal = Signal<Int, Never> { observer, lifetime in
            input = observer
            lifetime += resource
            lifetime.observeEnded { recorder.append("lifetime ended") }
        }
        signal.observe { recorder.append("observer got \($0)") }
        input?.sendCompleted()
        #expect(recorder.entries == ["observer got COMPLETED", "resource disposed", "lifetime ended"])
        #expect(resource.isDisposed)
    }

    @Test func detachedObserverIsReleased() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (disposable, witness) = observeKeepingAWitness(signal)
        #expect(witness.object != nil)
        disposable?.dispose()
        #expect(witness.object == nil)
        withExtendedLifetime((signal, input)) {}
    }

    /// Deliveries cache the observers (as the sole one, or as a copy of several);
    /// a detachment drops that cache at once.
    @Test(arguments: [0, 2])
    func observerDetachedBetweenDeliveriesIsReleasedAtOnce(otherObservers: Int) {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 + 1 }
        let others = (0..<otherObservers).map { _ in mapped.observeValues { _ in } }
        let (disposable, witness) = observeKeepingAWitness(mapped)
        input.send(value: 1)
        input.send(value: 2)
        #expect(witness.object != nil)
        disposable?.dispose()
        #expect(witness.object == nil)
        withExtendedLifetime((signal, mapped, input, others)) {}
    }

    @Test func observerDetachedDuringADeliveryIsReleasedWhenItEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let held = DisposableHolder()
        signal.observeValues { _ in
            held.disposable?.dispose()
            held.disposable = nil
        }
        let (disposable, witness) = observeKeepingAWitness(signal)
        held.disposable = disposable
        input.send(value: 1)
        #expect(witness.object == nil)
        withExtendedLifetime((signal, input)) {}
    }

    /// A derived signal leaves the bookkeeping of its deliveries to the signal at
    /// the root of its chain: an observer detached during the root's delivery, after
    /// the derived signal has delivered that event, is released when the root's
    /// delivery ends, not at the next event.
    @Test(arguments: [0, 2], [1, 2])
    func observerOfADerivedSignalDetachedLaterInTheRootsDeliveryIsReleasedWhenItEnds(otherObservers: Int, chainLength: Int) {
        let (signal, input) = Signal<Int, Never>.pipe()
        var derived = signal.map { $0 + 1 }
        if chainLength == 2 { derived = derived.filter { _ in true } }
        let others = (0..<otherObservers).map { _ in derived.observeValues { _ in } }
        let (disposable, witness) = observeKeepingAWitness(derived)
        input.send(value: 0)
        // Observes the root after the derived chain: runs once the chain has
        // delivered the event.
        let held = DisposableHolder()
        held.disposable = disposable
        signal.observeValues { _ in
            held.disposable?.dispose()
            held.disposable = nil
        }
        input.send(value: 1)
        #expect(witness.object == nil)
        withExtendedLifetime((signal, derived, input, others)) {}
    }

    /// A derived signal that sends when its source terminates (`take(last:)` sends
    /// what it kept) delivers during the source's termination; an observer detached
    /// from another derived signal meanwhile is released once that is over.
    @Test func observerDetachedWhileTheRootTerminatesIsReleasedWhenItEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 }
        let resident = mapped.observeValues { _ in }
        let (disposable, witness) = observeKeepingAWitness(mapped)
        input.send(value: 1)
        let held = DisposableHolder()
        held.disposable = disposable
        signal.take(last: 1).observeValues { _ in
            held.disposable?.dispose()
            held.disposable = nil
        }
        input.send(value: 2)
        #expect(witness.object != nil)
        input.sendCompleted()
        #expect(witness.object == nil)
        withExtendedLifetime((signal, mapped, resident)) {}
    }

    /// A signal's lifetime shares its allocation of locks with the signal's own
    /// locks; kept after the signal is gone, it must still work on its own.
    @Test func lifetimeKeptAfterItsSignalIsGoneStillDisposesWhatIsAdded() throws {
        var kept: Lifetime?
        weak var weakSignal: Signal<Int, Never>?
        do {
            let signal = Signal<Int, Never> { _, lifetime in kept = lifetime }
            weakSignal = signal
        }
        #expect(weakSignal == nil)
        let lifetime = try #require(kept)
        #expect(lifetime.hasEnded)
        let late = AnyDisposable()
        lifetime += late
        #expect(late.isDisposed)
        var ended = false
        lifetime.observeEnded { ended = true }
        #expect(ended)
    }

    @Test func inputDoesNotRetainTheSignal() {
        weak var weakSignal: Signal<Int, Never>?
        var input: Signal<Int, Never>.Observer?
        do {
            let pipe = Signal<Int, Never>.pipe()
            weakSignal = pipe.output
            input = pipe.input
        }
        #expect(weakSignal == nil)
        withExtendedLifetime(input) {}
    }

    @Test func unreferencedUnobservedSignalDisposesItsResourcesSilently() {
        let resource = AnyDisposable()
        var input: Signal<Int, Never>.Observer?
        do {
            let pipe = Signal<Int, Never>.pipe(disposable: resource)
            input = pipe.input
            #expect(!resource.isDisposed)
        }
        #expect(resource.isDisposed)
        input?.send(value: 1)
        withExtendedLifetime(input) {}
    }

    @Test func referencedSignalKeepsItsResourcesWithoutObservers() {
        let resource = AnyDisposable()
        let (signal, input) = Signal<Int, Never>.pipe(disposable: resource)
        signal.observeValues { _ in }?.dispose()
        #expect(!resource.isDisposed)
        withExtendedLifetime((signal, input)) {}
    }

    @Test func releasingTheInputInterruptsObserversAndDisposesResources() {
        let recorder = Recorder<String>()
        let resource = AnyDisposable { recorder.append("resource disposed") }
        var input: Signal<Int, Never>.Observer?
        let signal: Signal<Int, Never>
        (signal, input) = Signal<Int, Never>.pipe(disposable: resource)
        signal.observe(recorder.observer())
        input?.send(value: 1)
        input = nil
        #expect(recorder.entries == ["VALUE 1", "INTERRUPTED", "resource disposed"])
    }

    @Test func observedButUnreferencedSignalStaysAliveUntilItTerminates() {
        let recorder = Recorder<String>()
        let resource = AnyDisposable { recorder.append("resource disposed") }
        weak var weakSignal: Signal<Int, Never>?
        let input: Signal<Int, Never>.Observer
        do {
            let pipe = Signal<Int, Never>.pipe(disposable: resource)
            input = pipe.input
            weakSignal = pipe.output
            pipe.output.observe(recorder.observer())
        }
        #expect(weakSignal == nil)
        input.send(value: 1)
        input.send(value: 2)
        #expect(!resource.isDisposed)
        input.sendCompleted()
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "COMPLETED", "resource disposed"])
    }

    @Test func lastObserverLeavingAnUnreferencedSignalEndsItSilently() {
        let recorder = Recorder<String>()
        let resource = AnyDisposable { recorder.append("resource disposed") }
        let input: Signal<Int, Never>.Observer
        let first: (any Disposable)?
        let second: (any Disposable)?
        do {
            let pipe = Signal<Int, Never>.pipe(disposable: resource)
            input = pipe.input
            first = pipe.output.observe(recorder.observer("first "))
            second = pipe.output.observe(recorder.observer("second "))
        }
        input.send(value: 1)
        first?.dispose()
        #expect(!resource.isDisposed)
        second?.dispose()
        #expect(resource.isDisposed)
        input.send(value: 2)
        #expect(recorder.entries == ["first VALUE 1", "second VALUE 1", "resource disposed"])
    }

    @Test func signalReleasedWithItsInputFreesItsObservers() {
        weak var weakWitness: Witness?
        do {
            let (signal, input) = Signal<Int, Never>.pipe()
            let witness = Witness()
            weakWitness = witness
            signal.observeValues { _ in withExtendedLifetime(witness) {} }
            input.send(value: 1)
        }
        #expect(weakWitness == nil)
    }

    @Test func generatorThatDropsItsInputGivesAnInterruptedSignal() {
        let recorder = Recorder<String>()
        let signal = Signal<Int, Never> { _, _ in }
        signal.observe(recorder.observer())
        #expect(recorder.entries == ["INTERRUPTED"])
    }
}

/// Attaches to `signal` an observer that keeps a new ``Witness`` alive; returns the
/// observer's disposable and a weak reference to the witness.
private func observeKeepingAWitness(
    _ signal: Signal<Int, Never>
) -> (disposable: (any Disposable)?, witness: WeakWitness) {
    let witness = Witness()
    let disposable = signal.observeValues { _ in withExtendedLifetime(witness) {} }
    return (disposable, WeakWitness(object: witness))
}

private final class DisposableHolder {
    var disposable: (any Disposable)?
}
