import Ripple
import Testing

/// What `observe` returns is the observer's handle: keeping it must never keep the
/// observer (its closure and what the closure captures) once the observer is
/// detached, whether by `dispose()`, by the signal's termination, or from inside a
/// delivery.
@Suite struct KeptDisposableTests {
    @Test(arguments: [1, 3])
    func aDisposedObserverIsReleasedAtOnceWhileItsDisposableIsKept(observers: Int) throws {
        let (signal, input) = Signal<Int, Never>.pipe()
        let residents = (1..<observers).map { _ in signal.observeValues { _ in } }
        weak var weakCaptured: CapturedByObserver?
        let disposable = try #require(attachWitness(to: signal) { weakCaptured = $0 })
        input.send(value: 1)  // a delivery caches the observers
        #expect(!isReleased(weakCaptured))
        disposable.dispose()
        #expect(isReleased(weakCaptured))
        #expect(disposable.isDisposed)
        withExtendedLifetime((residents, disposable)) {}
    }

    @Test(arguments: [1, 3])
    func anObserverDisposingItselfDuringADeliveryIsReleasedWhenTheDeliveryEnds(observers: Int) {
        let (signal, input) = Signal<Int, Never>.pipe()
        let residents = (1..<observers).map { _ in signal.observeValues { _ in } }
        let box = DisposableHolder()
        weak var weakCaptured: CapturedByObserver?
        var releasedDuringDelivery: Bool?
        do {
            let witness = CapturedByObserver()
            weakCaptured = witness
            box.disposable = signal.observeValues { _ in
                withExtendedLifetime(witness) {}
                box.disposable?.dispose()
            }
        }
        // A later observer sees, during the same delivery, whether the witness is gone.
        let probe = signal.observeValues { _ in releasedDuringDelivery = weakCaptured == nil }
        input.send(value: 1)
        #expect(releasedDuringDelivery == false)
        #expect(isReleased(weakCaptured))
        #expect(box.disposable?.isDisposed == true)
        withExtendedLifetime((residents, probe)) {}
    }

    /// An observer attached after the delivery under way took its copy of the
    /// observers, and disposed before that delivery ends, is in no copy: nothing
    /// can reach it, so it is released at once.
    @Test(arguments: [1, 3])
    func anObserverAttachedAndDisposedDuringADeliveryIsReleasedAtOnceWhileItsDisposableIsKept(observers: Int) {
        let (signal, input) = Signal<Int, Never>.pipe()
        let residents = (1..<observers).map { _ in signal.observeValues { _ in } }
        weak var weakCaptured: CapturedByObserver?
        var kept: (any Disposable)?
        var releasedAtOnce: Bool?
        let attacher = signal.observeValues { _ in
            guard kept == nil else { return }
            kept = attachWitness(to: signal) { weakCaptured = $0 }
            kept?.dispose()
            releasedAtOnce = isReleased(weakCaptured)
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(releasedAtOnce == true)
        #expect(isReleased(weakCaptured))
        #expect(kept?.isDisposed == true)
        withExtendedLifetime((residents, attacher, kept)) {}
    }

    @Test(arguments: [1, 3])
    func aKeptDisposableOfATerminatedSignalHoldsNoObserver(observers: Int) throws {
        let (signal, input) = Signal<Int, Never>.pipe()
        let residents = (1..<observers).map { _ in signal.observeValues { _ in } }
        weak var weakCaptured: CapturedByObserver?
        let disposable = try #require(attachWitness(to: signal) { weakCaptured = $0 })
        input.send(value: 1)
        input.sendCompleted()
        #expect(isReleased(weakCaptured))
        #expect(disposable.isDisposed)
        withExtendedLifetime((residents, disposable)) {}
    }

    @Test func anObserverCapturingItsOwnDisposableIsReleasedWhenDisposed() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakHolder: DisposableHolder?
        do {
            let holder = DisposableHolder()
            weakHolder = holder
            holder.disposable = signal.observeValues { _ in withExtendedLifetime(holder) {} }
            input.send(value: 1)
            holder.disposable?.dispose()
        }
        #expect(isReleased(weakHolder))
        withExtendedLifetime(input) {}
    }

    @Test func anObserverOfADerivedSignalIsReleasedWhenDisposedWhileItsDisposableIsKept() throws {
        let (signal, input) = Signal<Int, Never>.pipe()
        let derived = signal.map { $0 * 2 }
        weak var weakCaptured: CapturedByObserver?
        let disposable = try #require(attachWitness(to: derived) { weakCaptured = $0 })
        input.send(value: 1)
        disposable.dispose()
        #expect(isReleased(weakCaptured))
        withExtendedLifetime((input, disposable)) {}
    }

    /// Whether the object is gone (a `Bool`, so that a failed expectation does not
    /// try to describe a half-released object).
    private func isReleased(_ object: AnyObject?) -> Bool {
        object == nil
    }

    private func attachWitness(to signal: Signal<Int, Never>, _ report: (CapturedByObserver) -> Void) -> (any Disposable)? {
        let witness = CapturedByObserver()
        report(witness)
        return signal.observeValues { _ in withExtendedLifetime(witness) {} }
    }
}

private final class CapturedByObserver {}

private final class DisposableHolder {
    var disposable: (any Disposable)?
}
