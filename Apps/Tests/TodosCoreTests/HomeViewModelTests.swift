import Foundation
import Ripple
import RippleTesting
import Testing
import TodosCore
import TodosStubs

/// The ViewModel headless and in virtual time: the service is a stub answering as
/// marble diagrams, and the ViewModel's outputs and the calls it makes are recorded
/// as marbles. One frame is one second.
@Suite struct HomeViewModelTests: TodoFixtures {
    let scheduler = TestScheduler(startDate: Fixture.evening)
    let service: StubTodoService

    init() {
        service = StubTodoService(scheduler: scheduler)
    }

    func makeViewModel() -> HomeViewModel {
        HomeViewModel(service: service, scheduler: scheduler, dateFormat: Fixture.utc)
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

    // MARK: The date

    @Test func theDateIsTheSchedulersDayAsDdMMyyyy() {
        #expect(makeViewModel().date.value == "18/11 2026")
        let tokyo = HomeViewModel(service: service, scheduler: scheduler,
                                  dateFormat: DateLabelFormat(timeZone: TimeZone(identifier: "Asia/Tokyo")!))
        #expect(tokyo.date.value == "19/11 2026")
        #expect(Fixture.utc.string(from: Date(timeIntervalSince1970: 0)) == "01/01 1970")
    }

    // MARK: Loading

    @Test func theListLoadsAtOnceIntoItsTwoSections() throws {
        try service.answerList("--(l|)", with: [milk, readme, mum])
        let calls = scheduler.record(service.calls)
        let viewModel = makeViewModel()
        let loading = scheduler.record(viewModel.isLoading)
        let toDo = scheduler.record(viewModel.todos)
        scheduler.advance(by: 3)

        expectMarbles(calls, toEqual: "l", values: ["l": .list])
        expectMarbles(loading, toEqual: "t-f")
        expectMarbles(toDo, toEqual: "e-l", values: ["e": [], "l": rows(milk, mum)])
        #expect(viewModel.finishedTodos.value == rows(readme))
        #expect(viewModel.todoCount == 2 && viewModel.finishedCount == 1)
        #expect(viewModel.error.value == nil)
    }

    @Test func aFailedLoadIsShownAndAReloadRecovers() throws {
        try service.failList("-#", with: .rejected(status: 503, message: "service unavailable (chaos)"))
        try service.answerList("-(l|)", with: [milk])
        let viewModel = makeViewModel()
        let loading = scheduler.record(viewModel.isLoading)
        let errors = scheduler.record(viewModel.error)
        scheduler.advance(by: 2)
        viewModel.reload.apply().start()
        scheduler.advance(by: 2)

        expectMarbles(loading, toEqual: "tftf")
        expectMarbles(errors, toEqual: "ne-n", values: [
            "n": nil, "e": "Could not load the todos: The todo service refused (HTTP 503): service unavailable (chaos)",
        ])
        #expect(viewModel.todos.value == rows(milk))
    }

    @Test func aLoadThatTimesOutIsShownAndStopsTheIndicator() throws {
        try service.failList("----------#", with: .timedOut(seconds: 10))
        let viewModel = makeViewModel()
        let loading = scheduler.record(viewModel.isLoading)
        scheduler.advance(by: 11)
        expectMarbles(loading, toEqual: "t---------f")
        #expect(viewModel.error.value == "Could not load the todos: The todo service did not answer within 10 s.")
        #expect(TodoError.timedOut(seconds: 0.5).description == "The todo service did not answer within 0.5 s.")
    }

    // MARK: Adding

    @Test func enterEmptiesTheInputAtOnceThenTheAddPutsTheTodoOnTop() throws {
        try service.answerList("-(l|)", with: [mum])
        try service.answerAdd("--(a|)")
        let viewModel = makeViewModel()
        let calls = scheduler.record(service.calls)
        let loading = scheduler.record(viewModel.isLoading)
        let text = scheduler.record(viewModel.newTodoText)
        let input = scheduler.record(viewModel.inputText)
        scheduler.advance(by: 2)
        add("  Buy milk\n", to: viewModel)
        scheduler.advance(by: 3)

        let saved = TodoItem(id: StubTodoService.id(1), title: "Buy milk", status: .normal)
        expectMarbles(calls, toEqual: "--a", values: ["a": .add("Buy milk")])
        expectMarbles(loading, toEqual: "tft-f")
        expectMarbles(text, toEqual: "e-(te)", values: ["e": "", "t": "  Buy milk\n"])
        expectMarbles(input, toEqual: "--e", values: ["e": ""])
        #expect(viewModel.todos.value == rows(saved, mum))
        #expect(viewModel.error.value == nil)
    }

    @Test func aFailedAddPutsItsTextBackIntoTheEmptyInputAndSaysSo() throws {
        try service.failAdd("-#", with: .noResponse(reason: "Could not connect to the server. (URLError -1004)"))
        let viewModel = makeViewModel()
        let input = scheduler.record(viewModel.inputText)
        let loading = scheduler.record(viewModel.isLoading)
        scheduler.advance(by: 2)
        add("Buy milk", to: viewModel)
        scheduler.advance(by: 2)

        expectMarbles(loading, toEqual: "tftf")
        #expect(viewModel.newTodoText.value == "Buy milk")
        expectMarbles(input, toEqual: "--eb", values: ["e": "", "b": "Buy milk"])
        #expect(viewModel.todos.value.isEmpty)
        #expect(viewModel.error.value
            == "Could not add “Buy milk”: No answer from the todo service: Could not connect to the server. (URLError -1004)")
    }

