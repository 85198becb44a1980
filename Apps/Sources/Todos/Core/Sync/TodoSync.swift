import Foundation
import Ripple

// TodoSync: the offline-first sync of the todo screen. One request at a time, on
// the ViewModel's scheduler:
//
//     changes waiting? ─yes─▶ send the oldest ─▶ acknowledged: confirmed, off the queue ─▶ next at once
//            │                                ├▶ refused for good (4xx): dropped, and said so ─▶ next at once
//            │                                └▶ no answer, 5xx, timeout: offline ─▶ retry after the backoff
//            no
//            ▼
//     read the feed since the cursor ─▶ applied, cursor kept ─▶ again after the poll interval (at once if more)
//                                    ├▶ 409, the cursor is ahead (a new server): forget, read from 0
//                                    └▶ failed: offline ─▶ again after the backoff
//
// A change made while the sync waits for its next poll (or reads the feed) is sent
// at once (once the feed answered); one made while it waits out a backoff waits
// with the others. Any answer resets the backoff.
// While changes wait, the feed is not read: a remote change to a todo changed here
// is applied after the local change was sent, and the local one (committed later)
// wins. Every state change is saved in the local copy before it shows.

/// The sync between the local copy and the server; its state changes on the
/// scheduler.
final class TodoSync: Sendable {
    /// What the sync knows.
    let state: MutableProperty<SyncState>
    /// A message for the error line: a change dropped, the local copy failing;
    /// `nil` once a change was acknowledged.
    let lastError = MutableProperty<String?>(nil)

    private let copy: any TodoLocalCopy
    private let remote: any TodoRemote
    private let scheduler: any DateScheduler
    private let timing: SyncTiming
    /// The request in flight, or the wait before the next one.
    private let next = SerialDisposable()
    private let phase = MutableProperty(Phase.idle)

    private enum Phase: Sendable {
        /// Nothing runs nor waits (before `start`, or after a request, briefly).
        case idle
        /// A request is in flight.
        case requesting
        /// Waiting to read the feed again: a new change cuts the wait short.
        case waitingToPoll
        /// Waiting out a backoff.
        case waitingToRetry
    }

    /// A sync of `copy` with `remote`, read from the copy at once.
    init(copy: some TodoLocalCopy, remote: some TodoRemote, scheduler: some DateScheduler, timing: SyncTiming) {
        self.copy = copy
        self.remote = remote
        self.scheduler = scheduler
        self.timing = timing
        var initial = SyncState()
        do {
            let snapshot = try copy.read()
            initial.confirmed = snapshot.confirmed
            initial.queue = snapshot.queue
            initial.cursor = snapshot.cursor
        } catch {
            lastError.value = "The local copy could not be read: \(error)"
        }
        state = MutableProperty(initial)
    }

    deinit {
        next.dispose()
    }

    /// Starts syncing: the first request goes out at once.
    func start() {
        step()
    }

    /// Makes `change` here: saved in the queue, shown at once, sent in its turn.
    /// Returns whether the copy took it.
    @discardableResult
    func make(_ change: TodoChange, describedAs description: String) -> Bool {
        do {
            let queued = try copy.enqueue(change)
            state.modify { $0.queue.append(queued) }
        } catch {
            lastError.value = "Could not save \(description) in the local copy: \(error)"
            return false
        }
        if phase.value == .waitingToPoll { step() }
        return true
    }

    /// Asks the server now, whatever the sync was waiting for (Ctrl-R).
    func syncNow() {
        guard phase.value != .requesting else { return }
        step()
    }

    // MARK: The loop

    private func step() {
        next.inner = nil
        phase.value = .requesting
        if let oldest = state.value.queue.first {
            send(oldest)
        } else {
            poll()
        }
    }

    private func send(_ queued: QueuedChange) {
        // Collected: one callback when the request ends, whatever it sent.
        next.inner = remote.send(queued.change)
            .collect()
            .observe(on: scheduler)
            .startWithResult { [weak self] result in
                guard let self else { return }
                switch result {
                case .success:
                    acknowledged(queued)
                case let .failure(error) where error.isPermanentRefusal:
                    dropped(queued, because: error)
                case .failure:
                    failed()
                }
            }
    }

    private func acknowledged(_ queued: QueuedChange) {
        var updated = state.value
        SyncState.apply(queued.change, to: &updated.confirmed)
        updated.queue.removeAll { $0.sequence == queued.sequence }
        answered(&updated)
        save(updated, removing: [queued.sequence])
        lastError.value = nil
        step()
    }

    private func dropped(_ queued: QueuedChange, because error: TodoError) {
        lastError.value = Self.describeDrop(of: queued.change, in: state.value.items, because: error)
        var updated = state.value
        updated.queue.removeAll { $0.sequence == queued.sequence }
        answered(&updated)
        save(updated, removing: [queued.sequence])
        step()
    }

    private func poll() {
        next.inner = remote.changes(since: state.value.cursor)
            .collect()
            .observe(on: scheduler)
            .startWithResult { [weak self] result in
                guard let self else { return }
                switch result.map(\.last) {
                case let .success(page?):
                    var updated = state.value
                    updated.apply(page)
                    answered(&updated)
                    if page.changes.isEmpty && page.cursor == state.value.cursor {
                        state.value = updated
                    } else {
                        save(updated, removing: [])
                    }
                    // More pages, or changes made while the feed was read: at once.
                    if page.more || !updated.queue.isEmpty { step() } else { wait(timing.pollInterval, .waitingToPoll) }
                case .failure(.rejected(status: 409, _)):
                    // The server has fewer changes than this copy saw: another server,
                    // or its data was reset. Read everything again.
                    var updated = state.value
                    updated.confirmed = []
                    updated.cursor = 0
                    answered(&updated)
                    save(updated, removing: [])
                    step()
                case .success(nil), .failure:
                    failed()
                }
            }
    }

    private func answered(_ updated: inout SyncState) {
        updated.connection = .online
        updated.failures = 0
    }

    private func failed() {
        let failures = state.modify { state -> Int in
            state.connection = .offline
            state.failures += 1
            return state.failures
        }
        wait(timing.retryDelay(afterFailures: failures), .waitingToRetry)
    }

    private func wait(_ seconds: Double, _ waiting: Phase) {
        phase.value = waiting
        next.inner = scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(seconds)) { [weak self] in
            self?.step()
        }
    }

    /// Saves `updated` in the copy, then shows it; a copy that fails says so, and the
    /// screen goes on with what it knows.
    private func save(_ updated: SyncState, removing sequences: [Int64]) {
        do {
            try copy.commit(confirmed: updated.confirmed, cursor: updated.cursor, removing: sequences)
        } catch {
            lastError.value = "The local copy could not be saved: \(error)"
        }
        state.value = updated
    }

    /// "Could not add “Buy milk”: … The change was dropped."
    static func describeDrop(of change: TodoChange, in items: [TodoItem], because error: TodoError) -> String {
        let what: String
        switch change {
        case let .add(item):
            what = "add “\(item.title)”"
        case let .setStatus(id, status):
            let title = items.first { $0.id == id }.map { "“\($0.title)”" } ?? "the todo \(id)"
            what = "mark \(title) as \(status == .finished ? "finished" : "not done")"
        }
        let reason = "\(error)"
        return "Could not \(what): \(reason)\(reason.hasSuffix(".") ? "" : ".") The change was dropped."
    }
}
