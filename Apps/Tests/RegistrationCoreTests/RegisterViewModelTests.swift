import RegistrationCore
import RegistrationStubs
import Ripple
import RippleTesting
import Testing

/// The ViewModel headless and in virtual time, on a stub service whose every
/// answer takes one second: the fields' rules, the error label, the two buttons,
/// the countdown, the toasts, the navigation and the Messages pane.
@Suite struct RegisterViewModelTests {
    let scheduler = TestScheduler()
    let api: StubUserAPI
    let viewModel: RegisterViewModel

    init() {
        api = StubUserAPI(scheduler: scheduler)
        viewModel = RegisterViewModel(api: api, scheduler: scheduler)
    }

    /// Types a whole valid form.
    func fillValidForm(phone: String = "13800138000") {
        viewModel.phone.value = phone
        viewModel.password.value = "abc123"
        viewModel.confirmation.value = "abc123"
        viewModel.verifyCode.value = StubUserAPI.code
    }

    // MARK: Fields

    @Test func eachFieldKeepsWhatItsRuleLetsThrough() {
        viewModel.phone.value = "138 0013-8000 777"
        viewModel.password.value = "abcdefgh12345678XYZ"
        viewModel.confirmation.value = "0123456789abcdefghij"
        viewModel.verifyCode.value = "12345678"
        #expect(viewModel.validPhone.value == "13800138000")
        #expect(viewModel.validPassword.value == "abcdefgh12345678")
        #expect(viewModel.validConfirmation.value == "0123456789abcdef")
        #expect(viewModel.validVerifyCode.value == "123456")
    }

