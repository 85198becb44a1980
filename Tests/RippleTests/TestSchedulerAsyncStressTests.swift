import Foundation
import Ripple
import Testing

/// Many tasks sleeping on one `TestScheduler`, and consuming its timers, while the
/// test advances it with the `async` forms: every task wakes at exactly the virtual
/// time it asked for, whatever threads the tasks run on.
@Suite struct TestSchedulerAsyncStressTests {
    @Test func everySleeperWakesAtItsOwnVirtualTimeWhileManyTasksSleep() async {
        for round in 0..<5 {
            let scheduler = TestScheduler()
            let wakes = Recorder<String>()
            var expected: [String] = []
            var tasks: [Task<Void, any Error>] = []
            for sleeper in 0..<16 {
                let steps = (0..<4).map { Double(($0 + sleeper + round) % 3 + 1) }
                var time = 0.0
                for step in steps {
                    time += step
                    expected.append("\(sleeper)@\(time)")
                }
                tasks.append(Task {
                    for step in steps {
                        try await scheduler.sleep(for: step)
                        wakes.append("\(sleeper)@\(scheduler.virtualTime)")
                    }
                })
            }
            for _ in 0..<12 {
                await scheduler.advance(by: 1)
            }
            #expect(wakes.entries.sorted() == expected.sorted())
            #expect(!scheduler.hasPendingWork)
            tasks.forEach { $0.cancel() }
        }
    }

    @Test func everyTimerConsumerGetsEveryTickWhileManyIterate() async {
        let scheduler = TestScheduler()
        let ticks = Recorder<String>()
        let consumers = (0..<16).map { consumer in
            Task {
                var count = 0
                for await date in scheduler.timer(interval: 1) {
                    ticks.append("\(consumer)@\(date.timeIntervalSinceReferenceDate)")
                    count += 1
                    if count == 5 { break }
                }
            }
        }
        for _ in 0..<5 {
            await scheduler.advance(by: 1)
        }
        let expected = (0..<16).flatMap { consumer in (1...5).map { "\(consumer)@\(Double($0))" } }
        #expect(ticks.entries.sorted() == expected.sorted())
        for consumer in consumers { await consumer.value }
        #expect(!scheduler.hasPendingWork)
    }
}
