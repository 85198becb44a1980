import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URL protocol that answers each request to a host with the answer the test set
/// for that host (a status and a body), or never answers it: for answers the local
/// service never gives (a todo without its status) and requests that hang, with
/// no socket involved.
///
/// ```swift
/// let host = CannedURLProtocol.answer(status: 200, body: #"[{"content":"x"}]"#)
/// let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler,
///                         session: CannedURLProtocol.session())
/// ```
final class CannedURLProtocol: URLProtocol {
    /// What a host answers.
    enum Answer: Sendable {
        case response(status: Int, body: Data)
        case never
    }

    private static let answers = Mutex<[String: Answer]>([:])
    private static let stopped = Mutex<[String]>([])

    /// A new host that answers every request with `status` and `body`.
    static func answer(status: Int, body: String) -> String {
        register(.response(status: status, body: Data(body.utf8)))
    }

    /// A new host that never answers.
    static func silentHost() -> String {
        register(.never)
    }

    /// The requests to `host` that were stopped (cancelled) before an answer, by path.
    static func stoppedPaths(of host: String) -> [String] {
        stopped.withLock { $0.filter { $0.hasPrefix(host + "/") }.map { String($0.dropFirst(host.count)) } }
    }

    /// A session whose requests go through this protocol.
    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CannedURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    private static func register(_ answer: Answer) -> String {
        let host = "canned-\(UUID().uuidString.lowercased()).invalid"
        answers.withLock { $0[host] = answer }
        return host
    }

    override class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host else { return false }
        return answers.withLock { $0[host] != nil }
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        guard let url = request.url, let host = url.host, let answer = Self.answers.withLock({ $0[host] }) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        guard case let .response(status, body) = answer else { return }
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "application/json"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {
        guard let url = request.url, let host = url.host, case .never? = Self.answers.withLock({ $0[host] }) else { return }
        Self.stopped.withLock { $0.append(host + url.path) }
    }
}
