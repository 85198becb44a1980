// A sign-up screen in Swift 6 client code: a `@MainActor` ViewModel (text inputs
// formatted and validated into properties, a verification-code countdown, two
// actions) bound to `@MainActor` controls on the main scheduler.
//
//     typed account   -"138000000001234"-      →  account  ("")-"13800000000"-
//     request code    -press-                  →  code button title  "Get code"-"60s"-"59s"-…-"Get code"
//     submit          -press-                  →  toast "Registered 13800000000"
//
// The idioms on trial: `[unowned self]` / `[weak self]` in plain closures of a
// main-actor class, `<~` from a signal into a property and from a property into a
// control, `Property.combineLatest` of four properties, `Action(enabledIf:)` in a
// `lazy var`, the `@MutableProperty` and `@Property` wrappers, a `Reactive`
// extension for a main-actor control, and a countdown in virtual time.

import Ripple
import Testing

/// A text field: what the user types arrives on `typed`; `text` is what it shows.
@MainActor
final class TextField: ReactiveExtensionsProvider, @MainActor LifetimeProvider {
    @Lifetime.Owned var lifetime
    var text: String? {
        didSet { mainActorStateChanged() }
    }
    let typed: Signal<String?, Never>
    private let typing: Signal<String?, Never>.Observer

    init() {
        (typed, typing) = Signal.pipe()
    }

    /// The user types `text`.
    func type(_ text: String) {
        self.text = text
        typing.send(value: text)
    }
}

/// A button that runs a closure when pressed.
@MainActor
final class Button: ReactiveExtensionsProvider, @MainActor LifetimeProvider {
    @Lifetime.Owned var lifetime
    var title: String? {
        didSet { mainActorStateChanged() }
    }
    var isEnabled = true {
        didSet { mainActorStateChanged() }
    }
    var onPress: (() -> Void)?

    /// The user presses the button; a disabled button ignores it.
    func press() {
        if isEnabled { onPress?() }
    }
}

// A `Reactive` extension for a main-actor control: the members are `@MainActor`,
// so their closures may touch the control (a nonisolated member does not compile).
extension Reactive where Base: Button {
    /// Sets the button's title.
    @MainActor var title: BindingTarget<String?> {
        makeBindingTarget(on: UIScheduler()) { button, title in button.title = title }
    }

    /// Presses run `action`; the button is enabled while the action is.
    @MainActor func pressed<Output, Failure>(_ action: Action<Void, Output, Failure>) {
        base.reactive[\.isEnabled, on: UIScheduler()] <~ action.isEnabled
        base.onPress = { action.apply().start() }
    }
}

/// The server side of registration, as the ViewModel sees it.
struct RegistrationAPI: Sendable {
    struct Failure: Error, Equatable {
        let reason: String
    }

    /// Accounts the server refuses to register.
    var takenAccounts: Set<String> = []

    func requestCode(for account: String) -> SignalProducer<Void, Failure> {
        SignalProducer(value: ())
    }

    func register(account: String, password: String, code: String) -> SignalProducer<String, Failure> {
        takenAccounts.contains(account)
            ? SignalProducer(error: Failure(reason: "\(account) is taken"))
            : SignalProducer(value: account)
    }
}

@MainActor
final class RegistrationViewModel {
    static let invalidAccount = "Invalid phone number"
    static let invalidPassword = "Invalid password"
    static let mismatch = "The passwords differ"
    static let invalidCode = "Invalid code"

    let account = MutableProperty("")
    let password = MutableProperty("")
    let confirmation = MutableProperty("")
    @MutableProperty var code = ""
    let errorText = MutableProperty("")
    @Property var codeButtonTitle: String
    private(set) var registered: [String] = [] {
        didSet { mainActorStateChanged() }
    }

    private let secondsLeft: MutableProperty<Int>
    private var problems = (account: invalidAccount, password: invalidPassword, code: invalidCode)
    private let api: RegistrationAPI
    private let clock: any DateScheduler

    /// Enabled while the account is valid and no countdown runs.
    private(set) lazy var requestCode = Action<Void, Void, RegistrationAPI.Failure>(
        enabledIf: Property.combineLatest(secondsLeft, account).map { [unowned self] seconds, _ in
            seconds == 0 && self.problems.account.isEmpty
        }
    ) { [weak self, api, account] in
        // The body is `@Sendable` and may run on any thread: it reads Sendable
        // state, and hands the countdown (main-actor state) to the main actor.
        api.requestCode(for: account.value).on(completed: {
            MainActorScheduler().schedule { self?.startCountdown() }
        })
    }

