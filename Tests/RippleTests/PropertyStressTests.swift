import Foundation
import Ripple
import Synchronization
import Testing

/// Properties updated and observed from several threads at once: updates are atomic,
/// observers see them in the order they were stored, and every run of a producer
/// sees the current value and then every later change. Also run under the thread
/// sanitizer by `.ci/run`.
@Suite struct PropertyStressTests {
    static let threads = 8

    /// Whether `values` go up by one at every step.
    static func isGapless(_ values: [Int]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }

    @Test func concurrentModifyIsExactAndObserversSeeEveryValueInOrder() {
        let increments = 10_000
        let count = MutableProperty(0)
        let seen = Recorder<Int>()
        count.signal.observeValues { seen.append($0) }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<increments { count.modify { $0 += 1 } }
        }
        let total = Self.threads * increments
        #expect(count.value == total)
        let values = seen.entries
        #expect(values.count == total)
        #expect(values.first == 1 && Self.isGapless(values))
    }

    @Test func everyRunStartedDuringConcurrentSetsSeesItsFirstValueThenEveryLaterOne() {
        let writers = 4
        let increments = 500
        let runsPerStarter = 25
        let count = MutableProperty(0)
        let doubled = count.map { $0 * 2 }
        let runs = (0..<(Self.threads - writers) * runsPerStarter).map { _ in Recorder<Int>() }
        let composedRuns = runs.map { _ in Recorder<Int>() }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            if thread < writers {
                for _ in 0..<increments { count.modify { $0 += 1 } }
            } else {
                for run in 0..<runsPerStarter {
                    let index = (thread - writers) * runsPerStarter + run
                    count.producer.startWithValues(runs[index].append)
                    doubled.producer.startWithValues { composedRuns[index].append($0 / 2) }
                }
            }
        }
        let total = writers * increments
        for values in runs.map(\.entries) + composedRuns.map(\.entries) {
            #expect(values.last == total)
            #expect(Self.isGapless(values))
        }
    }

    @Test func combineLatestOfPropertiesSetConcurrentlyEndsAtTheLatestPair() {
        let sets = 10_000
        let left = MutableProperty(0)
        let right = MutableProperty(0)
        let pair = Property.combineLatest(left, right)
        var regressions = 0  // touched by the observer only, which the combination serialises
        var previous = (0, 0)
        pair.signal.observeValues { value in
            if value.0 < previous.0 || value.1 < previous.1 { regressions += 1 }
            previous = value
        }
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            let property = side == 0 ? left : right
            for value in 1...sets { property.value = value }
        }
        #expect(pair.value == (sets, sets))
        #expect(regressions == 0)
    }

    @Test func concurrentProposalsToAValidatingPropertyAreEachValidatedOnce() {
        enum Odd: Error { case odd }
        let increments = 2_000
        let validations = AtomicCounter()
        let count = ValidatingProperty<Int, Odd>(0) { value in
            validations.increment()
            return value.isMultiple(of: 2) ? .valid : .invalid(.odd)
        }
        let seen = Recorder<Int>()
        let stored = Recorder<Int>()
        count.result.signal.observeValues { seen.append($0.value) }
        count.signal.observeValues { stored.append($0 / 2) }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<increments {
                // An odd proposal is refused: the value stays even.
                count.modify { $0 += 1 }
                count.modify { $0 += 2 }
            }
        }
        let total = Self.threads * increments
        #expect(count.value == 2 * total)
        #expect(!count.result.value.isInvalid)
        #expect(validations.value == 2 * total + 1)
        #expect(seen.entries.count == 2 * total)
        #expect(stored.entries.first == 1 && Self.isGapless(stored.entries) && stored.entries.count == total)
    }

    @Test func proposalsAndDirectChangesOfTheInnerPropertyAreEachValidatedOnce() {
        enum Odd: Error { case odd }
        let increments = 1_000
        let validations = AtomicCounter()
        let inner = MutableProperty(0)
        let count = ValidatingProperty<Int, Odd>(inner) { value in
            validations.increment()
            return value.isMultiple(of: 2) ? .valid : .invalid(.odd)
        }
        let outcomes = AtomicCounter()
        count.result.signal.observeValues { _ in outcomes.increment() }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for _ in 0..<increments {
                // Half the threads propose, half change the inner property directly.
                if thread.isMultiple(of: 2) {
                    count.modify { $0 += 2 }
                } else {
                    inner.modify { $0 += 2 }
                }
            }
        }
        let total = Self.threads * increments
        #expect(inner.value == 2 * total)
        // The initial value, then every change once: a proposal's write-back is
        // never validated again, a direct change always is.
        #expect(validations.value == total + 1)
        #expect(outcomes.value == total)
        #expect(count.result.value == .valid(2 * total))
    }

    /// Runs of `producer` started and disposed from several threads while others
    /// set the property: each run gets exactly one terminal event (`interrupted`),
    /// nothing after it, its values in order, and, once its `dispose()` has
    /// returned, at most the one value whose delivery was under way on a setting
    /// thread (which then delivers the interruption).
    @Test func runsDisposedFromOtherThreadsWhileThePropertyIsSetEndOnceAndHearAtMostTheValueUnderWay() {
        let writers = 2
        let runsPerThread = 300
        let count = MutableProperty(0)
        let tally = DisposalTally()
        let regressions = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            if thread < writers {
                for _ in 0..<runsPerThread * 10 { count.modify { $0 += 1 } }
                return
            }
            for _ in 0..<runsPerThread {
                let monitor = DisposalMonitor(tally)
                let last = Atomic<Int>(.min)
                let run = count.producer.start { event in
                    if case let .value(value) = event, last.exchange(value, ordering: .relaxed) > value {
                        regressions.increment()
                    }
                    monitor.observe(event)
                }
                run.dispose()
                monitor.didDispose()
            }
        }
        #expect(tally.violations.load(ordering: .acquiring) == 0)
        #expect(regressions.value == 0)
        #expect(tally.interruptions.load(ordering: .acquiring) == (Self.threads - writers) * runsPerThread)
    }

    /// An observer that sets the property from its `interrupted`, disposed on one
    /// thread while another thread sets the same property: neither waits for the
    /// other forever, and the property's other observers see every value once.
    @Test func runsWhoseInterruptionSetsThePropertyDisposedDuringConcurrentSetsDoNotDeadlock() {
        let rounds = 500
        let count = MutableProperty(0)
        let seen = AtomicCounter()
        let observer = count.signal.observeValues { _ in seen.increment() }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for _ in 0..<rounds {
                if thread == 0 {
                    count.modify { $0 += 1 }
                } else {
                    let run = count.producer.startWithInterrupted { count.modify { $0 += 1 } }
                    run.dispose()
                }
            }
        }
        #expect(count.value == 2 * rounds)
        #expect(seen.value == 2 * rounds)
        withExtendedLifetime(observer) {}
    }
}

