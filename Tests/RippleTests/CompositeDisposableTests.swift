import Ripple
import Synchronization
import Testing

@Suite struct CompositeDisposableTests {
    @Test func newCompositeIsNotDisposed() {
        let composite = CompositeDisposable()
        #expect(!composite.isDisposed)
    }

    @Test func disposingCompositeDisposesEveryMember() {
        let composite = CompositeDisposable()
        let probes = [Probe(), Probe(), Probe()]
        for probe in probes { composite.add(probe) }
        #expect(probes.allSatisfy { !$0.isDisposed })
        composite.dispose()
        #expect(composite.isDisposed)
        #expect(probes.map(\.disposeCount) == [1, 1, 1])
    }

    @Test func membersAreDisposedOnceWhenCompositeIsDisposedTwice() {
        let composite = CompositeDisposable()
        let probe = Probe()
        composite.add(probe)
        composite.dispose()
        composite.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func disposalOrderIsInsertionOrder() {
        let composite = CompositeDisposable()
        let log = Log()
        composite.add { log.entries.append("a") }
        composite.add(AnyDisposable { log.entries.append("b") })
        composite += { log.entries.append("c") }
        composite += AnyDisposable { log.entries.append("d") }
        #expect(log.entries.isEmpty)
        composite.dispose()
        #expect(log.entries == ["a", "b", "c", "d"])
    }

    @Test func disposalOrderIsInsertionOrderAfterManyRemovals() {
        let composite = CompositeDisposable()
        let log = Log()
        var handles: [(any Disposable)?] = []
        for index in 0..<100 {
            handles.append(composite.add { log.entries.append("\(index)") })
        }
        // Remove two members out of three, so that holes outnumber members.
        for index in 0..<100 where index % 3 != 0 {
            handles[index]?.dispose()
        }
        for index in 100..<110 {
            composite.add { log.entries.append("\(index)") }
        }
        composite.dispose()
        let expected = (0..<100).filter { $0 % 3 == 0 }.map { "\($0)" } + (100..<110).map { "\($0)" }
        #expect(log.entries == expected)
    }

    @Test func addingToDisposedCompositeDisposesAtOnce() {
        let composite = CompositeDisposable()
        composite.dispose()
        let probe = Probe()
        let handle = composite.add(probe)
        #expect(handle == nil)
        #expect(probe.disposeCount == 1)
    }

    @Test func addingClosureToDisposedCompositeRunsItAtOnce() {
        let composite = CompositeDisposable()
        composite.dispose()
        let log = Log()
        let handle = composite.add { log.entries.append("ran") }
        #expect(handle == nil)
        #expect(log.entries == ["ran"])
    }

    @Test func addingNilReturnsNilAndLeavesCompositeUntouched() {
        let composite = CompositeDisposable()
        let handle = composite.add(nil)
        #expect(handle == nil)
        #expect(!composite.isDisposed)
    }

    @Test func removalHandleDetachesWithoutDisposing() {
        let composite = CompositeDisposable()
        let probe = Probe()
        let handle = composite.add(probe)
        #expect(handle != nil)
        handle?.dispose()
        #expect(probe.disposeCount == 0)
        composite.dispose()
        #expect(probe.disposeCount == 0)
    }

    @Test func removalHandleDetachesClosureWithoutRunningIt() {
        let composite = CompositeDisposable()
        let log = Log()
        let handle = composite.add { log.entries.append("ran") }
        handle?.dispose()
        composite.dispose()
        #expect(log.entries.isEmpty)
    }

    @Test func removingOneMemberLeavesTheOthers() {
        let composite = CompositeDisposable()
        let first = Probe()
        let second = Probe()
        let third = Probe()
        composite.add(first)
        let handle = composite.add(second)
        composite.add(third)
        handle?.dispose()
        composite.dispose()
        #expect(first.disposeCount == 1)
        #expect(second.disposeCount == 0)
        #expect(third.disposeCount == 1)
    }

    @Test func removalHandleUsedTwiceLeavesOtherMembersInPlace() {
        let composite = CompositeDisposable()
        let removed = Probe()
        let kept = Probe()
        let handle = composite.add(removed)
        composite.add(kept)
        handle?.dispose()
        handle?.dispose()
        composite.dispose()
        #expect(removed.disposeCount == 0)
        #expect(kept.disposeCount == 1)
    }

    @Test func removalHandleIsDisposedOnceUsed() {
        let composite = CompositeDisposable()
        let handle = composite.add(Probe())
        #expect(handle?.isDisposed == false)
        handle?.dispose()
        #expect(handle?.isDisposed == true)
        #expect(!composite.isDisposed)
    }

    @Test func removalHandleIsDisposedOnceCompositeIsDisposed() {
        let composite = CompositeDisposable()
        let handle = composite.add(Probe())
        composite.dispose()
        #expect(handle?.isDisposed == true)
    }

    @Test func removalHandleUsedAfterCompositeDisposalChangesNothing() {
        let composite = CompositeDisposable()
        let probe = Probe()
        let handle = composite.add(probe)
        composite.dispose()
        handle?.dispose()
        #expect(probe.disposeCount == 1)
        #expect(composite.isDisposed)
    }

    @Test func initialiserFromSequenceSkipsNils() {
        let log = Log()
        let members: [(any Disposable)?] = [
            AnyDisposable { log.entries.append("a") },
            nil,
            AnyDisposable { log.entries.append("b") },
            nil,
        ]
        let composite = CompositeDisposable(members)
        #expect(!composite.isDisposed)
        composite.dispose()
        #expect(log.entries == ["a", "b"])
    }

    @Test func plusEqualsAddsDisposable() {
        let composite = CompositeDisposable()
        let probe = Probe()
        composite += probe
        #expect(!probe.isDisposed)
        composite.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func plusEqualsAddsClosure() {
        let composite = CompositeDisposable()
        let log = Log()
        composite += { log.entries.append("ran") }
        #expect(log.entries.isEmpty)
        composite.dispose()
        #expect(log.entries == ["ran"])
    }

    @Test func plusEqualsReturnsRemovalHandle() {
        let composite = CompositeDisposable()
        let probe = Probe()
        let log = Log()
        let disposableHandle = composite += probe
        let closureHandle = composite += { log.entries.append("ran") }
        disposableHandle?.dispose()
        closureHandle?.dispose()
        composite.dispose()
        #expect(probe.disposeCount == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func plusEqualsOnDisposedCompositeDisposesAtOnce() {
        let composite = CompositeDisposable()
        composite.dispose()
        let probe = Probe()
        let log = Log()
        let disposableHandle = composite += probe
        let closureHandle = composite += { log.entries.append("ran") }
        #expect(probe.disposeCount == 1)
        #expect(log.entries == ["ran"])
        #expect(disposableHandle == nil)
        #expect(closureHandle == nil)
    }

    @Test func compositeReleasesMembersOnceDisposed() {
        let composite = CompositeDisposable()
        weak var weakProbe: Probe?
        weak var weakWitness: Witness?
        do {
            let probe = Probe()
            let witness = Witness()
            weakProbe = probe
            weakWitness = witness
            composite.add(probe)
            composite.add { withExtendedLifetime(witness) {} }
        }
        #expect(weakProbe != nil)
        #expect(weakWitness != nil)
        composite.dispose()
        #expect(weakProbe == nil)
        #expect(weakWitness == nil)
    }

    @Test func compositeReleasesRemovedMember() {
        let composite = CompositeDisposable()
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            weakProbe = probe
            let handle = composite.add(probe)
            handle?.dispose()
        }
        #expect(weakProbe == nil)
        #expect(!composite.isDisposed)
    }

    @Test func compositeReleasesMembersOnceDisposedWhileHandlesAreKept() {
        let composite = CompositeDisposable()
        weak var weakProbe: Probe?
        let handle: (any Disposable)?
        do {
            let probe = Probe()
            weakProbe = probe
            handle = composite.add(probe)
        }
        composite.dispose()
        #expect(handle != nil)
        #expect(weakProbe == nil)
    }

    @Test func removedMemberIsReleasedWhileItsHandleIsKept() {
        let composite = CompositeDisposable()
        weak var weakProbe: Probe?
        let handle: (any Disposable)?
        do {
            let probe = Probe()
            weakProbe = probe
            handle = composite.add(probe)
        }
        #expect(weakProbe != nil)
        handle?.dispose()
        #expect(weakProbe == nil)
        #expect(!composite.isDisposed)
    }

    @Test func addingFromInsideDisposalDisposesNewcomerAtOnce() {
        let composite = CompositeDisposable()
        let late = Probe()
        var lateHandleWasNil: Bool?
        composite.add { lateHandleWasNil = composite.add(late) == nil }
        composite.dispose()
        #expect(lateHandleWasNil == true)
        #expect(late.disposeCount == 1)
    }

    @Test func disposingCompositeFromInsideMemberDisposesOthersOnce() {
        let composite = CompositeDisposable()
        let before = Probe()
        let after = Probe()
        composite.add(before)
        composite.add { composite.dispose() }
        composite.add(after)
        composite.dispose()
        #expect(before.disposeCount == 1)
        #expect(after.disposeCount == 1)
    }

    @Test func nestedCompositeIsDisposedWithItsParent() {
        let parent = CompositeDisposable()
        let child = CompositeDisposable()
        let probe = Probe()
        child.add(probe)
        parent.add(child)
        parent.dispose()
        #expect(child.isDisposed)
        #expect(probe.disposeCount == 1)
    }
}

@Suite struct CompositeDisposableLateArrivalTests {
    @Test func aDisposableAddedWhileTheMembersAreBeingDisposedRunsAfterThem() {
        let composite = CompositeDisposable()
        let log = Log()
        composite += {
            log.entries.append("first")
            composite += { log.entries.append("late") }
            log.entries.append("first done")
        }
        composite += { log.entries.append("second") }
        composite.dispose()
        #expect(log.entries == ["first", "first done", "second", "late"])
        composite += { log.entries.append("after") }
        #expect(log.entries == ["first", "first done", "second", "late", "after"])
    }
}
