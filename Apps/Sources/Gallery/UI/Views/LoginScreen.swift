import GalleryCore
import Ripple
import RippleTerminal
import SeedApp

// LoginScreen: the log-in form (the original's modal with "Cancel" and "Log In"),
// presented as a sheet: its bar has the title and "Cancel".
//
//     Cancel               Log In
//     ────────────────────────────
//     Username  [13800138000      ]
//     Password  [••••••           ]
//     [ Log In ]
//     Could not log in: Invalid username or password.   (red, after a failure)
//     Enter: log in · Tab: next field · Esc: cancel
//
// Bindings: username, password <~ the fields; the button pressed = CocoaAction(logIn)
// (enabled iff both fields hold text and no log-in runs); Enter in the password field
// presses it; error <~ errorText; footer <~ keyHints. Closing is the ViewModel's.

/// The log-in form.
@MainActor
public final class LoginScreen: View {
    /// The user's name: the phone number registered with the Registration app.
    public let usernameField = TextField(placeholder: "username")
    /// The password.
    public let passwordField = TextField(placeholder: "password")
    /// Logs in.
    public let logInButton = Button(title: "Log In")
    /// The last failure.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 3))
    /// Where the accounts come from.
    public let hintLabel = Label(
        "Accounts are the ones registered in app 3 (Registration): the phone number and its password.",
        style: Style(attributes: .dim), lineBreakMode: .wordWrapping(maximumLines: 3))
    /// The keys.
    public let footer = KeyHintFooter()
    /// The ViewModel (kept alive by the screen).
    public let viewModel: LoginViewModel

    /// The form of `viewModel`.
    public init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        super.init()
        navigationItem.title = LoginViewModel.title
        navigationItem.closeTitle = LoginViewModel.closeTitle
        passwordField.isSecureTextEntry = true
        usernameField.sizing = .flexible
        passwordField.sizing = .flexible
        let spacer = View()
        spacer.sizing = .flexible
        addSubview(Stack(.vertical, [
            Stack(.horizontal, spacing: 1, [Label("Username"), usernameField]),
            Stack(.horizontal, spacing: 1, [Label("Password"), passwordField]),
            logInButton, errorLabel, hintLabel, spacer, footer,
        ]))
        viewModel.username <~ usernameField.reactive.continuousTextValues
        viewModel.password <~ passwordField.reactive.continuousTextValues
        logInButton.reactive.pressed = CocoaAction(viewModel.logIn)
        errorLabel.reactive.text <~ viewModel.errorText
        errorLabel.reactive.isHidden <~ viewModel.errorText.map(\.isEmpty)
        footer.reactive.hints <~ viewModel.keyHints
        // Enter in either field logs in (when both hold text); Esc goes on to the
        // stack, which the navigation turns into Cancel.
        for field in [usernameField, passwordField] {
            field.reactive.textValues.observeValues { [viewModel] _ in viewModel.logIn.apply().start() }
        }
    }
}
