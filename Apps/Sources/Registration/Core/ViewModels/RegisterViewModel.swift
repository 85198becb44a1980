import Ripple
import SeedAppCore

// RegisterViewModel: seed 002's registration form as state (the original's
// `RegisterViewModel`), with the rebuild's fixes (Apps/docs/Registration.md tells them
// with the original's quirks).
//
//     phone, password, confirmation, verifyCode (each edit)
//        ─▶ rules (digits, cut to 11 / 16 / 16 / 6) ─▶ validPhone … validVerifyCode
//        ─▶ form ─▶ errorText (eager: the first problem, in the seed's order)
//                ─▶ submit enabled while errorText is empty
//     validPhone, isCountingDown ─▶ getVerifyCode enabled while the phone is valid and
//                                   no countdown runs
//     getVerifyCode ─▶ UserAPI.getVerifyCode ─(sent)─▶ countdown 60, 59 … 1 s, then none
//                                                      (1 s ticks on the scheduler)
//     submit ─▶ UserAPI.register ─(created)─▶ toast, didRegister (the confirmation),
//                                             the countdown stopped
//     both actions' failures ─▶ toasts (error.reason)
//     getVerifyCode, submit enabled ─▶ keyHints (the footer): Enter while a button can
//                                      be pressed
//     validPhone (when valid), each code sent ─▶ poll the SMS outbox at once, then
//        every second on the scheduler (a poll in flight is never stacked) ─▶ messages
//
// Fixes of the original's quirks:
// - An explicit `isCountingDown`: the button is disabled from the code's arrival to
//   the end of the countdown, re-enabled exactly 60 s later as its title turns back
//   to "Get code" (the original re-enabled it for the first second, and again at
//   "1s"). The title shows "60s" at once, where the original waited a second.
// - `errorText` is computed at once, not when the submit action is first read; the
//   view shows ``visibleErrorText``, empty until the first edit.
// - The phone keeps ASCII digits only (the original took any text).
// - Navigation is an output, ``didRegister``, where the original popped the screen.
// - A created account stops the countdown: the button reads "Get code" again (the
//   countdown went on under the confirmation, and back on the form).
// - The original saved the account in `UserDefaults`; a ViewModel of Ripple only
//   has no such store, and ``didRegister`` carries the account to whoever keeps it.
//
// Everything the view reads is set on the injected scheduler (the main queue in the
// app, a TestScheduler in tests): the edits arrive there, and every answer of the
// service is observed there.

/// The state of the registration form: the four fields as kept, the first error,
/// the two buttons, the countdown, the SMS outbox, and where to go on success.
///
/// ```swift
/// let viewModel = RegisterViewModel(api: client, scheduler: QueueScheduler.main)
/// viewModel.phone.value = "13800138000"
/// viewModel.getVerifyCode.apply().start()     // "60s" … "1s", then "Get code"
/// viewModel.didRegister.observeValues { confirmation in navigation.push(…) }
/// ```
public final class RegisterViewModel: Sendable {
    /// How long the "Get code" button counts down after a code was sent, in seconds
    /// (the service's minute between two codes).
    public static let countdownSeconds = 60
    /// The verification button's title when no countdown runs (验证码).
    public static let getCodeTitle = "Get code"
    /// The toast of a created account (注册成功).
    public static let registeredMessage = "Registered successfully"
    /// Seconds between two reads of the SMS outbox.
    public static let outboxPollInterval = 1.0
    /// The password rule, the one line the form states it in.
    public static let passwordRule = RegistrationRules.passwordRule

    // MARK: Inputs

    /// The phone field's text, set on each edit.
    public let phone = MutableProperty("")
    /// The password field's text, set on each edit.
    public let password = MutableProperty("")
    /// The confirmation field's text, set on each edit.
    public let confirmation = MutableProperty("")
    /// The verification code field's text, set on each edit.
    public let verifyCode = MutableProperty("")

    // MARK: Outputs

    /// The phone as kept: ASCII digits, at most 11 (bound back into its field).
    public let validPhone: Property<String>
    /// The password as kept: at most 16 characters.
    public let validPassword: Property<String>
    /// The confirmation as kept: at most 16 characters.
    public let validConfirmation: Property<String>
    /// The code as kept: at most 6 characters.
    public let validVerifyCode: Property<String>
    /// The form's first problem (``RegistrationRules/firstError(phone:password:confirmation:verifyCode:)``),
    /// `""` when it can be submitted; computed from the start.
    public let errorText: Property<String>
    /// ``errorText`` once a field was edited, `""` before: what the error label shows.
    public let visibleErrorText: Property<String>
    /// Whether the "Get code" button counts down.
    public let isCountingDown: Property<Bool>
    /// The seconds left of the countdown; 0 when none runs.
    public let secondsLeft: Property<Int>
    /// The verification button's title: "Get code", or "60s" … "1s".
    public let verifyCodeTitle: Property<String>
    /// Whether a registration is in flight.
    public let isSubmitting: Property<Bool>
    /// The SMS messages of the phone typed, newest first (empty until it is valid).
    public let messages: Property<[SMSMessage]>
    /// The Messages pane's text: one message per line, or why there is none.
    public let messagesText: Property<String>
    /// Each toast to show: a failure's reason, or ``registeredMessage``.
    public let toasts: Signal<String, Never>
    /// Each created account: the confirmation screen to show.
    public let didRegister: Signal<ConfirmationViewModel, Never>
    /// The keys the form answers to now, for its footer.
    public let keyHints: Property<[KeyHint]>

