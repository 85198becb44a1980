import Ripple

// HomeViewModel: seed 001's one screen as state (APPS.md §2.2), with the rebuild's
// fixes.
//
//     init ─▶ reload ─▶ service.list() ─▶ items (both sections at once) | error
//     newTodoText ─▶ add (Enter) ─▶ service.add(title) ─▶ the saved todo on top of
//                                                        "To Do", the input cleared | error, text kept
//     toggle(id) ─▶ the row's checkbox shows the status asked for (syncing)
//                ─▶ service.setStatus ─▶ the todo moves to the other section
//                                      | the checkbox goes back, and the error says so
//     isLoading = reload, add or toggle executing (the spinner)
//
// Fixes of the original's quirks ([quirk] in APPS.md):
// - Every operation shows the loading indicator (the original: only add).
// - Every failure is shown in `error`, with what failed (the original: all silent).
// - A toggle moves the todo only once the service confirmed, and a failed one
//   reverts (the original set the status first and never reverted).
// - An empty (or white-space) todo is refused with a message, without a request.
// - The input is cleared on success only if it still holds the text that was
//   added: what was typed meanwhile is not lost.
// - A successful add or toggle updates the list from its answer instead of loading
//   the whole list again; a list load in flight meanwhile gets those changes
//   applied to its answer, so that it never brings back an older state.
//
// Everything the view reads changes on the injected scheduler (the main queue in
// the app, a TestScheduler in tests). The ViewModel imports Ripple only.

/// The state of the todo screen: the date, the text being typed, the two lists,
/// the spinner, the last error; and its commands: reload, add, toggle.
///
/// ```swift
/// let viewModel = HomeViewModel(service: client, scheduler: QueueScheduler.main)
/// viewModel.newTodoText.value = "Buy milk"
/// viewModel.add.apply().start()                  // "Buy milk" tops "To Do"
/// viewModel.toggle.apply(todoID).start()         // then moves to "Finished"
/// ```
public final class HomeViewModel: Sendable {
    /// Today's date as the label shows it (`dd/MM yyyy`), from the scheduler's
    /// date when the ViewModel was made (the original's `timeValue`).
    public let date: Property<String>
    /// What the user is typing; bound from the input on each edit, and emptied once
    /// its todo was added.
    public let newTodoText: MutableProperty<String>
    /// The text the input must show when the ViewModel changes it: the empty text
    /// once the todo typed there was added. The user's own edits are not sent back.
    public let inputText: Signal<String, Never>
    /// Both sections, changed together.
    public let lists: Property<TodoLists>
    /// The "To Do" section (the original's `todos`).
    public let todos: Property<[TodoRow]>
    /// The "Finished" section (the original's `finishedTodos`).
    public let finishedTodos: Property<[TodoRow]>
    /// Whether an operation (a load, an add, a toggle) is running: the spinner
    /// (the original's `showIndicator`).
    public let isLoading: Property<Bool>
    /// The last failure's message, until an operation succeeds.
    public let error: Property<String?>

    /// Loads the list again (the original's `updateTodo()`); run once by `init`.
    public let reload: Action<Void, [TodoItem], TodoError>
    /// Adds a todo saying ``newTodoText``, trimmed of white space (`addTodo`).
    public let add: Action<Void, TodoItem, TodoError>
    /// Asks the service to give the todo with this id the other status
    /// (`checkedTodo`); sends the todo as it is then. A todo not in the lists is
    /// left alone.
    public let toggle: Action<String, TodoItem, TodoError>

    /// How many todos are to do (`todoCount`).
    public var todoCount: Int { todos.value.count }
    /// How many are finished (`finishedCount`).
    public var finishedCount: Int { finishedTodos.value.count }

    private let token: Lifetime.Token

