import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Time filters under load: values sent from several threads while another thread
/// advances a `TestScheduler` and another terminates the source. Also run under the
/// thread sanitizer by `.ci/run`.
@Suite struct TimeFilterStressTests {
    static let threads = 8
    static let rounds = 20
    static let sendsPerThread = 300
    static let advances = 300
    static let step: TimeInterval = 0.001

    @Test func throttleFedFromSeveralThreadsEmitsAnIntervalApartThenOneTerminal() {
        let interval = 0.004
        for _ in 0..<Self.rounds {
            let scheduler = TestScheduler()
            let monitor = TimedMonitor(scheduler)
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.throttle(interval, on: scheduler).observe(monitor.observer())
            hammer(input, scheduler)
            #expect(monitor.terminals == 1)
            #expect(monitor.eventsAfterTerminal == 0)
            #expect(monitor.overlaps == 0)
            let times = monitor.valueTimes
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= interval - 1e-9 })
        }
    }

    @Test func debounceFedFromSeveralThreadsSendsOneTerminalAndNothingAfterIt() {
        for round in 0..<Self.rounds {
            let scheduler = TestScheduler()
            let monitor = TimedMonitor(scheduler)
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.debounce(0.002, on: scheduler, discardWhenCompleted: round.isMultiple(of: 2)).observe(monitor.observer())
            hammer(input, scheduler)
            #expect(monitor.terminals == 1)
            #expect(monitor.eventsAfterTerminal == 0)
            #expect(monitor.overlaps == 0)
        }
    }

    @Test func collectEveryFedFromSeveralThreadsGathersEveryValueOnce() {
        for _ in 0..<Self.rounds {
            let scheduler = TestScheduler()
            let monitor = TimedMonitor(scheduler)
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.collect(every: 0.002, on: scheduler, skipEmpty: true, discardWhenCompleted: false)
                .map { $0.count }
                .observe(monitor.observer())
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                if thread == 0 {
                    for _ in 0..<Self.advances { scheduler.advance(by: Self.step) }
                } else {
                    for value in 0..<Self.sendsPerThread { input.send(value: value) }
                }
            }
            input.sendCompleted()
            scheduler.run()
            #expect(monitor.terminals == 1)
            #expect(monitor.eventsAfterTerminal == 0)
            #expect(monitor.overlaps == 0)
            #expect(monitor.sum == (Self.threads - 1) * Self.sendsPerThread)
        }
    }

    @Test func throttleWhileToggledFromAnotherThreadSendsOneTerminalAndNothingAfterIt() {
        for _ in 0..<Self.rounds {
            let scheduler = TestScheduler()
            let monitor = TimedMonitor(scheduler)
            let (signal, input) = Signal<Int, Never>.pipe()
            let (paused, pause) = Signal<Bool, Never>.pipe()
            signal.throttle(while: paused, on: scheduler).observe(monitor.observer())
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                switch thread {
                case 0:
                    for _ in 0..<Self.advances { scheduler.advance() }
                case 1:
                    for index in 0..<Self.sendsPerThread { pause.send(value: index.isMultiple(of: 2)) }
                case Self.threads - 1:
                    for value in 0..<Self.sendsPerThread / 2 { input.send(value: value) }
                    input.sendCompleted()
                default:
                    for value in 0..<Self.sendsPerThread { input.send(value: value) }
                }
            }
            scheduler.run()
            #expect(monitor.terminals == 1)
            #expect(monitor.eventsAfterTerminal == 0)
            #expect(monitor.overlaps == 0)
        }
    }

    @Test func disposingThrottledAndDebouncedRunsWhileFedEndsThemOnce() {
        for round in 0..<Self.rounds {
            let scheduler = TestScheduler()
            let monitor = TimedMonitor(scheduler)
            let (signal, input) = Signal<Int, Never>.pipe()
            let producer = SignalProducer(signal)
            let limited = round.isMultiple(of: 2)
                ? producer.throttle(0.002, on: scheduler)
                : producer.debounce(0.002, on: scheduler)
            let run = limited.start(monitor.observer())
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                switch thread {
                case 0:
                    for _ in 0..<Self.advances { scheduler.advance(by: Self.step) }
                case 1:
                    for value in 0..<Self.sendsPerThread / 2 { input.send(value: value) }
                    run.dispose()
                default:
                    for value in 0..<Self.sendsPerThread { input.send(value: value) }
                }
            }
            scheduler.run()
            #expect(monitor.terminals == 1)
            #expect(monitor.lastTerminal == "INTERRUPTED")
            #expect(monitor.eventsAfterTerminal == 0)
            #expect(monitor.overlaps == 0)
            #expect(!scheduler.hasPendingWork)
        }
    }

    /// Sends values from every thread but one, which advances `scheduler`; one of
    /// the sending threads completes `input` halfway through. Then runs what is left.
    private func hammer(_ input: Signal<Int, Never>.Observer, _ scheduler: TestScheduler) {
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            switch thread {
            case 0:
                for _ in 0..<Self.advances { scheduler.advance(by: Self.step) }
            case Self.threads - 1:
                for value in 0..<Self.sendsPerThread / 2 { input.send(value: value) }
                input.sendCompleted()
            default:
                for value in 0..<Self.sendsPerThread { input.send(value: value) }
            }
        }
        scheduler.run()
    }
}

/// Watches one observer from several threads: overlapping deliveries, values, the
/// virtual time of each value, terminals and anything after a terminal.
private final class TimedMonitor: Sendable {
    private let scheduler: TestScheduler
    private let inside = Atomic<Bool>(false)
    private let overlapCount = Atomic<Int>(0)
    private let valueCount = Atomic<Int>(0)
    private let valueSum = Atomic<Int>(0)
    private let terminalCount = Atomic<Int>(0)
    private let afterTerminal = Atomic<Int>(0)
    private let times = Recorder<TimeInterval>()
    private let terminalLog = Recorder<String>()

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
    var values: Int { valueCount.load(ordering: .acquiring) }
    var sum: Int { valueSum.load(ordering: .acquiring) }
    var terminals: Int { terminalCount.load(ordering: .acquiring) }
    var eventsAfterTerminal: Int { afterTerminal.load(ordering: .acquiring) }
    var valueTimes: [TimeInterval] { times.entries }
    var lastTerminal: String? { terminalLog.entries.last }

    func observer() -> Signal<Int, Never>.Observer {
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
                self.times.append(self.scheduler.currentDate.timeIntervalSinceReferenceDate)
            } else {
                self.terminalLog.append(event.description)
                self.terminalCount.add(1, ordering: .acquiringAndReleasing)
            }
            self.inside.store(false, ordering: .releasing)
        }
    }
}
