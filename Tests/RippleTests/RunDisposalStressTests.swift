import Foundation
import Ripple
import Synchronization
import Testing

/// Runs of every kind of producer disposed while a delivery is under way: from the
/// observer of another run (whose own run the other thread disposes), from a
/// deinitialiser, from another thread while the run delivers. Disposing never
/// waits for a delivery under way on another thread, so none of these deadlocks;
/// each run still ends with exactly one `interrupted`, hears nothing after it, and
/// hears at most the one value whose delivery was under way once `dispose()` has
/// returned. The work runs on threads of its own, so that a deadlock fails the test
/// (leaving those threads blocked) instead of hanging the suite. Also run under the
/// thread sanitizer by `.ci/run`; one test at a time, so that the suite leaves the
/// other stress tests some of the machine.
///
/// The runs of a property's producer are checked the same way by
/// `PropertyRunDisposalStressTests`.
@Suite(.serialized) struct RunDisposalStressTests {
    /// 20,000 rounds: on the code that waited for the other thread's delivery, every
    /// test deadlocked well within them. Under the thread sanitizer, which makes
    /// each round many times slower (and whose run is for data races: the
    /// deadlocks are the plain run's to catch), a tenth.
    static let rounds = isThreadSanitized ? 2_000 : 20_000

    /// Whether this process runs under the thread sanitizer (its runtime is linked in).
    static let isThreadSanitized = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

    static func recordDeadlock(_ what: String, _ kind: RunKind) {
        Issue.record("deadlock: \(what) (\(kind)) did not finish")
    }

    /// Two threads, each sending into its own run, whose observer disposes the
    /// other thread's current run.
    @Test(arguments: RunKind.allCases)
    func twoThreadsWhoseRunsDisposeEachOthersRunDoNotDeadlock(_ kind: RunKind) async {
        let slots = [RunSlot(), RunSlot()]
        let tally = DisposalTally()
        let finished = await StressThreads.finish(onThreads: 2) { thread in
            let (mine, other) = (slots[thread], slots[1 - thread])
            for value in 1...Self.rounds {
                let monitor = DisposalMonitor(tally)
                let run = kind.start(monitor) { other.disposeCurrent() }
                mine.put(run.handle, monitor)
                run.send(value)
                mine.clear()
                run.handle.dispose()
                monitor.didDispose()
            }
        }
        guard finished else { return Self.recordDeadlock("two threads disposing each other's runs", kind) }
        #expect(tally.interruptions.load(ordering: .acquiring) == 2 * Self.rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
    }

    /// As above, but the other thread's run is disposed by a deinitialiser that the
    /// delivery runs: it releases the last reference to the object that owns it.
    @Test(arguments: RunKind.allCases)
    func runsDisposedByDeinitialisersDuringEachOthersDeliveryDoNotDeadlock(_ kind: RunKind) async {
        let slots = [RunSlot(), RunSlot()]
        let tally = DisposalTally()
        let finished = await StressThreads.finish(onThreads: 2) { thread in
            let (mine, other) = (slots[thread], slots[1 - thread])
            for value in 1...Self.rounds {
                let monitor = DisposalMonitor(tally)
                // The owner taken out of the slot goes at the end of this closure.
                let run = kind.start(monitor) { _ = other.takeOwner() }
                mine.put(run.handle, monitor)
                run.send(value)
                mine.clear()
                run.handle.dispose()
                monitor.didDispose()
            }
        }
        guard finished else { return Self.recordDeadlock("two threads releasing each other's runs", kind) }
        #expect(tally.interruptions.load(ordering: .acquiring) == 2 * Self.rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
    }

    /// The sending thread holds the run's delivery open until another thread has
    /// disposed the run, so each disposal meets a delivery under way; the sending
    /// thread delivers the interruption once that delivery is over, before its send
    /// returns.
    @Test(arguments: RunKind.allCases)
    func aRunDisposedFromAnotherThreadWhileItDeliversIsInterruptedBeforeThatSendReturns(_ kind: RunKind) async {
        let rounds = Self.rounds / 10
        let handover = Handover()
        let tally = DisposalTally()
        let notEndedAfterSend = AtomicCounter()
        let finished = await StressThreads.finish(onThreads: 2) { thread in
            for value in 1...rounds {
                if thread == 0 {
                    let monitor = DisposalMonitor(tally)
                    let run = kind.start(monitor) {
                        handover.delivering.signal()
                        handover.disposed.wait()
                    }
                    handover.put(run.handle, monitor)
                    run.send(value)
                    if !monitor.hasEnded { notEndedAfterSend.increment() }
                    run.handle.dispose()
                } else {
                    handover.delivering.wait()
                    let (run, monitor) = handover.take()
                    run.dispose()
                    monitor.didDispose()
                    handover.disposed.signal()
                }
            }
        }
        guard finished else { return Self.recordDeadlock("disposing a run while it delivers on another thread", kind) }
        #expect(tally.interruptions.load(ordering: .acquiring) == rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
        #expect(notEndedAfterSend.value == 0)
    }

