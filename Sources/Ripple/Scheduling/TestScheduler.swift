#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A scheduler in virtual time, for tests: nothing runs until the test advances
/// the clock, and then everything due runs at once, in time order, on the calling
/// thread.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let (queries, typing) = Signal<String, Never>.pipe()
/// queries.delay(1, on: scheduler).observeValues { print($0) }
/// typing.send(value: "swift")
/// scheduler.advance(by: .milliseconds(500))   // nothing yet
/// scheduler.advance(by: .milliseconds(500))   // prints "swift"
/// ```
///
/// Work scheduled for the same date runs in the order it was scheduled; work that
/// schedules more work due within the advanced span sees it run in the same call.
/// Work due at `Date.distantFuture` or later (after an infinite or huge interval)
/// is never scheduled, unless the clock is already there: ``run()-4d5kg`` leaves it at
/// `Date.distantFuture`, after which work for now still runs at the next advance,
/// and work for later never does. The scheduler is thread-safe, and it never runs
/// work while holding its lock.
///
/// Async code that sleeps on the scheduler (``DateScheduler/sleep(for:)-(TimeInterval)``,
/// ``DateScheduler/timer(interval:leeway:)-(TimeInterval,_)``) is tested with the
/// `async` forms of ``advance(by:)-586gl`` and ``run()-6p55h``, which run the
/// work on the main actor and let tasks reach their sleep before the clock moves;
/// see ``advance(to:)-8i2pw``.
///
/// One call runs repeating work at most ``repeatLimit`` times: more stops the test
/// with a precondition failure rather than hang it, since it means repeating work
/// that never ends (`advance(by: .infinity)` or ``run()-4d5kg`` with a timer still
/// running) or an interval too short for the span.
public final class TestScheduler: DateScheduler {
    private struct Item {
        let date: Date
        let order: UInt64
        let action: ScheduledAction
        let interval: TimeInterval?
    }

    private struct State {
        var currentDate: Date
        var items: [Item] = []
        var nextOrder: UInt64 = 0
        /// Tasks resumed by a sleep or a timer on this scheduler that have not yet
        /// returned from it.
        var resumingTasks = 0

        /// Inserts `item` after every item due no later than it.
        mutating func insert(_ item: Item) {
            var low = 0
            var high = items.count
            while low < high {
                let middle = (low + high) / 2
                if items[middle].date <= item.date { low = middle + 1 } else { high = middle }
            }
            items.insert(item, at: low)
        }

        mutating func makeOrder() -> UInt64 {
            defer { nextOrder += 1 }
            return nextOrder
        }
    }

    /// How many runs of repeating work one call to `advance` or `run` may make.
    public static let repeatLimit = 100_000

    /// How many yields in a row must see no new work before each step of an
    /// `async` advance.
    static let quietYields = 64

    /// How long in real time an `async` advance must see no new work before its
    /// first step: a task that another thread runs may be held up that long by
    /// the operating system before it reaches its sleep.
    static let quietTime = Duration.milliseconds(5)

    /// How many yields an `async` advance makes at most before each step, so that
    /// a task that schedules work without end cannot keep it from moving.
    static let maximumYields = 100_000

    private let state: Locked<State>

