import Ripple
import SeedAppCore

// TweetViewModel: one row of the results, made for each tweet of each answer. Its
// age is recomputed by `updateTime()`, which the screen's ViewModel calls on every
// tick of its one-second timer, and written as people read ages ("12 s", "5 min",
// "3 h"; the original wrote "N secs" whatever N); its avatar loads when a row shows it.

/// One tweet as a row shows it: the author, the text, the age in seconds, the avatar.
///
/// ```swift
/// let row = TweetViewModel(tweet: tweet, avatars: client, scheduler: scheduler)
/// row.age.value            // "59 s"
/// row.updateTime()         // a second later: "1 min"
/// ```
public final class TweetViewModel: Sendable, Identifiable {
    /// The tweet's id: the row's identity in the list.
    public let id: Int64
    /// The tweet shown.
    public let tweet: Tweet
    /// The text.
    public let status: String
    /// The author's screen name, without the `@`.
    public let username: String
    /// The avatar's URL.
    public let profileImageURL: String
    /// Whole seconds from the tweet's time to the scheduler's current date, as of
    /// the last ``updateTime()`` (or the creation).
    public let ageInSeconds: Property<Int>
    /// The age as people read it: `"12 s"`, `"5 min"`, `"3 h"`, `"2 d"`, `"4 y"`
    /// (``AgeText``); a tick that leaves the text as it was sends nothing.
    public let age: Property<String>
    /// The avatar: `nil` at once (the original cleared the image first), then the
    /// picture once loaded. Each start loads it (the client keeps pictures it has
    /// read); disposing the run, as a reused row does, abandons the request. A
    /// picture that cannot be loaded or read stays `nil`: the view shows its
    /// placeholder.
    public let avatar: SignalProducer<AvatarImage?, Never>

    private let currentAge: MutableProperty<Int>
    private let scheduler: any DateScheduler

    /// The row of `tweet`, aged by `scheduler`'s clock, with its avatar from
    /// `avatars`.
    public init(tweet: Tweet, avatars: some AvatarService, scheduler: some DateScheduler) {
        id = tweet.id
        self.tweet = tweet
        status = tweet.status
        username = tweet.username
        profileImageURL = tweet.profileImageURL
        self.scheduler = scheduler
        currentAge = MutableProperty(Self.age(of: tweet, scheduler: scheduler))
        ageInSeconds = Property(currentAge)
        age = currentAge.map(AgeText.text(seconds:)).skipRepeats()
        let url = tweet.profileImageURL
        avatar = SignalProducer<AvatarImage?, Never>(value: nil).concat(
            avatars.avatar(at: url)
                .map { Optional($0) }
                .flatMapError { _ in SignalProducer<AvatarImage?, Never>.empty }
        )
    }

    /// Recomputes ``ageInSeconds`` from the scheduler's current date.
    public func updateTime() {
        currentAge.value = Self.age(of: tweet, scheduler: scheduler)
    }

    /// `Int(now − timestamp)`: whole seconds, cut towards zero, as the original.
    private static func age(of tweet: Tweet, scheduler: some DateScheduler) -> Int {
        let seconds = scheduler.currentDate.timeIntervalSince(tweet.timestamp)
        guard seconds.isFinite else { return 0 }
        return Int(max(min(seconds, Double(Int.max / 2)), Double(Int.min / 2)))
    }
}