    /// Enabled while every input is valid; says what is wrong in `errorText`.
    private(set) lazy var submit = Action<Void, String, RegistrationAPI.Failure>(
        enabledIf: Property.combineLatest(account, password, confirmation, $code).map { [unowned self] _, password, confirmation, _ in
            self.errorText.value = self.problems.account.isEmpty == false ? self.problems.account
                : !self.problems.password.isEmpty ? self.problems.password
                : password != confirmation ? Self.mismatch
                : self.problems.code
            return self.errorText.value.isEmpty
        }
    ) { [weak self, api, account, password, code = $code] in
        api.register(account: account.value, password: password.value, code: code.value)
            .on(value: { account in
                MainActorScheduler().schedule { self?.registered.append(account) }
            })
    }

    init(api: RegistrationAPI, clock: any DateScheduler) {
        self.api = api
        self.clock = clock
        let secondsLeft = MutableProperty(0)
        self.secondsLeft = secondsLeft
        _codeButtonTitle = secondsLeft.map { $0 > 0 ? "\($0)s" : "Get code" }
    }

    /// Formats and validates what the user types.
    func setInput(account: Signal<String?, Never>, password: Signal<String?, Never>, confirmation: Signal<String?, Never>, code: Signal<String?, Never>) {
        self.account <~ account.map { [unowned self] text in
            let digits = String((text ?? "").filter(\.isNumber).prefix(11))
            self.problems.account = digits.count == 11 && digits.hasPrefix("1") ? "" : Self.invalidAccount
            return digits
        }
        self.password <~ password.map { [unowned self] text in
            let password = String((text ?? "").prefix(16))
            self.problems.password = password.count >= 6 && password.contains(where: \.isNumber) ? "" : Self.invalidPassword
            return password
        }
        self.confirmation <~ confirmation.map { String(($0 ?? "").prefix(16)) }
        $code <~ code.map { [unowned self] text in
            let code = String((text ?? "").prefix(6))
            self.problems.code = !code.isEmpty && code.allSatisfy(\.isNumber) ? "" : Self.invalidCode
            return code
        }
    }

    private func startCountdown() {
        secondsLeft.value = 60
        secondsLeft <~ SignalProducer<Int, Never>.interval(1, on: clock)
            .take(first: 60)
            .map { 59 - $0 }
    }
}

@MainActor
final class RegistrationView: ReactiveExtensionsProvider, @MainActor LifetimeProvider {
    @Lifetime.Owned var lifetime
    let accountField = TextField()
    let passwordField = TextField()
    let confirmationField = TextField()
    let codeField = TextField()
    let codeButton = Button()
    let submitButton = Button()
    var errorText: String? {
        didSet { mainActorStateChanged() }
    }
    private(set) var toasts: [String] = []

    init(viewModel: RegistrationViewModel) {
        viewModel.setInput(
            account: accountField.typed,
            password: passwordField.typed,
            confirmation: confirmationField.typed,
            code: codeField.typed
        )
        accountField.reactive[\.text, on: UIScheduler()] <~ viewModel.account
        codeField.reactive[\.text, on: UIScheduler()] <~ viewModel.$code
        reactive[\.errorText, on: UIScheduler()] <~ viewModel.errorText.signal.skip(first: 1)
        codeButton.reactive.title <~ viewModel.$codeButtonTitle
        codeButton.reactive.pressed(viewModel.requestCode)
        submitButton.reactive.pressed(viewModel.submit)
        viewModel.requestCode.errors.observeValues { [weak self] failure in self?.toasts.append(failure.reason) }
        viewModel.submit.errors.observeValues { [weak self] failure in self?.toasts.append(failure.reason) }
        viewModel.submit.values.observeValues { [weak self] account in self?.toasts.append("Registered \(account)") }
    }

    /// The user fills in the whole form.
    func fill(account: String, password: String, confirmation: String, code: String) {
        accountField.type(account)
        passwordField.type(password)
        confirmationField.type(confirmation)
        codeField.type(code)
    }
}

