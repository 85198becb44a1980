import Dispatch
import Ripple
import Synchronization
import Testing

/// Combining operators fed from several threads at once: every value is accounted
/// for, events never overlap, exactly one terminal event arrives, and combinations
/// leave in the order they were formed. Also run under the thread sanitizer by
/// `.ci/run`.
@Suite struct CombineStressTests {
    static let threads = 8
    static let valuesPerThread = 5_000

    typealias Pipe = (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)

    /// Checks that deliveries never overlap and counts terminal events.
    final class Watch: Sendable {
        private let inside = Atomic<Bool>(false)
        private let overlapCount = Atomic<Int>(0)
        private let terminalCount = Atomic<Int>(0)
        private let lateCount = Atomic<Int>(0)

        var overlaps: Int { overlapCount.load(ordering: .acquiring) }
        var terminals: Int { terminalCount.load(ordering: .acquiring) }
        var eventsAfterTerminal: Int { lateCount.load(ordering: .acquiring) }

        /// Runs `body` as the delivery of `event`, recording overlaps and terminals.
        func deliver<V, E>(_ event: Signal<V, E>.Event, _ body: () -> Void = {}) {
            if inside.exchange(true, ordering: .acquiringAndReleasing) {
                overlapCount.add(1, ordering: .relaxed)
            }
            if terminalCount.load(ordering: .acquiring) > 0 { lateCount.add(1, ordering: .relaxed) }
            if event.isTerminating { terminalCount.add(1, ordering: .acquiringAndReleasing) }
            body()
            inside.store(false, ordering: .releasing)
        }
    }

    /// Sends `1...valuesPerThread` into each pipe from its own thread, then completes it.
    static func feed(_ pipes: [Pipe]) {
        DispatchQueue.concurrentPerform(iterations: pipes.count) { index in
            for value in 1...valuesPerThread { pipes[index].input.send(value: value) }
            pipes[index].input.sendCompleted()
        }
    }

    @Test func mergeFedFromSeveralThreadsDeliversEveryValueSerially() {
        let pipes: [Pipe] = (0..<Self.threads).map { _ in Signal.pipe() }
        let watch = Watch()
        var count = 0  // only touched by the observer, which the merged signal serialises
        var sum = 0
        Signal.merge(pipes.map(\.output)).observe { event in
            watch.deliver(event) {
                if let value = event.value {
                    count += 1
                    sum += value
                }
            }
        }
        Self.feed(pipes)
        #expect(watch.overlaps == 0)
        #expect(watch.terminals == 1)
        #expect(watch.eventsAfterTerminal == 0)
        #expect(count == Self.threads * Self.valuesPerThread)
        #expect(sum == Self.threads * Self.valuesPerThread * (Self.valuesPerThread + 1) / 2)
    }

    @Test func combineLatestFedFromSeveralThreadsSendsCombinationsInTheOrderTheyFormed() {
        let pipes: [Pipe] = (0..<Self.threads).map { _ in Signal.pipe() }
        let watch = Watch()
        var previous = [Int](repeating: 0, count: Self.threads)  // touched by the serialised observer only
        var regressions = 0
        var combinations = 0
        Signal.combineLatest(pipes.map(\.output)).observe { event in
            watch.deliver(event) {
                guard let values = event.value else { return }
                combinations += 1
                if zip(previous, values).contains(where: { $0 > $1 }) { regressions += 1 }
                previous = values
            }
        }
        Self.feed(pipes)
        #expect(watch.overlaps == 0)
        #expect(watch.terminals == 1)
        #expect(watch.eventsAfterTerminal == 0)
        #expect(regressions == 0)
        #expect(previous == [Int](repeating: Self.valuesPerThread, count: Self.threads))
        #expect(combinations >= Self.valuesPerThread)
        #expect(combinations <= Self.threads * Self.valuesPerThread)
    }

    @Test func zipFedFromSeveralThreadsSendsEveryTupleOnceAndInOrder() {
        let pipes: [Pipe] = (0..<Self.threads).map { _ in Signal.pipe() }
        let watch = Watch()
        var tuples: [Int] = []  // touched by the serialised observer only
        var misaligned = 0
        Signal.zip(pipes.map(\.output)).observe { event in
            watch.deliver(event) {
                guard let values = event.value else { return }
                if Set(values).count != 1 { misaligned += 1 }
                tuples.append(values[0])
            }
        }
        Self.feed(pipes)
        #expect(watch.overlaps == 0)
        #expect(watch.terminals == 1)
        #expect(watch.eventsAfterTerminal == 0)
        #expect(misaligned == 0)
        #expect(tuples == Array(1...Self.valuesPerThread))
    }

    @Test func combiningOperatorsDeliverOneTerminalEventWhenInputsEndAtOnce() {
        for round in 0..<300 {
            let pipes: [Pipe] = (0..<4).map { _ in Signal.pipe() }
            let outputs = pipes.map(\.output)
            let watches = [Watch(), Watch(), Watch()]
            Signal.merge(outputs).observe { watches[0].deliver($0) }
            Signal.combineLatest(outputs).observe { watches[1].deliver($0) }
            Signal.zip(outputs).observe { watches[2].deliver($0) }
            DispatchQueue.concurrentPerform(iterations: pipes.count) { index in
                let input = pipes[index].input
                for value in 0..<20 { input.send(value: value) }
                switch (index + round) % 4 {
                case 0: input.send(error: TestError(code: index))
                case 1: input.sendInterrupted()
                default: input.sendCompleted()
                }
            }
            for watch in watches {
                #expect(watch.terminals == 1)
                #expect(watch.overlaps == 0)
                #expect(watch.eventsAfterTerminal == 0)
            }
        }
    }
}
