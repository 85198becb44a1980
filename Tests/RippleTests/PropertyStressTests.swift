import Dispatch
import Ripple
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
    /// nothing after it, and its values in order; whatever a run hears after its
    /// `dispose()` has returned on the disposing thread is a bug.
    @Test func runsDisposedFromOtherThreadsWhileThePropertyIsSetEndOnceAndHearNothingAfter() {
        let writers = 2
        let runsPerThread = 300
        let count = MutableProperty(0)
        let violations = AtomicCounter()
        let interruptions = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            if thread < writers {
                for _ in 0..<runsPerThread * 10 { count.modify { $0 += 1 } }
                return
            }
            for _ in 0..<runsPerThread {
                let state = RunState()
                let run = count.producer.start { event in
                    switch event {
                    case let .value(value):
                        if state.hasEnded || state.isDisposed || value < state.last { violations.increment() }
                        state.last = value
                    case .interrupted:
                        if state.hasEnded { violations.increment() }
                        state.hasEnded = true
                        interruptions.increment()
                    case .completed:
                        violations.increment()
                    }
                }
                run.dispose()
                state.isDisposed = true
                if !state.hasEnded { violations.increment() }
            }
        }
        #expect(violations.value == 0)
        #expect(interruptions.value == (Self.threads - writers) * runsPerThread)
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

/// What one run of a stress test has seen; touched by the run's observer, which
/// the run serialises, and by the thread that disposes it after `dispose()` returns.
private final class RunState: @unchecked Sendable {  // serialised: the run's deliveries, then its disposer after the last of them
    var last = Int.min
    var hasEnded = false
    var isDisposed = false
}
