// Decoded: a response's JSON body as a value, or a failure that says why not.
//
//     decoded(as: Repository.self)     -(json, 200)|            →   -Repository|
//                                      -(json, 404)|            →   -#status(404, body)
//                                      -({"name":"x"}, 200)|    →   -#decoding(keyNotFound "stars", body)
//
// A body that does not decode fails the stream with a `RequestError.decoding`; it
// never traps (the seed's client force-cast each field, and crashed on a missing
// one). Interruption passes through unchanged and at once.

import Foundation
import Ripple
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decoding the responses of a `URLSession` producer, status checked first.
extension SignalProducer where Value == (Data, URLResponse), Error == URLError {
    /// Checks each response's status, as ``validated(statusCodes:)`` does with its
    /// default of 200–299, and decodes its body as JSON of `type`.
    ///
    /// ```swift
    /// func search(_ text: String) -> SignalProducer<TweetPage, RequestError> {
    ///     session.reactive.data(with: searchRequest(text)).decoded(as: TweetPage.self)
    /// }
    /// ```
    ///
    /// Fails with ``RequestError/transport(_:)`` when the request got no response,
    /// ``RequestError/status(code:body:)`` for a status outside 200–299, and
    /// ``RequestError/decoding(_:body:)`` when the body is not JSON of `type`.
    /// Decoding runs where the response arrives: on the session's delegate queue.
    public func decoded<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) -> SignalProducer<T, RequestError> {
        validated().decoded(as: type, decoder: decoder)
    }
}

/// Decoding the responses of a producer whose statuses are already checked.
extension SignalProducer where Value == (Data, URLResponse), Error == RequestError {
    /// Decodes the body of each response, already checked by
    /// ``validated(statusCodes:)``, as JSON of `type`; fails with
    /// ``RequestError/decoding(_:body:)`` when it is not.
    ///
    /// ```swift
    /// session.reactive.data(with: register)
    ///     .validated(statusCodes: 201..<202)
    ///     .decoded(as: Account.self)
    /// ```
    public func decoded<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) -> SignalProducer<T, RequestError> {
        attemptMap { data, _ in
            Result { () throws(RequestError) -> T in
                do {
                    return try decoder.decode(type, from: data)
                } catch let error as DecodingError {
                    throw .decoding(error, body: data)
                } catch {
                    let context = DecodingError.Context(
                        codingPath: [],
                        debugDescription: String(describing: error),
                        underlyingError: error
                    )
                    throw .decoding(.dataCorrupted(context), body: data)
                }
            }
        }
    }
}
