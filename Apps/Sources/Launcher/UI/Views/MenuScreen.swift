import LauncherCore
import Ripple
import RippleTerminal
import SeedApp

// MenuScreen: the launcher's first screen, the list of the seed apps.
//
//                          Ripple: the seed apps                      the stack's bar
//     ─────────────────────────────────────────────────────────────────
//     ┌───────────────────────────────────────────────────────────────┐
//     │The apps of the seed documents, built on Ripple and            │   wrapped
//     │RippleTerminal, running against local services.                │
//     │                                                               │
//     │1 Twitter Search                                               │
//     │2 Todos                                                        │
//     │…                                                              │
//     │5 Flickr Search (coming)                                       │
//     │Flickr Search is not ready yet: it cannot be opened.           │   the message line
//     │1–5 or ↑↓ Enter: open · q: quit                                │   the footer
//     └───────────────────────────────────────────────────────────────┘
//
// A digit opens its app, Enter the selected one, q asks to quit: each is a
// ViewModel input.

/// The launcher's menu: the apps by number, a message line and the footer of keys.
@MainActor
public final class MenuScreen: View {
    /// The menu's title, in the navigation bar.
    public static let title = "Ripple: the seed apps"
    /// The line above the apps.
    public static let intro = "The apps of the seed documents, built on Ripple and RippleTerminal, running against local services."

    /// The apps.
    public let list: ListView<LauncherEntry, TextRow>
    /// Why a choice opened nothing.
    public let messageLabel = Label(lineBreakMode: .wordWrapping(maximumLines: 2))
    /// The menu's keys.
    public let footer = KeyHintFooter()

    private let viewModel: LauncherViewModel

    /// The menu of `viewModel`.
    public init(viewModel: LauncherViewModel) {
        self.viewModel = viewModel
        list = ListView(placeholder: "No apps") { (entry: LauncherEntry) in entry.menuText }
        super.init()
        navigationItem.title = Self.title
        list.sizing = .flexible
        let intro = Label(Self.intro, lineBreakMode: .wordWrapping(maximumLines: 3))
        addSubview(Border(Stack(.vertical, [intro, Label(""), list, messageLabel, footer])))

        list.items = viewModel.entries
        list.selectItem(withID: viewModel.entries.first?.id)
        messageLabel.reactive.text <~ viewModel.message
        footer.reactive.hints <~ viewModel.keyHints
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
