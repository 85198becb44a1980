import Ripple
import Synchronization
import Testing

@Suite struct SerialDisposableTests {
    @Test func newSerialDisposableIsEmptyAndNotDisposed() {
        let serial = SerialDisposable()
        #expect(serial.inner == nil)
        #expect(!serial.isDisposed)
    }

    @Test func initialInnerIsHeldWithoutBeingDisposed() {
        let probe = Probe()
        let serial = SerialDisposable(probe)
        #expect(serial.inner === probe)
        #expect(probe.disposeCount == 0)
    }

    @Test func assigningInnerDisposesPrevious() {
        let serial = SerialDisposable()
        let first = Probe()
        let second = Probe()
        serial.inner = first
        #expect(first.disposeCount == 0)
        serial.inner = second
        #expect(first.disposeCount == 1)
        #expect(second.disposeCount == 0)
        #expect(serial.inner === second)
        #expect(!serial.isDisposed)
    }

    @Test func assigningInnerDisposesInitialInner() {
        let initial = Probe()
        let serial = SerialDisposable(initial)
        serial.inner = Probe()
        #expect(initial.disposeCount == 1)
    }

    @Test func reassigningCurrentInnerDoesNotDisposeIt() {
        let serial = SerialDisposable()
        let probe = Probe()
        serial.inner = probe
        serial.inner = probe
        #expect(probe.disposeCount == 0)
        #expect(serial.inner === probe)
    }

    @Test func assigningNilDisposesPreviousAndEmptiesSlot() {
        let serial = SerialDisposable()
        let probe = Probe()
        serial.inner = probe
        serial.inner = nil
        #expect(probe.disposeCount == 1)
        #expect(serial.inner == nil)
        #expect(!serial.isDisposed)
    }

    @Test func disposingDisposesCurrentInnerAndEmptiesSlot() {
        let serial = SerialDisposable()
        let probe = Probe()
        serial.inner = probe
        serial.dispose()
        #expect(serial.isDisposed)
        #expect(probe.disposeCount == 1)
        #expect(serial.inner == nil)
    }

    @Test func disposingDisposesInitialInner() {
        let probe = Probe()
        let serial = SerialDisposable(probe)
        serial.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func disposingTwiceDisposesInnerOnce() {
        let serial = SerialDisposable()
        let probe = Probe()
        serial.inner = probe
        serial.dispose()
        serial.dispose()
        #expect(probe.disposeCount == 1)
        #expect(serial.isDisposed)
    }

    @Test func assigningToDisposedSerialDisposesAtOnce() {
        let serial = SerialDisposable()
        serial.dispose()
        let probe = Probe()
        serial.inner = probe
        #expect(probe.disposeCount == 1)
    }

    @Test func assigningToDisposedSerialDoesNotKeepNewInner() {
        let serial = SerialDisposable()
        serial.dispose()
        serial.inner = Probe()
        #expect(serial.inner == nil)
        #expect(serial.isDisposed)
    }

    @Test func assigningFromInsideDisposalOfReplacedInnerKeepsLatest() {
        let serial = SerialDisposable()
        let second = Probe()
        let third = Probe()
        serial.inner = AnyDisposable { serial.inner = third }
        serial.inner = second
        #expect(second.disposeCount == 1)
        #expect(third.disposeCount == 0)
        #expect(serial.inner === third)
    }

    @Test func serialReleasesReplacedInner() {
        let serial = SerialDisposable()
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            weakProbe = probe
            serial.inner = probe
        }
        #expect(weakProbe != nil)
        serial.inner = Probe()
        #expect(weakProbe == nil)
    }

    @Test func serialReleasesInnerOnceDisposed() {
        let serial = SerialDisposable()
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            weakProbe = probe
            serial.inner = probe
        }
        #expect(weakProbe != nil)
        serial.dispose()
        #expect(weakProbe == nil)
    }
}
