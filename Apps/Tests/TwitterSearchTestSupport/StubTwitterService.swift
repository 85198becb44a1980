import Foundation
import Ripple
import RippleTesting
import Synchronization
import TwitterSearchCore

/// The app's services in virtual time: access, searches and avatars answer as
/// marble diagrams on a `TestScheduler`, and every search started and every search
/// abandoned is sent on a signal the test records.
///
/// ```swift
/// let service = StubTwitterService(scheduler: scheduler)
/// try service.answer("swift", "--r|", tweets: [tweet])        // answers 2 frames after its start
/// try service.fail("fail", "-#", with: .refused(status: 429, message: nil))
/// try service.answer("later", attempts: [("-#", .unreachable), ("-r|", nil)], tweets: [tweet])
/// let requests = scheduler.record(service.requests)           // "-a--b": the texts searched
/// ```
public final class StubTwitterService: TwitterSearchService, AvatarService {
    public let scheduler: TestScheduler
    public let frameDuration: Double

    /// The text of each search, when it starts.
    public let requests: Signal<String, Never>
    /// The text of each search abandoned before its answer (disposed), when it is.
    public let cancellations: Signal<String, Never>
    /// Each avatar URL asked for.
    public let avatarRequests: Signal<String, Never>

    private let requestInput: Signal<String, Never>.Observer
    private let cancellationInput: Signal<String, Never>.Observer
    private let avatarInput: Signal<String, Never>.Observer
    private let state: Mutex<State>

    private struct State {
        var access: SignalProducer<Never, TwitterSearchError>
        var searches: [String: SignalProducer<TwitterResponse, TwitterSearchError>] = [:]
        /// The answers of successive searches for a text, the last one repeating.
        var attempts: [String: [SignalProducer<TwitterResponse, TwitterSearchError>]] = [:]
        /// How many searches for a text have started.
        var started: [String: Int] = [:]
        var defaultSearch: ((String) -> SignalProducer<TwitterResponse, TwitterSearchError>)?
        var avatars: [String: SignalProducer<AvatarImage, TwitterSearchError>] = [:]

        /// The answer of the next search for `text`: its attempt, its set answer,
        /// or the default one.
        mutating func nextSearch(for text: String) -> SignalProducer<TwitterResponse, TwitterSearchError> {
            let count = started[text, default: 0]
            started[text] = count + 1
            if let scripted = attempts[text], let last = scripted.last {
                return count < scripted.count ? scripted[count] : last
            }
            return searches[text] ?? defaultSearch?(text) ?? .empty
        }
    }

    /// A service that grants access at once and answers any search one frame after
    /// it starts with one tweet saying the text searched (``tweet(saying:)``).
    public init(scheduler: TestScheduler, frameDuration: Double = 1) {
        self.scheduler = scheduler
        self.frameDuration = frameDuration
        (requests, requestInput) = Signal<String, Never>.pipe()
        (cancellations, cancellationInput) = Signal<String, Never>.pipe()
        (avatarRequests, avatarInput) = Signal<String, Never>.pipe()
        state = Mutex(State(access: .empty))
        let made = scheduler
        let frame = frameDuration
        state.withLock {
            $0.defaultSearch = { text in
                // "-r|" is well formed: the parse cannot fail.
                (try? made.coldProducer(
                    "-r|", values: ["r": TwitterResponse(responseTime: 0.25, tweets: [Self.tweet(saying: text, at: made.currentDate)])],
                    error: nil, frameDuration: frame
                )) ?? .empty
            }
        }
    }

    // MARK: Set-up

    /// Access answers as `marbles`: `|` grants it, `#` refuses it with `error`.
    public func access(_ marbles: String, error: TwitterSearchError? = nil) throws {
        let producer: SignalProducer<Never, TwitterSearchError> = try scheduler.coldProducer(
            marbles, values: [:], error: error, frameDuration: frameDuration
        )
        state.withLock { $0.access = producer }
    }

    /// A search for `text` answers as `marbles`, `r` being `tweets` found in
    /// `responseTime` seconds.
    public func answer(_ text: String, _ marbles: String, tweets: [Tweet], responseTime: Double = 0.25) throws {
        let producer: SignalProducer<TwitterResponse, TwitterSearchError> = try scheduler.coldProducer(
            marbles, values: ["r": TwitterResponse(responseTime: responseTime, tweets: tweets)], error: nil,
            frameDuration: frameDuration
        )
        state.withLock { $0.searches[text] = producer }
    }

    /// A search for `text` fails as `marbles` (`#`) with `error`.
    public func fail(_ text: String, _ marbles: String, with error: TwitterSearchError) throws {
        let producer: SignalProducer<TwitterResponse, TwitterSearchError> = try scheduler.coldProducer(
            marbles, values: [:], error: error, frameDuration: frameDuration
        )
        state.withLock { $0.searches[text] = producer }
    }

    /// Successive searches for `text` answer as the successive `attempts`, the last
    /// one for every search after it: marbles where `r` is `tweets` found in
    /// `responseTime` seconds and `#` fails with the attempt's error.
    public func answer(
        _ text: String, attempts: [(marbles: String, error: TwitterSearchError?)], tweets: [Tweet],
        responseTime: Double = 0.25
    ) throws {
        let response = TwitterResponse(responseTime: responseTime, tweets: tweets)
        let producers: [SignalProducer<TwitterResponse, TwitterSearchError>] = try attempts.map { attempt in
            try scheduler.coldProducer(attempt.marbles, values: ["r": response], error: attempt.error, frameDuration: frameDuration)
        }
        state.withLock { $0.attempts[text] = producers }
    }

    /// The avatar at `url` answers as `marbles`, `i` being `image`; `#` fails.
    public func avatar(_ url: String, _ marbles: String, image: AvatarImage?) throws {
        let values: [Character: AvatarImage] = image.map { ["i": $0] } ?? [:]
        let producer: SignalProducer<AvatarImage, TwitterSearchError> = try scheduler.coldProducer(
            marbles, values: values, error: .invalidResponse(reason: "not a PNG"), frameDuration: frameDuration
        )
        state.withLock { $0.avatars[url] = producer }
    }

    // MARK: The services

    public func requestAccess() -> SignalProducer<Never, TwitterSearchError> {
        state.withLock { $0.access }
    }

    public func search(_ text: String) -> SignalProducer<TwitterResponse, TwitterSearchError> {
        let requests = requestInput
        let cancellations = cancellationInput
        // Which answer a search gets is decided when it starts: a search started
        // again (a retry) is the next attempt.
        return SignalProducer { [self] observer, lifetime in
            let producer = state.withLock { $0.nextSearch(for: text) }
            lifetime += producer.start(observer)
        }
        .on(
            started: { requests.send(value: text) },
            interrupted: { cancellations.send(value: text) }
        )
    }

    public func avatar(at url: String) -> SignalProducer<AvatarImage, TwitterSearchError> {
        let producer = state.withLock { $0.avatars[url] ?? SignalProducer(error: .invalidResponse(reason: "no avatar")) }
        let requests = avatarInput
        return producer.on(started: { requests.send(value: url) })
    }

    // MARK: Values

    /// A tweet whose text is `text`, by `@stub`, posted at `date`.
    public static func tweet(saying text: String, id: Int64 = 1, by username: String = "stub", at date: Date) -> Tweet {
        Tweet(
            id: id,
            profileImageURL: "http://127.0.0.1:1/avatars/\(username).png",
            username: username,
            status: text,
            timestamp: date
        )
    }
}
