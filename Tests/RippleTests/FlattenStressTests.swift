import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Flattening under load: inner and outer streams sent from many threads at once.
/// Also run under the thread sanitizer by `.ci/run`.
@Suite struct FlattenStressTests {
    static let threads = 8

    @Test func mergeOfInnersFedFromSeveralThreadsDeliversEveryValueSeriallyThenOneCompletion() {
        let sendsPerThread = 1_000
        for _ in 0..<5 {
            let pipes = (0..<Self.threads).map { _ in Signal<Int, Never>.pipe() }
            let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
            let monitor = SerialMonitor()
            outer.flatten(.merge).observe(monitor.observer())
            for pipe in pipes { outerInput.send(value: pipe.output) }
            outerInput.sendCompleted()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for value in 1...sendsPerThread {
                    pipes[(thread + value) % Self.threads].input.send(value: value)
                }
            }
            #expect(monitor.terminals == 0)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                pipes[thread].input.sendCompleted()
            }
            #expect(monitor.overlaps == 0)
            #expect(monitor.values == Self.threads * sendsPerThread)
            #expect(monitor.sum == Self.threads * sendsPerThread * (sendsPerThread + 1) / 2)
            #expect(monitor.terminals == 1)
            #expect(monitor.lastTerminal == "COMPLETED")
            #expect(monitor.eventsAfterTerminal == 0)
        }
    }

    @Test func latestFedFromSeveralThreadsRunsOneInnerAtATimeAndForwardsEveryValue() {
        let sendsPerThread = 1_000
        let active = Atomic<Int>(0)
        let overlappingStarts = Atomic<Int>(0)
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let monitor = SerialMonitor()
        outer.flatten(.latest).observe(monitor.observer())
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for value in 1...sendsPerThread {
                outerInput.send(value: SignalProducer { observer, lifetime in
                    if active.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                        overlappingStarts.add(1, ordering: .relaxed)
                    }
                    lifetime.observeEnded { active.subtract(1, ordering: .acquiringAndReleasing) }
                    observer.send(value: value)
                })
            }
        }
        #expect(active.load(ordering: .acquiring) == 1)
        outerInput.send(value: .empty)
        outerInput.sendCompleted()
        #expect(active.load(ordering: .acquiring) == 0)
        #expect(overlappingStarts.load(ordering: .relaxed) == 0)
        #expect(monitor.overlaps == 0)
        #expect(monitor.values == Self.threads * sendsPerThread)
        #expect(monitor.sum == Self.threads * sendsPerThread * (sendsPerThread + 1) / 2)
        #expect(monitor.terminals == 1)
        #expect(monitor.lastTerminal == "COMPLETED")
    }

    @Test func latestNeverForwardsAValueOfAReplacedInnerAfterOneOfItsSuccessor() {
        let switchesPerThread = 500
        let recent = RecentRuns()
        let (outer, outerInput) = Signal<Void, Never>.pipe()
        var generation = 0  // only touched by the transform, which the outer signal serialises
        let monitor = SerialMonitor()
        let regressions = Atomic<Int>(0)
        let newest = Atomic<Int>(0)
        let flattened = outer.flatMap(.latest) { _ -> SignalProducer<Int, Never> in
            generation += 1
            let current = generation
            return SignalProducer { observer, _ in recent.register(observer, generation: current) }
        }
        flattened.observe(monitor.observer())
        flattened.observeValues { generation in
            if generation < newest.max(generation, ordering: .relaxed).oldValue {
                regressions.add(1, ordering: .relaxed)
            }
        }
        outerInput.send(value: ())
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for _ in 0..<switchesPerThread {
                if thread.isMultiple(of: 2) {
                    outerInput.send(value: ())
                } else {
                    for (generation, run) in recent.snapshot() { run.send(value: generation) }
                }
            }
        }
        for (_, run) in recent.snapshot() { run.sendCompleted() }
        outerInput.sendCompleted()
        #expect(regressions.load(ordering: .relaxed) == 0)
        #expect(monitor.overlaps == 0)
        #expect(monitor.values > 0)
        #expect(monitor.terminals == 1)
        #expect(monitor.lastTerminal == "COMPLETED")
    }

    @Test func concurrentWithInnersCompletingOnOtherThreadsNeverExceedsItsLimit() {
        let inners = 2_000
        let active = Atomic<Int>(0)
        let maxActive = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        let monitor = SerialMonitor()
        let producers = (0..<inners).map { value in
            SignalProducer<Int, Never> { observer, lifetime in
                let now = active.add(1, ordering: .acquiringAndReleasing).newValue
                maxActive.max(now, ordering: .relaxed)
                lifetime.observeEnded { active.subtract(1, ordering: .acquiringAndReleasing) }
                DispatchQueue.global().async {
                    observer.send(value: value)
                    observer.sendCompleted()
                }
            }
        }
        SignalProducer<SignalProducer<Int, Never>, Never>(producers)
            .flatten(.concurrent(limit: 2))
            .start(monitor.observer { done.signal() })
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(maxActive.load(ordering: .relaxed) == 2)
        #expect(active.load(ordering: .acquiring) == 0)
        #expect(monitor.overlaps == 0)
        #expect(monitor.values == inners)
        #expect(monitor.sum == inners * (inners - 1) / 2)
        #expect(monitor.terminals == 1)
        #expect(monitor.lastTerminal == "COMPLETED")
    }
}

