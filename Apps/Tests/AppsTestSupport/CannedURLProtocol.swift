import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URL protocol that answers each request to a host with the answer the test set
/// for that host (a status and a body), or never answers it: for answers the local
/// services never give (a todo without its status, an error page that is not JSON)
/// and requests that hang, with no socket involved.
///
/// ```swift
/// let host = CannedURLProtocol.answer(status: 200, body: #"[{"content":"x"}]"#)
/// let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler,
///                         session: CannedURLProtocol.session())
/// ```
public final class CannedURLProtocol: URLProtocol {
    /// What a host answers.
    enum Answer: Sendable {
        case response(status: Int, body: Data)
        case never
    }

    /// The requests stopped before an answer, by host; and who waits for them.
    private struct Stops {
        var paths: [String: [String]] = [:]
        var waiting: [UUID: (host: String, continuation: CheckedContinuation<[String], Never>)] = [:]
    }

    private static let answers = Mutex<[String: Answer]>([:])
    private static let stops = Mutex(Stops())

    /// A new host that answers every request with `status` and `body`.
    public static func answer(status: Int, body: String) -> String {
        register(.response(status: status, body: Data(body.utf8)))
    }

    /// A new host that never answers.
    public static func silentHost() -> String {
        register(.never)
    }

    /// The paths of the requests to `host` that were stopped (cancelled) before an
    /// answer, once there is one: waits for the session to stop the first, which
    /// it does a little after the request was cancelled. A cancelled wait (the
    /// test's time limit) returns what was stopped by then, perhaps nothing.
    public static func stoppedPaths(of host: String) async -> [String] {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let stopped = stops.withLock { stops -> [String]? in
                    if let paths = stops.paths[host] { return paths }
                    if Task.isCancelled { return [] }
                    stops.waiting[id] = (host, continuation)
                    return nil
                }
                if let stopped { continuation.resume(returning: stopped) }
            }
        } onCancel: {
            let waiter = stops.withLock { $0.waiting.removeValue(forKey: id) }
            waiter?.continuation.resume(returning: [])
        }
    }

    /// A session whose requests go through this protocol.
    public static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CannedURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    private static func register(_ answer: Answer) -> String {
        let host = "canned-\(UUID().uuidString.lowercased()).invalid"
        answers.withLock { $0[host] = answer }
        return host
    }

    /// Takes the requests to the hosts the test set up.
    public override class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host else { return false }
        return answers.withLock { $0[host] != nil }
    }

    /// The request as it is.
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Answers with the host's status and body, or not at all.
    public override func startLoading() {
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

    /// Notes a request of a silent host stopped before its answer, and tells who
    /// waits for it.
    public override func stopLoading() {
        guard let url = request.url, let host = url.host, case .never? = Self.answers.withLock({ $0[host] }) else { return }
        let (paths, waiting) = Self.stops.withLock { stops in
            stops.paths[host, default: []].append(url.path)
            let waiting = stops.waiting.filter { $0.value.host == host }
            for id in waiting.keys { stops.waiting[id] = nil }
            return (stops.paths[host] ?? [], waiting.values.map(\.continuation))
        }
        for continuation in waiting { continuation.resume(returning: paths) }
    }
}
