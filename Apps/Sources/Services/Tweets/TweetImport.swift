// From changelogs to tweets, each field of Twitter's answer taken from the entry:
//
// - each bullet of each entry is one tweet, its text the bullet's;
// - the user is the entry's maintainer: `screen_name` the local part of the email,
//   `name` the maintainer's name, the avatar an identicon named by the MD5 of the
//   email (trimmed, lowercased, as Gravatar names them), the user id the MD5's first
//   53 bits (a stable id that a JavaScript client reads exactly);
// - `created_at` is the trailer's date.
//
// The binary packages of one source package ship copies of the same changelog
// (`libc6`, `libc-bin`, … all carry glibc's): a changelog whose bytes were already
// read is skipped, and an entry is kept once per (source package, version), from
// the first changelog that has it (copies from different builds differ a little). Tweet ids follow
// time: the tweets are numbered in order of their date, as Twitter's ids grew.
//
// Reading never fails on a bad file: a changelog that cannot be read or is not
// gzip is skipped and counted, one that is not UTF-8 is read as ISO-8859-1 and
// counted, a malformed entry is dropped and counted (``ImportStats``).
import Crypto
import Foundation

/// One tweet as the import makes it, before it has an id.
public struct TweetRecord: Sendable, Equatable {
    /// The bullet's text.
    public var text: String
    /// The entry's date, seconds since 1970.
    public var createdAt: Int64
    /// A stable user id from the email's MD5.
    public var userId: Int64
    /// The local part of the maintainer's email.
    public var screenName: String
    /// The maintainer's name.
    public var name: String
    /// The MD5 of the maintainer's email, 32 lowercase hex digits (the avatar's name).
    public var avatar: String
    /// The source package.
    public var package: String
    /// The entry's version.
    public var version: String
}

/// What an import read and made.
public struct ImportStats: CorpusImportStats {
    /// Changelog files read and parsed.
    public var changelogs = 0
    /// Changelog files skipped: unreadable, not gzip, or corrupt.
    public var changelogsSkipped = 0
    /// Changelog files skipped because another had the same bytes.
    public var duplicateChangelogs = 0
    /// Changelog files read as ISO-8859-1 because they were not UTF-8.
    public var latin1Changelogs = 0
    /// Distinct source packages with at least one entry kept.
    public var packages = 0
    /// Entries kept (distinct source package and version).
    public var entries = 0
    /// Entries found again in another changelog (a binary package's copy), not kept twice.
    public var duplicateEntries = 0
    /// Entries dropped for a missing or unreadable trailer.
    public var malformedEntries = 0
    /// Tweets made (one per bullet of a kept entry).
    public var tweets = 0
    /// Distinct maintainers (emails) among the kept entries.
    public var maintainers = 0
    /// Tweets longer than 280 characters (answered cut, with `truncated: true`).
    public var longTweets = 0
    /// The import's duration, in seconds.
    public var seconds = 0.0

    /// Empty statistics.
    public init() {}
}

/// Reads a corpus into tweet records.
public enum TweetImport {
    /// Reads every changelog of a source and maps its entries to tweets, oldest first.
    /// - Parameters:
    ///   - source: The changelogs.
    ///   - names: The changelogs to read (``ChangelogSource/changelogNames()``).
    ///   - progress: Called after each changelog with the number read so far.
    ///   - isCancelled: Asked before each changelog; when it answers `true`, the
    ///     import stops with `CancellationError`.
    public static func read(
        _ source: any ChangelogSource,
        names: [String],
        progress: (Int) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> (records: [TweetRecord], stats: ImportStats) {
        var stats = ImportStats()
        var seen = Set<String>()
        var files = Set<SHA256.Digest>()
        var packages = Set<String>()
        var users: [String: User] = [:]
        var records: [TweetRecord] = []
        for (index, name) in names.enumerated() {
            if isCancelled() { throw CancellationError() }
            defer { progress(index + 1) }
            let text: String
            do {
                let bytes = try source.contents(of: name)
                guard files.insert(SHA256.hash(data: bytes)).inserted else {
                    stats.duplicateChangelogs += 1
                    continue
                }
                let (decoded, isLatin1) = ChangelogParser.decode(try Zlib.gunzip(bytes))
                text = decoded
                if isLatin1 { stats.latin1Changelogs += 1 }
            } catch {
                stats.changelogsSkipped += 1
                continue
            }
            stats.changelogs += 1
            let parsed = ChangelogParser.parse(text)
            stats.malformedEntries += parsed.malformedEntries
            for entry in parsed.entries {
                guard seen.insert("\(entry.package) \(entry.version)").inserted else {
                    stats.duplicateEntries += 1
                    continue
                }
                stats.entries += 1
                packages.insert(entry.package)
                let key = entry.maintainerEmail.lowercased()
                let user = users[key] ?? User(email: key)
                users[key] = user
                for bullet in entry.bullets {
                    if bullet.count > StatusText.maximumLength { stats.longTweets += 1 }
                    records.append(TweetRecord(
                        text: bullet, createdAt: entry.date, userId: user.id,
                        screenName: user.screenName, name: entry.maintainerName, avatar: user.avatar,
                        package: entry.package, version: entry.version
                    ))
                }
            }
        }
        // Oldest first, so that ids grow with time; stable, so one entry's bullets
        // keep their order.
        records = records.enumerated()
            .sorted { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }
            .map(\.element)
        stats.packages = packages.count
        stats.tweets = records.count
        stats.maintainers = users.count
        return (records, stats)
    }

    /// A maintainer as a Twitter user, named by the email.
    struct User {
        let screenName: String
        let avatar: String
        let id: Int64

        init(email: String) {
            let email = email.trimmingCharacters(in: .whitespaces)
            let local = email.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            screenName = local.isEmpty ? email : String(local)
            let digest = Array(Insecure.MD5.hash(data: Data(email.utf8)))
            avatar = hexString(digest)
            id = Int64(digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> 11)
        }
    }
}
