// The tweets in SQLite (`tweets.sqlite` under the data directory) with an FTS5
// index, through a GRDB `DatabasePool` set up as the Todo store's: WAL,
// `synchronous=NORMAL`, two readers (more hurt on 2 cores), migrations, every
// statement parameterised and prepared once.
//
// Schema:
// - `tweets`: one row per tweet, `id` growing with `created_at`; `text` is the whole
//   bullet (searched, and answered with `tweet_mode=extended`), `short_text` the
//   answer's `text` cut to 280 characters once at import (a few bullets of the
//   kernel's changelog fold thousands of nested items into 100 KB; a search answer
//   should not read them to show 280 characters).
// - `tweets_fts`: an external-content FTS5 table over `tweets` (the text is stored
//   once): columns `text` and `package`, tokenizer `porter unicode61` with
//   diacritics removed, so `fixes` finds `fixed` and `Muller` finds `Müller`. The
//   package column lets `bash` find bash's own entries; it weighs half as much as
//   the text in the ranking.
// - `tweets_vocab`: an `fts5vocab` view of the index's token instances, from which
//   the search's ranking statistics are read into memory (``TweetRanker``).
// - `corpus` and `imports`: the corpus the tweets come from (a start whose corpus has
//   the same fingerprint imports nothing) and each completed import (``CorpusTables``).
//
// An import replaces everything in one write transaction: readers (WAL) keep
// seeing the previous index until it commits, and an import that is cancelled or
// killed leaves the previous index as it was.
import Foundation
import GRDB

/// A tweet as a search reads it.
public struct StoredTweet: Sendable, Equatable {
    /// The tweet id (grows with the date).
    public var id: Int64
    /// The text: whole, or within 280 characters (as the search asked).
    public var text: String
    /// Whether the whole text is longer than `text` (only when cut).
    public var truncated: Bool
    /// Seconds since 1970.
    public var createdAt: Int64
    /// The user's id.
    public var userId: Int64
    /// The user's screen name.
    public var screenName: String
    /// The user's name.
    public var name: String
    /// The avatar's name (MD5 of the email, hex).
    public var avatar: String
}

/// The imported changelogs: where they came from and what the import counted.
public typealias CorpusSummary = ImportedCorpus<ImportStats>

/// The tweet database.
public final class TweetStore: Sendable {
    /// The most statuses one search returns (Twitter's limit for `count`).
    public static let maximumCount = 100

    private let pool: DatabasePool

    /// The database file.
    public let path: String

