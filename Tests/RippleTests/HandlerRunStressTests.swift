import Dispatch
import Ripple
import Synchronization
import Testing

/// A start handler's run started for one observer (a `HandlerRun`) under threads:
/// its send lock serialises sends, disposals and the release of its input, and its
/// lifetime's composite, created on first use, races the run's end.
@Suite struct HandlerRunStressTests {
    /// The input and lifetime a start handler was given.
    private final class Captured: @unchecked Sendable {  // written by the start handler, on the starting thread, before other threads read it
        var input: Signal<Int, Never>.Observer?
        var lifetime: Lifetime?
    }

    /// Starts a run for `observer`, returning its handle, input and lifetime.
    private func start(
        _ observer: @escaping @Sendable (Signal<Int, Never>.Event) -> Void
    ) -> (run: any Disposable, captured: Captured) {
        let captured = Captured()
        let run = SignalProducer<Int, Never> { input, lifetime in
            captured.input = input
            captured.lifetime = lifetime
        }.start(observer)
        return (run, captured)
    }

    /// What an observer saw: how many events, whether two overlapped, how many
    /// terminal events, and whether anything came after one.
    private final class Tally: Sendable {
        let inside = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let values = Atomic<Int>(0)
        let terminals = Atomic<Int>(0)
        let afterTerminal = Atomic<Int>(0)

        func receive(_ event: Signal<Int, Never>.Event) {
            if inside.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
            if terminals.load(ordering: .relaxed) > 0 { afterTerminal.add(1, ordering: .relaxed) }
            if event.isTerminating {
                terminals.add(1, ordering: .relaxed)
            } else {
                values.add(1, ordering: .relaxed)
            }
            inside.store(false, ordering: .releasing)
        }

        /// No two events overlapped, and one terminal event came last.
        func expectSerialWithOneTerminalEvent(sourceLocation: SourceLocation = #_sourceLocation) {
            let overlapping = overlaps.load(ordering: .relaxed)
            let terminal = terminals.load(ordering: .relaxed)
            let late = afterTerminal.load(ordering: .relaxed)
            #expect(overlapping == 0, sourceLocation: sourceLocation)
            #expect(terminal == 1, sourceLocation: sourceLocation)
            #expect(late == 0, sourceLocation: sourceLocation)
        }
    }

    @Test func sendsFromManyThreadsAreDeliveredOneAtATime() {
        let tally = Tally()
        let (run, captured) = start { tally.receive($0) }
        let input = captured.input!
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<5_000 { input.send(value: value) }
        }
        input.sendCompleted()
        let values = tally.values.load(ordering: .relaxed)
        #expect(values == 20_000)
        tally.expectSerialWithOneTerminalEvent()
        #expect(run.isDisposed)
    }

    @Test func disposalsAndInputReleasesRacingSendsEndEachRunOnce() {
        for round in 0..<400 {
            let tally = Tally()
            let ended = Atomic<Int>(0)
            let released = Flag()
            let holdings = Holdings()
            let disposer: any Disposable
            let lifetime: Lifetime
            do {
                let witness = ReleaseFlag(released)
                let (run, captured) = start { event in
                    withExtendedLifetime(witness) {}
                    tally.receive(event)
                }
                lifetime = captured.lifetime!
                holdings.input = captured.input
                holdings.run = run
                disposer = run
            }
            lifetime.observeEnded { ended.add(1, ordering: .relaxed) }
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                switch thread {
                case 0:
                    for value in 0..<20 { holdings.input?.send(value: value) }
                    if round.isMultiple(of: 2) { holdings.input?.sendCompleted() }
                    holdings.input = nil
                case 1:
                    disposer.dispose()
                default:
                    holdings.run = nil
                }
            }
            tally.expectSerialWithOneTerminalEvent()
            let endings = ended.load(ordering: .relaxed)
            #expect(endings == 1)
            #expect(lifetime.hasEnded)
            // Released after its terminal event, though the handle is still kept.
            let observerReleased = released.value.load(ordering: .acquiring)
            #expect(observerReleased)
            withExtendedLifetime(disposer) {}
        }
    }

    @Test func lifetimeObservationsRacingTheEndOfTheRunRunOnceEach() {
        for _ in 0..<1_000 {
            let (run, captured) = start { _ in }
            let lifetime = captured.lifetime!
            let actions = Atomic<Int>(0)
            let ranBeforeTheEnd = Atomic<Int>(0)
            let probe = Probe()
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                switch thread {
                case 0:
                    run.dispose()
                case 1:
                    lifetime.observeEnded {
                        if !lifetime.hasEnded { ranBeforeTheEnd.add(1, ordering: .relaxed) }
                        actions.add(1, ordering: .relaxed)
                    }
                default:
                    lifetime += probe
                }
            }
            let actionRuns = actions.load(ordering: .relaxed)
            #expect(actionRuns == 1)
            let earlyRuns = ranBeforeTheEnd.load(ordering: .relaxed)
            #expect(earlyRuns == 0)
            #expect(probe.disposeCount == 1)
            #expect(lifetime.hasEnded)
        }
    }
}

/// A flag shared between threads.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

/// Sets its flag when released.
private final class ReleaseFlag: Sendable {
    private let flag: Flag

    init(_ flag: Flag) {
        self.flag = flag
    }

    deinit {
        flag.value.store(true, ordering: .releasing)
    }
}

/// What each thread of a race lets go of: every field is written by one thread.
private final class Holdings: @unchecked Sendable {  // each field belongs to one thread of the race
    var input: Signal<Int, Never>.Observer?
    var run: (any Disposable)?
}
