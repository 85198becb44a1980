import AppClients
import Foundation
import GalleryCore
import Ripple
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// PxClient: the gallery's services over HTTP, against the local photo service's
// 500px-shaped routes:
//
//     popularPhotos(page:perPage:)  GET  /v1/photos?feature=popular&rpp=&page=&sort=rating&image_size[]=3
//     details(ofPhoto:)             GET  /v1/photos/:id?image_size[]=3&image_size[]=4
//     vote(forPhoto:)               POST /v1/photos/:id/vote   vote=1, the token
//     logIn(username:password:)     POST /v1/oauth/request_token, then
//                                   POST /v1/oauth/access_token (xAuth), signed with it
//
// | what happened                       | GalleryError               |
// |-------------------------------------|----------------------------|
// | no response, no answer in time      | unreachable(reason)        |
// | 503 (the photos are being imported) | notReady                   |
// | 401 on a vote                       | unauthorized (the token is dropped) |
// | 403 on a vote                       | alreadyVoted(the service's words) |
// | 401 on log in                       | badLogin(the service's words) |
// | another status outside 2xx          | rejected(status, message)  |
// | a body that does not decode         | invalidResponse(reason)    |

/// The 500px-shaped routes of the local photo service, as the gallery's services.
public final class PxClient: PhotoListService, VoteService, LoginService, Sendable {
    /// The consumer key the requests are signed with (any key is accepted locally).
    public static let consumerKey = "ripple-gallery"

    private let connection: ServiceConnection
    private let token = Mutex<String?>(nil)

    /// A client of the services at `baseURL`, its deadlines on `scheduler`.
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10) {
        connection = ServiceConnection(baseURL: baseURL, scheduler: scheduler, timeout: timeout)
    }

    /// The connection, shared with the image loader.
    public var serviceConnection: ServiceConnection { connection }

    /// Page `page` of the popular photos, by rating, `perPage` a page.
    public func popularPhotos(page: Int, perPage: Int) -> SignalProducer<PhotoPage, GalleryError> {
        authorized(connection.url("v1/photos", query: [
            URLQueryItem(name: "feature", value: "popular"), URLQueryItem(name: "rpp", value: String(perPage)),
            URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "sort", value: "rating"),
            URLQueryItem(name: "image_size[]", value: "3"),
        ]))
        .decoded(as: PxPageJSON.self)
        .map(\.page)
        .mapError { Self.galleryError($0, login: false) }
    }

    /// The details of photo `id`, with its full-size image's URL.
    public func details(ofPhoto id: Int) -> SignalProducer<PhotoRecord, GalleryError> {
        authorized(connection.url("v1/photos/\(id)", query: [
            URLQueryItem(name: "image_size[]", value: "3"), URLQueryItem(name: "image_size[]", value: "4"),
        ]))
        .decoded(as: PxPhotoAnswerJSON.self)
        .map(\.photo.record)
        .mapError { Self.galleryError($0, login: false) }
    }

    /// Votes for photo `id` as the logged-in user; ``GalleryError/unauthorized`` without a token.
    public func vote(forPhoto id: Int) -> SignalProducer<PhotoRecord, GalleryError> {
        guard let known = token.withLock({ $0 }), let url = connection.url("v1/photos/\(id)/vote") else {
            return SignalProducer(error: .unauthorized)
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(known)", forHTTPHeaderField: "Authorization")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("vote=1".utf8)
        return connection.send(request)
            .decoded(as: PxPhotoAnswerJSON.self)
            .map(\.photo.record)
            .mapError { [self] failure in
                let error = Self.galleryError(failure, login: false)
                if error == .unauthorized { token.withLock { $0 = nil } }
                return error
            }
    }

    /// Whether a log-in gave a token (and no vote has found it unknown since).
    public var isLoggedIn: Bool {
        token.withLock { $0 != nil }
    }

    /// Logs in with xAuth: a request token, then the access token, kept for the votes.
    public func logIn(username: String, password: String) -> SignalProducer<Never, GalleryError> {
        var first = URLRequest(url: connection.baseURL.appendingPathComponent("v1/oauth/request_token"))
        first.httpMethod = "POST"
        first.setValue("OAuth oauth_consumer_key=\"\(Self.consumerKey)\"", forHTTPHeaderField: "Authorization")
        let connection = self.connection
        return connection.send(first)
            .flatMap(.latest) { body -> SignalProducer<Data, ServiceFailure> in
                let requestToken = Self.formField("oauth_token", in: body) ?? ""
                var second = URLRequest(url: connection.baseURL.appendingPathComponent("v1/oauth/access_token"))
                second.httpMethod = "POST"
                second.setValue(
                    "OAuth oauth_consumer_key=\"\(Self.consumerKey)\", oauth_token=\"\(requestToken)\"",
                    forHTTPHeaderField: "Authorization")
                second.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                second.httpBody = FormBody.encode([
                    ("x_auth_mode", "client_auth"), ("x_auth_username", username), ("x_auth_password", password),
                ])
                return connection.send(second)
            }
            .mapError { Self.galleryError($0, login: true) }
            .attemptMap { [self] body -> Result<Void, GalleryError> in
                guard let issued = Self.formField("oauth_token", in: body) else {
                    return .failure(.invalidResponse("the log-in answer has no oauth_token"))
                }
                token.withLock { $0 = issued }
                return .success(())
            }
            .then(SignalProducer<Never, GalleryError>.empty)
    }

    /// A GET of `url` carrying the token when there is one (the answers then say
    /// whether the user voted).
    private func authorized(_ url: URL?) -> SignalProducer<Data, ServiceFailure> {
        guard let url else { return SignalProducer(error: .invalidRequest(reason: "no URL for the photo routes")) }
        var request = URLRequest(url: url)
        if let known = token.withLock({ $0 }) { request.setValue("Bearer \(known)", forHTTPHeaderField: "Authorization") }
        return connection.send(request)
    }

    /// The value of `name` in a form-encoded body.
    static func formField(_ name: String, in body: Data) -> String? {
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, parts[0] == name { return parts[1].removingPercentEncoding ?? parts[1] }
        }
        return nil
    }

    /// The app's error for a failed request (`login`: of the log-in).
    static func galleryError(_ failure: ServiceFailure, login: Bool) -> GalleryError {
        switch failure {
        case .noResponse, .timedOut:
            return .unreachable(failure.description)
        case let .rejected(status, _):
            let message = failure.errorDocument?.message ?? failure.bodyExcerpt
            switch status {
            case 503: return .notReady
            case 401: return login ? .badLogin(message) : .unauthorized
            case 403: return .alreadyVoted(message)
            default: return .rejected(status: status, message: message)
            }
        case let .unreadable(reason), let .invalidRequest(reason):
            return .invalidResponse(reason)
        }
    }
}
