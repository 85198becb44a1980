import Ripple
import SeedAppCore

// HomeViewModel: seed 001's one screen as state (the original's `HomeViewModel`),
// offline first: the todos come from the local copy at once, every change shows at
// once and waits in the copy's queue until the server acknowledges it (TodoSync).
//
//     init ─▶ the local copy's todos, at once ─▶ the sync starts: queued changes sent
//             in order, then the server's changes feed read about every second
//     add(typed) (Enter) ─▶ the input empties at once ─▶ a todo with an id made here,
//                           on top of "To Do" at once, syncing until acknowledged
//     toggle(id), Space ─▶ the todo moves to the other section at once, syncing
//     syncStatus ─▶ "offline — 3 changes waiting" while the server does not answer
//     isLoading ─▶ the spinner: until the first answer, and while changes are sent
//     error ─▶ a change the server refused for good (dropped), a local copy failing
//     keyHints (the footer): Enter while there is text to add, Space as tick or untick
//
// Fixes of the original's quirks (Apps/docs/Todos.md tells them):
// - It works without the network: nothing is lost, nothing waits for an answer.
// - Every failure is shown (the original: all silent).
// - An empty (or white-space) todo is refused with a message.
// - Enter takes the text typed so far and empties the input at once: keys typed
//   after Enter start the next todo.
//
// Everything the view reads changes on the injected scheduler (the main queue in
// the app, a TestScheduler in tests), or at once on an input called there. The
// ViewModel imports Ripple and SeedAppCore only.

