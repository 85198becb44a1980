import RegistrationCore
import Ripple
import Synchronization

/// A Users service in virtual time: each call is recorded on ``requests`` and
/// answered after ``delay`` seconds of the scheduler with the next answer queued
/// for it (success by default). A code sent puts an SMS into the stub's outbox.
public final class StubUserAPI: UserAPI, Sendable {
    /// The code every SMS of the stub carries.
    public static let code = "246810"

    /// The virtual time the answers take.
    public let scheduler: TestScheduler
    /// Seconds every answer takes.
    public let delay: Double
    /// `code PHONE`, `register ACCOUNT PASSWORD CODE`, `outbox PHONE`, as they start.
    public let requests: Signal<String, Never>

    private let requestsInput: Signal<String, Never>.Observer
    private let state = Mutex(State())

    private struct State {
        var codeAnswers: [APIError?] = []
        var registerAnswers: [APIError?] = []
        var outboxFailures: [String: APIError] = [:]
        var outbox: [String: [SMSMessage]] = [:]
    }

    /// A service answering every call `delay` seconds of `scheduler` after its start.
    public init(scheduler: TestScheduler, delay: Double = 1) {
        self.scheduler = scheduler
        self.delay = delay
        (requests, requestsInput) = Signal.pipe()
    }

    /// The next `getVerifyCode` fails with `error` (or succeeds, `nil`).
    public func answerNextCode(_ error: APIError?) {
        state.withLock { $0.codeAnswers.append(error) }
    }

    /// The next `register` fails with `error` (or succeeds, `nil`).
    public func answerNextRegistration(_ error: APIError?) {
        state.withLock { $0.registerAnswers.append(error) }
    }

    /// Every outbox read of `phone` fails with `error` (or answers again, `nil`).
    public func failOutbox(of phone: String, with error: APIError?) {
        state.withLock { $0.outboxFailures[phone] = error }
    }

    /// A code sent, and its SMS put into the outbox, unless an error is queued.
    public func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError> {
        answer("code \(phoneNumber)") { state in
            if !state.codeAnswers.isEmpty, let error = state.codeAnswers.removeFirst() { return .failure(error) }
            let sms = SMSMessage(phone: phoneNumber, text: "[Ripple] Your verification code is \(Self.code). It is valid for 5 minutes; do not share it.",
                                 sentAt: "2026-11-25T01:31:4\(state.outbox[phoneNumber, default: []].count).989Z")
            state.outbox[phoneNumber, default: []].insert(sms, at: 0)
            return .success(CodeSent(phone: phoneNumber, expiresIn: 300, resendIn: 60))
        }
    }

    /// The account created, unless an error is queued.
    public func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError> {
        answer("register \(account) \(password) \(verifyCode)") { state in
            if !state.registerAnswers.isEmpty, let error = state.registerAnswers.removeFirst() { return .failure(error) }
            return .success(RegisteredAccount(account: account, createdAt: "2026-11-25T01:31:47.193Z"))
        }
    }

    /// The phone's messages, newest first, unless its outbox is set to fail.
    public func smsOutbox(phone: String) -> SignalProducer<[SMSMessage], APIError> {
        answer("outbox \(phone)") { state in
            if let error = state.outboxFailures[phone] { return .failure(error) }
            return .success(state.outbox[phone] ?? [])
        }
    }

    /// Records `request` at each start, then after the delay sends what `decide` makes
    /// of the state at that time.
    private func answer<Value: Sendable>(
        _ request: String,
        _ decide: @escaping @Sendable (inout State) -> Result<Value, APIError>
    ) -> SignalProducer<Value, APIError> {
        SignalProducer<Void, APIError> { [requestsInput] observer, _ in
            requestsInput.send(value: request)
            observer.send(value: ())
            observer.sendCompleted()
        }
        .delay(delay, on: scheduler)
        .flatMap(.concat) { [self] _ in
            switch state.withLock({ state in decide(&state) }) {
            case let .success(value): SignalProducer<Value, APIError>(value: value)
            case let .failure(error): SignalProducer<Value, APIError>(error: error)
            }
        }
    }
}
