import RegistrationCore
import Ripple
import RippleTerminal
import SeedApp

// RegisterFormView: seed 002's form (the original's `RegisterViewController`; its
// screens, keys and behaviour: Apps/docs/Registration.md) beside a "Messages" pane
// that stands for the phone. It builds views and binds them to the ViewModel; every
// behaviour is the ViewModel's.
//
//     ┌ Register ────────────────────────────┐ ┌ Messages ───────────────────────────┐
//     │Phone                                 │ │19:33:25 [Ripple] Your verification  │
//     │13800138000                           │ │code is 068439. It is valid for 5    │
//     │Password                              │ │minutes; do not share it.            │
//     │******                                │ │                                     │
//     │6–16, two of: letters, digits, symbols│ │                                     │   the rule, once
//     │Confirm password                      │ │                                     │
//     │******                                │ │                                     │
//     │Verification code                     │ │                                     │
//     │068439                         [ 58s ]│ │                                     │
//     │The passwords do not match            │ │                                     │
//     │[ Register ]                          │ │                                     │
//     └──────────────────────────────────────┘ └─────────────────────────────────────┘
//     Tab: next field · Shift-Tab: previous · Esc: menu                                  the keys
//
// Bindings, as the original's: each field's edits ─▶ the ViewModel's input, and the
// kept value (digits, cut) back into the field when it differs (so that the cursor
// stays where the user edits, unless the rule changed the text); the error label <~ visibleErrorText;
// "Get code" <~ verifyCodeTitle, pressed = CocoaAction(getVerifyCode); "Register"
// pressed = CocoaAction(submit), a spinner while it runs; Messages <~ messagesText;
// the footer <~ keyHints.
// The toasts and the confirmation are the enclosing `RegistrationScreen`'s.

/// The registration form and the Messages pane.
@MainActor
public final class RegisterFormView: View {
    /// The form's title, in the navigation bar (the original's "TRegister").
    public static let title = "Registration"

    /// The phone number; the first to take the focus.
    public let phoneField = TextField(placeholder: "11 digits")
    /// The password, shown as `*`.
    public let passwordField = TextField(placeholder: "a password")
    /// The password again, shown as `*`.
    public let confirmationField = TextField(placeholder: "the password again")
    /// The code from the SMS.
    public let verifyCodeField = TextField(placeholder: "from the SMS")
    /// "Get code", or the seconds left.
    public let getCodeButton = Button(title: RegisterViewModel.getCodeTitle)
    /// The form's first problem, once a field was edited.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold))
    /// "Register".
    public let registerButton = Button(title: "Register")
    /// Spins while a registration is in flight.
    public let spinner: ActivityIndicator
    /// The SMS messages to the phone typed.
    public let messagesView = TextView(style: .plain)
    /// The keys of the moment, under the form and the pane.
    public let footer = KeyHintFooter()

    /// The ViewModel the form shows (kept alive by the form).
    public let viewModel: RegisterViewModel

    /// The form of `viewModel`; the spinner animates on `scheduler`.
    public init(viewModel: RegisterViewModel, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        super.init()
        navigationItem.title = Self.title

        passwordField.isSecureTextEntry = true
        confirmationField.isSecureTextEntry = true
        messagesView.isEditable = false
        verifyCodeField.sizing = .flexible
        let codeRow = Stack(.horizontal, spacing: 1, [verifyCodeField, getCodeButton])
        let submitRow = Stack(.horizontal, spacing: 1, [registerButton, spinner])
        let form = Stack(.vertical, [
            Label("Phone"), phoneField,
            Label("Password"), passwordField, Label(RegisterViewModel.passwordRule, style: Style(attributes: .dim)),
            Label("Confirm password"), confirmationField,
            Label("Verification code"), codeRow,
            errorLabel, submitRow,
        ])
        let formBox = Border(title: "Register", form)
        formBox.sizing = .fixed(Self.formWidth)
        let messagesBox = Border(title: "Messages", messagesView)
        messagesBox.sizing = .flexible
        let panes = Stack(.horizontal, spacing: 1, [formBox, messagesBox])
        panes.sizing = .flexible
        addSubview(Stack(.vertical, [panes, footer]))

        let fields = [
            (phoneField, viewModel.phone, viewModel.validPhone),
            (passwordField, viewModel.password, viewModel.validPassword),
            (confirmationField, viewModel.confirmation, viewModel.validConfirmation),
            (verifyCodeField, viewModel.verifyCode, viewModel.validVerifyCode),
        ]
        for (field, edits, kept) in fields {
            edits <~ field.reactive.continuousTextValues
            field.reactive.keptText <~ kept
        }
        errorLabel.reactive.text <~ viewModel.visibleErrorText
        getCodeButton.reactive.title <~ viewModel.verifyCodeTitle
        getCodeButton.reactive.pressed = CocoaAction(viewModel.getVerifyCode)
        registerButton.reactive.pressed = CocoaAction(viewModel.submit)
        spinner.reactive.isAnimating <~ viewModel.isSubmitting
        messagesView.reactive.text <~ viewModel.messagesText
        footer.reactive.hints <~ viewModel.keyHints
    }

    /// The form box's width, in columns; the Messages pane takes the rest.
    public static let formWidth = 40
}

extension Reactive where Base: TextField {
    /// Sets the text only when it differs from the field's: binding back the value a
    /// rule kept leaves the cursor where the user typed unless the rule changed the
    /// text (setting it puts the cursor at the end).
    fileprivate var keptText: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { field, text in
            if field.text != text { field.text = text }
        }
    }
}