    /// Opens (creating on first use) the tweet database in a directory.
    public init(directory: URL) throws {
        path = directory.appendingPathComponent("tweets.sqlite").path
        pool = try ServiceDatabase.open(path: path, migrator: Self.migrator)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createTweets") { db in
            try db.execute(sql: """
                CREATE TABLE tweets (
                    id INTEGER PRIMARY KEY,
                    text TEXT NOT NULL,
                    short_text TEXT NOT NULL,
                    truncated INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    screen_name TEXT NOT NULL,
                    name TEXT NOT NULL,
                    avatar TEXT NOT NULL,
                    package TEXT NOT NULL,
                    version TEXT NOT NULL
                );
                CREATE VIRTUAL TABLE tweets_fts USING fts5(
                    text, package,
                    content = 'tweets', content_rowid = 'id',
                    tokenize = 'porter unicode61 remove_diacritics 2'
                );
                \(CorpusTables.schema)
                """)
        }
        // The index's token instances as a table (no storage of its own), which the
        // in-memory ranking is read from (``TweetRanker``).
        migrator.registerMigration("createTweetsVocab") { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE tweets_vocab USING fts5vocab(tweets_fts, 'instance')")
        }
        return migrator
    }

    // MARK: Corpus

    /// The corpus the stored tweets come from, or `nil` before the first import
    /// completes.
    public func corpus() throws -> CorpusSummary? {
        try pool.read { db in try CorpusTables.corpus(db) }
    }

    /// How many imports have completed in this database.
    public func importCount() throws -> Int {
        try pool.read { db in try CorpusTables.importCount(db) }
    }

    /// Replaces every tweet with `records` (ids from 1, in their order), rebuilds the
    /// index and records the corpus, in one transaction.
    /// - Parameters:
    ///   - seconds: The import's duration so far, asked once everything but the
    ///     commit is done; it becomes the corpus's `stats.seconds`.
    ///   - isCancelled: Asked every 1,000 records; `true` rolls everything back and
    ///     throws `CancellationError`.
    /// - Returns: The corpus as recorded.
    @discardableResult
    public func replace(
        with records: [TweetRecord],
        corpus: CorpusSummary,
        finishedAt: Date,
        seconds: () -> Double = { 0 },
        isCancelled: () -> Bool = { false }
    ) throws -> CorpusSummary {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM tweets")
            let insert = try db.makeStatement(sql: """
                INSERT INTO tweets (id, text, short_text, truncated, created_at, user_id, screen_name, name, avatar, package, version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (index, record) in records.enumerated() {
                if index % 1_000 == 0, isCancelled() { throw CancellationError() }
                let short = StatusText.cut(record.text)
                try insert.execute(arguments: [
                    index + 1, record.text, short.text, short.truncated, record.createdAt, record.userId,
                    record.screenName, record.name, record.avatar, record.package, record.version,
                ])
            }
            try db.execute(sql: "INSERT INTO tweets_fts(tweets_fts) VALUES ('rebuild')")
            try db.execute(sql: "INSERT INTO tweets_fts(tweets_fts) VALUES ('optimize')")
            return try CorpusTables.record(corpus, seconds: seconds(), finishedAt: Int64(finishedAt.timeIntervalSince1970), in: db)
        }
    }

    // MARK: Search

    /// A tweet's columns as a search reads them (``StoredTweet``, in order), from
    /// `tweets AS t`: the text cut to 280 characters, or whole.
    private static func columns(wholeText: Bool) -> String {
        (wholeText ? "t.id, t.text, 0" : "t.id, t.short_text, t.truncated") + ", t.created_at, t.user_id, t.screen_name, t.name, t.avatar"
    }

    // The best ids first, from the index alone; then the rows of only those (sorting
    // the join instead read every match's row: twice the time). The user's text is
    // only ever the bound MATCH parameter.
    private static func searchSQL(wholeText: Bool) -> String {
        """
        SELECT \(columns(wholeText: wholeText))
        FROM (
            SELECT rowid AS id, bm25(tweets_fts, \(TweetRanker.weights.text), \(TweetRanker.weights.package)) AS score
            FROM tweets_fts WHERE tweets_fts MATCH ?
            ORDER BY score, rowid DESC LIMIT ?
        ) AS best
        JOIN tweets AS t ON t.id = best.id
        ORDER BY best.score, best.id DESC
        """
    }

    private static let searchShortText = searchSQL(wholeText: false)
    private static let searchWholeText = searchSQL(wholeText: true)
    private static let rowShortText = "SELECT \(columns(wholeText: false)) FROM tweets AS t WHERE t.id = ?"
    private static let rowWholeText = "SELECT \(columns(wholeText: true)) FROM tweets AS t WHERE t.id = ?"

    /// The statistics of the committed index for ``TweetRanker``, or `nil` before
    /// an import has committed one.
    func readRanker(isCancelled: () -> Bool = { false }) throws -> TweetRanker? {
        try pool.read { db in try TweetRanker.read(db, isCancelled: isCancelled) }
    }

    /// The best matches of user text, every word required (as ``TweetQuery/match(_:)``
    /// asks FTS5), ranked as ``search(match:limit:wholeText:)`` ranks them: by
    /// `ranker` when it was read from the index as it is now, else by FTS5.
    func search(text: String, limit: Int, wholeText: Bool, ranker: TweetRanker?) async throws -> [StoredTweet] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        return try await pool.read { db in
            if let ranker,
                try String.fetchOne(db.cachedStatement(sql: "SELECT fingerprint FROM corpus WHERE id = 1")) == ranker.fingerprint,
                let phrases = try TweetRanker.phrases(of: words, db)
            {
                let statement = try db.cachedStatement(sql: wholeText ? Self.rowWholeText : Self.rowShortText)
                return try ranker.best(phrases, limit: limit).compactMap { id in
                    try Row.fetchOne(statement, arguments: [id]).map(Self.tweet)
                }
            }
            return try Self.search(db, match: TweetQuery.match(text), limit: limit, wholeText: wholeText)
        }
    }

    private static func tweet(_ row: Row) -> StoredTweet {
        StoredTweet(
            id: row[0], text: row[1], truncated: row[2], createdAt: row[3], userId: row[4],
            screenName: row[5], name: row[6], avatar: row[7]
        )
    }

    private static func search(_ db: Database, match: String, limit: Int, wholeText: Bool) throws -> [StoredTweet] {
        let statement = try db.cachedStatement(sql: wholeText ? Self.searchWholeText : Self.searchShortText)
        let rows = try Row.fetchCursor(statement, arguments: [match, limit])
        var tweets: [StoredTweet] = []
        tweets.reserveCapacity(limit)
        while let row = try rows.next() {
            tweets.append(tweet(row))
        }
        return tweets
    }

    /// The best matches of an FTS5 query: by bm25 (text weighing twice the package
    /// name), then newest first (the higher id: ids follow the date).
    /// - Parameters:
    ///   - match: An FTS5 query (``TweetQuery/match(_:)`` makes one from user text).
    ///   - limit: The most tweets returned.
    ///   - wholeText: Whether each tweet's whole text is read, or its `short_text`.
    public func search(match: String, limit: Int, wholeText: Bool = false) async throws -> [StoredTweet] {
        try await pool.read { db in try Self.search(db, match: match, limit: limit, wholeText: wholeText) }
    }
}

/// User text to an FTS5 query that cannot be a syntax error.
public enum TweetQuery {
    /// Each white-space separated word of the text becomes an FTS5 string (in double
    /// quotes, a double quote inside doubled), and the strings are joined with
    /// spaces: every word must match (AND), FTS5's operators (`OR`, `NOT`, `*`, `-`,
    /// `(`, `:`) are plain text. A word of punctuation only holds no token and is
    /// left out by FTS5; a query of nothing else matches nothing.
    public static func match(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace)
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: " ")
    }
}
