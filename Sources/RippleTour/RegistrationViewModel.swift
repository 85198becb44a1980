#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

// The seed's registration screen: a ViewModel with formatted inputs, one error
// message, a verify-code button with a 60-second countdown, and a submit button
// enabled only while the form is valid. The backend answers after half a second
// of virtual time.

/// A failed request of the registration backend.
struct RegistrationAPIError: Error, CustomStringConvertible {
    let code: Int
    var description: String { "APIError(\(code))" }
}

/// The backend, in virtual time: every answer takes half a second.
struct RegistrationAPI {
    let scheduler: TestScheduler

    func sendVerifyCode(to phoneNumber: String) -> SignalProducer<Bool, RegistrationAPIError> {
        answer(SignalProducer(value: true))
    }

    func register(account: String, password: String, verifyCode: String) -> SignalProducer<String, RegistrationAPIError> {
        answer(verifyCode == "8888" ? SignalProducer(value: account) : SignalProducer(error: RegistrationAPIError(code: 789_465)))
    }

    /// `response`, once half a second has passed.
    private func answer<Value>(_ response: SignalProducer<Value, RegistrationAPIError>) -> SignalProducer<Value, RegistrationAPIError> {
        SignalProducer<Void, RegistrationAPIError>(value: ()).delay(0.5, on: scheduler).then(response)
    }
}

/// The registration form's ViewModel: state as properties, commands as actions.
final class RegistrationViewModel {
    static let invalidAccount = "The phone number must have 11 digits"
    static let invalidPassword = "The password needs 6 to 16 letters and digits"
    static let passwordsDiffer = "The passwords differ"
    static let invalidVerifyCode = "The verify code is missing"

    let validAccount = MutableProperty("")
    let validPassword = MutableProperty("")
    let validConfirmation = MutableProperty("")
    let validVerifyCode = MutableProperty("")
    /// The first problem of the form, or "" when it is valid.
    let errorText: Property<String>
    /// The verify-code button's title: "Get code", or the seconds left.
    let verifyCodeText: Property<String>
    let getVerifyCodeAction: Action<Void, Bool, RegistrationAPIError>
    let submitAction: Action<Void, String, RegistrationAPIError>

    private let secondsLeft = MutableProperty(0)
    private let countdown = SerialDisposable()

    init(api: RegistrationAPI, scheduler: some DateScheduler) {
        errorText = Property.combineLatest(validAccount, validPassword, validConfirmation, validVerifyCode)
            .map(Self.firstProblem)
        verifyCodeText = secondsLeft.map { $0 > 0 ? "\($0)s" : "Get code" }

        let accountIsValid = validAccount.map(Self.isPhoneNumber)
        let canRequestCode = Property.combineLatest(accountIsValid, secondsLeft).map { $0 && $1 == 0 }
        getVerifyCodeAction = Action(enabledIf: canRequestCode) { [validAccount] in
            api.sendVerifyCode(to: validAccount.value)
        }
        submitAction = Action(enabledIf: errorText.map(\.isEmpty)) { [validAccount, validPassword, validVerifyCode] in
            api.register(account: validAccount.value, password: validPassword.value, verifyCode: validVerifyCode.value)
        }

        // A code was sent: count 60 seconds down before another can be asked for.
        getVerifyCodeAction.values.observeValues { [secondsLeft, countdown] _ in
            countdown.inner = secondsLeft <~ SignalProducer.interval(1, on: scheduler)
                .map { 59 - $0 }
                .take(first: 60)
                .prefix(value: 60)
        }
    }

    deinit {
        countdown.dispose()
    }

    /// Connects the text fields: each input is cut to its maximum length.
    func setInput(
        account: Signal<String?, Never>,
        password: Signal<String?, Never>,
        confirmation: Signal<String?, Never>,
        verifyCode: Signal<String?, Never>
    ) {
        validAccount <~ account.map { String(($0 ?? "").prefix(11)) }
        validPassword <~ password.map { String(($0 ?? "").prefix(16)) }
        validConfirmation <~ confirmation.map { String(($0 ?? "").prefix(16)) }
        validVerifyCode <~ verifyCode.map { String(($0 ?? "").prefix(6)) }
    }

    private static func isPhoneNumber(_ text: String) -> Bool {
        text.count == 11 && text.allSatisfy(\.isNumber)
    }

    private static func firstProblem(account: String, password: String, confirmation: String, verifyCode: String) -> String {
        if !isPhoneNumber(account) { return invalidAccount }
        let passwordIsValid = (6...16).contains(password.count)
            && password.allSatisfy { $0.isLetter || $0.isNumber }
            && password.contains(where: \.isLetter) && password.contains(where: \.isNumber)
        if !passwordIsValid { return invalidPassword }
        if password != confirmation { return passwordsDiffer }
        if verifyCode.isEmpty || !verifyCode.allSatisfy({ $0.isLetter || $0.isNumber }) { return invalidVerifyCode }
        return ""
    }
}
