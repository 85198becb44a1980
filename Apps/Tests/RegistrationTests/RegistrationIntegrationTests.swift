import AppsTestSupport
import Foundation
import Registration
import RegistrationCore
import Ripple
import Services
import Testing

/// The ViewModel on the real client and the real Users service (in process, on a
/// free loopback port), in real time on a queue of its own, chaos seeded where a
/// test needs a failure: the code from Messages registers the account; a 429, a
/// 400, a 503, a slow answer and a request that never answers reach the user as
/// the toasts and button states they should.
@Suite(.timeLimit(.minutes(2)))
struct RegistrationIntegrationTests {
    let scheduler = QueueScheduler(name: "registration-integration-tests")

    /// A form on the service, its toasts and registrations collected.
    struct Form {
        let viewModel: RegisterViewModel
        let toasts: Property<[String]>
        let registered: Property<[ConfirmationViewModel]>

        init(viewModel: RegisterViewModel) {
            self.viewModel = viewModel
            toasts = collected(viewModel.toasts)
            registered = collected(viewModel.didRegister)
        }
    }

    /// A form on `services`; the client's timeout is long (but where a test sets it),
    /// so that a loaded machine does not fail a request that only waits.
    func makeForm(_ services: LocalServices, timeout: Double = 60) -> Form {
        let client = UserClient(baseURL: services.url, scheduler: scheduler, timeout: timeout)
        return Form(viewModel: RegisterViewModel(api: client, scheduler: scheduler))
    }

    /// Sets the form's fields on the ViewModel's queue, as the view's edits come.
    func type(_ form: Form, phone: String? = nil, password: String? = nil, code: String? = nil) {
        scheduler.schedule {
            if let phone { form.viewModel.phone.value = phone }
            if let password {
                form.viewModel.password.value = password
                form.viewModel.confirmation.value = password
            }
            if let code { form.viewModel.verifyCode.value = code }
        }
    }

    /// Presses a button on the ViewModel's queue.
    func press(_ action: Action<Void, some Sendable, APIError>) {
        scheduler.schedule { action.apply().start() }
    }

    /// Presses "Get code" once the phone allows it, and returns the code of the SMS
    /// that arrives in the form's Messages.
    func receiveCode(_ form: Form) async throws -> String {
        let before = form.viewModel.messages.value.count
        #expect(await value(of: form.viewModel.getVerifyCode.isEnabled) { $0 } == true)
        press(form.viewModel.getVerifyCode)
        #expect(await value(of: form.viewModel.messages) { $0.count > before } != nil)
        return try #require(form.viewModel.messages.value.first.flatMap { code(in: $0.text) })
    }

    /// Types `code` and presses "Register" once the form allows it.
    func submit(_ form: Form, code: String) async {
        type(form, code: code)
        #expect(await value(of: form.viewModel.submit.isEnabled) { $0 } == true)
        press(form.viewModel.submit)
    }

    @Test func theCodeFromMessagesRegistersTheAccount() async throws {
        try await withUsersService { services in
            let form = makeForm(services)
            type(form, phone: "13800138000", password: "abc123")
            let received = try await receiveCode(form)
            #expect(form.viewModel.isCountingDown.value)
            #expect(form.viewModel.messagesText.value.contains("Your verification code is \(received)."))
            #expect(!form.viewModel.getVerifyCode.isEnabled.value, "disabled while counting down")

            await submit(form, code: received)
            #expect(await value(of: form.registered) { !$0.isEmpty } != nil)
            #expect(form.registered.value.map(\.account.account) == ["13800138000"])
            #expect(form.toasts.value == ["Registered successfully"])
        }
    }