    // MARK: Actions

    /// Sends a code to ``validPhone``: enabled while the phone is valid and no
    /// countdown runs (and not while it executes).
    public let getVerifyCode: Action<Void, CodeSent, APIError>
    /// Registers the form: enabled while ``errorText`` is empty (and not while it
    /// executes).
    public let submit: Action<Void, RegisteredAccount, APIError>

    private let token: Lifetime.Token

    /// A form that talks to `api`; its countdown and outbox polling, and the
    /// delivery of every answer, run on `scheduler`.
    public init(api: some UserAPI, scheduler: some DateScheduler) {
        validPhone = phone.map(RegistrationRules.phone)
        validPassword = password.map(RegistrationRules.password)
        validConfirmation = confirmation.map(RegistrationRules.password)
        validVerifyCode = verifyCode.map(RegistrationRules.verifyCode)
        let form = Property.combineLatest(validPhone, validPassword, validConfirmation, validVerifyCode)
            .map { RegistrationForm(phone: $0, password: $1, confirmation: $2, verifyCode: $3) }
        errorText = form.map(\.firstError)
        let hasEdited = Property(
            initial: false,
            then: Signal.merge(phone.signal, password.signal, confirmation.signal, verifyCode.signal)
                .map { _ in true }
                .take(first: 1)
        )
        visibleErrorText = Property.combineLatest(hasEdited, errorText).map { edited, error in edited ? error : "" }

        let seconds = MutableProperty(0)
        secondsLeft = Property(seconds)
        isCountingDown = seconds.map { $0 > 0 }
        verifyCodeTitle = seconds.map { $0 > 0 ? "\($0)s" : Self.getCodeTitle }

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
        isSubmitting = submit.isExecuting
        toasts = Signal.merge(
            getVerifyCode.errors.map { $0.reason },
            submit.errors.map { $0.reason },
            submit.values.map { _ in Self.registeredMessage }
        )
        didRegister = submit.values.map(ConfirmationViewModel.init(account:))
        keyHints = Property.combineLatest(getVerifyCode.isEnabled, submit.isEnabled)
            .map { canGetCode, canSubmit in Self.keyHints(canPress: canGetCode || canSubmit) }
            .skipRepeats()

        let (lifetime, token) = Lifetime.make()
        self.token = token

        // Each code sent starts the countdown again: 60 now, then one less a second.
        let countdown = SerialDisposable()
        lifetime += countdown
        let sentCodes = MutableProperty(0)
        getVerifyCode.values
            .take(during: lifetime)
            .observeValues { _ in
                seconds.value = Self.countdownSeconds
                countdown.inner = SignalProducer.interval(1, on: scheduler)
                    .take(first: Self.countdownSeconds)
                    .startWithValues { tick in seconds.value = Self.countdownSeconds - 1 - tick }
                sentCodes.value += 1
            }
        // An account created: the code did its work, and the countdown stops.
        submit.values
            .take(during: lifetime)
            .observeValues { _ in
                countdown.inner = nil
                seconds.value = 0
            }

        let outbox = MutableProperty(OutboxState.noPhone)
        messages = outbox.map { $0.messages }
        messagesText = outbox.map { $0.text }
        Property.combineLatest(validPhone, sentCodes).producer
            .map { phone, sent in OutboxWatch(phone: RegistrationRules.isValidPhone(phone) ? phone : nil, codesSent: sent) }
            .skipRepeats()
            .flatMap(.latest) { watch -> SignalProducer<OutboxState, Never> in
                guard let phone = watch.phone else { return SignalProducer(value: .noPhone) }
                return SignalProducer<Void, Never>(value: ())
                    .concat(SignalProducer.timer(interval: Self.outboxPollInterval, on: scheduler).map { _ in () })
                    .flatMap(.throttle) { _ in
                        api.smsOutbox(phone: phone)
                            .map { OutboxState.messages(phone: phone, $0) }
                            .flatMapError { SignalProducer(value: .failed(phone: phone, reason: $0.reason)) }
                            .observe(on: scheduler)
                    }
            }
            .take(during: lifetime)
            .startWithValues { outbox.value = $0 }
    }
}

extension RegisterViewModel {
    /// The form's keys: Tab and Shift-Tab move, Enter presses the focused button
    /// (offered while one of them is enabled), Esc goes back to the menu.
    static func keyHints(canPress: Bool) -> [KeyHint] {
        var hints = [KeyHint("Tab", "next field"), KeyHint("Shift-Tab", "previous")]
        if canPress { hints.append(KeyHint("Enter", "press button")) }
        hints.append(KeyHint("Esc", "menu"))
        return hints
    }
}

/// The four fields as kept.
struct RegistrationForm: Sendable {
    var phone: String
    var password: String
    var confirmation: String
    var verifyCode: String

    var firstError: String {
        RegistrationRules.firstError(phone: phone, password: password, confirmation: confirmation, verifyCode: verifyCode)
    }
}