extension FlattenStressTests {
    /// An inner run of values (no signal of its own) emitting on one thread while the
    /// result is disposed from another: the result ends once, with nothing after its
    /// terminal event and no overlapping deliveries, however the two interleave.
    ///
    /// The run of values starts on a background thread, where the inner before it
    /// completes (`.concat`), so that no delivery of the outer stream holds it up.
    /// How early the emission stops is not asserted: the disposal does not wait for
    /// the value being delivered on the emitting thread, which then delivers the
    /// interruption right after it (or the disposing thread does, if it finds no
    /// delivery under way), so the result has ended once the emission is over.
    @Test func innerRunsOfValuesDisposedFromAnotherThreadEndOnce() {
        let total = 200_000
        for _ in 0..<20 {
            let pulled = Atomic<Int>(0)
            let emitting = DispatchGroup()
            let monitor = SerialMonitor()
            let inners = [
                SignalProducer<Int, Never> { observer, _ in
                    DispatchQueue.global().async(group: emitting) { observer.sendCompleted() }
                },
                SignalProducer((0..<total).lazy.map { value -> Int in
                    pulled.add(1, ordering: .relaxed)
                    return value
                }),
            ]
            let run = SignalProducer(inners).flatten(.concat).start(monitor.observer())
            while pulled.load(ordering: .relaxed) == 0 {}
            run.dispose()
            emitting.wait()
            #expect(monitor.terminals == 1)
            #expect(run.isDisposed)
            #expect(monitor.overlaps == 0)
            #expect(monitor.eventsAfterTerminal == 0)
            #expect(monitor.lastTerminal == "INTERRUPTED" || monitor.values == total)
        }
    }
}

/// Watches one stream from any thread: counts values and terminal events, and
/// detects overlapping deliveries and events after the terminal one.
private final class SerialMonitor: Sendable {
    private let inside = Atomic<Bool>(false)
    private let overlapCount = Atomic<Int>(0)
    private let valueCount = Atomic<Int>(0)
    private let valueSum = Atomic<Int>(0)
    private let terminalCount = Atomic<Int>(0)
    private let afterTerminal = Atomic<Int>(0)
    private let terminalLog = Recorder<String>()

    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
    var values: Int { valueCount.load(ordering: .acquiring) }
    var sum: Int { valueSum.load(ordering: .acquiring) }
    var terminals: Int { terminalCount.load(ordering: .acquiring) }
    var eventsAfterTerminal: Int { afterTerminal.load(ordering: .acquiring) }
    var lastTerminal: String? { terminalLog.entries.last }

    /// An observer that records every event; `onTerminal` runs after a terminal event.
    func observer(onTerminal: @escaping () -> Void = {}) -> Signal<Int, Never>.Observer {
        Signal.Observer { event in
            if self.inside.exchange(true, ordering: .acquiringAndReleasing) {
                self.overlapCount.add(1, ordering: .relaxed)
            }
            if self.terminalCount.load(ordering: .acquiring) > 0 {
                self.afterTerminal.add(1, ordering: .relaxed)
            }
            if let value = event.value {
                self.valueCount.add(1, ordering: .relaxed)
                self.valueSum.add(value, ordering: .relaxed)
            } else {
                self.terminalLog.append(event.description)
                self.terminalCount.add(1, ordering: .acquiringAndReleasing)
            }
            self.inside.store(false, ordering: .releasing)
            if event.isTerminating { onTerminal() }
        }
    }
}

/// The observers of the most recent inner runs, by generation; shared by threads.
private final class RecentRuns: @unchecked Sendable {  // `runs` is guarded by `lock`
    private let lock = NSLock()
    private var runs: [(generation: Int, observer: Signal<Int, Never>.Observer)] = []

    func register(_ observer: Signal<Int, Never>.Observer, generation: Int) {
        let evicted = lock.withLock {
            runs.append((generation, observer))
            return runs.count > 3 ? runs.removeFirst() : nil
        }
        _ = evicted  // released here, outside the lock
    }

    func snapshot() -> [(generation: Int, observer: Signal<Int, Never>.Observer)] {
        lock.withLock { runs }
    }
}