    @Test func theErrorFollowsTheSeedsPriorityAsTheFormIsFilled() {
        let errors = scheduler.record(viewModel.errorText)
        viewModel.phone.value = "1380013800"
        viewModel.phone.value = "13800138000"
        viewModel.password.value = "abcdef"
        viewModel.password.value = "abc123"
        viewModel.confirmation.value = "abc123"
        viewModel.verifyCode.value = "12 4"
        viewModel.verifyCode.value = "123456"
        viewModel.confirmation.value = "abc12"
        #expect(errors.values == [
            "Invalid phone number", "Invalid phone number", "Invalid password", "Invalid password",
            "The passwords do not match", "Invalid verification code", "Invalid verification code", "",
            "The passwords do not match",
        ])
    }

    @Test func theErrorIsComputedAtOnceButShownOnlyAfterTheFirstEdit() {
        #expect(viewModel.errorText.value == "Invalid phone number")
        #expect(viewModel.visibleErrorText.value == "")
        viewModel.password.value = "a"
        #expect(viewModel.visibleErrorText.value == "Invalid phone number", "any field's edit shows the form's first error")
        fillValidForm()
        #expect(viewModel.visibleErrorText.value == "")
    }

    // MARK: Buttons

    @Test func getCodeIsEnabledOnlyForAValidPhoneAndSubmitOnlyForAValidForm() {
        #expect(!viewModel.getVerifyCode.isEnabled.value)
        #expect(!viewModel.submit.isEnabled.value)
        viewModel.phone.value = "15412345678"
        #expect(!viewModel.getVerifyCode.isEnabled.value, "54 is no mobile prefix")
        viewModel.phone.value = "15912345678"
        #expect(viewModel.getVerifyCode.isEnabled.value)
        #expect(!viewModel.submit.isEnabled.value)
        fillValidForm()
        #expect(viewModel.submit.isEnabled.value)
        viewModel.confirmation.value = "abc124"
        #expect(!viewModel.submit.isEnabled.value)
        #expect(viewModel.getVerifyCode.isEnabled.value, "the code button only cares for the phone")
    }

    @Test func theCountdownRunsFromSixtyToOneWithTheButtonDisabledThroughout() {
        viewModel.phone.value = "13800138000"
        let titles = scheduler.record(viewModel.verifyCodeTitle)
        let enabled = scheduler.record(viewModel.getVerifyCode.isEnabled)
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 70)

        // The answer at 1 s: "60s" at once, then a second less each second.
        #expect(titles.values == ["Get code"] + (1...60).reversed().map { "\($0)s" } + ["Get code"])
        #expect(titles.entries.compactMap { $0.event.value == "60s" ? $0.time : nil } == [1])
        #expect(titles.entries.compactMap { $0.event.value == "1s" ? $0.time : nil } == [60])
        #expect(titles.entries.last?.time == 61)
        // Disabled while asking, through the countdown, enabled as the title returns.
        #expect(enabled.entries.map(\.time) == [0, 0, 61])
        #expect(enabled.values == [true, false, true])
        #expect(!viewModel.isCountingDown.value)
    }

    @Test func aFailedCodeRequestToastsItsReasonAndLeavesTheButtonEnabled() {
        viewModel.phone.value = "13800138000"
        let toasts = scheduler.record(viewModel.toasts)
        api.answerNextCode(APIError(code: 42900, info: "Codes are asked too often: try again in 6 s"))
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 1)
        #expect(toasts.values == ["Codes are asked too often: try again in 6 s"])
        #expect(viewModel.verifyCodeTitle.value == "Get code")
        #expect(viewModel.getVerifyCode.isEnabled.value)
    }

    @Test func changingThePhoneDuringTheCountdownKeepsTheButtonDisabled() {
        viewModel.phone.value = "13800138000"
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 10)
        viewModel.phone.value = "15912345678"
        #expect(!viewModel.getVerifyCode.isEnabled.value)
        #expect(viewModel.verifyCodeTitle.value == "51s")
        scheduler.advance(by: 51)
        #expect(viewModel.getVerifyCode.isEnabled.value)
    }

    // MARK: Keys

    @Test func theFooterOffersEnterWhileAButtonCanBePressed() {
        let hints = scheduler.record(viewModel.keyHints.map(\.footerText))
        viewModel.phone.value = "13800138000"
        scheduler.advance(by: 1)
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 2)
        fillValidForm()

        let moves = "Tab: next field · Shift-Tab: previous"
        expectMarbles(hints, toEqual: "(mp)m-p", values: [
            "m": moves + " · Esc: menu",
            "p": moves + " · Enter: press button · Esc: menu",
        ])
    }

    @Test func theConfirmationsKeyIsEscBackToTheForm() {
        let confirmation = ConfirmationViewModel(account: RegisteredAccount(account: "13800138000", createdAt: ""))
        #expect(confirmation.keyHints.value.footerText == "Esc: back to the form")
        #expect(confirmation.lines == ["Registered successfully", "Account: 13800138000"])
    }

    // MARK: Submitting

    @Test func aFailedRegistrationToastsItsReasonAndCanBeTriedAgain() {
        fillValidForm()
        let toasts = scheduler.record(viewModel.toasts)
        let registered = scheduler.record(viewModel.didRegister)
        let submitting = scheduler.record(viewModel.isSubmitting)
        api.answerNextRegistration(APIError(code: 40004, info: "Wrong or expired verification code"))
        viewModel.submit.apply().start()
        #expect(!viewModel.submit.isEnabled.value, "disabled while it runs")
        scheduler.advance(by: 1)
        #expect(toasts.values == ["Wrong or expired verification code"])
        #expect(registered.values.isEmpty)
        #expect(submitting.values == [false, true, false])
        #expect(viewModel.submit.isEnabled.value)
    }

    @Test func aRegistrationSendsTheFormThenToastsAndShowsTheConfirmation() throws {
        fillValidForm(phone: "15912345678")
        let requests = scheduler.record(api.requests.filter { $0.hasPrefix("register") })
        let toasts = scheduler.record(viewModel.toasts)
        let registered = scheduler.record(viewModel.didRegister)
        viewModel.submit.apply().start()
        scheduler.advance(by: 1)
        #expect(requests.values == ["register 15912345678 abc123 \(StubUserAPI.code)"])
        #expect(toasts.values == ["Registered successfully"])
        #expect(registered.entries.map(\.time) == [1])
        let confirmation = try #require(registered.values.first)
        #expect(confirmation.account.account == "15912345678")
        #expect(confirmation.lines == [
            "Registered successfully", "Account: 15912345678", "Created: 2026-11-25 01:31:47 UTC",
        ])
    }

    @Test func aSuccessfulRegistrationStopsTheCountdown() {
        fillValidForm()
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 5)
        #expect(viewModel.verifyCodeTitle.value == "56s")
        let titles = scheduler.record(viewModel.verifyCodeTitle)
        viewModel.submit.apply().start()
        scheduler.advance(by: 60)

        #expect(titles.values.last == "Get code")
        #expect(titles.entries.last?.time == 1, "back with the registration, a second in, and no tick after it")
        #expect(!viewModel.isCountingDown.value)
        #expect(viewModel.secondsLeft.value == 0)
    }

    @Test func theTimeoutsReasonIsTheOriginalsSentence() {
        fillValidForm()
        let toasts = scheduler.record(viewModel.toasts)
        api.answerNextRegistration(APIError(code: APIError.timeout))
        viewModel.submit.apply().start()
        scheduler.advance(by: 1)
        #expect(toasts.values == ["The request timed out"])
    }

    // MARK: Messages

    @Test func theMessagesPaneReadsTheValidPhonesOutboxEverySecond() {
        let api = StubUserAPI(scheduler: scheduler, delay: 0.5)
        let viewModel = RegisterViewModel(api: api, scheduler: scheduler)
        let requests = scheduler.record(api.requests.filter { $0.hasPrefix("outbox") })
        #expect(viewModel.messagesText.value == "Messages to a valid phone number show here.")
        viewModel.phone.value = "1380013800"
        scheduler.advance(by: 3)
        #expect(requests.values.isEmpty, "no valid phone, no reading")

        viewModel.phone.value = "13800138000"
        #expect(requests.values == ["outbox 13800138000"], "read at once")
        scheduler.advance(by: 0.5)
        #expect(viewModel.messagesText.value == "No messages to 13800138000 yet.")
        scheduler.advance(by: 3.5)
        #expect(requests.entries.map(\.time) == [3, 4, 5, 6, 7])
        #expect(viewModel.messages.value.isEmpty)
    }

    @Test func aSlowOutboxIsNeverAskedTwiceAtOnce() {
        let api = StubUserAPI(scheduler: scheduler, delay: 2.5)
        let viewModel = RegisterViewModel(api: api, scheduler: scheduler)
        let requests = scheduler.record(api.requests)
        viewModel.phone.value = "13800138000"
        scheduler.advance(by: 7)
        // Answers at 2.5 and 5.5; the ticks at 1, 2, 4 and 5 find a read running.
        #expect(requests.entries.map(\.time) == [0, 3, 6])
        #expect(viewModel.messagesText.value == "No messages to 13800138000 yet.")
    }

    @Test func aCodeSentIsReadFromTheOutboxAtOnce() {
        // Answers take a quarter of a second here, so that no tick of the 1 s reading
        // falls on the code's arrival.
        let api = StubUserAPI(scheduler: scheduler, delay: 0.25)
        let viewModel = RegisterViewModel(api: api, scheduler: scheduler)
        viewModel.phone.value = "13800138000"
        scheduler.advance(by: 0.5)
        #expect(viewModel.messagesText.value == "No messages to 13800138000 yet.")
        let requests = scheduler.record(api.requests)
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 0.5)
        #expect(requests.values == ["code 13800138000", "outbox 13800138000"])
        #expect(requests.entries.map(\.time) == [0, 0.25], "the outbox is read as the code arrives")
        #expect(viewModel.messages.value.map(\.text) == ["[Ripple] Your verification code is \(StubUserAPI.code). It is valid for 5 minutes; do not share it."])
        #expect(viewModel.messagesText.value == "01:31:40 [Ripple] Your verification code is \(StubUserAPI.code). It is valid for 5 minutes; do not share it.")
    }

    @Test func anUnreadableOutboxSaysSoAndTheNextReadRecovers() {
        api.failOutbox(of: "13800138000", with: APIError(code: APIError.noNetwork))
        viewModel.phone.value = "13800138000"
        scheduler.advance(by: 1)
        #expect(viewModel.messagesText.value == "The messages to 13800138000 could not be read: No network connection")
        api.failOutbox(of: "13800138000", with: nil)
        scheduler.advance(by: 2)
        #expect(viewModel.messagesText.value == "No messages to 13800138000 yet.")
    }

    @Test func anInvalidPhoneEmptiesThePane() {
        viewModel.phone.value = "13800138000"
        viewModel.getVerifyCode.apply().start()
        scheduler.advance(by: 3)
        #expect(viewModel.messages.value.count == 1)
        viewModel.phone.value = "1380013800"
        #expect(viewModel.messages.value.isEmpty)
        #expect(viewModel.messagesText.value == "Messages to a valid phone number show here.")
    }
}