/// The view's controls are bound on `UIScheduler`, which applies a value at once
/// only while nothing else (from any test running in parallel) waits on the main
/// queue; so every check of a control waits for the value to arrive (each control
/// reports its changes).
@MainActor
@Suite(.timeLimit(.minutes(2))) struct RegistrationFormTests {
    let clock = TestScheduler()

    @Test func typedInputIsFormattedByTheViewModelAndShownByTheFields() async {
        let viewModel = RegistrationViewModel(api: RegistrationAPI(), clock: clock)
        let view = RegistrationView(viewModel: viewModel)
        view.accountField.type("138-0000-0000-1234")
        view.codeField.type("12345678")
        #expect(viewModel.account.value == "13800000000")
        #expect(viewModel.code == "123456")
        #expect(await waitUntil { view.accountField.text == "13800000000" })
        #expect(await waitUntil { view.codeField.text == "123456" })
    }

    @Test func theErrorTextNamesTheFirstProblemUntilTheFormIsValid() async {
        let viewModel = RegistrationViewModel(api: RegistrationAPI(), clock: clock)
        let view = RegistrationView(viewModel: viewModel)
        view.accountField.type("123")
        #expect(await waitUntil { view.errorText == RegistrationViewModel.invalidAccount && !view.submitButton.isEnabled })
        view.fill(account: "13800000000", password: "secret1", confirmation: "secret2", code: "1234")
        #expect(await waitUntil { view.errorText == RegistrationViewModel.mismatch })
        view.confirmationField.type("secret1")
        #expect(await waitUntil { view.errorText == "" && view.submitButton.isEnabled })
    }

    @Test func requestingACodeStartsACountdownInVirtualTimeThatDisablesTheButton() async {
        let viewModel = RegistrationViewModel(api: RegistrationAPI(), clock: clock)
        let view = RegistrationView(viewModel: viewModel)
        #expect(await waitUntil { view.codeButton.title == "Get code" && !view.codeButton.isEnabled })
        view.accountField.type("13800000000")
        #expect(await waitUntil { view.codeButton.isEnabled })

        view.codeButton.press()
        #expect(await waitUntil { view.codeButton.title == "60s" && !view.codeButton.isEnabled })
        await clock.advance(by: 1)
        #expect(await waitUntil { view.codeButton.title == "59s" })
        await clock.advance(by: 59)
        #expect(await waitUntil { view.codeButton.title == "Get code" && view.codeButton.isEnabled })
    }

    @Test func submittingRegistersTheAccountAndToastsTheOutcome() async {
        let api = RegistrationAPI(takenAccounts: ["13900000000"])
        let viewModel = RegistrationViewModel(api: api, clock: clock)
        let view = RegistrationView(viewModel: viewModel)
        view.fill(account: "13900000000", password: "secret1", confirmation: "secret1", code: "1234")
        #expect(await waitUntil { view.submitButton.isEnabled })
        view.submitButton.press()
        view.accountField.type("13800000000")
        view.submitButton.press()
        #expect(view.toasts == ["13900000000 is taken", "Registered 13800000000"])
        // Recorded on the main actor, after the bindings the submission queued there.
        #expect(await waitUntil { viewModel.registered == ["13800000000"] })
    }

    @Test func theViewModelAndTheViewAreReleasedWithTheirOwners() async {
        weak var weakViewModel: RegistrationViewModel?
        weak var weakView: RegistrationView?
        do {
            let viewModel = RegistrationViewModel(api: RegistrationAPI(), clock: clock)
            let view = RegistrationView(viewModel: viewModel)
            view.fill(account: "13800000000", password: "secret1", confirmation: "secret1", code: "1234")
            #expect(await waitUntil { view.codeButton.isEnabled })
            view.codeButton.press()
            // The countdown starts on the main actor, after work already queued there.
            #expect(await viewModel.$codeButtonTitle.producer.filter { $0 == "60s" }.first() != nil)
            weakViewModel = viewModel
            weakView = view
        }
        // Released once the main queue has run the work queued on it for them.
        await mainQueueHasRunWhatIsQueued()
        #expect(weakViewModel == nil && weakView == nil)
        await clock.advance(by: 60)
        #expect(!clock.hasPendingWork)
    }
}
