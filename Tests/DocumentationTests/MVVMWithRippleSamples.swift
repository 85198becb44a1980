import Ripple
import RippleTerminal
import RippleTesting
import Testing

// The samples of the MVVM with Ripple article (Ripple.docc/MVVMWithRipple.md): a
// shortened, self-contained copy of the Registration seed app's ViewModel, screen and
// tests (this root test target cannot import the Apps package, where the real ones are).

enum MVVMSamples {
    struct APIError: Error, Equatable {
        var reason: String
    }

    struct CodeSent: Sendable, Equatable {
        var phone: String
    }

    struct RegisteredAccount: Sendable, Equatable {
        var account: String
    }

    protocol UserAPI: Sendable {
        func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError>
        func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError>
    }

    enum RegistrationRules {
        static func phone(_ text: String) -> String {
            String(text.filter { ("0"..."9").contains($0) }.prefix(11))
        }

        static func isValidPhone(_ phone: String) -> Bool {
            phone.count == 11 && phone.hasPrefix("1")
        }

        static func firstError(phone: String, password: String, verifyCode: String) -> String {
            if !isValidPhone(phone) { return "Invalid phone number" }
            if password.count < 6 { return "Invalid password" }
            if verifyCode.isEmpty { return "Invalid verification code" }
            return ""
        }
    }

    struct RegistrationForm: Sendable {
        var phone: String
        var password: String
        var verifyCode: String

        var firstError: String {
            RegistrationRules.firstError(phone: phone, password: password, verifyCode: verifyCode)
        }
    }

    final class RegisterViewModel: Sendable {
        static let countdownSeconds = 60

        // Inputs: each field's text, set on each edit.
        let phone = MutableProperty("")
        let password = MutableProperty("")
        let verifyCode = MutableProperty("")

        // Outputs: what the screen shows.
        let validPhone: Property<String>
        let errorText: Property<String>
        let verifyCodeTitle: Property<String>
        let toasts: Signal<String, Never>

        // Commands: what the buttons run.
        let getVerifyCode: Action<Void, CodeSent, APIError>
        let submit: Action<Void, RegisteredAccount, APIError>

        private let token: Lifetime.Token

        init(api: some UserAPI, scheduler: some DateScheduler) {
            validPhone = phone.map(RegistrationRules.phone)
            let form = Property.combineLatest(validPhone, password, verifyCode)
                .map { RegistrationForm(phone: $0, password: $1, verifyCode: $2) }
            errorText = form.map(\.firstError)

            let seconds = MutableProperty(0)
            let isCountingDown = seconds.map { $0 > 0 }
            verifyCodeTitle = seconds.map { $0 > 0 ? "\($0)s" : "Get code" }

            getVerifyCode = Action(
                state: Property.combineLatest(validPhone, isCountingDown),
                enabledIf: { phone, counting in RegistrationRules.isValidPhone(phone) && !counting }
            ) { state, _ in
                api.getVerifyCode(phoneNumber: state.0).observe(on: scheduler)
            }
            submit = Action(state: form, enabledIf: { $0.firstError.isEmpty }) { form, _ in
                api.register(account: form.phone, password: form.password, verifyCode: form.verifyCode)
                    .observe(on: scheduler)
            }
            toasts = Signal.merge(
                getVerifyCode.errors.map(\.reason),
                submit.errors.map(\.reason),
                submit.values.map { _ in "Registered successfully" }
            )

            let (lifetime, token) = Lifetime.make()
            self.token = token
            // Each code sent starts the countdown: 60 now, then one less a second.
            let countdown = SerialDisposable()
            lifetime += countdown
            getVerifyCode.values
                .take(during: lifetime)
                .observeValues { _ in
                    seconds.value = Self.countdownSeconds
                    countdown.inner = SignalProducer.interval(1, on: scheduler)
                        .take(first: Self.countdownSeconds)
                        .startWithValues { tick in seconds.value = Self.countdownSeconds - 1 - tick }
                }
        }
    }

    @MainActor
    final class RegisterFormView: View {
        let phoneField = TextField(placeholder: "11 digits")
        let passwordField = TextField(placeholder: "a password")
        let verifyCodeField = TextField(placeholder: "from the SMS")
        let getCodeButton = Button(title: "Get code")
        let errorLabel = Label()
        let registerButton = Button(title: "Register")
        let viewModel: RegisterViewModel

        init(viewModel: RegisterViewModel) {
            self.viewModel = viewModel
            super.init()
            passwordField.isSecureTextEntry = true
            addSubview(Stack(.vertical, [
                Label("Phone"), phoneField,
                Label("Password"), passwordField,
                Label("Verification code"), Stack(.horizontal, spacing: 1, [verifyCodeField, getCodeButton]),
                errorLabel, registerButton,
            ]))

            viewModel.phone <~ phoneField.reactive.continuousTextValues
            viewModel.password <~ passwordField.reactive.continuousTextValues
            viewModel.verifyCode <~ verifyCodeField.reactive.continuousTextValues
            phoneField.reactive.text <~ viewModel.validPhone
            errorLabel.reactive.text <~ viewModel.errorText
            getCodeButton.reactive.title <~ viewModel.verifyCodeTitle
            getCodeButton.reactive.pressed = CocoaAction(viewModel.getVerifyCode)
            registerButton.reactive.pressed = CocoaAction(viewModel.submit)
        }
    }

