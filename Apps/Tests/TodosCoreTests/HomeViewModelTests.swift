import Foundation
import Ripple
import RippleTesting
import Testing
import TodosCore
import TodosStubs

/// The ViewModel headless and in virtual time, offline first: the local copy is in
/// memory, the server a stub that answers one second after each request (or not at
/// all while unreachable), and the requests are recorded with their times.
@Suite struct HomeViewModelTests: TodoFixtures {
    let scheduler = TestScheduler(startDate: Fixture.evening)

    func makeViewModel(_ copy: InMemoryTodoCopy, _ server: StubTodoServer) -> HomeViewModel {
        HomeViewModel(copy: copy, remote: server, scheduler: scheduler, dateFormat: Fixture.utc, newID: Fixture.sequentialIDs())
    }

    /// Types `text` and presses Enter.
    func add(_ text: String, to viewModel: HomeViewModel) {
        viewModel.newTodoText.value = text
        viewModel.add(text)
    }

    /// The rows of `items`, none syncing.
    func rows(_ items: TodoItem...) -> [TodoRow] {
        items.map { TodoRow(item: $0) }
    }

    /// `item`, finished.
    func finished(_ item: TodoItem) -> TodoItem {
        TodoItem(id: item.id, title: item.title, status: .finished)
    }

    /// The `n`-th todo this client adds, to do.
    func added(_ n: Int, _ title: String) -> TodoItem {
        TodoItem(id: Fixture.id(n), title: title, status: .normal)
    }

    /// The times (seconds from the recording's start) of the requests recorded.
    func times(_ calls: TimelineRecording<StubTodoServer.Call, Never>) -> [Double] {
        calls.entries.map(\.time)
    }

    // MARK: The date

    @Test func theDateIsTheSchedulersDayAsDdMMyyyy() {
        let server = StubTodoServer(scheduler: scheduler)
        #expect(makeViewModel(InMemoryTodoCopy(), server).date.value == "18/11 2026")
        let tokyo = HomeViewModel(copy: InMemoryTodoCopy(), remote: server, scheduler: scheduler,
                                  dateFormat: DateLabelFormat(timeZone: TimeZone(identifier: "Asia/Tokyo")!))
        #expect(tokyo.date.value == "19/11 2026")
    }

    // MARK: Opening

    @Test func itOpensWithTheLocalCopysTodosBeforeAnyAnswer() {
        let copy = InMemoryTodoCopy(LocalSnapshot(confirmed: [milk, readme], queue: [QueuedChange(sequence: 7, change: .add(mum))], cursor: 2))
        let server = StubTodoServer(scheduler: scheduler)
        server.isReachable = false
        let calls = scheduler.record(server.calls)
        let viewModel = makeViewModel(copy, server)

        #expect(viewModel.todos.value == [TodoRow(item: mum, isSyncing: true), TodoRow(item: milk)])
        #expect(viewModel.finishedTodos.value == rows(readme))
        #expect(viewModel.waitingChanges.value == 1)
        #expect(viewModel.syncStatus.value == nil, "nothing said before the first request ended")
        #expect(viewModel.isLoading.value)
        #expect(calls.values == [.send(.add(mum))], "the queue goes first, at once")
    }

    @Test func theFirstStartReadsTheWholeFeedIntoItsSections() {
        let copy = InMemoryTodoCopy()
        let server = StubTodoServer(scheduler: scheduler, todos: [milk, readme, mum])
        let calls = scheduler.record(server.calls)
        let viewModel = makeViewModel(copy, server)
        scheduler.advance(by: 1)

        #expect(viewModel.todos.value == rows(milk, mum))
        #expect(viewModel.finishedTodos.value == rows(readme))
        #expect(viewModel.todoCount == 2 && viewModel.finishedCount == 1)
        #expect(!viewModel.isLoading.value && viewModel.syncStatus.value == nil && viewModel.error.value == nil)
        #expect(copy.snapshot == LocalSnapshot(confirmed: [milk, readme, mum], cursor: 3), "kept for the next start")
        scheduler.advance(by: 1)
        #expect(calls.values == [.changes(since: 0), .changes(since: 3)])
        #expect(times(calls) == [0, 2], "read again a second after each answer")
    }

