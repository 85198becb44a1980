import RegistrationCore
import Ripple
import RippleTerminal
import SeedApp

// ConfirmationView: what the form pushes once the account exists (the original
// toasted 注册成功 and popped the form; here the account created shows on a screen of its
// own).
//
//     ┌ Welcome ───────────────────────────────┐
//     │Registered successfully                 │
//     │Account: 13800138000                    │
//     │Created: 2026-11-25 01:31:47 UTC        │
//     └────────────────────────────────────────┘
//     Esc: back to the form                        the keys (KeyHintFooter)

/// The confirmation of a new account.
@MainActor
public final class ConfirmationView: View {
    /// The confirmation shown.
    public let viewModel: ConfirmationViewModel
    /// The keys, under the box.
    public let footer = KeyHintFooter()

    /// The screen of `viewModel`.
    public init(viewModel: ConfirmationViewModel) {
        self.viewModel = viewModel
        super.init()
        navigationItem.title = ConfirmationViewModel.title
        let lines = viewModel.lines
        let headline = Label(lines[0], style: Style(foreground: .green, attributes: .bold))
        let rows: [View] = [headline] + lines.dropFirst().map { Label($0) }
        let box = Border(title: ConfirmationViewModel.title, Stack(.vertical, rows))
        box.sizing = .flexible
        addSubview(Stack(.vertical, [box, footer]))
        footer.reactive.hints <~ viewModel.keyHints
    }
}
