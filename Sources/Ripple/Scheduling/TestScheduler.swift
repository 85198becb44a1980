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
/// The scheduler is thread-safe, and it never runs work while holding its lock.
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

    /// Schedules `action` at `date` in virtual time.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
        enqueue(action, at: date, interval: nil)
    }

    /// Schedules `action` at `date`, then every `interval` seconds of virtual time.
    /// `leeway` is ignored: virtual time is exact.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> (any Disposable)? {
        precondition(interval > 0, "a repeating interval must be positive, not \(interval)")
        return enqueue(action, at: date, interval: interval)
    }

    private func enqueue(_ action: @escaping () -> Void, at date: Date?, interval: TimeInterval?) -> any Disposable {
        let work = ScheduledAction(action)
        state.withLock { state in
            state.insert(Item(date: date ?? state.currentDate, order: state.makeOrder(), action: work, interval: interval))
        }
        return work
    }

    /// Runs the work due now, without moving the clock.
    public func advance() {
        advance(by: 0)
    }

    /// Moves the clock forward by `interval` seconds, running the work due meanwhile.
    public func advance(by interval: TimeInterval) {
        precondition(interval >= 0, "advance(by:) moves forward; use rewind(by:) to go back")
        advance(to: currentDate.addingTimeInterval(interval))
    }

    /// Moves the clock forward by `duration`, running the work due meanwhile.
    public func advance(by duration: Duration) {
        advance(by: duration.timeInterval)
    }

    /// Moves the clock to `date`, running the work due until then in time order —
    /// including work scheduled by that work.
    public func advance(to date: Date) {
        while let item = nextItem(dueBy: date) {
            if let interval = item.interval {
                guard item.action.runRepeatedly() else { continue }
                state.withLock { state in
                    state.insert(Item(date: item.date.addingTimeInterval(interval), order: state.makeOrder(), action: item.action, interval: interval))
                }
            } else {
                item.action.run()
            }
        }
    }

    /// Takes out the earliest item due by `date` and moves the clock to it; with no
    /// such item, moves the clock to `date`.
    private func nextItem(dueBy date: Date) -> Item? {
        state.withLock { state in
            guard let first = state.items.first, first.date <= date else {
                state.currentDate = max(state.currentDate, date)
                return nil
            }
            state.items.removeFirst()
            state.currentDate = max(state.currentDate, first.date)
            return first
        }
    }

    /// Runs all the work there is, moving the clock to each item's date in turn.
    /// Repeating work keeps this going forever: dispose it first.
    public func run() {
        while let last = state.withLock({ $0.items.last?.date }) {
            advance(to: last)
        }
    }

    /// Moves the clock back by `interval` seconds, without running anything.
    public func rewind(by interval: TimeInterval) {
        precondition(interval >= 0, "rewind(by:) moves back by a positive interval")
        state.withLock { $0.currentDate = $0.currentDate.addingTimeInterval(-interval) }
    }

    /// Moves the clock back by `duration`, without running anything.
    public func rewind(by duration: Duration) {
        rewind(by: duration.timeInterval)
    }
}
