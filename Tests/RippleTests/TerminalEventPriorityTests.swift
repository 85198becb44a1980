import Dispatch
@testable import Ripple
import Synchronization
import Testing

/// A terminal event sent from another thread while a delivery is under way is the
/// next event the observers see (ReactiveSwift's contract): the values that were
/// waiting for the delivery to end, or are sent meanwhile, are dropped, whatever
/// order the waiting threads wake up in.
@Suite struct TerminalEventPriorityTests {
    static let waitingSenders = 9

    /// One send on its own thread, so that it can block while the test goes on.
    private static func onNewThread(_ group: DispatchGroup, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "sender").async(group: group, execute: work)
    }

    /// Waits until `count()` reaches `expected`: the threads under test have reached
    /// the point the test needs (blocked on a send lock). Fails the test, instead of
    /// hanging it, if they never do.
    private static func waitUntil(_ count: () -> Int, is expected: Int, _ what: String) {
        StressThreads.waitUntil(what) { count() == expected }
    }

    private static let terminals: [Signal<Int, TestError>.Event] = [.interrupted, .completed, .failed(TestError(code: 1))]

    @Test(arguments: terminals)
    func valuesWaitingForADeliveryWhenATerminalEventIsSentAreDropped(_ terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder<String>()
        let delivering = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        signal.observe { event in
            recorder.append(event.description)
            if case .value(0) = event {
                delivering.signal()
                proceed.wait()
            }
        }
        let group = DispatchGroup()
        Self.onNewThread(group) { input.send(value: 0) }
        delivering.wait()
        for value in 1...Self.waitingSenders {
            Self.onNewThread(group) { input.send(value: value) }
        }
        let waiters = { signal.core.sendLock.waiters.load(ordering: .sequentiallyConsistent) }
        Self.waitUntil(waiters, is: Self.waitingSenders, "the senders wait for the delivery")
        Self.onNewThread(group) { input.send(terminal) }
        // An interruption does not wait: it leaves a request for the delivering thread.
        if case .interrupted = terminal {
            Self.waitUntil(waiters, is: Self.waitingSenders | SendLock.requestFlag, "the interruption is left for the delivering thread")
        } else {
            Self.waitUntil(waiters, is: Self.waitingSenders + 1, "the terminal event waits for the delivery")
        }
        proceed.signal()
        group.wait()
        input.send(value: 99)
        #expect(recorder.entries == ["VALUE 0", terminal.description])
    }

    @Test func aRunDisposedWhileValuesWaitForItsDeliveryIsInterruptedNext() {
        let recorder = Recorder<String>()
        let delivering = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let handed = Locked<Signal<Int, Never>.Observer?>(nil)
        let run = SignalProducer<Int, Never> { observer, _ in handed.withLock { $0 = observer } }
            .start { event in
                recorder.append(event.description)
                if case .value(0) = event {
                    delivering.signal()
                    proceed.wait()
                }
            }
        guard let input = handed.withLock({ $0 }), let handlerRun = (run as? RunHandle<Int, Never>)?.lifetime as? HandlerRun<Int, Never> else {
            Issue.record("a producer started for one observer runs as a HandlerRun")
            return
        }
        let group = DispatchGroup()
        Self.onNewThread(group) { input.send(value: 0) }
        delivering.wait()
        for value in 1...Self.waitingSenders {
            Self.onNewThread(group) { input.send(value: value) }
        }
        let waiters = { handlerRun.sendLock.waiters.load(ordering: .sequentiallyConsistent) }
        Self.waitUntil(waiters, is: Self.waitingSenders, "the senders wait for the delivery")
        Self.onNewThread(group) { run.dispose() }
        Self.waitUntil(waiters, is: Self.waitingSenders | SendLock.requestFlag, "the disposal is left for the delivering thread")
        proceed.signal()
        group.wait()
        #expect(recorder.entries == ["VALUE 0", "INTERRUPTED"])
        #expect(run.isDisposed)
    }

    @Test func valuesQueuedByTheDeliveringThreadAfterATerminalEventWasSentAreDropped() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        let delivering = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        signal.observe { event in
            recorder.append(event.description)
            if case .value(0) = event {
                delivering.signal()
                proceed.wait()
                input.send(value: 1)
            }
        }
        let group = DispatchGroup()
        Self.onNewThread(group) { input.send(value: 0) }
        delivering.wait()
        Self.onNewThread(group) { input.sendInterrupted() }
        Self.waitUntil({ signal.core.sendLock.waiters.load(ordering: .sequentiallyConsistent) }, is: SendLock.requestFlag, "the interruption is left for the delivering thread")
        proceed.signal()
        group.wait()
        #expect(recorder.entries == ["VALUE 0", "INTERRUPTED"])
    }
}