    @Test func aWrongCodeToastsAndASecondFormAskingTooSoonGets429() async throws {
        try await withUsersService { services in
            let first = makeForm(services)
            type(first, phone: "15912345678", password: "abc123")
            let received = try await receiveCode(first)
            await submit(first, code: received == "111111" ? "222222" : "111111")
            #expect(await value(of: first.toasts) { !$0.isEmpty } != nil)
            #expect(first.toasts.value == ["Wrong or expired verification code"])
            #expect(first.registered.value.isEmpty)

            let second = makeForm(services)
            type(second, phone: "15912345678")
            #expect(await value(of: second.viewModel.getVerifyCode.isEnabled) { $0 } == true)
            press(second.viewModel.getVerifyCode)
            #expect(await value(of: second.toasts) { !$0.isEmpty } != nil)
            #expect(second.toasts.value.first?.hasPrefix("Codes are asked too often: try again in ") == true)
            #expect(!second.viewModel.isCountingDown.value)
            #expect(second.viewModel.getVerifyCode.isEnabled.value, "the button can be pressed again")
        }
    }

    @Test func aTakenAccountIs409() async throws {
        let time = MovableClock()
        try await withUsersService(clock: time.clock) { services in
            let first = makeForm(services)
            type(first, phone: "18912345678", password: "abc123")
            await submit(first, code: try await receiveCode(first))
            #expect(await value(of: first.registered) { !$0.isEmpty } != nil)

            time.moveOn(by: 61)
            let second = makeForm(services)
            type(second, phone: "18912345678", password: "xyz789")
            #expect(await value(of: second.viewModel.messages) { $0.count == 1 } != nil, "the first code\'s SMS")
            await submit(second, code: try await receiveCode(second))
            #expect(await value(of: second.toasts) { !$0.isEmpty } != nil)
            #expect(second.toasts.value == ["This phone number is already registered"])
            #expect(second.registered.value.isEmpty)
        }
    }

    @Test func a503ToastsTheServicesMessageAndStartsNoCountdown() async throws {
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", failures: [.unavailable: 1])) { services in
            let form = makeForm(services)
            type(form, phone: "13800138000")
            #expect(await value(of: form.viewModel.getVerifyCode.isEnabled) { $0 } == true)
            press(form.viewModel.getVerifyCode)
            #expect(await value(of: form.toasts) { !$0.isEmpty } != nil)
            #expect(form.toasts.value == ["The service is unavailable: try again later"])
            #expect(form.viewModel.verifyCodeTitle.value == "Get code")
            #expect(await value(of: form.viewModel.getVerifyCode.isEnabled) { $0 } == true)
        }
    }

    @Test func aLateAnswerKeepsTheButtonDisabledUntilItArrives() async throws {
        // The code request is held in the service until the test lets it answer.
        let latency = HeldLatency()
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", latency: .fixed(.milliseconds(1))), clock: latency.clock) { services in
            let form = makeForm(services)
            type(form, phone: "13800138000")
            #expect(await value(of: form.viewModel.getVerifyCode.isEnabled) { $0 } == true)
            press(form.viewModel.getVerifyCode)
            await latency.requestHeld()
            #expect(form.viewModel.getVerifyCode.isExecuting.value)
            #expect(form.viewModel.verifyCodeTitle.value == "Get code", "no countdown before the answer")
            #expect(!form.viewModel.getVerifyCode.isEnabled.value)
            latency.release()
            #expect(await value(of: form.viewModel.isCountingDown) { $0 } == true)
            #expect(form.viewModel.verifyCodeTitle.value.hasSuffix("s"))
            #expect(form.toasts.value.isEmpty)
        }
    }

    @Test func aNeverAnsweringRequestTimesOutWithTheOriginalsSentence() async throws {
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", failures: [.hang: 1])) { services in
            let form = makeForm(services, timeout: 0.5)
            type(form, phone: "13800138000")
            #expect(await value(of: form.viewModel.getVerifyCode.isEnabled) { $0 } == true)
            press(form.viewModel.getVerifyCode)
            #expect(await value(of: form.toasts) { !$0.isEmpty } != nil)
            #expect(form.toasts.value == ["The request timed out"])
            #expect(await value(of: form.viewModel.getVerifyCode.isEnabled) { $0 } == true)
            #expect(!form.viewModel.isCountingDown.value)
        }
    }
}