/// The state of the todo screen: the date, the text being typed, the two sections
/// and their rows, the selection, the sync's status, the spinner, the last error;
/// and its commands: add, toggle, and the keys Space and Ctrl-R.
///
/// ```swift
/// let viewModel = HomeViewModel(copy: copy, remote: client, scheduler: QueueScheduler.main)
/// viewModel.add("Buy milk")        // "Buy milk" tops "To Do" at once, and is sent
/// viewModel.toggle(id)             // it moves to "Finished" at once
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
    /// todo is entered. The user's own edits are not sent back.
    public let inputText: Signal<String, Never>
    /// Both sections, changed together.
    public let lists: Property<TodoLists>
    /// The "To Do" section (the original's `todos`).
    public let todos: Property<[TodoRow]>
    /// The "Finished" section (the original's `finishedTodos`).
    public let finishedTodos: Property<[TodoRow]>
    /// The list's sections as shown: "To Do", then "Finished", with their rows.
    public let sections: Property<[TodoSection]>
    /// The id of the todo selected in the list: set by the user's moves, and kept
    /// on a todo the user toggles, so that the selection follows it into the other
    /// section.
    public let selectedID: MutableProperty<String?>
    /// Whether the server answers, as far as the sync knows.
    public let connection: Property<SyncConnection>
    /// How many changes made here wait for the server.
    public let waitingChanges: Property<Int>
    /// What the screen says about the sync: `offline — 3 changes waiting` while the
    /// server does not answer; `nil` otherwise.
    public let syncStatus: Property<String?>
    /// The spinner: on until the server first answered, and while changes are being
    /// sent to a server that answers.
    public let isLoading: Property<Bool>
    /// The last failure's message, until a change is acknowledged.
    public let error: Property<String?>
    /// The keys the screen answers to now, for its footer.
    public let keyHints: Property<[KeyHint]>

    /// How many todos are to do (`todoCount`).
    public var todoCount: Int { todos.value.count }
    /// How many are finished (`finishedCount`).
    public var finishedCount: Int { finishedTodos.value.count }

    private let sync: TodoSync
    private let inputTextInput: Signal<String, Never>.Observer
    private let newID: @Sendable () -> String

    /// A ViewModel over the local copy `copy` and the server `remote`: it shows the
    /// copy's todos at once and starts syncing. Every answer is applied on
    /// `scheduler`, whose date is the label's (written in `dateFormat`); the sync
    /// waits as `timing` says; `newID` makes the ids of new todos (24 hexadecimal
    /// characters, random by default).
    public init(
        copy: some TodoLocalCopy, remote: some TodoRemote, scheduler: some DateScheduler,
        dateFormat: DateLabelFormat = DateLabelFormat(), timing: SyncTiming = SyncTiming(),
        newID: @escaping @Sendable () -> String = TodoIDs.random
    ) {
        let sync = TodoSync(copy: copy, remote: remote, scheduler: scheduler, timing: timing)
        self.sync = sync
        self.newID = newID
        let text = MutableProperty("")
        let selection = MutableProperty<String?>(nil)
        selectedID = selection
        newTodoText = text
        let (inputText, inputTextInput) = Signal<String, Never>.pipe()
        self.inputText = inputText
        self.inputTextInput = inputTextInput
        date = Property(value: dateFormat.string(from: scheduler.currentDate))
        let state = Property(sync.state)
        lists = state.map(\.lists).skipRepeats()
        todos = lists.map(\.toDo).skipRepeats()
        finishedTodos = lists.map(\.finished).skipRepeats()
        sections = lists.map { lists in
            [TodoSection(title: Self.toDoHeader, rows: lists.toDo), TodoSection(title: Self.finishedHeader, rows: lists.finished)]
        }
        connection = state.map(\.connection).skipRepeats()
        waitingChanges = state.map(\.queue.count).skipRepeats()
        syncStatus = Property.combineLatest(connection, waitingChanges)
            .map { connection, waiting in Self.syncStatus(connection: connection, waiting: waiting) }
            .skipRepeats()
        isLoading = Property.combineLatest(connection, waitingChanges)
            .map { connection, waiting in connection == .unknown || (connection == .online && waiting > 0) }
            .skipRepeats()
        error = Property(sync.lastError).skipRepeats()

        let selectedIsChecked = Property.combineLatest(selection, lists).map { id, lists -> Bool? in
            guard let id else { return nil }
            let rows: [TodoRow] = lists.toDo + lists.finished
            return rows.first { $0.id == id }?.isChecked
        }
        keyHints = Property.combineLatest(text, selectedIsChecked)
            .map { typed, checked in Self.keyHints(canAdd: !typed.trimmingWhitespace.isEmpty, selectedIsChecked: checked) }
            .skipRepeats()

        sync.start()
    }

    /// Enter in the input: adds a todo saying `typed` (the input's text then),
    /// trimmed of white space (`addTodo`). It shows on top of "To Do" at once and
    /// the input empties, so that what is typed next is the next todo; the todo is
    /// sent in its turn. An empty todo is refused with a message, and its text stays.
    public func add(_ typed: String) {
        let title = typed.trimmingWhitespace
        guard !title.isEmpty else {
            sync.lastError.value = TodoError.emptyTitle.description
            return
        }
        guard sync.make(.add(TodoItem(id: newID(), title: title, status: .normal)), describedAs: "“\(title)”") else { return }
        newTodoText.value = ""
        inputTextInput.send(value: "")
    }

    /// Gives the todo with this id the other status (`checkedTodo`): it moves to
    /// the other section at once, stays selected, and the change is sent in its
    /// turn. A todo not in the lists is left alone.
    public func toggle(_ id: String) {
        guard let item = sync.state.value.items.first(where: { $0.id == id }) else { return }
        if sync.make(.setStatus(id: id, status: item.status.toggled), describedAs: "the tick of “\(item.title)”") {
            selectedID.value = id
        }
    }

    /// A key of the screen its views did not use: Space (on the list) toggles the
    /// selected todo, Ctrl-R asks the server now. Returns whether the key did
    /// something.
    @discardableResult
    public func press(_ key: TodosKey) -> Bool {
        switch key {
        case .space:
            guard let id = selectedID.value else { return false }
            toggle(id)
        case .syncNow:
            sync.syncNow()
        }
        return true
    }

    /// `offline — 3 changes waiting`, `offline — 1 change waiting`, `offline`;
    /// `nil` unless offline.
    static func syncStatus(connection: SyncConnection, waiting: Int) -> String? {
        guard connection == .offline else { return nil }
        switch waiting {
        case 0: return "offline"
        case 1: return "offline — 1 change waiting"
        default: return "offline — \(waiting) changes waiting"
        }
    }

    /// The footer's keys: Enter while there is text to add, Space as what it does
    /// to the selected todo (none selected: no Space).
    static func keyHints(canAdd: Bool, selectedIsChecked: Bool?) -> [KeyHint] {
        var hints: [KeyHint] = []
        if canAdd { hints.append(KeyHint("Enter", "add")) }
        hints.append(KeyHint("Tab", "input/list"))
        if let checked = selectedIsChecked { hints.append(KeyHint("Space", checked ? "untick" : "tick")) }
        hints.append(KeyHint("Ctrl-R", "sync now"))
        hints.append(KeyHint("Esc", "menu"))
        return hints
    }
}

/// A key of the todo screen that is not typing, as the ViewModel reads it.
public enum TodosKey: Sendable, Hashable {
    /// Space on the list: tick or untick the selected todo.
    case space
    /// Ctrl-R: ask the server now, without waiting out the backoff.
    case syncNow
}

/// The ids this client makes for its new todos.
public enum TodoIDs {
    /// 24 random lowercase hexadecimal characters (96 bits: two clients never
    /// make the same).
    @Sendable public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(Int.random(in: 0..<16, using: &generator), radix: 16) }.joined()
    }
}
