import Dispatch
@_spi(RippleTesting) @testable import Ripple
import Synchronization
import Testing

/// A start handler's producer started for one observer runs without a signal (a
/// `HandlerRun`, which is also the run's lifetime); it keeps every contract of a
/// signal's run.
@Suite struct HandlerRunTests {
    /// The observer and lifetime a start handler was given, kept for the test.
    private final class Captured: @unchecked Sendable {  // written by the start handler before the test reads it
        var input: Signal<Int, Never>.Observer?
        var lifetime: Lifetime?
    }

    /// A producer whose handler hands its observer and lifetime to `captured`.
    private func capturing(_ captured: Captured) -> SignalProducer<Int, Never> {
        SignalProducer { observer, lifetime in
            captured.input = observer
            captured.lifetime = lifetime
        }
    }

    @Test func aSendFromInsideADeliveryIsDeliveredAfterIt() {
        let captured = Captured()
        let log = Log()
        capturing(captured).start { event in
            guard case let .value(value) = event else { return log.entries.append("\(event)") }
            log.entries.append("begin \(value)")
            if value == 1 {
                captured.input?.send(value: 2)
                captured.input?.sendCompleted()
            }
            log.entries.append("end \(value)")
        }
        captured.input?.send(value: 1)
        #expect(log.entries == ["begin 1", "end 1", "begin 2", "end 2", "COMPLETED"])
    }

    @Test func aDisposalFromInsideADeliveryInterruptsRightAfterIt() {
        let captured = Captured()
        let log = Log()
        let disposable = Mutex<(any Disposable)?>(nil)
        let run = capturing(captured).start { event in
            log.entries.append("\(event)")
            if case .value(1) = event {
                disposable.withLock { $0 }?.dispose()
                log.entries.append("disposed")
            }
        }
        disposable.withLock { $0 = run }
        captured.input?.send(value: 1)
        captured.input?.send(value: 2)
        #expect(log.entries == ["VALUE 1", "disposed", "INTERRUPTED"])
        #expect(run.isDisposed)
        #expect(captured.lifetime?.hasEnded == true)
    }

