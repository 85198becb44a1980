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
        let toasts = Collected<String>()
        let registered = Collected<ConfirmationViewModel>()
    }

    /// A form on `services`; the client's timeout is long (but where a test sets it),
    /// so that a loaded machine does not fail a request that only waits.
    func makeForm(_ services: LocalServices, timeout: Double = 60) -> Form {
        let client = UserClient(baseURL: services.url, scheduler: scheduler, timeout: timeout)
        let form = Form(viewModel: RegisterViewModel(api: client, scheduler: scheduler))
        form.viewModel.toasts.observeValues { [toasts = form.toasts] in toasts.append($0) }
        form.viewModel.didRegister.observeValues { [registered = form.registered] in registered.append($0) }
        return form
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
        #expect(await eventually { form.viewModel.getVerifyCode.isEnabled.value })
        press(form.viewModel.getVerifyCode)
        #expect(await eventually { form.viewModel.messages.value.count > before })
        return try #require(form.viewModel.messages.value.first.flatMap { code(in: $0.text) })
    }

    /// Types `code` and presses "Register" once the form allows it.
    func submit(_ form: Form, code: String) async {
        type(form, code: code)
        #expect(await eventually { form.viewModel.submit.isEnabled.value })
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
            #expect(await eventually { !form.registered.values.isEmpty })
            #expect(form.registered.values.map(\.account.account) == ["13800138000"])
            #expect(form.toasts.values == ["Registered successfully"])
        }
    }

    @Test func aWrongCodeToastsAndASecondFormAskingTooSoonGets429() async throws {
        try await withUsersService { services in
            let first = makeForm(services)
            type(first, phone: "15912345678", password: "abc123")
            let received = try await receiveCode(first)
            await submit(first, code: received == "111111" ? "222222" : "111111")
            #expect(await eventually { !first.toasts.values.isEmpty })
            #expect(first.toasts.values == ["Wrong or expired verification code"])
            #expect(first.registered.values.isEmpty)

            let second = makeForm(services)
            type(second, phone: "15912345678")
            #expect(await eventually { second.viewModel.getVerifyCode.isEnabled.value })
            press(second.viewModel.getVerifyCode)
            #expect(await eventually { !second.toasts.values.isEmpty })
            #expect(second.toasts.values.first?.hasPrefix("Codes are asked too often: try again in ") == true)
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
            #expect(await eventually { !first.registered.values.isEmpty })

            time.moveOn(by: 61)
            let second = makeForm(services)
            type(second, phone: "18912345678", password: "xyz789")
            #expect(await eventually { second.viewModel.messages.value.count == 1 }, "the first code's SMS")
            await submit(second, code: try await receiveCode(second))
            #expect(await eventually { !second.toasts.values.isEmpty })
            #expect(second.toasts.values == ["This phone number is already registered"])
            #expect(second.registered.values.isEmpty)
        }
    }

    @Test func a503ToastsTheServicesMessageAndStartsNoCountdown() async throws {
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", failures: [.unavailable: 1])) { services in
            let form = makeForm(services)
            type(form, phone: "13800138000")
            #expect(await eventually { form.viewModel.getVerifyCode.isEnabled.value })
            press(form.viewModel.getVerifyCode)
            #expect(await eventually { !form.toasts.values.isEmpty })
            #expect(form.toasts.values == ["The service is unavailable: try again later"])
            #expect(form.viewModel.verifyCodeTitle.value == "Get code")
            #expect(await eventually { form.viewModel.getVerifyCode.isEnabled.value })
        }
    }

    @Test func aSlowAnswerKeepsTheButtonDisabledUntilItArrives() async throws {
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", latency: .fixed(.milliseconds(1500)))) { services in
            let form = makeForm(services)
            type(form, phone: "13800138000")
            #expect(await eventually { form.viewModel.getVerifyCode.isEnabled.value })
            press(form.viewModel.getVerifyCode)
            #expect(await eventually { form.viewModel.getVerifyCode.isExecuting.value })
            #expect(form.viewModel.verifyCodeTitle.value == "Get code", "no countdown before the answer")
            #expect(!form.viewModel.getVerifyCode.isEnabled.value)
            #expect(await eventually { form.viewModel.isCountingDown.value })
            #expect(form.viewModel.verifyCodeTitle.value.hasSuffix("s"))
            #expect(form.toasts.values.isEmpty)
        }
    }

    @Test func aNeverAnsweringRequestTimesOutWithTheOriginalsSentence() async throws {
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", failures: [.hang: 1])) { services in
            let form = makeForm(services, timeout: 0.5)
            type(form, phone: "13800138000")
            #expect(await eventually { form.viewModel.getVerifyCode.isEnabled.value })
            press(form.viewModel.getVerifyCode)
            #expect(await eventually { !form.toasts.values.isEmpty })
            #expect(form.toasts.values == ["The request timed out"])
            #expect(await eventually { form.viewModel.getVerifyCode.isEnabled.value })
            #expect(!form.viewModel.isCountingDown.value)
        }
    }
}