    @Test func aFeedOfManyPagesIsReadPageAfterPage() {
        let server = StubTodoServer(scheduler: scheduler, todos: [milk, readme, mum])
        server.pageLimit = 2
        let calls = scheduler.record(server.calls)
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        scheduler.advance(by: 2)

        #expect(calls.values == [.changes(since: 0), .changes(since: 2)])
        #expect(times(calls) == [0, 1], "the next page at once")
        #expect(viewModel.todos.value.count + viewModel.finishedTodos.value.count == 3)
    }

    // MARK: Adding and ticking

    @Test func anAddShowsAtOnceSyncingAndIsAcknowledged() {
        let copy = InMemoryTodoCopy()
        let server = StubTodoServer(scheduler: scheduler, todos: [mum])
        let viewModel = makeViewModel(copy, server)
        let input = scheduler.record(viewModel.inputText)
        scheduler.advance(by: 1.5)
        add("  Buy milk\n", to: viewModel)

        let saved = added(1, "Buy milk")
        #expect(viewModel.todos.value == [TodoRow(item: saved, isSyncing: true), TodoRow(item: mum)])
        #expect(viewModel.newTodoText.value == "" && input.values == [""], "the input empties at once")
        #expect(copy.snapshot.queue == [QueuedChange(sequence: 1, change: .add(saved))], "queued in the copy")
        #expect(viewModel.isLoading.value)
        scheduler.advance(by: 1)

        #expect(server.todos == [saved, mum])
        #expect(viewModel.todos.value == rows(saved, mum))
        #expect(copy.snapshot.queue.isEmpty && copy.snapshot.confirmed == [saved, mum])
        #expect(!viewModel.isLoading.value && viewModel.error.value == nil)
    }

    @Test func aTickMovesTheTodoAtOnceAndKeepsItSelected() {
        let server = StubTodoServer(scheduler: scheduler, todos: [milk, mum])
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        scheduler.advance(by: 1)
        viewModel.selectedID.value = milk.id
        #expect(viewModel.keyHints.value.map(\.text).contains("Space: tick"))
        viewModel.press(.space)

        #expect(viewModel.todos.value == rows(mum))
        #expect(viewModel.finishedTodos.value == [TodoRow(item: finished(milk), isSyncing: true)])
        #expect(viewModel.selectedID.value == milk.id)
        #expect(viewModel.keyHints.value.map(\.text).contains("Space: untick"))
        scheduler.advance(by: 1)
        #expect(viewModel.finishedTodos.value == rows(finished(milk)))
        #expect(server.todos.first { $0.id == milk.id }?.status == .finished)
    }

    @Test func anEmptyTodoIsRefusedWithAMessageAndNothingQueued() {
        let copy = InMemoryTodoCopy()
        let viewModel = makeViewModel(copy, StubTodoServer(scheduler: scheduler))
        add(" \t ", to: viewModel)

        #expect(copy.snapshot.queue.isEmpty)
        #expect(viewModel.error.value == "Type a todo first: an empty todo is not added.")
        #expect(viewModel.newTodoText.value == " \t ", "nothing typed is lost")
    }

    @Test func aCopyThatCannotSaveSaysSoAndKeepsTheText() {
        let copy = InMemoryTodoCopy()
        copy.failsWrites = true
        let viewModel = makeViewModel(copy, StubTodoServer(scheduler: scheduler))
        add("Buy milk", to: viewModel)

        #expect(viewModel.error.value == "Could not save “Buy milk” in the local copy: disk full")
        #expect(viewModel.newTodoText.value == "Buy milk")
        #expect(viewModel.todos.value.isEmpty)
    }

    @Test func theFooterShowsTheKeysOfTheMoment() {
        let viewModel = makeViewModel(InMemoryTodoCopy(), StubTodoServer(scheduler: scheduler))
        #expect(viewModel.keyHints.value.map(\.text) == ["Tab: input/list", "Ctrl-R: sync now", "Esc: menu"])
        viewModel.newTodoText.value = "Buy"
        #expect(viewModel.keyHints.value.map(\.text) == ["Enter: add", "Tab: input/list", "Ctrl-R: sync now", "Esc: menu"])
    }

    // MARK: Offline

