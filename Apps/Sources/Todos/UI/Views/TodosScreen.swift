import Ripple
import RippleTerminal
import SeedApp
import TodosCore

// TodosScreen: seed 001's one screen (the original's `HomeViewController`; its
// screens, keys and behaviour: Apps/docs/Todos.md). It builds views and binds them to
// the ViewModel; every behaviour is the ViewModel's.
//
//     ┌ Todos ─────────────────────────────────────────────────┐
//     │25/11 2026                 offline — 3 changes waiting |│   the sync's status, the spinner
//     │New: Type todo here...                                  │   Enter adds
//     │Could not add “Buy milk”: The todo service refused      │   only after a failure,
//     │(HTTP 409): objectId already names another todo. The    │   wrapped over up to 3 rows
//     │change was dropped.                                     │
//     │To Do                                                   │
//     │[ ] Buy milk                                            │
//     │Finished                                                │
//     │[x] Write the README                                    │
//     │                                                        │
//     │Tab: input/list · Ctrl-R: sync now · Esc: menu          │   the keys of the moment
//     └────────────────────────────────────────────────────────┘   (KeyHintFooter)
//
// Bindings: date label <~ date; sync label <~ syncStatus (hidden while nil); newTodoText <~ the input's edits, the input <~
// inputText (emptied at Enter); Enter in the input ─▶ add(the text then); the list's
// sections <~ sections (each row's text and look decided there); its selection <~
// selectedID, and selectedID <~ the user's moves (a toggled todo stays selected and
// scrolled into view); Enter on the list (or a click on the selected row) calls
// `toggle` with that row's id; Space on the list and Ctrl-R go to the ViewModel as
// keys; spinner <~ isLoading; error label <~ error (hidden while nil); footer <~
// keyHints.

/// The todo screen: the date, the sync's status, the input, the two sections, the
/// spinner, the last error and the keys.
@MainActor
public final class TodosScreen: View {
    /// The screen's title, in its border and its navigation item.
    public static let title = "Todos"
    /// Today's date.
    public let dateLabel = Label(style: Style(attributes: .bold))
    /// What the screen says about the sync: `offline — 3 changes waiting`; hidden
    /// while there is nothing to say.
    public let syncLabel = Label(style: Style(foreground: .yellow, attributes: .bold))
    /// Spins until the server first answered, and while changes are sent.
    public let spinner: ActivityIndicator
    /// The new todo's text; the first to take the focus.
    public let field = TextField(placeholder: "Type todo here...")
    /// The last failure's message, wrapped over up to three rows; hidden while
    /// there is none.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 3))
    /// "To Do", then "Finished".
    public let list: ListView<TodoRow, TodoCell>
    /// The keys of the moment, on the last line.
    public let footer = KeyHintFooter()

    /// The ViewModel the screen shows (kept alive by the screen).
    public let viewModel: HomeViewModel

    /// The screen of `viewModel`; the spinner animates on `scheduler` (the main
    /// queue in the app, the test's `TestScheduler` in tests).
    public init(viewModel: HomeViewModel, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        list = ListView(rowHeight: 1, makeRow: TodoCell.init) { cell, row in cell.show(row) }
        super.init()
        navigationItem.title = Self.title

        dateLabel.sizing = .flexible
        field.sizing = .flexible
        list.sizing = .flexible
        let header = Stack(.horizontal, spacing: 1, [dateLabel, syncLabel, spinner])
        let input = Stack(.horizontal, spacing: 1, [Label("New:"), field])
        addSubview(Border(title: Self.title, Stack(.vertical, [header, input, errorLabel, list, footer])))

        dateLabel.reactive.text <~ viewModel.date
        viewModel.newTodoText <~ field.reactive.continuousTextValues
        field.reactive.text <~ viewModel.inputText
        list.reactive.sections <~ viewModel.sections.map { sections in
            sections.map { ListSection(title: $0.title, items: $0.rows) }
        }
        list.reactive.selectedID <~ viewModel.selectedID
        viewModel.selectedID <~ list.reactive.selections.map { $0.id as String? }
        syncLabel.reactive.text <~ viewModel.syncStatus.map { $0 ?? "" }
        syncLabel.reactive.isHidden <~ viewModel.syncStatus.map { $0 == nil }
        spinner.reactive.isAnimating <~ viewModel.isLoading
        errorLabel.reactive.text <~ viewModel.error.map { $0 ?? "" }
        errorLabel.reactive.isHidden <~ viewModel.error.map { $0 == nil }
        footer.reactive.hints <~ viewModel.keyHints

        field.reactive.textValues.observeValues { text in viewModel.add(text) }
        list.reactive.activations.observeValues { row in viewModel.toggle(row.id) }
    }

    /// Space on the list and Ctrl-R (from anywhere: sync now) go to the ViewModel.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        switch (event.key, event.modifiers) {
        case (.character(" "), []) where list.isFocused:
            viewModel.press(.space)
            return true
        case (.character("r"), .control):
            return viewModel.press(.syncNow)
        default:
            return super.handleKey(event)
        }
    }
}
