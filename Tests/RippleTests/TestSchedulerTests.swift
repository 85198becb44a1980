import Foundation
import Ripple
import Testing

/// Virtual time: nothing runs until the test moves the clock, and then everything
/// due runs in time order, at its own virtual time.
@Suite struct TestSchedulerTests {
    static let start = Date(timeIntervalSinceReferenceDate: 1_000)

    /// Seconds since ``start`` of the scheduler's clock.
    static func elapsed(_ scheduler: TestScheduler) -> TimeInterval {
        scheduler.currentDate.timeIntervalSince(start)
    }

    @Test func clockStartsAtTheStartDate() {
        let scheduler = TestScheduler(startDate: Self.start)
        #expect(scheduler.currentDate == Self.start)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func defaultStartDateIsTheReferenceDate() {
        #expect(TestScheduler().currentDate == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func scheduledWorkRunsOnlyOnAdvance() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [Date] = []
        scheduler.schedule { runs.append(scheduler.currentDate) }
        #expect(runs.isEmpty)
        #expect(scheduler.hasPendingWork)
        scheduler.advance()
        #expect(runs == [Self.start])
        #expect(scheduler.currentDate == Self.start)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func repeatingWorkKeepsRunningWhenItsDisposableIsNotKept() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(1), interval: 1) { runs.append(Self.elapsed(scheduler)) }
        scheduler.advance(by: 3)
        #expect(runs == [1, 2, 3])
    }

    @Test func advanceByTimeIntervalMovesTheClock() {
        let scheduler = TestScheduler(startDate: Self.start)
        scheduler.advance(by: 1)
        #expect(Self.elapsed(scheduler) == 1)
        scheduler.advance(by: 0.5)
        #expect(Self.elapsed(scheduler) == 1.5)
    }

    @Test func advanceByDurationMovesTheClock() {
        let scheduler = TestScheduler(startDate: Self.start)
        scheduler.advance(by: .seconds(1))
        #expect(Self.elapsed(scheduler) == 1)
        scheduler.advance(by: .milliseconds(500))
        #expect(Self.elapsed(scheduler) == 1.5)
    }