    @Test func whileTheServerDoesNotAnswerTheScreenSaysOfflineAndCountsTheChangesWaiting() {
        let copy = InMemoryTodoCopy()
        let server = StubTodoServer(scheduler: scheduler)
        server.isReachable = false
        let viewModel = makeViewModel(copy, server)
        scheduler.advance(by: 1)
        #expect(viewModel.syncStatus.value == "offline")
        add("Buy milk", to: viewModel)
        #expect(viewModel.syncStatus.value == "offline — 1 change waiting")
        add("Call mum", to: viewModel)
        add("Write the README", to: viewModel)

        #expect(viewModel.syncStatus.value == "offline — 3 changes waiting")
        #expect(viewModel.todos.value.map(\.text) == ["[ ] Write the README …", "[ ] Call mum …", "[ ] Buy milk …"])
        #expect(!viewModel.isLoading.value, "no spinner while offline: the status says it")
        #expect(copy.snapshot.queue.count == 3)
        #expect(viewModel.connection.value == .offline)
    }

    @Test func theRetriesBackOffFromOneSecondDoublingToThirtyThenResetOnAnAnswer() {
        let server = StubTodoServer(scheduler: scheduler)
        server.isReachable = false
        let calls = scheduler.record(server.calls)
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        add("Buy milk", to: viewModel)
        scheduler.advance(by: 98)

        // Each request fails 1 s after its start; then the wait: 1, 2, 4, 8, 16, 30, 30.
        #expect(times(calls) == [0, 2, 5, 10, 19, 36, 67, 98])
        server.isReachable = true
        scheduler.advance(by: 1)
        #expect(viewModel.syncStatus.value == nil && viewModel.waitingChanges.value == 0)
        server.isReachable = false
        scheduler.advance(by: 9)
        // Sent at 98, answered at 99; the feed read at 99 fails at 100: 1 s again, then 2.
        #expect(Array(times(calls).dropFirst(8)) == [99, 101, 104])
        #expect(SyncTiming().retryDelay(afterFailures: 1) == 1 && SyncTiming().retryDelay(afterFailures: 4) == 8)
        #expect(SyncTiming().retryDelay(afterFailures: 6) == 30 && SyncTiming().retryDelay(afterFailures: 60) == 30)
    }

    @Test func reconnectingSendsTheQueueInOrderEachChangeOnce() {
        let copy = InMemoryTodoCopy()
        let server = StubTodoServer(scheduler: scheduler, todos: [milk])
        let viewModel = makeViewModel(copy, server)
        scheduler.advance(by: 1)
        server.isReachable = false
        scheduler.advance(by: 1.5)
        add("Call mum", to: viewModel)
        viewModel.toggle(milk.id)
        add("Write the README", to: viewModel)
        viewModel.toggle(Fixture.id(1))
        scheduler.advance(by: 20)
        #expect(viewModel.syncStatus.value == "offline — 4 changes waiting")
        #expect(server.feed.count == 1)

        server.isReachable = true
        viewModel.press(.syncNow)
        scheduler.advance(by: 10)
        let mumAdded = added(1, "Call mum")
        let readmeAdded = added(2, "Write the README")
        #expect(server.feed.dropFirst().map(\.kind) == [.created, .updated, .created, .updated])
        #expect(server.feed.dropFirst().map(\.item) == [mumAdded, finished(milk), readmeAdded, finished(mumAdded)])
        #expect(viewModel.syncStatus.value == nil && copy.snapshot.queue.isEmpty)
        #expect(viewModel.todos.value == rows(readmeAdded))
        #expect(viewModel.finishedTodos.value == rows(finished(mumAdded), finished(milk)))
    }

    @Test func anAddWhoseAnswerWasLostIsSentAgainWithItsIDAndNotDuplicated() {
        let server = StubTodoServer(scheduler: scheduler)
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        scheduler.advance(by: 1)
        add("Buy milk", to: viewModel)
        // The server commits the add, then its answer is lost.
        server.failNextSend(with: .timedOut(seconds: 10))
        scheduler.advance(by: 1)
        #expect(viewModel.waitingChanges.value == 1 && viewModel.syncStatus.value == "offline — 1 change waiting")
        server.commitElsewhere(.created, added(1, "Buy milk"))
        scheduler.advance(by: 3)

        #expect(server.todos == [added(1, "Buy milk")])
        #expect(viewModel.todos.value == rows(added(1, "Buy milk")) && viewModel.waitingChanges.value == 0)
    }

