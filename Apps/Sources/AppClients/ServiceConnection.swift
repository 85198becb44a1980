import Foundation
import Ripple
import RippleFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// ServiceConnection: what every app's HTTP client needs of a service, set up once:
// where it answers, a session, and a deadline on the app's scheduler.
//
//     get(path, query:)      GET  base/path?query                      → the 2xx body
//     post(path, form:)      POST base/path   x-www-form-urlencoded     → the 2xx body
//     post(path, json:)      POST base/path   application/json          → the 2xx body
//     send(request)          any request (headers of its own: a bearer token)
//     ….decoded(as: T.self)  the body as JSON of T
//
// Each is a cold producer over `URLSession.reactive.data(with:)`: one request per
// start, cancelled on the wire when the run is disposed, and failed with
// `ServiceFailure.timedOut` when no answer came within `timeout` seconds of the
// injected scheduler (a virtual deadline in tests; the request is then cancelled
// too). A client maps `ServiceFailure` to its service protocol's error.

/// A service's HTTP endpoint as the apps' clients talk to it.
///
/// ```swift
/// let connection = ServiceConnection(baseURL: services.url, scheduler: QueueScheduler.main)
/// connection.get("todos/list").decoded(as: [TodoJSON].self)
/// connection.post("register", json: RegisterRequestJSON(account: phone, password: password, verifyCode: code))
/// ```
public final class ServiceConnection: Sendable {
    /// The service's base URL, for example `http://127.0.0.1:41234`.
    public let baseURL: URL
    /// How long a request may wait for its answer before it fails with
    /// ``ServiceFailure/timedOut(seconds:)``, in seconds of the scheduler.
    public let timeout: Double

    private let session: URLSession
    private let scheduler: any DateScheduler

    /// A connection to the service at `baseURL` whose requests fail after `timeout`
    /// seconds of `scheduler` without an answer (10 by default: the local services
    /// answer in milliseconds). It sends through `session`, or, by default, an
    /// ephemeral session of its own whose own timeout comes 5 s after the
    /// scheduler's deadline, as a last resort when that scheduler stands still.
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10, session: URLSession? = nil) {
        self.baseURL = baseURL
        self.scheduler = scheduler
        self.timeout = timeout
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout + 5
            return URLSession(configuration: configuration)
        }()
    }

    /// `path` under the base URL, with `query` percent-encoded after it; `nil` only
    /// when the parts do not make a URL.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL? {
        let url = baseURL.appendingPathComponent(path)
        guard !query.isEmpty else { return url }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.queryItems = query
        return components?.url
    }

    /// `GET path?query`: the body of its 2xx answer.
    public func get(_ path: String, query: [URLQueryItem] = []) -> SignalProducer<Data, ServiceFailure> {
        guard let url = url(path, query: query) else {
            return SignalProducer(error: .invalidRequest(reason: "no URL for \(path) under \(baseURL)"))
        }
        return send(URLRequest(url: url))
    }

    /// `POST path` with `fields` form-encoded (`a=1&b=%E5%86%99`), in their order:
    /// the body of its 2xx answer.
    public func post(_ path: String, form fields: [(name: String, value: String)]) -> SignalProducer<Data, ServiceFailure> {
        send(post(path, body: FormBody.encode(fields), contentType: "application/x-www-form-urlencoded; charset=utf-8"))
    }

    /// `POST path` with `body` as JSON: the body of its 2xx answer; fails with
    /// ``ServiceFailure/invalidRequest(reason:)`` when `body` does not encode.
    public func post(_ path: String, json body: some Encodable) -> SignalProducer<Data, ServiceFailure> {
        do {
            return send(post(path, body: try JSONEncoder().encode(body), contentType: "application/json"))
        } catch {
            return SignalProducer(error: .invalidRequest(reason: "the body of POST \(path) does not encode as JSON: \(error)"))
        }
    }

    /// Sends `request` as it is: the body of its 2xx answer, or the failure, within
    /// the timeout.
    public func send(_ request: URLRequest) -> SignalProducer<Data, ServiceFailure> {
        session.reactive.data(with: request)
            .validated()
            .map { data, _ in data }
            .mapError(ServiceFailure.init)
            .timeout(after: timeout, raising: .timedOut(seconds: timeout), on: scheduler)
    }

    private func post(_ path: String, body: Data, contentType: String) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        return request
    }
}

extension SignalProducer where Value == Data, Error == ServiceFailure {
    /// Each body decoded as JSON of `type`; a body that does not decode fails with
    /// ``ServiceFailure/unreadable(reason:)`` saying what is missing where.
    ///
    /// ```swift
    /// connection.post("verify-code", json: ["phone": phone]).decoded(as: CodeSent.self)
    /// ```
    public func decoded<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) -> SignalProducer<T, ServiceFailure> {
        attemptMap { body in ServiceFailure.decode(type, from: body, decoder: decoder) }
    }
}
