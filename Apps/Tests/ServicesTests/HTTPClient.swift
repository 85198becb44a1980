import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real HTTP client over loopback (URLSession, ephemeral, no cache).
final class LoopbackClient: Sendable {
    /// An answer: status, body, headers.
    struct Answer: Sendable {
        let status: Int
        let body: Data
        let contentType: String?
        /// The response headers, names lowercased.
        let headers: [String: String]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let session: URLSession

    /// - Parameter timeout: How long a request may wait for data: only a safety net
    ///   for an answer that never comes, longer than anything a test waits for (a
    ///   hanging request, services stopping on two loaded cores).
    init(timeout: TimeInterval = 300) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    func get(_ url: URL, headers: [String: String] = [:]) async throws -> Answer {
        var request = URLRequest(url: url)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return try await send(request)
    }

    func postForm(_ url: URL, _ form: String) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.utf8)
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Answer {
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            headers[name.lowercased()] = value
        }
        return Answer(status: http.statusCode, body: data, contentType: http.value(forHTTPHeaderField: "Content-Type"), headers: headers)
    }

    deinit {
        session.invalidateAndCancel()
    }
}