    @Test func anEmptyTodoIsRefusedWithAMessageAndNoRequest() throws {
        let viewModel = makeViewModel()
        let calls = scheduler.record(service.calls)
        scheduler.advance(by: 2)
        add(" \t ", to: viewModel)
        scheduler.advance(by: 2)

        #expect(calls.values == [])
        #expect(viewModel.error.value == "Type a todo first: an empty todo is not added.")
        #expect(viewModel.newTodoText.value == " \t ", "nothing typed is lost")
        #expect(!viewModel.isLoading.value)
    }

    @Test func textTypedAfterEnterStaysForTheNextTodo() throws {
        try service.answerAdd("--(a|)")
        let viewModel = makeViewModel()
        let input = scheduler.record(viewModel.inputText)
        scheduler.advance(by: 2)
        add("Buy milk", to: viewModel)
        scheduler.advance(by: 1)
        viewModel.newTodoText.value = "Buy eggs"
        scheduler.advance(by: 2)

        #expect(viewModel.todos.value.map(\.title) == ["Buy milk"])
        #expect(viewModel.newTodoText.value == "Buy eggs")
        expectMarbles(input, toEqual: "--e", values: ["e": ""])
    }

    @Test func todosEnteredWhileOneIsBeingAddedWaitTheirTurnInOrder() throws {
        for _ in 1...3 { try service.answerAdd("--(a|)") }
        let viewModel = makeViewModel()
        let calls = scheduler.record(service.calls)
        let loading = scheduler.record(viewModel.isLoading)
        scheduler.advance(by: 2)
        add("Buy milk", to: viewModel)
        add("Call mum", to: viewModel)
        scheduler.advance(by: 1)
        add("Write the README", to: viewModel)
        scheduler.advance(by: 6)

        expectMarbles(calls, toEqual: "--a-c-w", values: [
            "a": .add("Buy milk"), "c": .add("Call mum"), "w": .add("Write the README"),
        ])
        expectMarbles(loading, toEqual: "tft-----f")
        #expect(viewModel.todos.value.map(\.title) == ["Write the README", "Call mum", "Buy milk"])
        #expect(viewModel.newTodoText.value == "")
    }

    @Test func aFailedAddLeavesWhatWasTypedSinceAndNamesItsTodo() throws {
        try service.failAdd("-#", with: .rejected(status: 503, message: "service unavailable (chaos)"))
        let viewModel = makeViewModel()
        let input = scheduler.record(viewModel.inputText)
        scheduler.advance(by: 2)
        add("Buy milk", to: viewModel)
        viewModel.newTodoText.value = "Call"
        scheduler.advance(by: 2)

        #expect(viewModel.newTodoText.value == "Call")
        expectMarbles(input, toEqual: "--e", values: ["e": ""])
        #expect(viewModel.error.value == "Could not add “Buy milk”: The todo service refused (HTTP 503): service unavailable (chaos)")
    }

    // MARK: Toggling

