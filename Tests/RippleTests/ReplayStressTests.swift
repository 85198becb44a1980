import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// `replayLazily(upTo:)` under load: subscribers start and dispose on several
/// threads while the shared run sends. Also run under the thread sanitizer.
@Suite struct ReplayStressTests {
    static let threads = 8
    static let capacity = 32

    /// Sends 1, 2, 3, … through one pipe, one number at a time, from any thread.
    final class NumberSource: Sendable {
        let (signal, input) = Signal<Int, Never>.pipe()
        let starts = AtomicCounter()
        let ends = AtomicCounter()
        private let lock = NSLock()
        private let latestSent = Atomic<Int>(0)

        /// A producer whose runs forward the numbers, counting starts and ends.
        var producer: SignalProducer<Int, Never> {
            SignalProducer { [signal, starts, ends] observer, lifetime in
                starts.increment()
                lifetime.observeEnded { ends.increment() }
                lifetime += signal.observe(observer)
            }
        }

        /// The latest number that has reached every observer of the pipe.
        var latest: Int { latestSent.load(ordering: .acquiring) }

        /// Sends the next number and returns it once every observer has it.
        @discardableResult
        func sendNext() -> Int {
            lock.withLock {
                let next = latestSent.load(ordering: .relaxed) + 1
                input.send(value: next)
                latestSent.store(next, ordering: .releasing)
                return next
            }
        }
    }

    /// Checks one subscriber: consecutive numbers, starting within the replay
    /// window, then at most one terminal event.
    final class Checker: Sendable {
        let first = Atomic<Int>(0)
        let last = Atomic<Int>(0)
        let terminals = Atomic<Int>(0)
        let violations: AtomicCounter

        init(violations: AtomicCounter) {
            self.violations = violations
        }

        func observer() -> Signal<Int, Never>.Observer {
            Signal.Observer { [self] event in
                guard case let .value(number) = event else {
                    terminals.add(1, ordering: .relaxed)
                    return
                }
                let previous = last.exchange(number, ordering: .acquiringAndReleasing)
                if previous == 0 { first.store(number, ordering: .releasing) }
                if (previous != 0 && number != previous + 1) || terminals.load(ordering: .relaxed) > 0 {
                    violations.increment()
                }
            }
        }
    }

    @Test func subscribersOnSeveralThreadsSeeTheReplayThenEveryLiveValueInOrder() {
        let source = NumberSource()
        let replayed = source.producer.replayLazily(upTo: Self.capacity)
        let violations = AtomicCounter()
        let kept = Recorder<Checker>()
        // The shared run is started before the threads race, so that a number sent
        // after a start returns must reach that start (a start racing the first one
        // may return before the shared run has started: see
        // `concurrentFirstStartsShareOneRunAndEachSeesEveryValue`).
        let warmUp = Checker(violations: violations)
        let warmUpSubscriber = replayed.start(warmUp.observer())
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for round in 0..<300 {
                let checker = Checker(violations: violations)
                let sentBefore = source.latest
                let subscriber = replayed.start(checker.observer())
                let sent = source.sendNext()
                // Delivery is synchronous: a live subscriber has the number when
                // `send` returns, and its first number is within the replay window.
                if checker.last.load(ordering: .acquiring) < sent { violations.increment() }
                if checker.first.load(ordering: .acquiring) < sentBefore - Self.capacity + 1 { violations.increment() }
                if round.isMultiple(of: 50) {
                    kept.append(checker)
                } else {
                    subscriber.dispose()
                }
            }
        }
        source.input.sendCompleted()
        withExtendedLifetime(warmUpSubscriber) {}
        let total = Self.threads * 300
        #expect(violations.value == 0)
        #expect(source.starts.value == 1)
        #expect(kept.entries.count == Self.threads * 6)
        #expect(kept.entries.allSatisfy { $0.terminals.load(ordering: .acquiring) == 1 && $0.last.load(ordering: .acquiring) == total })
        let replay = (total - Self.capacity + 1...total).map { "VALUE \($0)" }
        #expect(events(of: replayed) == replay + ["COMPLETED"])
    }

    @Test func concurrentFirstStartsShareOneRunAndEachSeesEveryValue() {
        for _ in 0..<100 {
            let source = NumberSource()
            let runs = AtomicCounter()
            // The run's start handler sends numbers 1…5 as soon as it is attached,
            // while other threads are starting too.
            let eager = SignalProducer<Int, Never> { observer, lifetime in
                runs.increment()
                lifetime += source.signal.observe(observer)
                for _ in 1...5 { source.sendNext() }
            }
            let replayed = eager.replayLazily(upTo: Self.capacity)
            let violations = AtomicCounter()
            let checkers = (0..<Self.threads).map { _ in Checker(violations: violations) }
            let subscribers = Recorder<any Disposable>()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                subscribers.append(replayed.start(checkers[thread].observer()))
            }
            for _ in 1...5 { source.sendNext() }
            source.input.sendCompleted()
            #expect(runs.value == 1)
            #expect(violations.value == 0)
            for checker in checkers {
                #expect(checker.first.load(ordering: .acquiring) == 1)
                #expect(checker.last.load(ordering: .acquiring) == 10)
                #expect(checker.terminals.load(ordering: .acquiring) == 1)
            }
            #expect(subscribers.entries.count == Self.threads)
        }
    }

    @Test func runEndsOnceWhenTheLastOfManySubscribersOnSeveralThreadsDisposes() {
        for _ in 0..<200 {
            let source = NumberSource()
            let subscribers: [any Disposable] = {
                let replayed = source.producer.replayLazily(upTo: Self.capacity)
                return (0..<Self.threads).map { _ in replayed.start() }
            }()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                source.sendNext()
                subscribers[thread].dispose()
                source.sendNext()
            }
            #expect(source.starts.value == 1)
            #expect(source.ends.value == 1)
        }
    }
}
