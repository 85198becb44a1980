import Ripple
import Synchronization
import Testing

@Suite struct ScopedDisposableTests {
    /// An object that ties bindings to its own life, as in the documentation.
    final class Owner {
        let bindings = ScopedDisposable(CompositeDisposable())
    }

    @Test func scopedDisposableDisposesOnDeinit() {
        let probe = Probe()
        do {
            let scoped = ScopedDisposable(probe)
            #expect(!scoped.isDisposed)
            #expect(probe.disposeCount == 0)
        }
        #expect(probe.disposeCount == 1)
    }

    @Test func wrapsADisposableOfAnyTypeAndKeepsTheTypeOfAKnownOne() {
        let probe = Probe()
        let erased: any Disposable = probe
        do {
            let scoped: ScopedDisposable<AnyDisposable> = ScopedDisposable(erased)
            #expect(!scoped.isDisposed)
        }
        #expect(probe.disposeCount == 1)
        #expect(type(of: ScopedDisposable(CompositeDisposable())) == ScopedDisposable<CompositeDisposable>.self)
        #expect(type(of: ScopedDisposable(AnyDisposable())) == ScopedDisposable<AnyDisposable>.self)
    }

    @Test func wrapsWhatObservingASignalReturns() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorder<Int>()
        do {
            let scoped = ScopedDisposable(signal.observeValues { received.append($0) }!)
            input.send(value: 1)
            #expect(!scoped.isDisposed)
        }
        input.send(value: 2)
        #expect(received.entries == [1])
    }

    @Test func innerIsTheWrappedDisposable() {
        let probe = Probe()
        let scoped = ScopedDisposable(probe)
        #expect(scoped.inner === probe)
    }

    @Test func disposeDisposesInnerAtOnce() {
        let probe = Probe()
        let scoped = ScopedDisposable(probe)
        scoped.dispose()
        #expect(probe.disposeCount == 1)
        #expect(scoped.isDisposed)
    }

    @Test func isDisposedFollowsInner() {
        let probe = Probe()
        let scoped = ScopedDisposable(probe)
        probe.dispose()
        #expect(scoped.isDisposed)
    }

    @Test func deinitAfterExplicitDisposeRunsInnerActionOnce() {
        let counter = Counter()
        do {
            let scoped = ScopedDisposable(AnyDisposable { counter.value += 1 })
            scoped.dispose()
            #expect(counter.value == 1)
        }
        #expect(counter.value == 1)
    }

    @Test func plusEqualsAddsDisposableToScopedComposite() {
        let scoped = ScopedDisposable(CompositeDisposable())
        let probe = Probe()
        scoped += probe
        #expect(!probe.isDisposed)
        scoped.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func plusEqualsAddsClosureToScopedComposite() {
        let scoped = ScopedDisposable(CompositeDisposable())
        let counter = Counter()
        scoped += { counter.value += 1 }
        #expect(counter.value == 0)
        scoped.dispose()
        #expect(counter.value == 1)
    }

    @Test func plusEqualsOnScopedCompositeReturnsRemovalHandle() {
        let scoped = ScopedDisposable(CompositeDisposable())
        let probe = Probe()
        let counter = Counter()
        let disposableHandle = scoped += probe
        let closureHandle = scoped += { counter.value += 1 }
        disposableHandle?.dispose()
        closureHandle?.dispose()
        scoped.dispose()
        #expect(probe.disposeCount == 0)
        #expect(counter.value == 0)
    }

    @Test func plusEqualsOnDisposedScopedCompositeDisposesAtOnce() {
        let scoped = ScopedDisposable(CompositeDisposable())
        scoped.dispose()
        let probe = Probe()
        let counter = Counter()
        let disposableHandle = scoped += probe
        let closureHandle = scoped += { counter.value += 1 }
        #expect(probe.disposeCount == 1)
        #expect(counter.value == 1)
        #expect(disposableHandle == nil)
        #expect(closureHandle == nil)
    }

    @Test func scopedCompositeDisposesItsMembersWhenOwnerIsDeinitialised() {
        let probe = Probe()
        let counter = Counter()
        var owner: Owner? = Owner()
        if let owner {
            owner.bindings += probe
            owner.bindings += { counter.value += 1 }
        }
        #expect(probe.disposeCount == 0)
        #expect(counter.value == 0)
        owner = nil
        #expect(probe.disposeCount == 1)
        #expect(counter.value == 1)
    }
}
