import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Contract 10 under load: whatever the threads, an action runs one execution at a
/// time, refuses every other attempt with `.disabled`, and ends idle. Also run under
/// the thread sanitizer by `.ci/run`.
@Suite struct ActionStressTests {
    static let threads = 8
    static let attemptsPerThread = 2_000

    /// Counts executions in progress; records any moment when more than one ran.
    final class ExecutionMeter: Sendable {
        private let running = Atomic<Int>(0)
        private let overlapCount = Atomic<Int>(0)
        private let executionCount = Atomic<Int>(0)

        var overlaps: Int { overlapCount.load(ordering: .acquiring) }
        var executions: Int { executionCount.load(ordering: .acquiring) }

        func enter() {
            executionCount.add(1, ordering: .relaxed)
            if running.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlapCount.add(1, ordering: .relaxed)
            }
        }

        func leave() {
            running.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    @Test func concurrentAppliesRunOneExecutionAtATimeAndRefuseTheRest() {
        let meter = ExecutionMeter()
        let action = Action<Int, Int, Never> { input in
            SignalProducer { observer, _ in
                meter.enter()
                for _ in 0..<50 { _ = meter.overlaps }  // stay inside a little while
                meter.leave()
                observer.send(value: input)
                observer.sendCompleted()
            }
        }
        let completions = AtomicCounter()
        let refusals = AtomicCounter()
        let disabledErrors = AtomicCounter()
        action.disabledErrors.observeValues { disabledErrors.increment() }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for attempt in 0..<Self.attemptsPerThread {
                action.apply(thread * Self.attemptsPerThread + attempt).start { event in
                    switch event {
                    case .completed: completions.increment()
                    case .failed(.disabled): refusals.increment()
                    default: break
                    }
                }
            }
        }
        #expect(meter.overlaps == 0)
        #expect(meter.executions == completions.value)
        #expect(completions.value + refusals.value == Self.threads * Self.attemptsPerThread)
        #expect(disabledErrors.value == refusals.value)
        #expect(completions.value > 0)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
    }

    @Test func executionsDisposedByTheirThreadsRunOneAtATimeAndEndIdle() {
        let meter = ExecutionMeter()
        let action = Action<Void, Int, Never> {
            meter.enter()
            return SignalProducer.never
        }
        let interruptions = AtomicCounter()
        action.events.observeValues { event in
            if case .interrupted = event { interruptions.increment() }
        }
        let refusals = AtomicCounter()

        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.attemptsPerThread {
                var refused = false
                let run = action.apply().startWithFailed { _ in refused = true }
                if refused {
                    refusals.increment()
                } else {
                    meter.leave()
                    run.dispose()
                }
            }
        }
        #expect(meter.overlaps == 0)
        #expect(interruptions.value == meter.executions)
        #expect(meter.executions + refusals.value == Self.threads * Self.attemptsPerThread)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
    }

    @Test func executionsCompletedByOtherThreadsRunOneAtATime() {
        let meter = ExecutionMeter()
        let waiting = WaitingExecution()
        let action = Action<Void, Int, Never> {
            SignalProducer { observer, _ in
                meter.enter()
                waiting.put(observer)
            }
        }
        let completions = AtomicCounter()
        action.completed.observeValues { completions.increment() }
        // Leaves the meter before completing, so that the next execution can only
        // enter after this one has left.
        let finishWaiting: @Sendable () -> Void = {
            guard let observer = waiting.take() else { return }
            meter.leave()
            observer.sendCompleted()
        }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for _ in 0..<Self.attemptsPerThread {
                if thread.isMultiple(of: 2) {
                    action.apply().start()
                } else {
                    finishWaiting()
                }
            }
        }
        finishWaiting()
        #expect(meter.overlaps == 0)
        #expect(meter.executions > 0)
        #expect(completions.value == meter.executions)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
    }

    @Test func isEnabledSettlesOnTheTruthWhenStateChangesRaceWithApplies() {
        let enabled = MutableProperty(true)
        let meter = ExecutionMeter()
        let action = Action<Void, Int, Never>(enabledIf: enabled) {
            SignalProducer { observer, _ in
                meter.enter()
                meter.leave()
                observer.sendCompleted()
            }
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for attempt in 0..<Self.attemptsPerThread {
                if thread == 0 {
                    enabled.value = attempt.isMultiple(of: 2)
                } else {
                    action.apply().start()
                }
            }
        }
        #expect(meter.overlaps == 0)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value == enabled.value)
        enabled.value = true
        #expect(action.isEnabled.value)
    }
}

/// Where the one running execution of a stress test waits to be completed by
/// another thread.
private final class WaitingExecution: @unchecked Sendable {  // `observer` is guarded by `lock`
    private let lock = NSLock()
    private var observer: Signal<Int, Never>.Observer?

    func put(_ observer: Signal<Int, Never>.Observer) {
        lock.withLock { self.observer = observer }
    }

    func take() -> Signal<Int, Never>.Observer? {
        lock.withLock {
            defer { observer = nil }
            return observer
        }
    }
}