    @Test func aServerErrorIsRetriedButARefusalIsDroppedAndSaysSo() {
        let copy = InMemoryTodoCopy(LocalSnapshot(confirmed: [milk], cursor: 0))
        // The server never had "Buy milk" (another client deleted it, say).
        let server = StubTodoServer(scheduler: scheduler, todos: [mum])
        server.failNextSend(with: .rejected(status: 503, message: "service unavailable"))
        let viewModel = makeViewModel(copy, server)
        viewModel.toggle(milk.id)
        add("Water the plants", to: viewModel)
        // The feed read at once answers at 1; the tick is sent then, answered 503 at 2.
        scheduler.advance(by: 2)
        #expect(viewModel.syncStatus.value == "offline — 2 changes waiting", "a 503 is retried")
        scheduler.advance(by: 2)

        #expect(viewModel.error.value == "Could not mark “Buy milk” as finished: The todo service refused (HTTP 404): "
            + "no todo has this objectId. The change was dropped.")
        #expect(viewModel.syncStatus.value == nil)
        #expect(copy.snapshot.queue.map(\.change) == [.add(added(1, "Water the plants"))], "the next change goes on")
        scheduler.advance(by: 1)
        #expect(server.todos.map(\.title) == ["Water the plants", "Call mum"])
        #expect(viewModel.error.value == nil, "until a change is acknowledged")
    }

    // MARK: Other clients

    @Test func remoteCreatesUpdatesAndDeletesAppearWithinTwoSeconds() {
        let server = StubTodoServer(scheduler: scheduler, todos: [milk, mum])
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        scheduler.advance(by: 1.5)
        server.commitElsewhere(.created, readme)
        server.commitElsewhere(.updated, finished(milk))
        server.commitElsewhere(.deleted, mum)
        scheduler.advance(by: 1.5)

        #expect(viewModel.todos.value.isEmpty)
        #expect(viewModel.finishedTodos.value == rows(readme, finished(milk)))
    }

    @Test func aLocalChangeWinsOverARemoteOneThatArrivesWhileItWaits() {
        let finishedMilk = finished(milk)
        let server = StubTodoServer(scheduler: scheduler, todos: [finishedMilk])
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        scheduler.advance(by: 2.5)
        // A feed request is in flight (2 → 3); this client unticks "Buy milk", while
        // another one unticks and ticks it again, committed before this one's change.
        viewModel.toggle(milk.id)
        let toDo = scheduler.record(viewModel.todos)
        server.commitElsewhere(.updated, milk)
        server.commitElsewhere(.updated, finishedMilk)
        scheduler.advance(by: 0.5)
        #expect(viewModel.todos.value == [TodoRow(item: milk, isSyncing: true)], "the remote tick is under the queued change")
        scheduler.advance(by: 3)

        #expect(server.todos == [milk], "committed last, the local change won")
        #expect(server.feed.map(\.item.status) == [.finished, .normal, .finished, .normal])
        #expect(viewModel.todos.value == rows(milk))
        #expect(toDo.values.allSatisfy { $0.map(\.id) == [milk.id] }, "never back in Finished")
    }

    @Test func aCursorAheadOfTheServerReadsTheWholeFeedAgain() {
        let copy = InMemoryTodoCopy(LocalSnapshot(confirmed: [readme], cursor: 99))
        let server = StubTodoServer(scheduler: scheduler, todos: [milk])
        let calls = scheduler.record(server.calls)
        let viewModel = makeViewModel(copy, server)
        scheduler.advance(by: 2)

        #expect(calls.values == [.changes(since: 99), .changes(since: 0)])
        #expect(viewModel.todos.value == rows(milk) && viewModel.finishedTodos.value.isEmpty)
        #expect(copy.snapshot.cursor == 1)
    }

    @Test func ctrlRTriesAtOnceInsteadOfWaitingOutTheBackoff() {
        let server = StubTodoServer(scheduler: scheduler)
        server.isReachable = false
        let calls = scheduler.record(server.calls)
        let viewModel = makeViewModel(InMemoryTodoCopy(), server)
        add("Buy milk", to: viewModel)
        scheduler.advance(by: 11)
        server.isReachable = true
        viewModel.press(.syncNow)
        scheduler.advance(by: 1)

        #expect(times(calls) == [0, 2, 5, 10, 11, 12], "sent at once, acknowledged at 12, then the feed")
        #expect(viewModel.waitingChanges.value == 0)
    }
}
