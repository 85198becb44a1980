import SeedAppCore

// LauncherEntry and ServicesStatus: what the launcher's menu lists and what its
// status line says, as plain values (the ViewModel takes them; the executable makes
// them from the apps and the services it runs).

/// One app in the launcher's menu: its number (the key that opens it), its name,
/// and whether it can be opened yet.
public struct LauncherEntry: Sendable, Hashable, Identifiable {
    /// The digit that opens the app, from 1.
    public var number: Int
    /// The app's name: `"Twitter Search"`.
    public var title: String
    /// Whether the app exists yet; the menu shows the others as coming.
    public var isAvailable: Bool

    /// An entry of the menu.
    public init(number: Int, title: String, isAvailable: Bool) {
        self.number = number
        self.title = title
        self.isAvailable = isAvailable
    }

    /// The number: each entry has its own.
    public var id: Int { number }

    /// `"1 Twitter Search"`, or `"4 500px Gallery (coming)"`.
    public var menuText: String {
        "\(number) \(title)" + (isAvailable ? "" : " (coming)")
    }
}

/// Where the tweet index of the services stands, for the status line: its first
/// import can take a while, and searches answer 503 until it ends.
public enum TweetIndexProgress: Sendable, Equatable {
    /// The first import is reading the changelogs.
    case importing(read: Int, of: Int)
    /// Searchable, with this many tweets.
    case ready(tweets: Int)
    /// No index could be built, and why.
    case failed(String)
    /// Not known: the services run elsewhere (`--server`).
    case unknown

    /// Whether an import is running (the status line keeps polling).
    public var isImporting: Bool {
        if case .importing = self { return true }
        return false
    }

    /// `"building the tweet index: 39 % (1,204 of 3,012 changelogs)"`, `"tweet
    /// index: 29,856 tweets"`, `"tweet index failed: …"`; empty when unknown. The
    /// part a reader needs first comes first, so a narrow status line cut with "…"
    /// still says it.
    public var text: String {
        switch self {
        case let .importing(read, total):
            let percent = total > 0 ? ": \(read * 100 / total) %" : ""
            return "building the tweet index\(percent) (\(CountText.grouped(read)) of \(CountText.grouped(total)) changelogs)"
        case let .ready(tweets):
            return "tweet index: \(CountText.grouped(tweets)) tweets"
        case let .failed(reason):
            return "tweet index failed: \(reason)"
        case .unknown:
            return ""
        }
    }
}