/// Runs of a property's producer disposed while a delivery is under way: from an
/// observer of another property (whose own runs the other thread disposes), from a
/// deinitialiser, from another thread while a set of the run's property delivers.
/// Disposing never waits for a delivery under way on another thread, so none of
/// these deadlocks; each run still ends with exactly one `interrupted`, hears
/// nothing after it, and hears at most the one value whose delivery was under way
/// once `dispose()` has returned. The work runs on threads of its own, so that a
/// deadlock fails the test (leaving those threads blocked) instead of hanging the
/// suite. Also run under the thread sanitizer by `.ci/run`; one test at a time, so
/// that the suite leaves the other stress tests some of the machine.
@Suite(.serialized) struct PropertyRunDisposalStressTests {
    static let rounds = 1_000

    static func recordDeadlock(_ what: String) {
        Issue.record("deadlock: \(what) did not finish")
    }

    @Test func twoThreadsWhoseObserversDisposeRunsOfEachOthersPropertyDoNotDeadlock() async {
        let properties = [MutableProperty(0), MutableProperty(0)]
        let tally = DisposalTally()
        let finished = await StressThreads.finish(onThreads: 2) { thread in
            let (mine, other) = (properties[thread], properties[1 - thread])
            for value in 1...Self.rounds {
                let monitor = DisposalMonitor(tally)
                let run = other.producer.start(monitor.observe)
                let observer = mine.signal.observeValues { _ in
                    run.dispose()
                    monitor.didDispose()
                }
                mine.value = value
                observer?.dispose()
            }
        }
        guard finished else { return Self.recordDeadlock("two threads disposing runs of each other's property") }
        #expect(tally.interruptions.load(ordering: .acquiring) == 2 * Self.rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
    }

