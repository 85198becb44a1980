import Foundation
import RegistrationCore
import Ripple
import RippleFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// UserClient: the registration app's UserAPI over HTTP, against the local Users
// service (Apps/README.md, "Users"):
//
//     getVerifyCode(phoneNumber:)   POST /verify-code {"phone"}        → CodeSent
//     register(account:…)           POST /register {"account",…}      → RegisteredAccount
//     smsOutbox(phone:)             GET /sms-outbox?phone=             → [SMSMessage]
//
// Each is a cold producer over `URLSession.reactive.data(with:)`: one request per
// start, cancelled on the wire when the run is disposed. A request that has no
// answer after `timeout` seconds of the injected scheduler fails with code 102 (and is
// cancelled). Errors map to `APIError`:
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
    public let baseURL: URL
    /// Seconds of the scheduler a request may wait for its answer.
    public let timeout: Double

    private let scheduler: any DateScheduler
    private let session: URLSession

    /// A client of the service at `baseURL` whose requests fail with code 102 after
    /// `timeout` seconds of `scheduler` without an answer (10 by default: the local
    /// service answers in milliseconds). It sends through `session`, or, by default,
    /// an ephemeral session of its own.
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10, session: URLSession? = nil) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.scheduler = scheduler
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            // The scheduler's deadline comes first; this one only backs it up.
            configuration.timeoutIntervalForRequest = timeout + 5
            return URLSession(configuration: configuration)
        }()
    }

    /// `POST /verify-code`.
    public func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError> {
        send(post("verify-code", VerifyCodeRequestJSON(phone: phoneNumber)), as: CodeSent.self)
    }

    /// `POST /register`.
    public func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError> {
        let body = RegisterRequestJSON(account: account, password: password, verifyCode: verifyCode)
        return send(post("register", body), as: RegisteredAccount.self)
    }

    /// `GET /sms-outbox?phone=`.
    public func smsOutbox(phone: String) -> SignalProducer<[SMSMessage], APIError> {
        var components = URLComponents(url: baseURL.appendingPathComponent("sms-outbox"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "phone", value: phone)]
        guard let url = components?.url else {
            return SignalProducer(error: APIError(code: Self.unreadableAnswer, info: "No outbox URL for \(baseURL)"))
        }
        return send(URLRequest(url: url), as: [SMSMessage].self)
    }

    // MARK: Requests

    private func post(_ path: String, _ body: some Encodable) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // Encoding these plain string fields cannot fail.
        request.httpBody = try? JSONEncoder().encode(body)
        return request
    }

    private func send<Answer: Decodable>(_ request: URLRequest, as type: Answer.Type) -> SignalProducer<Answer, APIError> {
        session.reactive.data(with: request)
            .decoded(as: type)
            .mapError(Self.apiError)
            .timeout(after: timeout, raising: APIError(code: APIError.timeout), on: scheduler)
    }

    /// A request's failure as the app's error.
    static func apiError(_ error: RequestError) -> APIError {
        switch error {
        case let .transport(failure):
            return APIError(code: failure.code == .timedOut ? APIError.timeout : APIError.noNetwork, info: error.description)
        case let .status(code, _):
            if let body = error.decodedBody(as: ServiceErrorJSON.self) {
                return APIError(code: body.code, info: body.englishMessage)
            }
            return APIError(code: code, info: error.description)
        case .decoding:
            return APIError(code: unreadableAnswer, info: "Unreadable answer: \(error.description)")
        }
    }
}
