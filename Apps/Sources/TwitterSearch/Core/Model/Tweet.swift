import Foundation

// The values of seed 000: a tweet as the app shows it, and one search's answer.
// Decoding them from Twitter's JSON is the client's business (the TwitterSearch
// module's `Clients/TwitterJSON.swift`); these are plain values.

/// One tweet: who wrote it, what it says, when.
public struct Tweet: Sendable, Hashable, Identifiable {
    /// Twitter's id of the status: it identifies the tweet's row in the list.
    public var id: Int64
    /// The avatar's URL (`user.profile_image_url`); the avatar service reads it.
    public var profileImageURL: String
    /// The author's screen name, without the `@` (`user.screen_name`).
    public var username: String
    /// The text (`text`, at most 280 characters; longer ones end with `…`).
    public var status: String
    /// When it was posted (`created_at`).
    public var timestamp: Date

    /// A tweet made of its fields.
    public init(id: Int64, profileImageURL: String, username: String, status: String, timestamp: Date) {
        self.id = id
        self.profileImageURL = profileImageURL
        self.username = username
        self.status = status
        self.timestamp = timestamp
    }
}

/// The answer to one search: the tweets, best first, and how long the service
/// took to find them.
public struct TwitterResponse: Sendable, Hashable {
    /// The time the service measured for the query, in seconds
    /// (`search_metadata.completed_in`).
    public var responseTime: Double
    /// The tweets found, in the service's order.
    public var tweets: [Tweet]

    /// A response made of its fields.
    public init(responseTime: Double, tweets: [Tweet]) {
        self.responseTime = responseTime
        self.tweets = tweets
    }
}

/// An avatar's pixels: RGBA, 8 bits a channel, not premultiplied, row by row from
/// the top left (what the terminal's `Image` takes), so that a ViewModel can hand
/// a picture to a view without importing the view layer.
public struct AvatarImage: Sendable, Hashable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width * height * 4` bytes.
    public let rgba: [UInt8]

    /// An image of `width` × `height` pixels; `nil` when `rgba` does not hold
    /// exactly `width * height * 4` bytes or a side is under one pixel.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            rgba.count == width * height * 4
        else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
