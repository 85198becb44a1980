import Ripple
import Synchronization
import Testing

@Suite struct LifetimeTests {
    @Test func madeLifetimeHasNotEnded() {
        let (lifetime, token) = Lifetime.make()
        #expect(!lifetime.hasEnded)
        #expect(!token.isDisposed)
    }

    @Test func tokenDisposeEndsLifetime() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        #expect(lifetime.hasEnded)
        #expect(token.isDisposed)
    }

    @Test func lifetimeEndsWhenTokenIsDeinitialised() {
        let lifetime: Lifetime
        do {
            let token = Lifetime.Token()
            lifetime = Lifetime(token)
            withExtendedLifetime(token) {
                #expect(!lifetime.hasEnded)
            }
        }
        #expect(lifetime.hasEnded)
    }

    @Test func madeLifetimeEndsWhenItsTokenIsDeinitialised() {
        let log = Log()
        let lifetime: Lifetime
        do {
            let made = Lifetime.make()
            lifetime = made.lifetime
            lifetime.observeEnded { log.entries.append("ended") }
            withExtendedLifetime(made.token) {
                #expect(!lifetime.hasEnded)
            }
        }
        #expect(lifetime.hasEnded)
        #expect(log.entries == ["ended"])
    }

    @Test func observeEndedRunsWhenLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let log = Log()
        lifetime.observeEnded { log.entries.append("ended") }
        #expect(log.entries.isEmpty)
        token.dispose()
        #expect(log.entries == ["ended"])
    }

    @Test func workAttachedToLifetimeRunsInAttachOrder() {
        let (lifetime, token) = Lifetime.make()
        let log = Log()
        lifetime.observeEnded { log.entries.append("a") }
        lifetime += AnyDisposable { log.entries.append("b") }
        lifetime.observeEnded { log.entries.append("c") }
        token.dispose()
        #expect(log.entries == ["a", "b", "c"])
    }

    @Test func observeEndedRunsAtOnceWhenAlreadyEnded() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let log = Log()
        let handle = lifetime.observeEnded { log.entries.append("ended") }
        #expect(log.entries == ["ended"])
        #expect(handle == nil)
    }

    @Test func observeEndedHandleCancelsObservation() {
        let (lifetime, token) = Lifetime.make()
        let log = Log()
        let handle = lifetime.observeEnded { log.entries.append("cancelled") }
        lifetime.observeEnded { log.entries.append("kept") }
        handle?.dispose()
        token.dispose()
        #expect(log.entries == ["kept"])
    }

    @Test func endedActionRunsOnceWhenTokenIsDisposedTwiceAndDeinitialised() {
        let log = Log()
        let lifetime: Lifetime
        do {
            let token = Lifetime.Token()
            lifetime = Lifetime(token)
            lifetime.observeEnded { log.entries.append("ended") }
            token.dispose()
            token.dispose()
        }
        #expect(log.entries == ["ended"])
        #expect(lifetime.hasEnded)
    }

    @Test func emptyLifetimeHasEnded() {
        #expect(Lifetime.empty.hasEnded)
    }

    @Test func observeEndedOnEmptyLifetimeRunsAtOnce() {
        let log = Log()
        let handle = Lifetime.empty.observeEnded { log.entries.append("ended") }
        #expect(log.entries == ["ended"])
        #expect(handle == nil)
    }

    @Test func lifetimesFromSameTokenEndTogether() {
        let token = Lifetime.Token()
        let first = Lifetime(token)
        let second = Lifetime(token)
        let log = Log()
        first.observeEnded { log.entries.append("first") }
        second.observeEnded { log.entries.append("second") }
        #expect(!first.hasEnded)
        #expect(!second.hasEnded)
        token.dispose()
        #expect(first.hasEnded)
        #expect(second.hasEnded)
        #expect(log.entries == ["first", "second"])
    }

    @Test func lifetimeFromTokenOfMadeLifetimeEndsWithIt() {
        let (made, token) = Lifetime.make()
        let another = Lifetime(token)
        let log = Log()
        another.observeEnded { log.entries.append("another") }
        token.dispose()
        #expect(made.hasEnded)
        #expect(another.hasEnded)
        #expect(log.entries == ["another"])
    }

    @Test func plusEqualsDisposesDisposableWhenLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let probe = Probe()
        lifetime += probe
        #expect(probe.disposeCount == 0)
        token.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func plusEqualsOnEndedLifetimeDisposesAtOnce() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let probe = Probe()
        let handle = lifetime += probe
        #expect(probe.disposeCount == 1)
        #expect(handle == nil)
    }

    @Test func plusEqualsHandleDetachesWithoutDisposing() {
        let (lifetime, token) = Lifetime.make()
        let probe = Probe()
        let handle = lifetime += probe
        handle?.dispose()
        #expect(probe.disposeCount == 0)
        token.dispose()
        #expect(probe.disposeCount == 0)
    }

    @Test func plusEqualsWithNilDoesNothing() {
        let (lifetime, token) = Lifetime.make()
        let handle = lifetime += nil
        #expect(handle == nil)
        #expect(!lifetime.hasEnded)
        #expect(!token.isDisposed)
    }

    @Test func lifetimeReleasesEndedActionsOnceEnded() {
        let (lifetime, token) = Lifetime.make()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            lifetime.observeEnded { withExtendedLifetime(witness) {} }
        }
        #expect(weakWitness != nil)
        token.dispose()
        #expect(weakWitness == nil)
    }

    @Test func endedSignalCompletesWhenLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        var events: [Signal<Never, Never>.Event] = []
        lifetime.ended.observe { events.append($0) }
        #expect(events.isEmpty)
        token.dispose()
        #expect(events == [.completed])
    }

    @Test func endedSignalCompletesForEveryObserver() {
        let (lifetime, token) = Lifetime.make()
        let log = Log()
        lifetime.ended.observeCompleted { log.entries.append("first") }
        lifetime.ended.observeCompleted { log.entries.append("second") }
        token.dispose()
        #expect(log.entries == ["first", "second"])
    }

    @Test func endedSignalsOfLifetimesFromSameTokenCompleteTogether() {
        let token = Lifetime.Token()
        let first = Lifetime(token)
        let second = Lifetime(token)
        let log = Log()
        first.ended.observeCompleted { log.entries.append("first") }
        second.ended.observeCompleted { log.entries.append("second") }
        token.dispose()
        #expect(log.entries == ["first", "second"])
    }

    @Test func endedSignalIsCreatedOnceAndSharedByTheLifetimesOfOneToken() {
        let token = Lifetime.Token()
        let first = Lifetime(token)
        #expect(first.ended === first.ended)
        #expect(first.ended === Lifetime(token).ended)
    }

    @Test func endedSignalOfAnEndedLifetimeHasAlreadyTerminated() {
        var events: [Signal<Never, Never>.Event] = []
        Lifetime.empty.ended.observe { events.append($0) }
        #expect(events == [.interrupted])
    }

    @Test func endedSignalInterruptsObserverArrivingAfterEnd() {
        let (lifetime, token) = Lifetime.make()
        let ended = lifetime.ended
        token.dispose()
        var events: [Signal<Never, Never>.Event] = []
        let handle = ended.observe { events.append($0) }
        #expect(events == [.interrupted])
        #expect(handle == nil)
    }

    @Test func endedSignalFirstReadAfterEndInterruptsObserver() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        var events: [Signal<Never, Never>.Event] = []
        lifetime.ended.observe { events.append($0) }
        #expect(events == [.interrupted])
    }

    @Test func endedSignalOfEmptyLifetimeInterruptsObserver() {
        var events: [Signal<Never, Never>.Event] = []
        Lifetime.empty.ended.observe { events.append($0) }
        #expect(events == [.interrupted])
    }
}
