import GalleryCore
import Ripple
import Synchronization

// The gallery's services in virtual time: every answer comes `latency` seconds of the
// test's scheduler after its request starts, and every request is recorded with
// whether it is still running, so a test sees what was asked, what was cancelled and
// what a failure does. Pictures are strings ("picture of <url>").

/// The px routes, the log-in and the pictures, answered on a `TestScheduler`.
public final class StubGalleryService: PhotoListService, VoteService, LoginService, PhotoImageService, Sendable {
    /// What the stub knows and has been asked.
    public struct State: Sendable {
        /// Every photo, in popularity order.
        public var photos: [PhotoRecord]
        /// The account that logs in.
        public var account = (username: "ada", password: "secret")
        /// Whether a user is logged in.
        public var loggedIn = false
        /// Photo ids the user voted for.
        public var votedIds: Set<Int> = []
        /// Failures to answer with, by request kind ("page", "details", "vote",
        /// "login", "image"), used once each, first in first out.
        public var failures: [String: [GalleryError]] = [:]
        /// URLs of pictures that fail to decode.
        public var brokenImages: Set<String> = []
        /// Every request started: its kind and argument ("page 2", "image u").
        public var requests: [String] = []
        /// The requests running now.
        public var running: [String] = []
        /// Requests disposed before they answered.
        public var cancelled: [String] = []
    }

    /// How long each answer takes, in seconds of the scheduler.
    public let latency: Double
    private let scheduler: any DateScheduler
    private let state: Mutex<State>

    /// A stub of `count` photos named "Photo 1" …, answering after `latency` seconds.
    public init(photoCount count: Int, latency: Double = 1, scheduler: some DateScheduler) {
        self.latency = latency
        self.scheduler = scheduler
        state = Mutex(State(photos: (1...max(count, 1)).prefix(count).map(Self.record)))
    }

    /// The record of photo `id` as a list page gives it.
    public static func record(_ id: Int) -> PhotoRecord {
        PhotoRecord(
            id: id, name: "Photo \(id)", photographerName: "Author \(id)", rating: 0, votesCount: 0,
            thumbnailURL: "http://px/photos/\(id)/3.jpg")
    }

    /// Reads or changes the stub's state.
    public func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Every request started so far.
    public var requests: [String] { withState { $0.requests } }
    /// The requests running now.
    public var running: [String] { withState { $0.running } }
    /// The requests cancelled so far.
    public var cancelled: [String] { withState { $0.cancelled } }

    /// Makes the next request of `kind` fail with `error`.
    public func fail(_ kind: String, with error: GalleryError) {
        withState { $0.failures[kind, default: []].append(error) }
    }

    // MARK: The services

    /// Page `page` of the popular photos, by rating, `perPage` a page.
    public func popularPhotos(page: Int, perPage: Int) -> SignalProducer<PhotoPage, GalleryError> {
        answer("page", "page \(page)") { state in
            let start = (page - 1) * perPage
            let slice = state.photos.indices.contains(start) ? Array(state.photos[start..<min(start + perPage, state.photos.count)]) : []
            let pages = (state.photos.count + perPage - 1) / perPage
            return .success(PhotoPage(number: page, pageCount: pages, totalCount: state.photos.count, photos: slice))
        }
    }

    /// The details of photo `id`, with its full-size image's URL.
    public func details(ofPhoto id: Int) -> SignalProducer<PhotoRecord, GalleryError> {
        answer("details", "details \(id)") { state in
            guard var record = state.photos.first(where: { $0.id == id }) else {
                return .failure(.rejected(status: 404, message: "Photo not found"))
            }
            record.fullSizeURL = "http://px/photos/\(id)/4.jpg"
            record.voted = state.votedIds.contains(id)
            return .success(record)
        }
    }

    /// Votes for photo `id` as the logged-in user; ``GalleryError/unauthorized`` without a token.
    public func vote(forPhoto id: Int) -> SignalProducer<PhotoRecord, GalleryError> {
        answer("vote", "vote \(id)") { state in
            guard state.loggedIn else { return .failure(.unauthorized) }
            guard !state.votedIds.contains(id) else { return .failure(.alreadyVoted("Sorry, you have already voted for this Photo")) }
            guard let index = state.photos.firstIndex(where: { $0.id == id }) else {
                return .failure(.rejected(status: 404, message: "Photo not found"))
            }
            state.votedIds.insert(id)
            state.photos[index].votesCount += 1
            state.photos[index].rating += 1
            var record = state.photos[index]
            record.voted = true
            return .success(record)
        }
    }

    /// Whether a log-in gave a token (and no vote has found it unknown since).
    /// Whether the stub's user is logged in.
    public var isLoggedIn: Bool { withState { $0.loggedIn } }

    /// Logs in with xAuth: a request token, then the access token, kept for the votes.
    public func logIn(username: String, password: String) -> SignalProducer<Never, GalleryError> {
        answer("login", "login \(username)") { state -> Result<Void, GalleryError> in
            guard state.account == (username, password) else { return .failure(.badLogin("Invalid username or password")) }
            state.loggedIn = true
            return .success(())
        }
        .flatMap(.latest) { _ in SignalProducer<Never, GalleryError>.empty }
    }

    /// `"picture of <url>"`, or a decoding failure for a broken picture.
    public func image(at url: String) -> SignalProducer<String, GalleryError> {
        answer("image", "image \(url)") { state in
            state.brokenImages.contains(url) ? .failure(.invalidResponse("libjpeg: Not a JPEG file")) : .success("picture of \(url)")
        }
    }

    /// A request of `kind` named `name`, answered by `body` after the latency unless
    /// a failure of its kind is queued.
    private func answer<Value: Sendable>(
        _ kind: String, _ name: String, _ body: @escaping @Sendable (inout State) -> Result<Value, GalleryError>
    ) -> SignalProducer<Value, GalleryError> {
        SignalProducer { [self] observer, lifetime in
            withState {
                $0.requests.append(name)
                $0.running.append(name)
            }
            var answered = false
            let reply = scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) { [self] in
                answered = true
                let result = withState { state -> Result<Value, GalleryError> in
                    if let index = state.running.firstIndex(of: name) { state.running.remove(at: index) }
                    if var queued = state.failures[kind], !queued.isEmpty {
                        let failure = queued.removeFirst()
                        state.failures[kind] = queued
                        return .failure(failure)
                    }
                    return body(&state)
                }
                switch result {
                case let .success(value):
                    observer.send(value: value)
                    observer.sendCompleted()
                case let .failure(error):
                    observer.send(error: error)
                }
            }
            lifetime.observeEnded { [self] in
                reply?.dispose()
                guard !answered else { return }
                withState { state in
                    if let index = state.running.firstIndex(of: name) {
                        state.running.remove(at: index)
                        state.cancelled.append(name)
                    }
                }
            }
        }
    }
}
