import Ripple
import SeedAppCore

// HomeViewModel: seed 001's one screen as state (the original's `HomeViewModel`),
// with the rebuild's fixes (Apps/docs/Todos.md tells them with the original's quirks).
//
//     init ─▶ reload ─▶ service.list() ─▶ items (both sections at once) | error
//     add(typed) (Enter) ─▶ the input empties at once ─▶ service.add(title), one
//                           after another in the order entered ─▶ the saved todo on
//                           top of "To Do" | error, its text back in an empty input
//     toggle(id), Space ─▶ the row's checkbox shows the status asked for (syncing)
//                 ─▶ service.setStatus ─▶ the todo moves to the other section, and is
//                                        selected there | the checkbox goes back, and
//                                        the error says so
//     isLoading = a load, an add (running or waiting its turn) or a toggle (the spinner)
//     sections ─▶ "To Do" and "Finished", each row with its text and the kind of its look
//     newTodoText, the selected todo ─▶ keyHints (the footer): Enter while there is
//                                      text to add, Space as tick or untick
//
// Fixes of the original's quirks:
// - Every operation shows the loading indicator (the original: only add).
// - Every failure is shown in `error`, with what failed (the original: all silent).
// - A toggle moves the todo only once the service confirmed, and a failed one
//   reverts (the original set the status first and never reverted).
// - An empty (or white-space) todo is refused with a message, without a request.
// - Enter takes the text typed so far as the todo and empties the input at once:
//   keys typed after Enter start the next todo, even while the service has not
//   answered (the original cleared the input on the answer, so that what was typed
//   meanwhile merged into the old text). Todos entered while one is being added wait
//   their turn: none is lost, and the service gets them in the order entered.
// - A successful add or toggle updates the list from its answer instead of loading
//   the whole list again; a list load in flight meanwhile gets those changes
//   applied to its answer, so that it never brings back an older state.
//
// Everything the view reads changes on the injected scheduler (the main queue in
// the app, a TestScheduler in tests), or at once on an input called there. The
// ViewModel imports Ripple and SeedAppCore only.

/// The state of the todo screen: the date, the text being typed, the two sections
/// and their rows, the selection, the spinner, the last error; and its commands:
/// reload, add, toggle, and the keys Space and Ctrl-R.
///
/// ```swift
/// let viewModel = HomeViewModel(service: client, scheduler: QueueScheduler.main)
/// viewModel.add("Buy milk")                     // "Buy milk" tops "To Do"
/// viewModel.toggle.apply(todoID).start()         // then moves to "Finished"
/// ```
public final class HomeViewModel: Sendable {
    /// The first section's header.
    public static let toDoHeader = "To Do"
    /// The second section's header.
    public static let finishedHeader = "Finished"

    /// Today's date as the label shows it (`dd/MM yyyy`), from the scheduler's
    /// date when the ViewModel was made (the original's `timeValue`).
    public let date: Property<String>
    /// What the user is typing; bound from the input on each edit, and emptied when
    /// its todo is entered.
    public let newTodoText: MutableProperty<String>
    /// The text the input must show when the ViewModel changes it: empty when a
    /// todo is entered, the todo's text again when its add failed and the input is
    /// still empty. The user's own edits are not sent back.
    public let inputText: Signal<String, Never>
    /// Both sections, changed together.
    public let lists: Property<TodoLists>
    /// The "To Do" section (the original's `todos`).
    public let todos: Property<[TodoRow]>
    /// The "Finished" section (the original's `finishedTodos`).
    public let finishedTodos: Property<[TodoRow]>
    /// The list's sections as shown: "To Do", then "Finished", with their rows.
    public let sections: Property<[TodoSection]>
    /// The id of the todo selected in the list: set by the user's moves, and moved
    /// by the ViewModel to a todo whose toggle the service confirmed, so that the
    /// selection follows its todo into the other section.
    public let selectedID: MutableProperty<String?>
    /// Whether an operation (a load, an add, a toggle) is running: the spinner
    /// (the original's `showIndicator`).
    public let isLoading: Property<Bool>
    /// The last failure's message, until an operation succeeds.
    public let error: Property<String?>
    /// The keys the screen answers to now, for its footer.
    public let keyHints: Property<[KeyHint]>

    /// Loads the list again (the original's `updateTodo()`); run once by `init`.
    public let reload: Action<Void, [TodoItem], TodoError>
    /// Asks the service to give the todo with this id the other status
    /// (`checkedTodo`); sends the todo as it is then. A todo not in the lists is
    /// left alone.
    public let toggle: Action<String, TodoItem, TodoError>

    /// How many todos are to do (`todoCount`).
    public var todoCount: Int { todos.value.count }
    /// How many are finished (`finishedCount`).
    public var finishedCount: Int { finishedTodos.value.count }

    private let entered: Signal<String, Never>.Observer
    private let waitingAdds: MutableProperty<Int>
    private let lastError: MutableProperty<String?>
    private let inputTextInput: Signal<String, Never>.Observer
    private let token: Lifetime.Token

