import Dispatch
@_spi(RippleTesting) import Ripple
import Testing

@Suite struct SubscriptionCounterTests {
    @Test func observersAttachedInsideTheScopeAreCountedUntilDisposed() {
        let (signal, input) = Signal<Int, Never>.pipe()
        defer { withExtendedLifetime(input) {} }
        let counter = SubscriptionCounter()
        let (first, second) = counter.counting {
            (signal.observeValues { _ in }, signal.observeValues { _ in })
        }
        #expect(counter.liveCount == 2)
        first?.dispose()
        #expect(counter.liveCount == 1)
        second?.dispose()
        second?.dispose()
        #expect(counter.liveCount == 0)
        #expect(counter.totalCount == 2)
    }

    @Test func observersAttachedOutsideTheScopeAreNotCounted() {
        let (signal, input) = Signal<Int, Never>.pipe()
        defer { withExtendedLifetime(input) {} }
        let counter = SubscriptionCounter()
        let outside = signal.observeValues { _ in }
        counter.counting { _ = signal.observeValues { _ in } }
        let afterwards = signal.observeValues { _ in }
        #expect(counter.liveCount == 1)
        #expect(counter.totalCount == 1)
        outside?.dispose()
        afterwards?.dispose()
        #expect(counter.liveCount == 1)
    }

    @Test func terminationDetachesEveryCountedObserver() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let counter = SubscriptionCounter()
        counter.counting {
            signal.observeValues { _ in }
            signal.map { $0 + 1 }.observeValues { _ in }
        }
        #expect(counter.liveCount == 3)  // two observers of `signal` (one feeds map) and one of the mapped signal
        input.sendCompleted()
        #expect(counter.liveCount == 0)
    }

    @Test func observersOfAReleasedSignalAreNoLongerCounted() {
        let counter = SubscriptionCounter()
        counter.counting {
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.observeValues { _ in }
            withExtendedLifetime(input) {}
        }
        #expect(counter.totalCount == 1)
        #expect(counter.liveCount == 0)
    }

    @Test func observingATerminatedSignalLeavesNothingCounted() {
        let counter = SubscriptionCounter()
        let signal = Signal<Int, Never>.empty
        counter.counting { _ = signal.observeValues { _ in } }
        #expect(counter.liveCount == 0)
    }

    @Test func aProducerRunIsCountedUntilItEnds() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let counter = SubscriptionCounter()
        let run = counter.counting {
            SignalProducer(signal).map { $0 * 2 }.filter { $0 > 0 }.startWithValues { _ in }
        }
        #expect(counter.liveCount > 0)
        run.dispose()
        #expect(counter.liveCount == 0)
        _ = counter.counting { SignalProducer(signal).startWithValues { _ in } }
        input.sendCompleted()
        #expect(counter.liveCount == 0)
    }

    @Test func bindingsAreCountedUntilTheirTargetGoesAway() {
        let source = MutableProperty("a")
        let counter = SubscriptionCounter()
        var target: MutableProperty<String>? = MutableProperty("")
        counter.counting { target! <~ source }
        #expect(counter.liveCount > 0)
        #expect(target?.value == "a")
        target = nil
        #expect(counter.liveCount == 0)
    }

    @Test func theInnermostScopeCounts() {
        let (signal, input) = Signal<Int, Never>.pipe()
        defer { withExtendedLifetime(input) {} }
        let outer = SubscriptionCounter()
        let inner = SubscriptionCounter()
        outer.counting {
            signal.observeValues { _ in }
            inner.counting { _ = signal.observeValues { _ in } }
        }
        #expect(outer.liveCount == 1)
        #expect(inner.liveCount == 1)
    }

    @Test func aThrowingScopeRethrowsItsError() {
        struct Oops: Error {}
        let counter = SubscriptionCounter()
        #expect(throws: Oops.self) {
            try counter.counting { () throws(Oops) -> Void in throw Oops() }
        }
    }

    @Test func childTasksOfAnAsyncScopeAreCounted() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        defer { withExtendedLifetime(input) {} }
        let counter = SubscriptionCounter()
        await counter.counting {
            await Task { _ = signal.observeValues { _ in } }.value
        }
        #expect(counter.liveCount == 1)
    }
}

@Suite struct SubscriptionCounterStressTests {
    @Test func concurrentAttachesAndDetachesBalance() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let counter = SubscriptionCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            counter.counting {
                for index in 0..<2_000 {
                    let subscription = signal.observeValues { _ in }
                    if worker == 0 { input.send(value: index) }
                    if index % 4 != 0 { subscription?.dispose() }
                }
            }
        }
        #expect(counter.totalCount == 16_000)
        #expect(counter.liveCount == 4_000)
        input.sendCompleted()
        #expect(counter.liveCount == 0)
    }
}

/// A counter with a recorder: what it keeps of each observer still attached.
@Suite struct SubscriptionCounterRecordingTests {
    @Test func eachLiveObserverKeepsItsStreamTypeAndTheRecordOfItsAttach() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let attaches = Recorder<Int>()
        let counter = SubscriptionCounter { attaches.entries.count }
        let first = counter.counting { () -> (any Disposable)? in
            attaches.append(1)
            let disposable = signal.observeValues { _ in }
            attaches.append(2)
            signal.map { "\($0)" }.observeValues { _ in }
            return disposable
        }
        #expect(counter.liveAttachments.map(\.streamType) == ["Signal<Int, Never>", "Signal<Int, Never>", "Signal<String, Never>"])
        #expect(counter.liveAttachments.map { $0.record as? Int } == [1, 2, 2])

        first?.dispose()
        #expect(counter.liveAttachments.map(\.streamType) == ["Signal<Int, Never>", "Signal<String, Never>"])
        input.sendCompleted()
        #expect(counter.liveAttachments.isEmpty)
        #expect(counter.liveCount == 0)
    }

    @Test func theRunOfAProducerOfValuesIsRecordedAsAProducer() {
        let counter = SubscriptionCounter { 0 }
        var seen: [String] = []
        counter.counting {
            SignalProducer([1, 2]).startWithValues { _ in seen = counter.liveAttachments.map(\.streamType) }
        }
        #expect(seen == ["SignalProducer<Int, Never>"])
        #expect(counter.liveAttachments.isEmpty)
        #expect(counter.totalCount == 1)
    }

    @Test func aCounterWithoutARecorderKeepsNoRecords() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let counter = SubscriptionCounter()
        counter.counting { signal.observeValues { _ in } }
        #expect(counter.liveCount == 1)
        #expect(counter.liveAttachments.isEmpty)
        withExtendedLifetime(input) {}
    }

    @Test func recordsStayConsistentUnderStressFromManyThreads() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let counter = SubscriptionCounter { 0 }
        await counter.counting {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for index in 0..<200 {
                            let disposable = signal.observeValues { _ in }
                            if index % 2 == 0 { disposable?.dispose() }
                        }
                    }
                }
            }
        }
        #expect(counter.liveCount == 400)
        #expect(counter.liveAttachments.count == 400)
        input.sendCompleted()
        #expect(counter.liveAttachments.isEmpty)
    }
}