    @Test func advanceRunsOnlyWorkDueWithinTheSpan() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(1)) { runs.append("one") }
        scheduler.schedule(after: Self.start.addingTimeInterval(2)) { runs.append("two") }
        scheduler.advance(by: 0.5)
        #expect(runs.isEmpty)
        scheduler.advance(by: .milliseconds(500))
        #expect(runs == ["one"])
        scheduler.advance(by: 0.75)
        #expect(runs == ["one"])
        scheduler.advance(by: .milliseconds(250))
        #expect(runs == ["one", "two"])
    }

    @Test func dueWorkRunsInTimeOrderAtItsOwnVirtualTime() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        for (name, offset) in [("c", 3.0), ("a", 1.0), ("b", 2.0)] {
            scheduler.schedule(after: Self.start.addingTimeInterval(offset)) {
                runs.append("\(name)@\(Self.elapsed(scheduler))")
            }
        }
        scheduler.advance(by: 5)
        #expect(runs == ["a@1.0", "b@2.0", "c@3.0"])
        #expect(Self.elapsed(scheduler) == 5)
    }

    @Test func sameDateWorkRunsInSchedulingOrder() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [Int] = []
        let date = Self.start.addingTimeInterval(1)
        for index in 0..<20 {
            scheduler.schedule(after: date) { runs.append(index) }
        }
        scheduler.advance(by: 1)
        #expect(runs == Array(0..<20))
    }

    @Test func immediateWorkRunsInSchedulingOrder() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [Int] = []
        for index in 0..<10 {
            scheduler.schedule { runs.append(index) }
        }
        scheduler.advance()
        #expect(runs == Array(0..<10))
    }

    @Test func workScheduledInThePastRunsAtTheCurrentTime() {
        let scheduler = TestScheduler(startDate: Self.start)
        scheduler.advance(by: 5)
        var runs: [TimeInterval] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(1)) { runs.append(Self.elapsed(scheduler)) }
        scheduler.advance()
        #expect(runs == [5])
        #expect(Self.elapsed(scheduler) == 5)
    }

    @Test func workScheduledByWorkWithinTheSpanRunsInTheSameCall() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(1)) {
            runs.append("outer@\(Self.elapsed(scheduler))")
            scheduler.schedule { runs.append("now@\(Self.elapsed(scheduler))") }
            scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.5)) {
                runs.append("inner@\(Self.elapsed(scheduler))")
                scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.25)) {
                    runs.append("innermost@\(Self.elapsed(scheduler))")
                }
            }
        }
        scheduler.schedule(after: Self.start.addingTimeInterval(1.625)) { runs.append("sibling@\(Self.elapsed(scheduler))") }
        scheduler.advance(by: 2)
        #expect(runs == ["outer@1.0", "now@1.0", "inner@1.5", "sibling@1.625", "innermost@1.75"])
        #expect(Self.elapsed(scheduler) == 2)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func workScheduledByWorkBeyondTheSpanWaits() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(1)) {
            runs.append("outer@\(Self.elapsed(scheduler))")
            scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(3)) {
                runs.append("later@\(Self.elapsed(scheduler))")
            }
        }
        scheduler.advance(by: 2)
        #expect(runs == ["outer@1.0"])
        #expect(scheduler.hasPendingWork)
        #expect(Self.elapsed(scheduler) == 2)
        scheduler.advance(by: 1.5)
        #expect(runs == ["outer@1.0"])
        scheduler.advance(by: .milliseconds(500))
        #expect(runs == ["outer@1.0", "later@4.0"])
    }

    @Test func advanceToRunsWorkUpToTheDateAndStopsThere() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        for offset in [1.0, 2.0, 3.0] {
            scheduler.schedule(after: Self.start.addingTimeInterval(offset)) { runs.append(Self.elapsed(scheduler)) }
        }
        scheduler.advance(to: Self.start.addingTimeInterval(2))
        #expect(runs == [1, 2])
        #expect(scheduler.currentDate == Self.start.addingTimeInterval(2))
        scheduler.advance(to: Self.start.addingTimeInterval(10))
        #expect(runs == [1, 2, 3])
        #expect(scheduler.currentDate == Self.start.addingTimeInterval(10))
    }

    @Test func runRunsEverythingInTimeOrderThenMovesTheClockToTheDistantFuture() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(7)) { runs.append(Self.elapsed(scheduler)) }
        scheduler.schedule(after: Self.start.addingTimeInterval(2)) {
            runs.append(Self.elapsed(scheduler))
            scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(10)) { runs.append(Self.elapsed(scheduler)) }
        }
        scheduler.schedule { runs.append(Self.elapsed(scheduler)) }
        scheduler.run()
        #expect(runs == [0, 2, 7, 12])
        #expect(scheduler.currentDate == .distantFuture)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func runWithNothingScheduledStillMovesTheClockToTheDistantFuture() {
        let scheduler = TestScheduler(startDate: Self.start)
        scheduler.run()
        #expect(scheduler.currentDate == .distantFuture)
    }

    /// Once everything has run, work for now (an `observe(on:)` hop, a `delay` of
    /// 0) still runs at the next advance; work due later never comes.
    @Test func afterRunWorkDueNowRunsAtTheNextAdvanceAndLaterWorkNever() {
        let scheduler = TestScheduler(startDate: Self.start)
        scheduler.run()
        var runs: [String] = []
        scheduler.schedule { runs.append("now") }
        scheduler.schedule(after: scheduler.currentDate) { runs.append("at the clock") }
        scheduler.schedule(after: 1) { runs.append("a second later") }
        scheduler.advance()
        #expect(runs == ["now", "at the clock"])
        scheduler.schedule { runs.append("now again") }
        scheduler.run()
        #expect(runs == ["now", "at the clock", "now again"])
        scheduler.advance(by: 10)
        #expect(runs == ["now", "at the clock", "now again"])
        #expect(!scheduler.hasPendingWork)
        #expect(scheduler.currentDate == .distantFuture)
    }

    @Test func rewindMovesTheClockBackWithoutRunningAnything() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        scheduler.schedule(after: Self.start.addingTimeInterval(4)) { runs.append(Self.elapsed(scheduler)) }
        scheduler.advance(by: 5)
        #expect(runs == [4])
        scheduler.schedule(after: Self.start.addingTimeInterval(3.5)) { runs.append(Self.elapsed(scheduler)) }
        scheduler.rewind(by: 2)
        #expect(Self.elapsed(scheduler) == 3)
        #expect(runs == [4])
        scheduler.rewind(by: .milliseconds(500))
        #expect(Self.elapsed(scheduler) == 2.5)
        #expect(runs == [4])
        scheduler.advance(by: 1)
        #expect(runs == [4, 3.5])
    }

    @Test func disposingScheduledWorkCancelsIt() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        let cancelled = scheduler.schedule(after: Self.start.addingTimeInterval(1)) { runs.append("cancelled") }
        scheduler.schedule(after: Self.start.addingTimeInterval(1)) { runs.append("kept") }
        let cancelledNow = scheduler.schedule { runs.append("cancelled now") }
        cancelled?.dispose()
        cancelledNow?.dispose()
        #expect(cancelled?.isDisposed == true)
        scheduler.run()
        #expect(runs == ["kept"])
    }

    @Test func disposingScheduledWorkReleasesItsClosure() {
        let scheduler = TestScheduler(startDate: Self.start)
        weak var weakWitness: Witness?
        var disposable: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            disposable = scheduler.schedule(after: Self.start.addingTimeInterval(1)) { _ = witness }
        }
        #expect(weakWitness != nil)
        disposable?.dispose()
        #expect(weakWitness == nil)
    }

    @Test func workThatRanReleasesItsClosure() {
        let scheduler = TestScheduler(startDate: Self.start)
        weak var weakWitness: Witness?
        var ran = false
        do {
            let witness = Witness()
            weakWitness = witness
            scheduler.schedule { _ = witness; ran = true }
        }
        scheduler.advance()
        #expect(ran)
        #expect(weakWitness == nil)
    }

    @Test func disposedWorkIsNoLongerPending() {
        let scheduler = TestScheduler(startDate: Self.start)
        let disposable = scheduler.schedule(after: Self.start.addingTimeInterval(1)) {}
        #expect(scheduler.hasPendingWork)
        disposable?.dispose()
        #expect(!scheduler.hasPendingWork)
    }

    @Test func disposingWorkFromInsideEarlierWorkCancelsIt() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        var later: (any Disposable)?
        scheduler.schedule(after: Self.start.addingTimeInterval(1)) {
            runs.append("first")
            later?.dispose()
        }
        later = scheduler.schedule(after: Self.start.addingTimeInterval(1)) { runs.append("second") }
        scheduler.advance(by: 1)
        #expect(runs == ["first"])
    }

    @Test func hasPendingWorkReportsWaitingWork() {
        let scheduler = TestScheduler(startDate: Self.start)
        #expect(!scheduler.hasPendingWork)
        scheduler.schedule(after: Self.start.addingTimeInterval(2)) {}
        #expect(scheduler.hasPendingWork)
        scheduler.advance(by: 1)
        #expect(scheduler.hasPendingWork)
        scheduler.advance(by: 1)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func repeatingWorkWithTimeIntervalRunsAtEachIntervalUntilDisposed() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        let repeating = scheduler.schedule(after: Self.start.addingTimeInterval(1), interval: 0.5, leeway: 0.1) {
            runs.append(Self.elapsed(scheduler))
        }
        scheduler.advance(by: 0.75)
        #expect(runs.isEmpty)
        scheduler.advance(by: 1.25)
        #expect(runs == [1, 1.5, 2])
        scheduler.advance(by: 0.5)
        #expect(runs == [1, 1.5, 2, 2.5])
        repeating?.dispose()
        scheduler.advance(by: 10)
        #expect(runs == [1, 1.5, 2, 2.5])
    }

    @Test func repeatingWorkWithDurationRunsAtEachIntervalUntilDisposed() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        let repeating = scheduler.schedule(after: Self.start.addingTimeInterval(1), interval: .seconds(2), leeway: .milliseconds(10)) {
            runs.append(Self.elapsed(scheduler))
        }
        scheduler.advance(by: .seconds(6))
        #expect(runs == [1, 3, 5])
        repeating?.dispose()
        scheduler.advance(by: .seconds(6))
        #expect(runs == [1, 3, 5])
    }

    @Test func repeatingWorkWithoutLeewayRunsAtEachInterval() {
        let scheduler = TestScheduler(startDate: Self.start)
        var durationRuns: [TimeInterval] = []
        var intervalRuns: [TimeInterval] = []
        let byDuration = scheduler.schedule(after: Self.start, interval: .milliseconds(250)) {
            durationRuns.append(Self.elapsed(scheduler))
        }
        let byInterval = scheduler.schedule(after: Self.start, interval: 0.25) {
            intervalRuns.append(Self.elapsed(scheduler))
        }
        scheduler.advance(by: 1)
        byDuration?.dispose()
        byInterval?.dispose()
        scheduler.advance(by: 1)
        #expect(durationRuns == [0, 0.25, 0.5, 0.75, 1])
        #expect(intervalRuns == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func repeatingWorkDisposedFromItsOwnRunStopsAndLetsRunFinish() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [TimeInterval] = []
        var repeating: (any Disposable)?
        repeating = scheduler.schedule(after: Self.start.addingTimeInterval(1), interval: 1) {
            runs.append(Self.elapsed(scheduler))
            if runs.count == 3 { repeating?.dispose() }
        }
        scheduler.run()
        #expect(runs == [1, 2, 3])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func repeatingWorkInterleavesWithOneShotWorkInTimeOrder() {
        let scheduler = TestScheduler(startDate: Self.start)
        var runs: [String] = []
        let repeating = scheduler.schedule(after: Self.start.addingTimeInterval(1), interval: 1) {
            runs.append("tick@\(Self.elapsed(scheduler))")
        }
        scheduler.schedule(after: Self.start.addingTimeInterval(2.5)) { runs.append("once@\(Self.elapsed(scheduler))") }
        scheduler.advance(by: 3)
        repeating?.dispose()
        #expect(runs == ["tick@1.0", "tick@2.0", "once@2.5", "tick@3.0"])
    }

    // MARK: Relative delays

    @Test func scheduleAfterADelayRunsThatLongAfterNowInVirtualTime() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        func record(_ name: String) -> () -> Void {
            { log.append("\(name) at \(scheduler.currentDate.timeIntervalSinceReferenceDate)") }
        }
        scheduler.advance(by: 5)
        scheduler.schedule(after: 2, action: record("2 s"))
        scheduler.schedule(after: .milliseconds(500), action: record("500 ms"))
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 6), action: record("date 6"))
        scheduler.advance(by: 1.9)
        #expect(log.entries == ["500 ms at 5.5", "date 6 at 6.0"])
        scheduler.advance(by: 0.1)
        #expect(log.entries == ["500 ms at 5.5", "date 6 at 6.0", "2 s at 7.0"])
    }

    @Test func aRelativeDelayOfZeroRunsAtTheNextAdvanceAndOneThatNeverComesIsNotScheduled() {
        let scheduler = TestScheduler()
        let runs = Counter()
        scheduler.schedule(after: 0) { runs.value += 1 }
        scheduler.schedule(after: .infinity) { runs.value += 10 }
        #expect(runs.value == 0)
        scheduler.advance()
        #expect(runs.value == 1)
        #expect(!scheduler.hasPendingWork)
    }

    @Test func disposingWorkScheduledAfterADelayCancelsIt() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let work = scheduler.schedule(after: .seconds(1)) { runs.value += 1 }
        work?.dispose()
        scheduler.advance(by: 2)
        #expect(runs.value == 0)
    }
}

