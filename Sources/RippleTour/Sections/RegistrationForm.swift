#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

extension Tour {
    static let registrationForm = TourSection(
        title: "ViewModel: the registration form",
        summary: """
        The tutorial's registration screen, end to end: a ViewModel of properties \
        and actions, bound to stand-in controls, driven by scripted typing and taps \
        on a `TestScheduler`. Submit is enabled only while the form is valid; the \
        verify-code button counts 60 seconds down after a code is sent.
        """
    ) { out in
        let scheduler = TestScheduler()
        func say(_ line: String) {
            let seconds = scheduler.currentDate.timeIntervalSinceReferenceDate
            out.print("[\(seconds.formatted(.number.precision(.fractionLength(1))))s] \(line)")
        }
        func at(_ seconds: TimeInterval, _ step: () -> Void) {
            scheduler.advance(to: Date(timeIntervalSinceReferenceDate: seconds))
            step()
        }

        // The view.
        let accountTextField = TextField()
        let passwordTextField = TextField()
        let confirmationTextField = TextField()
        let verifyCodeTextField = TextField()
        let verifyCodeButton = Button()
        let submitButton = Button()
        let errorLabel = Label()

        let viewModel = RegistrationViewModel(api: RegistrationAPI(scheduler: scheduler), scheduler: scheduler)
        viewModel.setInput(
            account: accountTextField.reactive.continuousTextValues,
            password: passwordTextField.reactive.continuousTextValues,
            confirmation: confirmationTextField.reactive.continuousTextValues,
            verifyCode: verifyCodeTextField.reactive.continuousTextValues
        )
        accountTextField.reactive.text <~ viewModel.validAccount
        passwordTextField.reactive.text <~ viewModel.validPassword
        confirmationTextField.reactive.text <~ viewModel.validConfirmation
        verifyCodeTextField.reactive.text <~ viewModel.validVerifyCode
        errorLabel.reactive.text <~ viewModel.errorText
        verifyCodeButton.reactive.title <~ viewModel.verifyCodeText
        verifyCodeButton.reactive.isEnabled <~ viewModel.getVerifyCodeAction.isEnabled
        submitButton.reactive.isEnabled <~ viewModel.submitAction.isEnabled

        // What the user sees change.
        viewModel.errorText.signal.skipRepeats().observeValues { say("error: \($0.isEmpty ? "none" : $0)") }
        viewModel.submitAction.isEnabled.signal.observeValues { say("submit enabled: \($0)") }
        viewModel.getVerifyCodeAction.isEnabled.signal.observeValues { say("code button enabled: \($0)") }
        viewModel.getVerifyCodeAction.values.observeValues { _ in say("code sent") }
        viewModel.submitAction.values.observeValues { say("registered \($0)") }
        viewModel.submitAction.errors.observeValues { say("toast: registration failed with \($0)") }

        func type(_ text: String, into field: TextField, _ name: String) {
            say("type \"\(text)\" into \(name)")
            field.type(text)
            if field.text != text { say("\(name) field shows \"\(field.text ?? "")\"") }
        }
        func tap(_ button: Button, _ name: String, _ action: Action<Void, some Any, RegistrationAPIError>) {
            say("tap \(name)\(button.isEnabled ? "" : " (disabled)")")
            action.apply().start()
        }
        func showCodeButton() {
            say("code button: \"\(verifyCodeButton.title ?? "")\"")
        }

        at(0) { type("138001380001234", into: accountTextField, "account") }
        at(1) { tap(verifyCodeButton, "get code", viewModel.getVerifyCodeAction) }
        at(2) { showCodeButton() }
        at(2) { tap(verifyCodeButton, "get code", viewModel.getVerifyCodeAction) }
        at(3) { type("abc123", into: passwordTextField, "password") }
        at(4) { type("abc12", into: confirmationTextField, "confirmation") }
        at(5) { type("abc123", into: confirmationTextField, "confirmation") }
        at(6) { type("1234", into: verifyCodeTextField, "verify code") }
        at(7) { tap(submitButton, "submit", viewModel.submitAction) }
        at(8) { type("8888", into: verifyCodeTextField, "verify code") }
        at(9) { tap(submitButton, "submit", viewModel.submitAction) }
        at(30) { showCodeButton() }
        at(61.5) { showCodeButton() }
    }
}