    /// Four threads in a ring, each sending into its own run, whose observer
    /// disposes the current runs of two other threads.
    @Test(arguments: RunKind.allCases)
    func manyThreadsDisposingOneAnothersRunsDoNotDeadlock(_ kind: RunKind) async {
        let threads = 4
        let rounds = Self.rounds / 4
        let slots = (0..<threads).map { _ in RunSlot() }
        let tally = DisposalTally()
        let finished = await StressThreads.finish(onThreads: threads) { thread in
            let mine = slots[thread]
            let targets = [1, threads / 2].map { slots[(thread + $0) % threads] }
            for value in 1...rounds {
                let monitor = DisposalMonitor(tally)
                let run = kind.start(monitor) {
                    for target in targets { target.disposeCurrent() }
                }
                mine.put(run.handle, monitor)
                run.send(value)
                mine.clear()
                run.handle.dispose()
                monitor.didDispose()
            }
        }
        guard finished else { return Self.recordDeadlock("\(threads) threads disposing one another's runs", kind) }
        #expect(tally.interruptions.load(ordering: .acquiring) == threads * rounds)
        #expect(tally.violations.load(ordering: .acquiring) == 0)
    }
}

/// The kinds of runs, each started for one observer and fed by the test's thread.
enum RunKind: CaseIterable, CustomStringConvertible, Sendable {
    /// A start handler's run (`SignalProducer { input, lifetime in … }`), sent into
    /// through the input the handler was given.
    case closure
    /// A signal's producer (`SignalProducer(signal)`), sent into through the pipe.
    case signal
    /// A signal's producer started with `startWithSignal`: a run with a signal of its
    /// own, observed by the test.
    case startedWithSignal
    /// A signal's producer lifted through a signal operator: a run forwarding the
    /// operator's signal, whose source is a run with a signal of its own.
    case lifted
    /// An inner producer of values (`SignalProducer(value:)`), started by a
    /// flattened producer for each value sent into the outer pipe; the delivery is
    /// the inner run's, through a fused `map`.
    case flattenedValues

    var description: String {
        switch self {
        case .closure: "closure producer"
        case .signal: "signal producer"
        case .startedWithSignal: "startWithSignal"
        case .lifted: "lifted producer"
        case .flattenedValues: "flattened producer of values"
        }
    }

    /// A started run of this kind: its handle, and how the test's thread sends a
    /// value into it.
    fileprivate struct Started {
        let handle: any Disposable
        let send: (Int) -> Void
    }

    /// Starts a run that reports its events to `monitor` and calls `duringDelivery`
    /// on the delivering thread while it delivers a value.
    fileprivate func start(_ monitor: DisposalMonitor, duringDelivery: @escaping @Sendable () -> Void) -> Started {
        let observer = { @Sendable (event: Signal<Int, Never>.Event) in
            monitor.observe(event)
            if case .value = event { duringDelivery() }
        }
        let (signal, input) = Signal<Int, Never>.pipe()
        switch self {
        case .closure:
            let captured = InputSlot()
            let handle = SignalProducer<Int, Never> { input, _ in captured.input = input }.start(observer)
            return Started(handle: handle) { captured.input?.send(value: $0) }
        case .signal:
            return Started(handle: SignalProducer(signal).start(observer)) { input.send(value: $0) }
        case .startedWithSignal:
            let handle = SignalProducer(signal).startWithSignal { signal, interrupter in
                signal.observe(observer)
                return interrupter
            }
            return Started(handle: handle) { input.send(value: $0) }
        case .lifted:
            let handle = SignalProducer(signal).lift { $0.map { $0 } }.start(observer)
            return Started(handle: handle) { input.send(value: $0) }
        case .flattenedValues:
            let handle = SignalProducer(signal)
                .flatMap(.merge) { value in
                    SignalProducer<Int, Never>(value: value).map { value in
                        duringDelivery()
                        return value
                    }
                }
                .start { monitor.observe($0) }
            return Started(handle: handle) { input.send(value: $0) }
        }
    }
}

/// A thread's current run, which other threads dispose (or release, through the
/// owner that disposes it when deinitialised).
private final class RunSlot: @unchecked Sendable {  // `owner` is guarded by `lock`
    private let lock = NSLock()
    private var owner: RunOwner?

    func put(_ run: any Disposable, _ monitor: DisposalMonitor) {
        let next = RunOwner(run, monitor)
        let previous = lock.withLock {
            defer { owner = next }
            return owner
        }
        withExtendedLifetime(previous) {}
    }

    /// Takes the owner out: released outside the lock, it disposes the run.
    func takeOwner() -> RunOwner? {
        lock.withLock { owner.take() }
    }

    func clear() {
        withExtendedLifetime(takeOwner()) {}
    }

    /// Disposes the current run, if any, with no lock held.
    func disposeCurrent() {
        guard let current = lock.withLock({ owner }) else { return }
        current.run.dispose()
        current.monitor.didDispose()
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

/// The input a start handler was given; kept by the thread that sends into it.
private final class InputSlot: @unchecked Sendable {  // written by the start handler, during `start`, on the thread that then sends
    var input: Signal<Int, Never>.Observer?
}

/// Hands a run from the thread that sends into it to the one that disposes it.
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
