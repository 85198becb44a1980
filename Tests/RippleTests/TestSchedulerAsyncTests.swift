import Foundation
import Ripple
import Testing

/// The `async` forms of `advance` and `run`: tasks that sleep on the scheduler are
/// registered before the clock moves, and what a woken task does up to its next
/// suspension point is done when the call returns. No test awaits anything else
/// before advancing: that is the point.
@Suite struct TestSchedulerAsyncTests {
    @Test func advanceResumesATaskThatHadNotYetReachedItsSleep() async {
        let scheduler = TestScheduler()
        let woke = Recorder<TimeInterval>()
        let sleeper = Task {
            try await scheduler.sleep(for: 1)
            woke.append(scheduler.virtualTime)
        }
        await scheduler.advance(by: 1)
        #expect(woke.entries == [1])
        sleeper.cancel()
    }

    @Test func advanceByADurationResumesTheSleeper() async {
        let scheduler = TestScheduler()
        let woke = Recorder<TimeInterval>()
        let sleeper = Task {
            try await scheduler.sleep(for: .milliseconds(1500))
            woke.append(scheduler.virtualTime)
        }
        await scheduler.advance(by: .seconds(1))
        #expect(woke.entries.isEmpty)
        await scheduler.advance(by: .milliseconds(500))
        #expect(woke.entries == [1.5])
        sleeper.cancel()
    }

    @Test func advanceLetsEachWokenTaskSleepAgainBeforeTheClockMovesOn() async {
        let scheduler = TestScheduler()
        let woke = Recorder<TimeInterval>()
        let ticker = Task {
            for _ in 0..<3 {
                try await scheduler.sleep(for: 1)
                woke.append(scheduler.virtualTime)
            }
        }
        await scheduler.advance(by: 2.5)
        #expect(woke.entries == [1, 2])
        await scheduler.advance(by: 10)
        #expect(woke.entries == [1, 2, 3])
        #expect(scheduler.virtualTime == 12.5)
        #expect(!scheduler.hasPendingWork)
        ticker.cancel()
    }

    @Test func advanceWithoutIntervalRunsASleepThatIsDueNow() async {
        let scheduler = TestScheduler()
        let woke = Recorder<TimeInterval>()
        let sleeper = Task {
            try await scheduler.sleep(for: 0)
            woke.append(scheduler.virtualTime)
        }
        await scheduler.advance()
        #expect(woke.entries == [0])
        sleeper.cancel()
    }

    @Test func advanceToADateResumesSleepersInTimeOrder() async {
        let scheduler = TestScheduler()
        let woke = Recorder<String>()
        let tasks = [("b", 2.0), ("a", 1.0), ("c", 3.0)].map { name, seconds in
            Task {
                try await scheduler.sleep(until: Date(timeIntervalSinceReferenceDate: seconds))
                woke.append("\(name)@\(scheduler.virtualTime)")
            }
        }
        await scheduler.advance(to: Date(timeIntervalSinceReferenceDate: 3))
        #expect(woke.entries == ["a@1.0", "b@2.0", "c@3.0"])
        tasks.forEach { $0.cancel() }
    }

    @Test func runResumesChainedSleepsUntilNoWorkIsLeft() async {
        let scheduler = TestScheduler()
        let woke = Recorder<TimeInterval>()
        let chain = Task {
            try await scheduler.sleep(for: 1)
            woke.append(scheduler.virtualTime)
            try await scheduler.sleep(for: 2)
            woke.append(scheduler.virtualTime)
        }
        await scheduler.run()
        #expect(woke.entries == [1, 3])
        #expect(scheduler.currentDate == .distantFuture)
        chain.cancel()
    }

    /// ReactiveSwift's `async` forms run the work on the main actor, so work that
    /// touches the main thread's state can be advanced from a test on any executor.
    @Test func asyncAdvanceAndRunRunScheduledWorkOnTheMainActorFromAnyCaller() async {
        let scheduler = TestScheduler()
        let onMainActor = Recorder<String>()
        func schedule(_ name: String, at seconds: TimeInterval) {
            scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: seconds)) {
                onMainActor.append("\(name) \(runsOnMainActorQueue)")
            }
        }
        schedule("advance", at: 0)
        await scheduler.advance()
        schedule("advance(by:)", at: 1)
        await scheduler.advance(by: 1)
        schedule("advance(by: Duration)", at: 2)
        await scheduler.advance(by: .seconds(1))
        schedule("advance(to:)", at: 3)
        await scheduler.advance(to: Date(timeIntervalSinceReferenceDate: 3))
        schedule("run", at: 4)
        await scheduler.run()
        #expect(onMainActor.entries == [
            "advance true", "advance(by:) true", "advance(by: Duration) true", "advance(to:) true", "run true",
        ])
    }

    @Test func advanceDeliversTimerTicksToATaskThatStartsIteratingLater() async {
        let scheduler = TestScheduler()
        let ticks = Recorder<TimeInterval>()
        let consumer = Task {
            for await date in scheduler.timer(interval: 1) {
                ticks.append(date.timeIntervalSinceReferenceDate)
                if ticks.entries.count == 3 { break }
            }
        }
        await scheduler.advance(by: 3)
        #expect(ticks.entries == [1, 2, 3])
        await consumer.value
        #expect(!scheduler.hasPendingWork)
    }

    @Test func advanceRunsTheWorkOfAWokenTaskThatSchedulesWithoutSleeping() async {
        let scheduler = TestScheduler()
        let ran = Recorder<TimeInterval>()
        let task = Task {
            try await scheduler.sleep(for: 1)
            scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(1)) { ran.append(scheduler.virtualTime) }
        }
        await scheduler.advance(by: 2)
        #expect(ran.entries == [2])
        task.cancel()
    }

    @MainActor
    @Test func advanceOnTheMainActorResumesAMainActorTask() async {
        let scheduler = TestScheduler()
        var woke: [TimeInterval] = []
        let sleeper = Task { @MainActor in
            try await scheduler.sleep(for: 1)
            woke.append(scheduler.virtualTime)
        }
        await scheduler.advance(by: 1)
        #expect(woke == [1])
        sleeper.cancel()
    }

    @MainActor
    @Test func asyncAdvanceFromTheMainActorRunsScheduledWorkThere() async {
        let scheduler = TestScheduler()
        let onMainActor = Recorder<Bool>()
        scheduler.schedule { onMainActor.append(runsOnMainActorQueue) }
        await scheduler.advance()
        #expect(onMainActor.entries == [true])
    }

    @Test func synchronousAdvanceStillMovesTheClockWithoutWaiting() {
        let scheduler = TestScheduler()
        var runs = 0
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 1)) { runs += 1 }
        scheduler.advance(by: 1)
        #expect(runs == 1)
    }
}