    /// Creates a scheduler whose clock starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        state = Locked(State(currentDate: startDate))
    }

    /// The virtual time.
    public var currentDate: Date {
        state.withLock { $0.currentDate }
    }

    /// Whether any work is waiting to run; cancelled work does not count.
    public var hasPendingWork: Bool {
        state.withLock { $0.items.contains { !$0.action.isDisposed } }
    }

    /// Schedules `action` at the current virtual time; it runs at the next
    /// `advance`.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        enqueue(action, at: nil, interval: nil)
    }

    /// Schedules `action` at `date` in virtual time; a date at `Date.distantFuture`
    /// or later never comes, unless the clock is already there (after ``run()-4d5kg``).
    ///
    /// - Precondition: `date` is not NaN.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
        Self.require(date, call: "TestScheduler.schedule(after:action:)")
        return enqueue(action, at: date, interval: nil)
    }

    /// Schedules `action` `delay` seconds of virtual time from now: ReactiveSwift's
    /// relative form of ``schedule(after:action:)-(Date,_)``.
    ///
    /// ```swift
    /// scheduler.schedule(after: 2) { input.send(value: "late") }
    /// scheduler.advance(by: 2)   // sends "late"
    /// ```
    ///
    /// An infinite or huge delay never comes.
    ///
    /// - Precondition: `delay >= 0`, not NaN.
    @discardableResult
    public func schedule(after delay: TimeInterval, action: @escaping () -> Void) -> (any Disposable)? {
        requireTimeValue(delay, .nonNegative, name: "delay", call: "TestScheduler.schedule(after:action:)")
        return enqueue(action, at: date(after: delay), interval: nil)
    }

    /// Schedules `action` `delay` from now in virtual time; see
    /// ``schedule(after:action:)-(TimeInterval,_)``.
    ///
    /// - Precondition: `delay >= .zero`.
    @discardableResult
    public func schedule(after delay: Duration, action: @escaping () -> Void) -> (any Disposable)? {
        schedule(after: delay.timeInterval, action: action)
    }

    /// Schedules `action` at `date`, then every `interval` seconds of virtual time;
    /// a run due at `Date.distantFuture` or later never comes. `leeway` is ignored:
    /// virtual time is exact.
    ///
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN; `date` is not NaN.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> (any Disposable)? {
        let call = "TestScheduler.schedule(after:interval:leeway:action:)"
        requireTimeValue(interval, .positive, call: call)
        requireTimeValue(leeway, .nonNegative, name: "leeway", call: call)
        Self.require(date, call: call)
        return enqueue(action, at: date, interval: interval)
    }

    private func enqueue(_ action: @escaping () -> Void, at date: Date?, interval: TimeInterval?) -> any Disposable {
        let work = ScheduledAction(action)
        state.withLock { state in
            let date = date ?? state.currentDate
            // Work due by the clock runs at the next advance, even once `run()` has
            // moved the clock to where later work never comes.
            guard date <= state.currentDate || !date.isNever else { return }
            state.insert(Item(date: date, order: state.makeOrder(), action: work, interval: interval))
        }
        return work
    }

    /// Runs the work due now, without moving the clock.
    public func advance() {
        advance(by: 0)
    }

    /// Moves the clock forward by `interval` seconds, running the work due meanwhile.
    /// An infinite or huge interval runs all the work there is, like ``run()-4d5kg``,
    /// and moves the clock to `Date.distantFuture`.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func advance(by interval: TimeInterval) {
        requireTimeValue(interval, .nonNegative, call: "TestScheduler.advance(by:)")
        advance(to: currentDate.adding(schedulerInterval: interval))
    }

    /// Moves the clock forward by `duration`, running the work due meanwhile.
    ///
    /// - Precondition: `duration >= .zero`.
    public func advance(by duration: Duration) {
        advance(by: duration.timeInterval)
    }

    /// Moves the clock to `date`, running the work due until then in time order —
    /// including work scheduled by that work. A date before ``currentDate`` runs
    /// the work due by then and leaves the clock where it is.
    ///
    /// - Precondition: `date` is not NaN.
    public func advance(to date: Date) {
        Self.require(date, call: "TestScheduler.advance(to:)")
        var repeats = 0
        while let item = nextItem(dueBy: date) {
            run(item, repeats: &repeats, call: "TestScheduler.advance(to:)")
        }
    }

    /// Runs all the work there is, moving the clock to each item's date in turn,
    /// then to `Date.distantFuture`, as after everything that will ever run has
    /// run: work scheduled for now still runs at the next advance, work scheduled
    /// for later never does. Repeating work must be disposed to let it end: see
    /// ``repeatLimit``.
    public func run() {
        var repeats = 0
        while let item = nextItem(dueBy: .never) {
            run(item, repeats: &repeats, call: "TestScheduler.run()")
        }
    }

    /// Moves the clock back by `interval` seconds, without running anything; an
    /// infinite or huge interval moves it to `Date.distantPast`.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func rewind(by interval: TimeInterval) {
        requireTimeValue(interval, .nonNegative, call: "TestScheduler.rewind(by:)")
        state.withLock { $0.currentDate = $0.currentDate.adding(schedulerInterval: -interval) }
    }

    /// Moves the clock back by `duration`, without running anything.
    ///
    /// - Precondition: `duration >= .zero`.
    public func rewind(by duration: Duration) {
        rewind(by: duration.timeInterval)
    }

    // MARK: Async advancing

    /// Moves the clock forward by `interval` seconds, like
    /// ``advance(by:)-(TimeInterval)``, but on the main actor, first letting tasks
    /// reach their sleep on this scheduler, before every step: see
    /// ``advance(to:)-8i2pw``.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    @MainActor
    public func advance(by interval: TimeInterval) async {
        requireTimeValue(interval, .nonNegative, call: "TestScheduler.advance(by:)")
        await advance(to: currentDate.adding(schedulerInterval: interval))
    }

    /// Moves the clock forward by `duration`, like
    /// ``advance(by:)-(Duration)``, but on the main actor, first letting tasks
    /// reach their sleep on this scheduler, before every step: see
    /// ``advance(to:)-8i2pw``.
    ///
    /// - Precondition: `duration >= .zero`.
    @MainActor
    public func advance(by duration: Duration) async {
        await advance(by: duration.timeInterval)
    }

    /// Runs the work due now, like ``advance()-()``, but on the main actor, once
    /// tasks have reached their sleep on this scheduler: see ``advance(to:)-8i2pw``.
    @MainActor
    public func advance() async {
        await advance(by: 0)
    }

    /// Moves the clock to `date` like ``advance(to:)-(Date)``, letting other tasks
    /// run before each step.
    ///
    /// ```swift
    /// let countdown = Task { try await scheduler.sleep(for: 1); done = true }
    /// await scheduler.advance(by: 1)   // `done` is true
    /// ```
    ///
    /// Like ReactiveSwift's, the `async` forms run on the main actor, whatever the
    /// caller's isolation: the scheduled work runs on the main actor, so a test on
    /// any executor can advance work that touches main-actor state.
    ///
    /// Before it moves the clock to the next date with work due (and runs all the
    /// work due then), and before it returns, it settles: running on the main
    /// actor, it yields
    /// 1. until every task resumed by a `sleep` or a `timer` of this scheduler has
    ///    returned from that call (this is tracked, not guessed), then
    /// 2. until 64 yields in a row see no new work scheduled here — and, before
    ///    the first step, until 5 ms of real time do, so that tasks started before
    ///    the call, which nothing tracks, have reached their sleep.
    ///
    /// So a task that is ready to run and reaches a sleep or other work on this
    /// scheduler without waiting for anything else on the way is registered before
    /// the clock moves past it, and so is a task that a step woke up, or started,
    /// when it goes on to sleep again; what a woken task does up to its next
    /// suspension point is done when this returns. Part 1 is exact; part 2 is a
    /// bound: a task that another thread runs, and that the operating system holds
    /// up for longer than that before it reaches its sleep, can be missed. Tasks on
    /// the main actor, awaited from the main actor, run one at a time and cannot
    /// be. A task held up elsewhere (on I/O, a real clock, a busy actor) is not
    /// seen: await that before advancing. A step gives up settling after 100,000
    /// yields, so that a task scheduling work without end cannot hang it.
    ///
    /// - Precondition: `date` is not NaN.
    @MainActor
    public func advance(to date: Date) async {
        Self.require(date, call: "TestScheduler.advance(to:)")
        var repeats = 0
        var waitsQuietTime = true
        while true {
            await settle(waitingQuietTime: waitsQuietTime)
            waitsQuietTime = false
            guard let first = nextItem(dueBy: date) else { return }
            runAll(from: first, repeats: &repeats, call: "TestScheduler.advance(to:)")
        }
    }

    /// Runs all the work there is, then moves the clock to `Date.distantFuture`,
    /// like ``run()-4d5kg``, but on the main actor, letting other tasks run before
    /// each step: see ``advance(to:)-8i2pw``.
    @MainActor
    public func run() async {
        var repeats = 0
        var waitsQuietTime = true
        while true {
            await settle(waitingQuietTime: waitsQuietTime)
            waitsQuietTime = false
            guard let first = nextItem(dueBy: .never) else { return }
            runAll(from: first, repeats: &repeats, call: "TestScheduler.run()")
        }
    }

    /// Runs `first`, then the other work due at its date: one step of an `async`
    /// advance, which does not move the clock.
    private func runAll(from first: Item, repeats: inout Int, call: String) {
        run(first, repeats: &repeats, call: call)
        while let item = nextItem(dueBy: first.date) {
            run(item, repeats: &repeats, call: call)
        }
    }

    /// Yields until tasks resumed here have returned from their sleep and no new
    /// work has come for ``quietYields`` yields — and, if `waitingQuietTime`, for
    /// ``quietTime`` — or for ``maximumYields`` yields at most.
    private nonisolated(nonsending) func settle(waitingQuietTime: Bool) async {
        let clock = ContinuousClock()
        let quietTime = waitingQuietTime ? Self.quietTime : .zero
        var quietYields = 0
        var quietSince = clock.now
        var last = state.withLock { $0.nextOrder }
        for _ in 0..<Self.maximumYields {
            await Task.yield()
            let (order, resuming) = state.withLock { ($0.nextOrder, $0.resumingTasks) }
            if order == last, resuming == 0 {
                quietYields += 1
            } else {
                quietYields = 0
                quietSince = clock.now
            }
            last = order
            if quietYields >= Self.quietYields, clock.now - quietSince >= quietTime { return }
        }
    }

    // MARK: Running the work

    /// Takes out the earliest item due by `date` and moves the clock to it; with no
    /// such item, moves the clock to `date` (never back, nor past `Date.never`).
    /// Cancelled work is dropped without moving the clock.
    private func nextItem(dueBy date: Date) -> Item? {
        state.withLock { state in
            while let first = state.items.first, first.action.isDisposed {
                state.items.removeFirst()
            }
            guard let first = state.items.first, first.date <= date else {
                state.currentDate = max(state.currentDate, min(date, .never))
                return nil
            }
            state.items.removeFirst()
            state.currentDate = max(state.currentDate, first.date)
            return first
        }
    }

    /// Runs `item`; repeating work goes back in the queue one interval later (never
    /// at the same date, whatever the precision of dates), unless that is never.
    private func run(_ item: Item, repeats: inout Int, call: String) {
        guard let interval = item.interval else {
            item.action.run()
            return
        }
        repeats += 1
        precondition(
            repeats <= Self.repeatLimit,
            "\(call) ran repeating work \(Self.repeatLimit) times: dispose it, or advance in smaller steps"
        )
        guard item.action.runRepeatedly() else { return }
        let next = item.date.adding(schedulerInterval: interval)
        guard !next.isNever else { return }
        state.withLock { state in
            let date = next > item.date ? next : Date(timeIntervalSinceReferenceDate: item.date.timeIntervalSinceReferenceDate.nextUp)
            state.insert(Item(date: date, order: state.makeOrder(), action: item.action, interval: interval))
        }
    }

    private static func require(_ date: Date, call: String) {
        precondition(!date.timeIntervalSinceReferenceDate.isNaN, "\(call) needs a date that is a number, not \(date.timeIntervalSinceReferenceDate)")
    }
}

extension TestScheduler: ResumptionTracking {
    func taskWillResume() {
        state.withLock { $0.resumingTasks += 1 }
    }

    func taskDidResume() {
        state.withLock { $0.resumingTasks -= 1 }
    }
}
