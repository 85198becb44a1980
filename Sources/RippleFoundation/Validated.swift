// Validated: a response passes if its status is accepted, else the stream fails.
//
//     validated()     -(body, 200)|      →   -(body, 200)|
//                     -(body, 404)|      →   -#status(404, body)
//                     -#URLError         →   -#transport(URLError)
//
// Interruption passes through unchanged and at once.

import Foundation
import Ripple
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Checking the HTTP status of the responses of a `URLSession` producer.
extension SignalProducer where Value == (Data, URLResponse), Error == URLError {
    /// Forwards each response whose HTTP status is in `statusCodes`; fails with
    /// ``RequestError/status(code:body:)``, carrying the status and the body, for any
    /// other status, and with ``RequestError/transport(_:)`` when the request got no
    /// response.
    ///
    /// ```swift
    /// session.reactive.data(with: update)      // a POST whose answer has no body worth reading
    ///     .validated()
    ///     .map { _ in () }
    /// ```
    ///
    /// A response that is not an HTTP response (from a `file:` or `data:` URL) has no
    /// status, and passes.
    public func validated(statusCodes: Range<Int> = 200..<300) -> SignalProducer<(Data, URLResponse), RequestError> {
        mapError(RequestError.transport).attemptMap { data, response in
            if let http = response as? HTTPURLResponse, !statusCodes.contains(http.statusCode) {
                return .failure(.status(code: http.statusCode, body: data))
            }
            return .success((data, response))
        }
    }
}
