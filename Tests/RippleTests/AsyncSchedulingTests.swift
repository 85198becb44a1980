import Foundation
import Ripple
import Testing

@Suite struct AsyncSchedulingTests {
    @Test func sleepResumesOnlyWhenVirtualTimeReachesTheDate() async throws {
        let scheduler = TestScheduler()
        let woke = Recorder<Double>()
        let sleeper = Task {
            try await scheduler.sleep(for: 1)
            woke.append(scheduler.currentDate.timeIntervalSinceReferenceDate)
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 0.5)
        #expect(await !yieldUntil { !woke.entries.isEmpty })
        #expect(scheduler.hasPendingWork)
        await scheduler.advance(by: 0.5)
        try await sleeper.value
        #expect(woke.entries == [1])
    }

    @Test func sleepAcceptsADuration() async throws {
        let scheduler = TestScheduler()
        let sleeper = Task { try await scheduler.sleep(for: .milliseconds(500)) }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: .milliseconds(499))
        #expect(scheduler.hasPendingWork)
        await scheduler.advance(by: .milliseconds(1))
        #expect(!scheduler.hasPendingWork)
        try await sleeper.value
    }

    @Test func sleepUntilAPassedDateResumesAtTheNextAdvance() async throws {
        let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 10))
        let sleeper = Task { try await scheduler.sleep(until: Date(timeIntervalSinceReferenceDate: 5)) }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance()
        try await sleeper.value
        #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 10))
    }

    @Test func cancellingASleepThrowsAndLeavesNoPendingWork() async throws {
        let scheduler = TestScheduler()
        let sleeper = Task { try await scheduler.sleep(for: 1) }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(!scheduler.hasPendingWork)
        await scheduler.advance(by: 1)
        #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 1))
    }

    @Test func sleepingInACancelledTaskThrowsAtOnceWithoutScheduling() async {
        let scheduler = TestScheduler()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await scheduler.sleep(for: 1)
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(!scheduler.hasPendingWork)
    }

    @Test func timerYieldsTheVirtualDatesUntilTheTaskIsCancelled() async throws {
        let scheduler = TestScheduler()
        let ticks = Recorder<Double>()
        let consumer = Task {
            for await date in scheduler.timer(interval: 1) {
                ticks.append(date.timeIntervalSinceReferenceDate)
            }
            ticks.append(-1)
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        for count in 1...3 {
            await scheduler.advance(by: 1)
            try #require(await yieldUntil { ticks.entries.count == count })
        }
        #expect(ticks.entries == [1, 2, 3])
        consumer.cancel()
        await consumer.value
        #expect(ticks.entries == [1, 2, 3, -1])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func timerKeepsTicksTheConsumerHasNotTakenYet() async {
        let scheduler = TestScheduler()
        var iterator = scheduler.timer(interval: .milliseconds(500)).makeAsyncIterator()
        await scheduler.advance(by: 1.5)
        var dates: [Double] = []
        for _ in 0..<3 {
            if let date = await iterator.next() { dates.append(date.timeIntervalSinceReferenceDate) }
        }
        #expect(dates == [0.5, 1, 1.5])
    }

    @Test func timerStartsCountingWhenIterationStarts() async {
        let scheduler = TestScheduler()
        let timer = scheduler.timer(interval: 2)
        await scheduler.advance(by: 5)
        var iterator = timer.makeAsyncIterator()
        await scheduler.advance(by: 2)
        #expect(await iterator.next() == Date(timeIntervalSinceReferenceDate: 7))
    }

    @Test func droppingTheIteratorCancelsTheTimer() async {
        let scheduler = TestScheduler()
        do {
            var iterator = scheduler.timer(interval: 1).makeAsyncIterator()
            await scheduler.advance(by: 1)
            #expect(await iterator.next() == Date(timeIntervalSinceReferenceDate: 1))
            #expect(scheduler.hasPendingWork)
        }
        #expect(!scheduler.hasPendingWork)
    }

    @Test func timerIteratedOnTheMainActorNeedsNoTry() async throws {
        let scheduler = TestScheduler()
        let first = Task { @MainActor () -> Date? in
            for await date in scheduler.timer(interval: 1) {
                return date
            }
            return nil
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 1)
        #expect(await first.value == Date(timeIntervalSinceReferenceDate: 1))
        #expect(!scheduler.hasPendingWork)
    }
}