    @Test func aToggleShowsTheTickAsPendingAndMovesTheTodoOnceConfirmed() throws {
        try service.answerList("-(l|)", with: [milk, readme])
        try service.answerSetStatus("--(s|)")
        let viewModel = makeViewModel()
        let calls = scheduler.record(service.calls)
        let lists = scheduler.record(viewModel.lists)
        let loading = scheduler.record(viewModel.isLoading)
        scheduler.advance(by: 2)
        viewModel.toggle.apply(milk.id).start()
        scheduler.advance(by: 3)

        var finished = milk
        finished.status = .finished
        var pending = TodoRow(item: milk, pendingStatus: .finished)
        #expect(pending.isChecked && pending.isSyncing)
        expectMarbles(calls, toEqual: "--s", values: ["s": .setStatus(.finished, milk.id)])
        expectMarbles(lists, toEqual: "elp-m", values: [
            "e": TodoLists(),
            "l": TodoLists(toDo: rows(milk), finished: rows(readme)),
            // Still in "To Do", its box ticked, syncing …
            "p": TodoLists(toDo: [pending], finished: rows(readme)),
            // … and in "Finished" once the service confirmed.
            "m": TodoLists(toDo: [], finished: rows(finished, readme)),
        ])
        expectMarbles(loading, toEqual: "tft-f")

        // And back: unticked at once, in "To Do" once confirmed.
        viewModel.toggle.apply(milk.id).start()
        pending = TodoRow(item: finished, pendingStatus: .normal)
        #expect(viewModel.finishedTodos.value.first == pending && !pending.isChecked)
        scheduler.advance(by: 2)
        #expect(viewModel.lists.value == TodoLists(toDo: rows(milk), finished: rows(readme)))
    }

    @Test func aFailedToggleRevertsAndSaysSo() throws {
        try service.answerList("-(l|)", with: [milk])
        try service.failSetStatus("--#", with: .rejected(status: 503, message: "service unavailable (chaos)"))
        let viewModel = makeViewModel()
        let lists = scheduler.record(viewModel.lists)
        let errors = scheduler.record(viewModel.error)
        scheduler.advance(by: 2)
        viewModel.toggle.apply(milk.id).start()
        scheduler.advance(by: 3)

        expectMarbles(lists, toEqual: "elp-l", values: [
            "e": TodoLists(),
            "l": TodoLists(toDo: rows(milk)),
            "p": TodoLists(toDo: [TodoRow(item: milk, pendingStatus: .finished)]),
        ])
        expectMarbles(errors, toEqual: "n---e", values: [
            "n": nil,
            "e": "Could not mark “Buy milk” as finished, so it stays in To Do: "
                + "The todo service refused (HTTP 503): service unavailable (chaos)",
        ])
        #expect(!viewModel.isLoading.value)
    }

    @Test func aToggleOfATodoNotInTheListsAsksNothing() throws {
        let viewModel = makeViewModel()
        let calls = scheduler.record(service.calls)
        scheduler.advance(by: 2)
        viewModel.toggle.apply(StubTodoService.id(0xbad)).start()
        scheduler.advance(by: 2)
        #expect(calls.values.isEmpty)
    }

    // MARK: What the list shows

    /// Each section as `Header: text (style), …`.
    static func shown(_ sections: [TodoSection]) -> [String] {
        sections.map { section in
            section.title + ": " + section.rows.map { "\($0.text) (\($0.style))" }.joined(separator: ", ")
        }
    }

    @Test func theSectionsCarryTheirHeadersAndEachRowItsTextAndLook() throws {
        try service.answerList("-(l|)", with: [milk, readme])
        try service.answerSetStatus("--(s|)")
        let viewModel = makeViewModel()
        let sections = scheduler.record(viewModel.sections.map(Self.shown))
        scheduler.advance(by: 2)
        viewModel.toggle.apply(milk.id).start()
        scheduler.advance(by: 3)

        expectMarbles(sections, toEqual: "elp-m", values: [
            "e": ["To Do: ", "Finished: "],
            "l": ["To Do: [ ] Buy milk (plain)", "Finished: [x] Write the README (plain)"],
            "p": ["To Do: [x] Buy milk … (syncing)", "Finished: [x] Write the README (plain)"],
            "m": ["To Do: ", "Finished: [x] Buy milk (plain), [x] Write the README (plain)"],
        ])
    }

    @Test func spaceTogglesTheSelectedTodoAndCtrlRReloads() throws {
        try service.answerList("-(l|)", with: [milk, readme])
        try service.answerList("-(l|)", with: [mum])
        let viewModel = makeViewModel()
        let calls = scheduler.record(service.calls)
        scheduler.advance(by: 2)
        #expect(!viewModel.press(.space), "nothing selected: Space does nothing")
        viewModel.selectedID.value = readme.id
        #expect(viewModel.press(.space))
        scheduler.advance(by: 1)
        #expect(viewModel.press(.reload))
        scheduler.advance(by: 1)

        expectMarbles(calls, toEqual: "--sl", values: ["s": .setStatus(.normal, readme.id), "l": .list])
        #expect(viewModel.todos.value.map(\.title) == ["Call mum"], "the reload's answer")
    }