    @Test func runsDisposedByDeinitialisersDuringAnotherPropertysDeliveryOnTwoThreadsDoNotDeadlock() async {
        let properties = [MutableProperty(0), MutableProperty(0)]
        let tally = DisposalTally()
        let finished = await StressThreads.finish(onThreads: 2) { thread in
            let (mine, other) = (properties[thread], properties[1 - thread])
            for value in 1...Self.rounds {
                let monitor = DisposalMonitor(tally)
                let owner = OwnerSlot(RunOwner(other.producer.start(monitor.observe), monitor))
                // Releasing the owner inside the delivery runs its deinit there.
                let observer = mine.signal.observeValues { _ in owner.release() }
                mine.value = value
                observer?.dispose()
            }
        }
        guard finished else { return Self.recordDeadlock("two threads releasing runs of each other's property") }
        #expect(tally.interruptions.load(ordering: .acquiring) == 2 * Self.rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
    }

    /// The setting thread holds its delivery open until the other thread has
    /// disposed the run, so each disposal meets a delivery under way.
    @Test func aRunDisposedFromAnotherThreadWhileASetDeliversIsInterruptedBeforeThatSetReturns() async {
        let count = MutableProperty(0)
        let handover = Handover()
        let tally = DisposalTally()
        let notEndedAfterSet = AtomicCounter()
        let holdsDeliveryOpen = count.signal.observeValues { _ in
            handover.delivering.signal()
            handover.disposed.wait()
        }
        let finished = await StressThreads.finish(onThreads: 2) { thread in
            for value in 1...Self.rounds {
                if thread == 0 {
                    let monitor = DisposalMonitor(tally)
                    handover.put(count.producer.start(monitor.observe), monitor)
                    count.value = value
                    // The disposal was asked for during this set's delivery: the
                    // setting thread delivered the interruption when it was over.
                    if !monitor.hasEnded { notEndedAfterSet.increment() }
                } else {
                    handover.delivering.wait()
                    let (run, monitor) = handover.take()
                    run.dispose()
                    monitor.didDispose()
                    handover.disposed.signal()
                }
            }
        }
        guard finished else { return Self.recordDeadlock("disposing a run while a set delivers on another thread") }
        #expect(tally.interruptions.load(ordering: .acquiring) == Self.rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
        #expect(notEndedAfterSet.value == 0)
        withExtendedLifetime(holdsDeliveryOpen) {}
    }

    /// Each thread sets its own property, whose observer disposes runs of its
    /// neighbours' properties and one of its own: every property is set on one
    /// thread while runs of it are disposed on others, in a ring.
    @Test func manyThreadsDisposingRunsOfOneAnothersPropertiesDoNotDeadlock() async {
        let threads = 4
        let rounds = Self.rounds / 4
        let properties = (0..<threads).map { _ in MutableProperty(0) }
        let tally = DisposalTally()
        let finished = await StressThreads.finish(onThreads: threads) { thread in
            let mine = properties[thread]
            let targets = [1, threads / 2, 0].map { properties[(thread + $0) % threads] }
            for value in 1...rounds {
                let runs = targets.map { target in
                    let monitor = DisposalMonitor(tally)
                    return (target.producer.start(monitor.observe), monitor)
                }
                let observer = mine.signal.observeValues { _ in
                    for (run, monitor) in runs {
                        run.dispose()
                        monitor.didDispose()
                    }
                }
                mine.value = value
                observer?.dispose()
            }
        }
        guard finished else { return Self.recordDeadlock("\(threads) threads disposing runs of one another's properties") }
        #expect(tally.interruptions.load(ordering: .acquiring) == 3 * threads * rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
    }
}

/// Disposes its run when it is deinitialised.
private final class RunOwner: Sendable {
    let run: any Disposable
    let monitor: DisposalMonitor

    init(_ run: any Disposable, _ monitor: DisposalMonitor) {
        self.run = run
        self.monitor = monitor
    }

    deinit {
        run.dispose()
        monitor.didDispose()
    }
}

/// Holds a `RunOwner` until an observer releases it; used by one thread only.
private final class OwnerSlot {
    private var owner: RunOwner?

    init(_ owner: RunOwner) {
        self.owner = owner
    }

    func release() {
        owner = nil
    }
}

/// Hands a run from the thread that sets the property to the one that disposes it.
private final class Handover: @unchecked Sendable {  // `run` is guarded by `lock`
    let delivering = DispatchSemaphore(value: 0)
    let disposed = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var run: (any Disposable, DisposalMonitor)?

    func put(_ run: any Disposable, _ monitor: DisposalMonitor) {
        lock.withLock { self.run = (run, monitor) }
    }

    func take() -> (any Disposable, DisposalMonitor) {
        lock.withLock { run.take()! }
    }
}