    /// A Users service in virtual time: every answer takes one second.
    struct StubUserAPI: UserAPI {
        let scheduler: TestScheduler

        func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError> {
            SignalProducer(value: CodeSent(phone: phoneNumber)).delay(1, on: scheduler)
        }

        func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError> {
            guard verifyCode == "246810" else {
                return SignalProducer(error: APIError(reason: "Wrong or expired verification code"))
            }
            return SignalProducer(value: RegisteredAccount(account: account)).delay(1, on: scheduler)
        }
    }
}

extension MVVMSamples {
    @Suite("MVVM with Ripple: the ViewModel")
    struct RegisterViewModelTests {
        let scheduler = TestScheduler()
        let viewModel: RegisterViewModel

        init() {
            viewModel = RegisterViewModel(api: StubUserAPI(scheduler: scheduler), scheduler: scheduler)
        }

        @Test func thePhoneKeepsItsFirstElevenDigits() {
            viewModel.phone.value = "138 0013-8000 777"
            #expect(viewModel.validPhone.value == "13800138000")
        }

        @Test func theErrorNamesTheFirstProblemAsTheFormIsFilled() {
            let errors = scheduler.record(viewModel.errorText)
            viewModel.phone.value = "13800138000"
            viewModel.password.value = "abc123"
            viewModel.verifyCode.value = "246810"
            #expect(errors.values == ["Invalid phone number", "Invalid password", "Invalid verification code", ""])
            #expect(viewModel.submit.isEnabled.value)
        }

        @Test func theCountdownRunsFromSixtyToOneWithTheButtonDisabledThroughout() {
            viewModel.phone.value = "13800138000"
            let titles = scheduler.record(viewModel.verifyCodeTitle)
            let enabled = scheduler.record(viewModel.getVerifyCode.isEnabled)
            viewModel.getVerifyCode.apply().start()
            scheduler.advance(by: 70)

            // The answer at 1 s: "60s" at once, then a second less each second.
            #expect(titles.values == ["Get code"] + (1...60).reversed().map { "\($0)s" } + ["Get code"])
            #expect(titles.entries.last?.time == 61)
            // Disabled while asking, through the countdown, enabled as the title returns.
            #expect(enabled.values == [true, false, true])
            #expect(enabled.entries.map(\.time) == [0, 0, 61])
        }

        @Test func aWrongCodeToastsTheServicesReason() {
            let toasts = scheduler.record(viewModel.toasts)
            viewModel.phone.value = "13800138000"
            viewModel.password.value = "abc123"
            viewModel.verifyCode.value = "111111"
            viewModel.submit.apply().start()
            scheduler.advance()                  // the failure is delivered on the scheduler
            #expect(toasts.values == ["Wrong or expired verification code"])
            #expect(viewModel.submit.isEnabled.value)
        }
    }

    @MainActor
    @Suite("MVVM with Ripple: the screen")
    struct RegisterFormViewTests {
        let scheduler = TestScheduler()
        let view: RegisterFormView
        let terminal: VirtualTerminal

        init() {
            view = RegisterFormView(viewModel: RegisterViewModel(api: StubUserAPI(scheduler: scheduler), scheduler: scheduler))
            terminal = VirtualTerminal(columns: 30, rows: 9, root: view)
        }

        @Test func typingAPhoneKeepsItsDigitsAndEnablesGetCode() async {
            terminal.type("138 0013 8000")
            await terminal.settle()
            #expect(view.phoneField.text == "13800138000")
            #expect(view.errorLabel.text == "Invalid password")
            #expect(view.getCodeButton.isEnabled)
            #expect(!view.registerButton.isEnabled)
        }

        @Test func pressingGetCodeCountsDownOnTheButton() async {
            terminal.type("13800138000")
            view.getCodeButton.press()
            await scheduler.advance(by: 1)
            await terminal.settle()
            #expect(view.getCodeButton.title == "60s")
            #expect(!view.getCodeButton.isEnabled)
            await scheduler.advance(by: 60)
            await terminal.settle()
            #expect(view.getCodeButton.title == "Get code")
            #expect(view.getCodeButton.isEnabled)
        }

        @Test func theScreenShowsTheFormAndItsFirstError() async {
            terminal.type("13800138000")
            await terminal.settle()
            #expect(terminal.lines == [
                "Phone",
                "13800138000",
                "Password",
                "a password",
                "Verification code",
                "from the SMS  [ Get code ]",
                "Invalid password",
                "[ Register ]",
                "",
            ])
        }
    }
}