    @Test func aToggledTodoIsSelectedOnceItMoved() throws {
        try service.answerList("-(l|)", with: [milk, readme, mum])
        try service.answerSetStatus("--(s|)")
        let viewModel = makeViewModel()
        let selected = scheduler.record(viewModel.selectedID)
        scheduler.advance(by: 2)
        viewModel.selectedID.value = milk.id
        viewModel.toggle.apply(mum.id).start()    // Enter on its row, or a click
        scheduler.advance(by: 3)

        expectMarbles(selected, toEqual: "n-m-c", values: ["n": nil, "m": milk.id, "c": mum.id])
        #expect(viewModel.finishedTodos.value.map(\.id) == [readme.id, mum.id])
    }

    // MARK: The keys

    @Test func theFooterSaysWhatEnterAndSpaceDoNow() throws {
        try service.answerList("-(l|)", with: [milk, readme])
        let viewModel = makeViewModel()
        let hints = scheduler.record(viewModel.keyHints.map(\.footerText))
        scheduler.advance(by: 1)
        viewModel.newTodoText.value = "Call"
        viewModel.newTodoText.value = "Call mum"
        scheduler.advance(by: 1)
        viewModel.add("Call mum")
        viewModel.newTodoText.value = "  "
        scheduler.advance(by: 1)
        viewModel.selectedID.value = milk.id
        scheduler.advance(by: 1)
        viewModel.selectedID.value = readme.id

        let keys = "Tab: input/list · Ctrl-R: reload · Esc: menu"
        expectMarbles(hints, toEqual: "kektu", values: [
            "k": keys,
            "e": "Enter: add · " + keys,
            "t": "Tab: input/list · Space: tick · Ctrl-R: reload · Esc: menu",
            "u": "Tab: input/list · Space: untick · Ctrl-R: reload · Esc: menu",
        ])
    }

    // MARK: The indicator, and overlapping operations

    @Test func theIndicatorShowsDuringEveryOperation() throws {
        try service.answerList("-(l|)", with: [milk])
        try service.answerAdd("--(a|)")
        try service.answerSetStatus("--(s|)")
        try service.answerList("--(l|)", with: [milk])
        let viewModel = makeViewModel()
        let loading = scheduler.record(viewModel.isLoading)
        scheduler.advance(by: 2)
        add("Call mum", to: viewModel)              // 2 → 4
        scheduler.advance(by: 3)
        viewModel.toggle.apply(milk.id).start()    // 5 → 7
        scheduler.advance(by: 3)
        viewModel.reload.apply().start()           // 8 → 10
        scheduler.advance(by: 3)

        // load, add, toggle, reload: each on, then off.
        expectMarbles(loading, toEqual: "tft-ft-ft-f")
    }

    @Test func changesConfirmedWhileALoadRunsAreKeptInItsAnswer() throws {
        try service.answerList("-(l|)", with: [milk])
        try service.answerList("----(l|)", with: [milk])   // read before the add and the toggle below
        try service.answerAdd("-(a|)")
        try service.answerSetStatus("-(s|)")
        let viewModel = makeViewModel()
        scheduler.advance(by: 2)
        viewModel.reload.apply().start()              // answers at 6
        add("Call mum", to: viewModel)                 // confirmed at 3
        scheduler.advance(by: 1)
        viewModel.toggle.apply(milk.id).start()       // confirmed at 4
        scheduler.advance(by: 4)

        var finished = milk
        finished.status = .finished
        let saved = TodoItem(id: StubTodoService.id(1), title: "Call mum", status: .normal)
        #expect(viewModel.lists.value == TodoLists(toDo: rows(saved), finished: rows(finished)))
    }

    // MARK: Lifetime

    @Test func aViewModelLetGoCancelsItsFirstLoad() throws {
        try service.answerList("-----(l|)", with: [milk])
        let cancellations = scheduler.record(service.cancellations)
        expectNoLeaks { check in
            do {
                let viewModel = check.track(makeViewModel())
                scheduler.advance(by: 1)
                #expect(viewModel.isLoading.value)
            }
            scheduler.advance()
        }
        #expect(cancellations.values == [.list])
    }
}
