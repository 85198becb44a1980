import Ripple
import RippleTerminal
import TodosCore

// TodosScreen: seed 001's one screen (the original's `HomeViewController`, APPS.md
// §2.1, §2.4). It builds views and binds them to the ViewModel; every behaviour is
// the ViewModel's.
//
//     ┌ Todos ─────────────────────────────────────────────────┐
//     │25/11 2026                                             |│   the spinner during every operation
//     │New: Type todo here...                                  │   Enter adds
//     │Could not add “Buy milk”: The todo service refused      │   only after a failure,
//     │(HTTP 503): service unavailable (chaos)                 │   wrapped over up to 3 rows
//     │To Do                                                   │
//     │[ ] Buy milk                                            │
//     │Finished                                                │
//     │[x] Write the README                                    │
//     │                                                        │
//     │Enter: add · Tab: to the list · Space: toggle · Ctrl-R: │   the keys
//     └────────────────────────────────────────────────────────┘
//
// Bindings: date label <~ date; newTodoText <~ the input's edits, the input <~
// inputText (emptied at Enter); Enter in the input ─▶ add(the text then); the list's
// sections <~ lists; Space on the list (and Enter, or a click on the selected row)
// runs `toggle` with the selected todo's id, and the todo it moved stays selected
// and scrolled into view; Ctrl-R runs `reload`; spinner <~ isLoading; error label
// <~ error (hidden while nil).

/// The todo screen: the date, the input, the two sections, the spinner and the
/// last error.
@MainActor
public final class TodosScreen: View {
    /// The screen's title, in its border and its navigation item.
    public static let title = "Todos"
    /// The first section's header.
    public static let toDoHeader = "To Do"
    /// The second section's header.
    public static let finishedHeader = "Finished"
    /// The keys, on the last line.
    public static let help = "Enter: add · Tab: to the list · Space: toggle · Ctrl-R: reload"

    /// Today's date.
    public let dateLabel = Label(style: Style(attributes: .bold))
    /// Spins while an operation runs.
    public let spinner: ActivityIndicator
    /// The new todo's text; the first to take the focus.
    public let field = TextField(placeholder: "Type todo here...")
    /// The last failure's message, wrapped over up to three rows; hidden while
    /// there is none.
    public let errorLabel = MessageLabel(style: Style(foreground: .red, attributes: .bold))
    /// "To Do", then "Finished".
    public let list: ListView<TodoRow, TodoCell>

    /// The ViewModel the screen shows (kept alive by the screen).
    public let viewModel: HomeViewModel

    private let toggleTodo: CocoaAction<TodoRow>
    private let reloadTodos: CocoaAction<Void>

    /// The screen of `viewModel`; the spinner animates on `scheduler` (the main
    /// queue in the app, the test's `TestScheduler` in tests).
    public init(viewModel: HomeViewModel, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        list = ListView(rowHeight: 1, makeRow: TodoCell.init) { cell, row in cell.show(row) }
        toggleTodo = CocoaAction(viewModel.toggle) { (row: TodoRow) in row.id }
        reloadTodos = CocoaAction(viewModel.reload)
        super.init()
        navigationItem.title = Self.title

        dateLabel.sizing = .flexible
        field.sizing = .flexible
        list.sizing = .flexible
        let header = Stack(.horizontal, spacing: 1, [dateLabel, spinner])
        let input = Stack(.horizontal, spacing: 1, [Label("New:"), field])
        let help = Label(Self.help, style: Style(attributes: .dim))
        addSubview(Border(title: Self.title, Stack(.vertical, [header, input, errorLabel, list, help])))

        dateLabel.reactive.text <~ viewModel.date
        viewModel.newTodoText <~ field.reactive.continuousTextValues
        field.reactive.text <~ viewModel.inputText
        list.reactive.sections <~ viewModel.lists.map { lists in
            [ListSection(title: Self.toDoHeader, items: lists.toDo), ListSection(title: Self.finishedHeader, items: lists.finished)]
        }
        list.reactive.selectedID <~ viewModel.toggle.values.map { $0.id as String? }
        spinner.reactive.isAnimating <~ viewModel.isLoading
        errorLabel.reactive.text <~ viewModel.error.map { $0 ?? "" }
        errorLabel.reactive.isHidden <~ viewModel.error.map { $0 == nil }

        let toggleTodo = toggleTodo
        field.reactive.textValues.observeValues { text in viewModel.add(text) }
        list.reactive.activations.observeValues { row in toggleTodo.execute(row) }
    }

    /// Space on the list toggles its selected todo; Ctrl-R reloads (from anywhere).
    public override func handleKey(_ event: KeyEvent) -> Bool {
        switch (event.key, event.modifiers) {
        case (.character(" "), []) where list.isFocused:
            if let row = list.selectedItem { toggleTodo.execute(row) }
            return true
        case (.character("r"), .control):
            reloadTodos.execute(())
            return true
        default:
            return super.handleKey(event)
        }
    }
}