    /// A ViewModel over `service` that loads the list at once; every answer is
    /// applied on `scheduler`, whose date is the label's (written in `dateFormat`).
    public init(service: some TodoService, scheduler: some DateScheduler, dateFormat: DateLabelFormat = DateLabelFormat()) {
        let state = MutableProperty(ListState())
        let lastError = MutableProperty<String?>(nil)
        let text = MutableProperty("")
        newTodoText = text
        let (inputText, inputTextInput) = Signal<String, Never>.pipe()
        self.inputText = inputText
        date = Property(value: dateFormat.string(from: scheduler.currentDate))
        lists = state.map(\.lists).skipRepeats()
        todos = lists.map(\.toDo).skipRepeats()
        finishedTodos = lists.map(\.finished).skipRepeats()
        error = Property(lastError).skipRepeats()

        reload = Action { () -> SignalProducer<[TodoItem], TodoError> in
            service.list()
                .observe(on: scheduler)
                .on(
                    starting: { state.modify { $0.changesDuringLoad = [] } },
                    failed: { failure in lastError.value = "Could not load the todos: \(failure)" },
                    terminated: { state.modify { $0.changesDuringLoad = nil } },
                    value: { loaded in
                        state.modify { $0.load(loaded) }
                        lastError.value = nil
                    }
                )
        }

        add = Action(state: text) { typed, _ -> SignalProducer<TodoItem, TodoError> in
            let title = Self.trimmed(typed)
            guard !title.isEmpty else {
                return SignalProducer(error: .emptyTitle).on(failed: { lastError.value = $0.description })
            }
            return service.add(title: title)
                .observe(on: scheduler)
                .on(
                    failed: { failure in lastError.value = "Could not add “\(title)”: \(failure)" },
                    value: { saved in
                        state.modify { $0.apply(.added(saved)) }
                        // Typed on meanwhile: keep it.
                        let cleared = text.modify { current -> Bool in
                            guard current == typed else { return false }
                            current = ""
                            return true
                        }
                        if cleared { inputTextInput.send(value: "") }
                        lastError.value = nil
                    }
                )
        }

        toggle = Action { id -> SignalProducer<TodoItem, TodoError> in
            guard let item = state.value.items.first(where: { $0.id == id }) else { return .empty }
            let asked = item.status.toggled
            return service.setStatus(asked, ofTodo: id)
                .observe(on: scheduler)
                .map { _ in TodoItem(id: id, title: item.title, status: asked) }
                .on(
                    starting: { state.modify { $0.pending[id] = asked } },
                    failed: { failure in
                        state.modify { $0.pending[id] = nil }
                        lastError.value = "Could not mark “\(item.title)” as \(Self.name(of: asked)), "
                            + "so it stays in \(Self.section(of: item.status)): \(failure)"
                    },
                    interrupted: { state.modify { $0.pending[id] = nil } },
                    value: { _ in
                        state.modify { state in
                            state.pending[id] = nil
                            state.apply(.statusSet(id: id, status: asked))
                        }
                        lastError.value = nil
                    }
                )
        }

        isLoading = Property.any(reload.isExecuting, add.isExecuting, toggle.isExecuting)

        let (lifetime, token) = Lifetime.make()
        self.token = token
        reload.apply().take(during: lifetime).start()
    }

    /// `text` without the white space (line breaks included) around it.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// How the error line names a status: `finished`, `not done`.
    static func name(of status: TodoStatus) -> String {
        status == .finished ? "finished" : "not done"
    }

    /// The section a status shows in: `To Do`, `Finished`.
    static func section(of status: TodoStatus) -> String {
        status == .finished ? "Finished" : "To Do"
    }
}

/// The todos as last loaded and changed, the toggles syncing, and the changes made
/// while a load is in flight.
struct ListState: Sendable {
    /// A change the service confirmed.
    enum Change: Sendable {
        case added(TodoItem)
        case statusSet(id: String, status: TodoStatus)
    }

    /// Every todo, newest first.
    var items: [TodoItem] = []
    /// The status asked for, by id, of each todo whose toggle syncs.
    var pending: [String: TodoStatus] = [:]
    /// The changes confirmed since the load in flight started; `nil` when no load is.
    var changesDuringLoad: [Change]?

    /// The rows of both sections.
    var lists: TodoLists {
        var lists = TodoLists()
        for item in items {
            let row = TodoRow(item: item, pendingStatus: pending[item.id])
            if item.status == .finished { lists.finished.append(row) } else { lists.toDo.append(row) }
        }
        return lists
    }

    /// Applies a confirmed change, and keeps it for the answer of a load in flight.
    mutating func apply(_ change: Change) {
        Self.apply(change, to: &items)
        changesDuringLoad?.append(change)
    }

    /// Takes a loaded list, with the changes confirmed since its request started.
    mutating func load(_ loaded: [TodoItem]) {
        var loaded = loaded
        for change in changesDuringLoad ?? [] { Self.apply(change, to: &loaded) }
        items = loaded
    }

    private static func apply(_ change: Change, to items: inout [TodoItem]) {
        switch change {
        case let .added(item):
            if !items.contains(where: { $0.id == item.id }) { items.insert(item, at: 0) }
        case let .statusSet(id, status):
            if let index = items.firstIndex(where: { $0.id == id }) { items[index].status = status }
        }
    }
}
