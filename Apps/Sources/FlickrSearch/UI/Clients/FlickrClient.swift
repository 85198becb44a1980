import AppClients
import FlickrSearchCore
import Foundation
import Ripple
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// FlickrClient: the app's calls over HTTP, against the local Flickr-shaped service
// (or anything that answers Flickr's REST API in JSON):
//
//     search(text)             GET /services/rest/?method=flickr.photos.search&text=…
//                              &sort=interestingness-desc&per_page=100 → FlickrSearchResults
//     favourites(ofPhoto: id)  GET /services/rest/?method=flickr.photos.getFavorites&photo_id=id → photo.total
//     comments(onPhoto: id)    GET /services/rest/?method=flickr.photos.getInfo&photo_id=id → photo.comments._content
//
// Every call names the API key and asks for plain JSON (`format=json&nojsoncallback=1`).
// Each is a cold producer over its own request (ServiceConnection): one request per
// start, cancelled on the wire when its run is disposed, and independent of every
// other (the original's client sent one request's failure to every request in
// flight). Failures map to `FlickrSearchError`:
//
// | what happened                                        | FlickrSearchError |
// |------------------------------------------------------|-------------------|
// | no API key                                           | noAPIKey |
// | no response: nothing listens, refused, lost          | unreachable |
// | no answer within `timeout` seconds of the scheduler  | timedOut |
// | a failing status, or `"stat": "fail"` with 200       | failed(status:code:message:) with Flickr's code and message |
// | a body that is not the answer expected               | invalidResponse(reason:) |

/// The Flickr service's HTTP client: search and the two metadata calls.
///
/// ```swift
/// let client = FlickrClient(baseURL: services.url, key: FlickrAppKey.read(fromDirectory: directory),
///                           scheduler: QueueScheduler.main)
/// client.search("flower").startWithResult { print($0) }
/// ```
public final class FlickrClient: FlickrSearchService, FlickrMetadataService, Sendable {
    /// The REST endpoint's path under the base URL.
    public static let restPath = "services/rest/"
    /// The photos a search asks for (Flickr's default page).
    public static let searchPageSize = 100

    /// The app's API key; `nil` when it has none (every call then fails with
    /// ``FlickrSearchError/noAPIKey``).
    public let key: FlickrAppKey?
    private let connection: ServiceConnection

    /// A client of the service at `baseURL` calling with `key`; a request fails after
    /// `timeout` seconds of `scheduler` without an answer. It sends through
    /// `session`, or a session of its own.
    public init(baseURL: URL, key: FlickrAppKey?, scheduler: some DateScheduler, timeout: Double = 10,
                session: URLSession? = nil) {
        self.key = key
        connection = ServiceConnection(baseURL: baseURL, scheduler: scheduler, timeout: timeout, session: session)
    }

    /// Searches `text`, the most interesting photos first.
    public func search(_ text: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError> {
        let imageBase = connection.baseURL
        return call("flickr.photos.search", [
            URLQueryItem(name: "text", value: text),
            URLQueryItem(name: "sort", value: "interestingness-desc"),
            URLQueryItem(name: "per_page", value: String(Self.searchPageSize)),
        ], as: FlickrSearchJSON.self)
        .map { $0.results(for: text, imageBase: imageBase) }
    }

    /// How many people made `photoID` a favourite.
    public func favourites(ofPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError> {
        call("flickr.photos.getFavorites", [URLQueryItem(name: "photo_id", value: photoID)], as: FlickrFavouritesJSON.self)
            .map(\.photo.total.value)
    }

    /// How many comments `photoID` has.
    public func comments(onPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError> {
        call("flickr.photos.getInfo", [URLQueryItem(name: "photo_id", value: photoID)], as: FlickrInfoJSON.self)
            .map(\.photo.comments._content.value)
    }

    /// `GET services/rest/?method=…&api_key=…&format=json&nojsoncallback=1&…`, its
    /// answer decoded as `T` once its `stat` is `ok`.
    private func call<T: Decodable>(_ method: String, _ parameters: [URLQueryItem], as type: T.Type)
        -> SignalProducer<T, FlickrSearchError>
    {
        guard let key else { return SignalProducer(error: .noAPIKey) }
        let query = [
            URLQueryItem(name: "method", value: method),
            URLQueryItem(name: "api_key", value: key.apiKey),
            URLQueryItem(name: "format", value: "json"),
            URLQueryItem(name: "nojsoncallback", value: "1"),
        ] + parameters
        return connection.get(Self.restPath, query: query)
            .mapError(Self.appError)
            .attemptMap { body in Self.decode(body, as: type) }
    }

    /// `body` as `T`, or Flickr's failure when its `stat` is `fail` (a 200 answer,
    /// as Flickr sent its errors).
    static func decode<T: Decodable>(_ body: Data, as type: T.Type) -> Result<T, FlickrSearchError> {
        if let status = try? JSONDecoder().decode(FlickrStatusJSON.self, from: body), status.stat == "fail" {
            return .failure(.failed(status: 200, code: status.code, message: status.message))
        }
        return ServiceFailure.decode(type, from: body).mapError { .invalidResponse(reason: $0.description) }
    }

    /// A request's failure as the app's.
    static func appError(_ failure: ServiceFailure) -> FlickrSearchError {
        switch failure {
        case let .noResponse(error):
            error.code == .timedOut ? .timedOut : .unreachable
        case .timedOut:
            .timedOut
        case let .rejected(status, _):
            .failed(status: status, code: failure.decodedBody(as: FlickrStatusJSON.self)?.code,
                    message: failure.decodedBody(as: FlickrStatusJSON.self)?.message)
        case let .unreadable(reason), let .invalidRequest(reason):
            .invalidResponse(reason: reason)
        }
    }
}
