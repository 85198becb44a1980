import Ripple
import Synchronization
import Testing

@Suite struct AnyDisposableTests {
    @Test func newDisposableIsNotDisposedAndHasNotRunItsAction() {
        let counter = Counter()
        let disposable = AnyDisposable { counter.value += 1 }
        #expect(!disposable.isDisposed)
        #expect(counter.value == 0)
    }

    @Test func disposeRunsActionBeforeReturningAndMarksDisposed() {
        let counter = Counter()
        let disposable = AnyDisposable { counter.value += 1 }
        disposable.dispose()
        #expect(counter.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func actionRunsOnceWhenDisposedTwice() {
        let counter = Counter()
        let disposable = AnyDisposable { counter.value += 1 }
        disposable.dispose()
        disposable.dispose()
        #expect(counter.value == 1)
        #expect(disposable.isDisposed)
    }

    @Test func disposableWithoutActionRemembersDisposal() {
        let disposable = AnyDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
    }

    @Test func isDisposedIsAlreadyTrueWhileActionRuns() {
        var seenFromInside: Bool?
        var disposable: AnyDisposable?
        disposable = AnyDisposable { seenFromInside = disposable?.isDisposed }
        disposable?.dispose()
        #expect(seenFromInside == true)
    }

    @Test func disposingAgainFromInsideActionDoesNotRunItAgain() {
        let counter = Counter()
        var disposable: AnyDisposable?
        disposable = AnyDisposable {
            counter.value += 1
            disposable?.dispose()
        }
        disposable?.dispose()
        #expect(counter.value == 1)
        #expect(disposable?.isDisposed == true)
    }

    @Test func closureIsReleasedAfterItRan() {
        weak var weakWitness: Witness?
        let disposable: AnyDisposable
        do {
            let witness = Witness()
            weakWitness = witness
            disposable = AnyDisposable { withExtendedLifetime(witness) {} }
        }
        #expect(weakWitness != nil, "the closure keeps what it captured until it runs")
        disposable.dispose()
        #expect(weakWitness == nil)
    }

    @Test func wrappingDisposableDisposesItOnce() {
        let inner = Probe()
        let wrapper = AnyDisposable(inner)
        #expect(!inner.isDisposed)
        wrapper.dispose()
        wrapper.dispose()
        #expect(inner.disposeCount == 1)
        #expect(wrapper.isDisposed)
    }

    @Test func wrapperReleasesWrappedDisposableOnceDisposed() {
        weak var weakInner: Probe?
        let wrapper: AnyDisposable
        do {
            let inner = Probe()
            weakInner = inner
            wrapper = AnyDisposable(inner)
        }
        #expect(weakInner != nil)
        wrapper.dispose()
        #expect(weakInner == nil)
    }
}
