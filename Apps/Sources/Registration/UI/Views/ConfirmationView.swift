import RegistrationCore
import RippleTerminal

// ConfirmationView: what the form pushes once the account exists (the original
// toasted 注册成功 and popped the form; the issue asks for a confirmation screen).
//
//     ┌ Welcome ───────────────────────────────┐
//     │Registered successfully                 │
//     │Account: 13800138000                    │
//     │Created: 2026-11-25 01:31:47 UTC        │
//     │                                        │
//     │Esc: back to the form                   │
//     └────────────────────────────────────────┘

/// The confirmation of a new account.
@MainActor
public final class ConfirmationView: View {
    /// The hint under the confirmation.
    public static let backHint = "Esc: back to the form"

    /// The confirmation shown.
    public let viewModel: ConfirmationViewModel

    /// The screen of `viewModel`.
    public init(viewModel: ConfirmationViewModel) {
        self.viewModel = viewModel
        super.init()
        navigationItem.title = ConfirmationViewModel.title
        let lines = viewModel.lines
        let headline = Label(lines[0], style: Style(foreground: .green, attributes: .bold))
        let rows: [View] = [headline] + lines.dropFirst().map { Label($0) }
            + [Label(), Label(Self.backHint, style: Style(attributes: .dim))]
        addSubview(Border(title: ConfirmationViewModel.title, Stack(.vertical, rows)))
    }
}
