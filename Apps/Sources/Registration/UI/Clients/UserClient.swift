import AppClients
import Foundation
import RegistrationCore
import Ripple
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// UserClient: the registration app's UserAPI over HTTP, against the local Users
// service (its routes: Apps/docs/Registration.md):
//
//     getVerifyCode(phoneNumber:)   POST /verify-code {"phone"}        → CodeSent
//     register(account:…)           POST /register {"account",…}      → RegisteredAccount
//     smsOutbox(phone:)             GET /sms-outbox?phone=             → [SMSMessage]
//
// The requests, their deadline on the injected scheduler and their failures are
// AppClients' `ServiceConnection`; this client maps `ServiceFailure` to `APIError`:
//
// | what happened                                  | APIError                          |
// |------------------------------------------------|-----------------------------------|
// | the service's `{code, message}` (any status)   | (code, the message in English)    |
// | another error status                           | (the status, "HTTP 503: <body>")  |
// | no answer within `timeout`, or URLError.timedOut | 102 "The request timed out"     |
// | no connection (refused, lost, unreachable)     | 104 "No network connection"       |
// | an answer that is not the expected JSON        | (0, "Unreadable answer: …")       |

/// The Users service's HTTP client.
///
/// ```swift
/// let client = UserClient(baseURL: services.url, scheduler: QueueScheduler.main)
/// client.getVerifyCode(phoneNumber: "13800138000").startWithResult { print($0) }
/// ```
public final class UserClient: UserAPI, Sendable {
    /// The code of an answer that is not the JSON expected.
    public static let unreadableAnswer = 0

    /// The service's base URL, for example `http://127.0.0.1:41234`.
    public var baseURL: URL { connection.baseURL }
    /// Seconds of the scheduler a request may wait for its answer.
    public var timeout: Double { connection.timeout }

    private let connection: ServiceConnection

    /// A client of the service at `baseURL` whose requests fail with code 102 after
    /// `timeout` seconds of `scheduler` without an answer (10 by default: the local
    /// service answers in milliseconds), sent through `session` or a session of its
    /// own (see ``ServiceConnection``).
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10, session: URLSession? = nil) {
        connection = ServiceConnection(baseURL: baseURL, scheduler: scheduler, timeout: timeout, session: session)
    }

    /// `POST /verify-code`.
    public func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError> {
        connection.post("verify-code", json: VerifyCodeRequestJSON(phone: phoneNumber))
            .decoded(as: CodeSent.self)
            .mapError(Self.apiError)
    }

    /// `POST /register`.
    public func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError> {
        connection.post("register", json: RegisterRequestJSON(account: account, password: password, verifyCode: verifyCode))
            .decoded(as: RegisteredAccount.self)
            .mapError(Self.apiError)
    }

    /// `GET /sms-outbox?phone=`.
    public func smsOutbox(phone: String) -> SignalProducer<[SMSMessage], APIError> {
        connection.get("sms-outbox", query: [URLQueryItem(name: "phone", value: phone)])
            .decoded(as: [SMSMessage].self)
            .mapError(Self.apiError)
    }

    /// A request's failure as the app's error.
    static func apiError(_ failure: ServiceFailure) -> APIError {
        switch failure {
        case let .noResponse(urlError):
            APIError(code: urlError.code == .timedOut ? APIError.timeout : APIError.noNetwork, info: failure.description)
        case .timedOut:
            APIError(code: APIError.timeout)
        case let .rejected(status, _):
            if let document = failure.errorDocument, let code = document.code {
                APIError(code: code, info: UserServiceMessages.english(code: code, message: document.message))
            } else {
                APIError(code: status, info: failure.description)
            }
        case let .unreadable(reason), let .invalidRequest(reason):
            APIError(code: unreadableAnswer, info: "Unreadable answer: \(reason)")
        }
    }
}
