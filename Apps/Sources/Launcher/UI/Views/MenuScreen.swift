import Ripple
import RippleTerminal

// MenuScreen: the launcher's first screen, the list of the seed apps.
//
//                          Ripple: the seed apps                      the stack's bar
//     ─────────────────────────────────────────────────────────────────
//     ┌ Ripple: the seed apps ────────────────────────────────────────┐
//     │The seed documents' apps, built on Ripple and RippleTerminal, …│
//     │                                                               │
//     │1 Twitter Search                                               │
//     │2 Todos                                                        │
//     │…                                                              │
//     │4 500px Gallery (coming)                                       │
//     │1–5 or ↑↓ and Enter: open · Esc: back to this menu · q: quit   │   the hint line
//     └───────────────────────────────────────────────────────────────┘
//
// A digit opens its app, Enter the selected one, q asks to quit.

/// The launcher's menu: the apps by number, and a hint line.
@MainActor
public final class MenuScreen: View {
    /// The menu's title, in its border and the navigation bar.
    public static let title = "Ripple: the seed apps"

    /// The apps.
    public let list: ListView<LauncherEntry, TextRow>
    /// Keys, or why a choice opened nothing.
    public let hintLabel = Label(style: Style(attributes: .dim))

    private let viewModel: LauncherViewModel

    /// The menu of `viewModel`.
    public init(viewModel: LauncherViewModel) {
        self.viewModel = viewModel
        list = ListView(placeholder: "No apps") { (entry: LauncherEntry) in entry.menuText }
        super.init()
        navigationItem.title = Self.title
        list.sizing = .flexible
        let intro = Label("The seed documents' apps, built on Ripple and RippleTerminal, against local services.")
        addSubview(Border(title: Self.title, Stack(.vertical, [intro, Label(""), list, hintLabel])))

        list.items = viewModel.entries
        list.selectItem(withID: viewModel.entries.first?.id)
        hintLabel.reactive.text <~ viewModel.hint
        list.reactive.activations.observeValues { [viewModel] entry in
            viewModel.open(number: entry.number)
        }
    }

    /// A digit opens its app; `q` quits.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, case let .character(character) = event.key else { return false }
        if let digit = character.wholeNumberValue, character.isASCII {
            list.selectItem(withID: digit)
            viewModel.open(number: digit)
            return true
        }
        if character == "q" {
            viewModel.quit()
            return true
        }
        return false
    }
}