    /// A ViewModel over `service` that loads the list at once; every answer is
    /// applied on `scheduler`, whose date is the label's (written in `dateFormat`).
    public init(service: some TodoService, scheduler: some DateScheduler, dateFormat: DateLabelFormat = DateLabelFormat()) {
        let state = MutableProperty(ListState())
        let lastError = MutableProperty<String?>(nil)
        let text = MutableProperty("")
        let waitingAdds = MutableProperty(0)
        let selection = MutableProperty<String?>(nil)
        selectedID = selection
        self.lastError = lastError
        self.waitingAdds = waitingAdds
        newTodoText = text
        let (inputText, inputTextInput) = Signal<String, Never>.pipe()
        self.inputText = inputText
        self.inputTextInput = inputTextInput
        date = Property(value: dateFormat.string(from: scheduler.currentDate))
        lists = state.map(\.lists).skipRepeats()
        todos = lists.map(\.toDo).skipRepeats()
        finishedTodos = lists.map(\.finished).skipRepeats()
        sections = lists.map { lists in
            [TodoSection(title: Self.toDoHeader, rows: lists.toDo), TodoSection(title: Self.finishedHeader, rows: lists.finished)]
        }
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
                        selection.value = id
                        lastError.value = nil
                    }
                )
        }

        isLoading = Property.any(reload.isExecuting, waitingAdds.map { $0 > 0 }, toggle.isExecuting).skipRepeats()

        let selectedIsChecked = Property.combineLatest(selection, lists).map { id, lists -> Bool? in
            guard let id else { return nil }
            let rows: [TodoRow] = lists.toDo + lists.finished
            return rows.first { $0.id == id }?.isChecked
        }
        keyHints = Property.combineLatest(text, selectedIsChecked)
            .map { typed, checked in Self.keyHints(canAdd: !typed.trimmingWhitespace.isEmpty, selectedIsChecked: checked) }
            .skipRepeats()

        let (lifetime, token) = Lifetime.make()
        self.token = token

        // The todos entered, added one after another in the order entered.
        let (entered, enteredInput) = Signal<String, Never>.pipe()
        self.entered = enteredInput
        lifetime.observeEnded { enteredInput.sendCompleted() }
        entered
            .flatMap(.concat) { title -> SignalProducer<TodoItem, Never> in
                service.add(title: title)
                    .observe(on: scheduler)
                    .on(
                        failed: { failure in
                            lastError.value = "Could not add “\(title)”: \(failure)"
                            // Nothing typed since: the todo's text comes back, to be tried again.
                            let restored = text.modify { current -> Bool in
                                guard current.isEmpty else { return false }
                                current = title
                                return true
                            }
                            if restored { inputTextInput.send(value: title) }
                        },
                        terminated: { waitingAdds.modify { $0 -= 1 } },
                        value: { saved in
                            state.modify { $0.apply(.added(saved)) }
                            lastError.value = nil
                        }
                    )
                    .flatMapError { _ in SignalProducer<TodoItem, Never>.empty }
            }
            .observeValues { _ in }

        reload.apply().take(during: lifetime).start()
    }

    /// Enter in the input: adds a todo saying `typed` (the input's text then),
    /// trimmed of white space (`addTodo`). The input empties at once, so that what
    /// is typed next is the next todo; the add waits for the ones entered before it.
    /// An empty todo is refused with a message, and its text stays.
    public func add(_ typed: String) {
        let title = typed.trimmingWhitespace
        guard !title.isEmpty else {
            lastError.value = TodoError.emptyTitle.description
            return
        }
        newTodoText.value = ""
        inputTextInput.send(value: "")
        waitingAdds.modify { $0 += 1 }
        entered.send(value: title)
    }

    /// A key of the screen its views did not use: Space (on the list) toggles the
    /// selected todo, Ctrl-R reloads. Returns whether the key did something.
    @discardableResult
    public func press(_ key: TodosKey) -> Bool {
        switch key {
        case .space:
            guard let id = selectedID.value else { return false }
            toggle.apply(id).start()
        case .reload:
            reload.apply().start()
        }
        return true
    }

    /// The footer's keys: Enter while there is text to add, Space as what it does
    /// to the selected todo (none selected: no Space).
    static func keyHints(canAdd: Bool, selectedIsChecked: Bool?) -> [KeyHint] {
        var hints: [KeyHint] = []
        if canAdd { hints.append(KeyHint("Enter", "add")) }
        hints.append(KeyHint("Tab", "input/list"))
        if let checked = selectedIsChecked { hints.append(KeyHint("Space", checked ? "untick" : "tick")) }
        hints.append(KeyHint("Ctrl-R", "reload"))
        hints.append(KeyHint("Esc", "menu"))
        return hints
    }

    /// How the error line names a status: `finished`, `not done`.
    static func name(of status: TodoStatus) -> String {
        status == .finished ? "finished" : "not done"
    }

    /// The section a status shows in: `To Do`, `Finished`.
    static func section(of status: TodoStatus) -> String {
        status == .finished ? finishedHeader : toDoHeader
    }
}

/// A key of the todo screen that is not typing, as the ViewModel reads it.
public enum TodosKey: Sendable, Hashable {
    /// Space on the list: tick or untick the selected todo.
    case space
    /// Ctrl-R: load the list again.
    case reload
}
