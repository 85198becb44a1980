import Dispatch
import Ripple
import Synchronization
import Testing

/// Many threads hammering the lock-protected paths of the disposables at once.
/// Each test checks an exactly-once guarantee after every thread has finished.
@Suite struct DisposableStressTests {
    static let threads = 8

    @Test func concurrentDisposeRunsActionExactlyOnce() {
        let rounds = 10
        let disposablesPerRound = 2_000
        for _ in 0..<rounds {
            let runs = (0..<disposablesPerRound).map { _ in AtomicCounter() }
            let disposables = runs.map { counter in AnyDisposable { counter.increment() } }
            let seenUndisposedAfterDispose = AtomicCounter()
            // Every thread disposes every disposable, walking them in the same order,
            // so that the threads race on the same disposable.
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                for disposable in disposables {
                    disposable.dispose()
                    if !disposable.isDisposed { seenUndisposedAfterDispose.increment() }
                }
            }
            let wrong = runs.count { $0.value != 1 }
            #expect(wrong == 0, "\(wrong) of \(disposablesPerRound) actions did not run exactly once")
            #expect(seenUndisposedAfterDispose.value == 0)
        }
    }

    @Test func concurrentAddRemoveAndDisposeDisposeEveryMemberExactlyOnce() {
        let rounds = 5
        let perThread = 5_000
        let total = Self.threads * perThread
        for _ in 0..<rounds {
            let composite = CompositeDisposable()
            let probes = (0..<total).map { _ in Probe() }
            let progress = AtomicCounter()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in thread * perThread..<(thread + 1) * perThread {
                    let probe = probes[index]
                    let handle = composite.add(probe)
                    if let handle, index % 3 == 0 {
                        probe.markDetached()
                        handle.dispose()
                    }
                    if progress.increment() == total / 2 {
                        composite.dispose()
                    }
                }
            }
            #expect(composite.isDisposed)
            // A detached member was disposed once if the composite got to it first,
            // otherwise never; every other member exactly once.
            let wrong = probes.count { probe in
                probe.wasDetached ? probe.disposeCount > 1 : probe.disposeCount != 1
            }
            #expect(wrong == 0, "\(wrong) of \(total) members were not disposed exactly once")
        }
    }

    @Test func concurrentDisposeOfCompositeDisposesEveryMemberExactlyOnce() {
        let rounds = 500
        let members = 64
        var wrong = 0
        for _ in 0..<rounds {
            let composite = CompositeDisposable()
            let probes = (0..<members).map { _ in Probe() }
            for probe in probes { composite.add(probe) }
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                composite.dispose()
            }
            wrong += probes.count { $0.disposeCount != 1 }
        }
        #expect(wrong == 0)
    }

    @Test func concurrentAssignmentsDisposeEveryReplacedInnerExactlyOnce() {
        let rounds = 5
        let perThread = 5_000
        let total = Self.threads * perThread
        for _ in 0..<rounds {
            let serial = SerialDisposable()
            let probes = (0..<total).map { _ in Probe() }
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in thread * perThread..<(thread + 1) * perThread {
                    serial.inner = probes[index]
                    if index % 5 == 0 { _ = serial.inner }
                }
            }
            // Only the last assignment survives, still undisposed, in the slot.
            let survivor = serial.inner
            let undisposed = probes.count { !$0.isDisposed }
            #expect(undisposed == 1)
            #expect(survivor?.isDisposed == false)
            serial.dispose()
            let wrong = probes.count { $0.disposeCount != 1 }
            #expect(wrong == 0, "\(wrong) of \(total) inners were not disposed exactly once")
        }
    }

    @Test func concurrentAssignmentAndDisposeDisposeEveryInnerExactlyOnce() {
        let rounds = 5
        let perThread = 5_000
        let total = Self.threads * perThread
        for _ in 0..<rounds {
            let serial = SerialDisposable()
            let probes = (0..<total).map { _ in Probe() }
            let progress = AtomicCounter()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in thread * perThread..<(thread + 1) * perThread {
                    serial.inner = probes[index]
                    if index % 5 == 0 { _ = serial.inner }
                    if progress.increment() == total / 2 {
                        serial.dispose()
                    }
                }
            }
            #expect(serial.isDisposed)
            #expect(serial.inner == nil)
            let wrong = probes.count { $0.disposeCount != 1 }
            #expect(wrong == 0, "\(wrong) of \(total) inners were not disposed exactly once")
        }
    }

    @Test func concurrentObserveEndedAndTokenDisposeRunEveryActionExactlyOnce() {
        let rounds = 5
        let perThread = 5_000
        let total = Self.threads * perThread
        for _ in 0..<rounds {
            let (lifetime, token) = Lifetime.make()
            let runs = (0..<total).map { _ in AtomicCounter() }
            let progress = AtomicCounter()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in thread * perThread..<(thread + 1) * perThread {
                    let counter = runs[index]
                    lifetime.observeEnded { counter.increment() }
                    if progress.increment() == total / 2 {
                        token.dispose()
                    }
                }
            }
            #expect(lifetime.hasEnded)
            let wrong = runs.count { $0.value != 1 }
            #expect(wrong == 0, "\(wrong) of \(total) actions did not run exactly once")
        }
    }
}
