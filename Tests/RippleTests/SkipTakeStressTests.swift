import Dispatch
import Ripple
import Synchronization
import Testing

/// The operators fed by a trigger, a lifetime or a replacement, with the source and
/// the other input driven from different threads at once. Also run under the
/// thread sanitizer by `.ci/run`.
///
/// Values sent after the sender saw the trigger fire are sent negated, so that an
/// observer can tell them apart.
@Suite struct SkipTakeStressTests {
    static let threads = 8
    static let rounds = 200
    static let sendsPerThread = 100

    /// What an observer saw, counted with atomics.
    final class Tally: Sendable {
        let values = Atomic<Int>(0)
        let lateValues = Atomic<Int>(0)
        let terminals = Atomic<Int>(0)
        let valuesAfterTerminal = Atomic<Int>(0)

        func observer<Error>() -> Signal<Int, Error>.Observer {
            Signal<Int, Error>.Observer { event in
                if event.isTerminating {
                    self.terminals.add(1, ordering: .relaxed)
                    return
                }
                if self.terminals.load(ordering: .relaxed) > 0 { self.valuesAfterTerminal.add(1, ordering: .relaxed) }
                self.values.add(1, ordering: .relaxed)
                if let value = event.value, value < 0 { self.lateValues.add(1, ordering: .relaxed) }
            }
        }
    }

    /// Sends `sendsPerThread` values, negated once `hasFired` is set.
    static func sendValues(to input: Signal<Int, Never>.Observer, unless hasFired: borrowing Synchronization.Atomic<Bool>, count lateSends: borrowing Synchronization.Atomic<Int>) {
        for value in 1...sendsPerThread {
            if hasFired.load(ordering: .acquiring) {
                lateSends.add(1, ordering: .relaxed)
                input.send(value: -value)
            } else {
                input.send(value: value)
            }
        }
    }

    @Test func takeUntilForwardsNothingAfterTheTriggerFiresAndEndsOnce() {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let (trigger, fire) = Signal<(), Never>.pipe()
            let tally = Tally()
            signal.take(until: trigger).observe(tally.observer())
            let hasFired = Atomic<Bool>(false)
            let lateSends = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                if thread == 0 {
                    fire.send(value: ())
                    hasFired.store(true, ordering: .releasing)
                } else {
                    Self.sendValues(to: input, unless: hasFired, count: lateSends)
                }
            }
            input.sendCompleted()
            #expect(tally.terminals.load(ordering: .relaxed) == 1)
            #expect(tally.lateValues.load(ordering: .relaxed) == 0)
            #expect(tally.valuesAfterTerminal.load(ordering: .relaxed) == 0)
        }
    }

    @Test func skipUntilForwardsEveryValueSentAfterTheTriggerFires() {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let (trigger, fire) = Signal<(), Never>.pipe()
            let tally = Tally()
            signal.skip(until: trigger).observe(tally.observer())
            let hasFired = Atomic<Bool>(false)
            let lateSends = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                if thread == 0 {
                    fire.send(value: ())
                    hasFired.store(true, ordering: .releasing)
                } else {
                    Self.sendValues(to: input, unless: hasFired, count: lateSends)
                }
            }
            input.sendCompleted()
            #expect(tally.lateValues.load(ordering: .relaxed) == lateSends.load(ordering: .relaxed))
            #expect(tally.values.load(ordering: .relaxed) <= (Self.threads - 1) * Self.sendsPerThread)
            #expect(tally.terminals.load(ordering: .relaxed) == 1)
            #expect(tally.valuesAfterTerminal.load(ordering: .relaxed) == 0)
        }
    }

    @Test func takeUntilReplacementNeverForwardsTheSourceAfterTheSwitch() {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let (replacement, replacementInput) = Signal<Int, Never>.pipe()
            let sourceAfterSwitch = Atomic<Int>(0)
            let replacementValues = Atomic<Int>(0)
            let terminals = Atomic<Int>(0)
            let hasSwitched = Atomic<Bool>(false)
            signal.take(untilReplacement: replacement).observe { event in
                switch event {
                case let .value(value) where value < 0:
                    hasSwitched.store(true, ordering: .relaxed)
                    replacementValues.add(1, ordering: .relaxed)
                case .value:
                    if hasSwitched.load(ordering: .relaxed) { sourceAfterSwitch.add(1, ordering: .relaxed) }
                default:
                    terminals.add(1, ordering: .relaxed)
                }
            }
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                if thread == 0 {
                    for value in 1...Self.sendsPerThread / 10 { replacementInput.send(value: -value) }
                    replacementInput.sendCompleted()
                } else {
                    for value in 1...Self.sendsPerThread { input.send(value: value) }
                    input.sendCompleted()
                }
            }
            #expect(sourceAfterSwitch.load(ordering: .relaxed) == 0)
            #expect(replacementValues.load(ordering: .relaxed) == Self.sendsPerThread / 10)
            #expect(terminals.load(ordering: .relaxed) == 1)
        }
    }

    @Test func takeDuringForwardsNothingAfterTheLifetimeEndsAndEndsOnce() {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let (lifetime, token) = Lifetime.make()
            let tally = Tally()
            signal.take(during: lifetime).observe(tally.observer())
            let hasFired = Atomic<Bool>(false)
            let lateSends = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                if thread == 0 {
                    token.dispose()
                    hasFired.store(true, ordering: .releasing)
                } else {
                    Self.sendValues(to: input, unless: hasFired, count: lateSends)
                }
            }
            #expect(tally.terminals.load(ordering: .relaxed) == 1)
            #expect(tally.lateValues.load(ordering: .relaxed) == 0)
            #expect(tally.valuesAfterTerminal.load(ordering: .relaxed) == 0)
        }
    }

    @Test func takeFirstUnderConcurrentSendsForwardsExactlyCountValues() {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let tally = Tally()
            signal.take(first: 50).observe(tally.observer())
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                for value in 1...Self.sendsPerThread / 10 { input.send(value: value) }
            }
            #expect(tally.values.load(ordering: .relaxed) == 50)
            #expect(tally.terminals.load(ordering: .relaxed) == 1)
            #expect(tally.valuesAfterTerminal.load(ordering: .relaxed) == 0)
        }
    }

    @Test func takeUntilOnProducerRacingDisposalEndsOnceAndReleasesBothRuns() {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let (trigger, fire) = Signal<(), Never>.pipe()
            let sourceProbe = Probe()
            let triggerProbe = Probe()
            let source = SignalProducer<Int, Never> { observer, lifetime in
                lifetime += sourceProbe
                lifetime += signal.observe(observer)
            }
            let triggerProducer = SignalProducer<(), Never> { observer, lifetime in
                lifetime += triggerProbe
                lifetime += trigger.observe(observer)
            }
            let tally = Tally()
            let disposable = source.take(until: triggerProducer).start(tally.observer())
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                switch thread {
                case 0: disposable.dispose()
                case 1: fire.send(value: ())
                default: for value in 1...Self.sendsPerThread { input.send(value: value) }
                }
            }
            #expect(tally.terminals.load(ordering: .relaxed) == 1)
            #expect(tally.valuesAfterTerminal.load(ordering: .relaxed) == 0)
            #expect(sourceProbe.disposeCount == 1 && triggerProbe.disposeCount == 1)
        }
    }
}