    /// Disposal never waits for a delivery under way on another thread (which may
    /// be waiting for the disposing thread): it returns at once, and the delivering
    /// thread interrupts the run once its delivery is over, before its send returns.
    @Test func aDisposalFromAnotherThreadDuringADeliveryReturnsAtOnceAndTheDeliveringThreadInterrupts() {
        let captured = Captured()
        let log = SharedLog()
        let delivering = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let run = capturing(captured).start { event in
            log.append("\(event)")
            if case .value(1) = event {
                delivering.signal()
                proceed.wait()
                log.append("end of VALUE 1")
            }
        }
        let sender = DispatchQueue(label: "sender")
        let sent = DispatchSemaphore(value: 0)
        sender.async {
            captured.input?.send(value: 1)
            log.append("send returned")
            sent.signal()
        }
        delivering.wait()
        let disposed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            run.dispose()
            log.append("dispose returned")
            disposed.signal()
        }
        // A generous bound: the disposal does not wait for the delivery at all.
        let returned = disposed.wait(timeout: .now() + 60) == .success
        #expect(returned)
        proceed.signal()
        sent.wait()
        if !returned { disposed.wait() }
        captured.input?.send(value: 2)
        #expect(log.entries == ["VALUE 1", "dispose returned", "end of VALUE 1", "INTERRUPTED", "send returned"])
        #expect(run.isDisposed)
    }

    @Test func aRunDisposedBeforeItsStartIsInterruptedAndNeverRunsTheHandler() {
        var started = false
        var events: [Signal<Int, Never>.Event] = []
        let producer = SignalProducer<Int, Never> { observer, _ in
            started = true
            observer.send(value: 1)
        }
        let run = producer.prepareRun(.events { events.append($0) })
        run.handle.dispose()
        #expect(events == [.interrupted])
        #expect(run.handle.isDisposed)
        run.start()
        #expect(!started)
        #expect(events == [.interrupted])
    }

    @Test func theObserverIsReleasedOnceItHasReceivedItsTerminalEvent() {
        let captured = Captured()
        weak var weakWitness: Witness?
        var run: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            run = capturing(captured).start { _ in withExtendedLifetime(witness) {} }
        }
        captured.input?.send(value: 1)
        #expect(weakWitness != nil)
        captured.input?.sendInterrupted()
        #expect(weakWitness == nil)
        // Kept input and handle hold nothing of the observer any more.
        #expect(run?.isDisposed == true)
        withExtendedLifetime((run, captured)) {}
    }

    @Test func theLifetimeEndsAfterTheTerminalEventAndRunsWhatWasAttached() {
        let captured = Captured()
        let log = Log()
        capturing(captured).start { log.entries.append("\($0)") }
        captured.lifetime?.observeEnded { log.entries.append("ended") }
        #expect(captured.lifetime?.hasEnded == false)
        captured.input?.sendCompleted()
        #expect(log.entries == ["COMPLETED", "ended"])
        #expect(captured.lifetime?.hasEnded == true)
        // Attached once it has ended: runs at once.
        captured.lifetime?.observeEnded { log.entries.append("late") }
        #expect(log.entries == ["COMPLETED", "ended", "late"])
    }

    @Test func aLifetimeNobodyObservedEndsWithItsRun() {
        let captured = Captured()
        let run = capturing(captured).start { _ in }
        #expect(captured.lifetime?.hasEnded == false)
        run.dispose()
        #expect(captured.lifetime?.hasEnded == true)
        var ran = false
        captured.lifetime?.observeEnded { ran = true }
        #expect(ran)
        let probe = Probe()
        _ = captured.lifetime.map { $0 += probe }
        #expect(probe.isDisposed)
    }

    @Test func theLifetimeEndsWhenTheRunIsDisposedAndDisposesWhatWasAdded() {
        let probe = Probe()
        let run = SignalProducer<Int, Never> { _, lifetime in lifetime += probe }.start { _ in }
        #expect(!probe.isDisposed)
        run.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func anInputReleasedByEveryoneInterruptsTheRun() {
        var events: [Signal<Int, Never>.Event] = []
        var ended = false
        var run: (any Disposable)? = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { ended = true }
            observer.send(value: 1)
        }.start { events.append($0) }
        // The handle holds the input, as the handler did.
        #expect(events == [.value(1)])
        #expect(!ended)
        run = nil
        #expect(events == [.value(1), .interrupted])
        #expect(ended)
        _ = run
    }

    @Test func anInputKeptByTheHandlerKeepsTheRunGoingWithoutTheHandle() {
        let captured = Captured()
        var events: [Signal<Int, Never>.Event] = []
        do {
            _ = capturing(captured).start { events.append($0) }
        }
        captured.input?.send(value: 1)
        #expect(events == [.value(1)])
        captured.input = nil
        #expect(events == [.value(1), .interrupted])
        #expect(captured.lifetime?.hasEnded == true)
    }

    @Test func onlyTheFirstTerminalEventReachesTheObserver() {
        let captured = Captured()
        var events: [Signal<Int, Never>.Event] = []
        let run = capturing(captured).start { events.append($0) }
        captured.input?.sendCompleted()
        captured.input?.sendInterrupted()
        captured.input?.send(value: 1)
        run.dispose()
        #expect(events == [.completed])
    }

    @Test func aLeakCheckCountsTheObserverUntilTheRunEnds() {
        let counter = SubscriptionCounter()
        let captured = Captured()
        counter.counting {
            _ = capturing(captured).start { _ in }
        }
        #expect(counter.liveCount == 1)
        captured.input?.sendCompleted()
        #expect(counter.liveCount == 0)
    }
}
