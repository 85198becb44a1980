// The photos in SQLite (`photos.sqlite` under the data directory), through a GRDB
// `DatabasePool` set up as the other stores: WAL, `synchronous=NORMAL`, two readers,
// migrations, every statement parameterised (the only SQL text chosen by a request
// is one of a few fixed ORDER BY clauses, picked by an enum).
//
// Schema:
// - `photos`: one row per picture of the corpus, keyed by its canonical path, with
//   its `kind` (`photo`: a photograph, served by both APIs; `clipart`: a drawing,
//   served by the Flickr search only) and a drawing's `category`. An import upserts
//   by path, so a picture keeps its id (and its votes, favourites and comments)
//   across imports; pictures gone from the corpus are deleted with theirs. Ids are
//   never reused (AUTOINCREMENT).
// - `photos_fts`: an external-content FTS5 table over `photos`: title,
//   description, keywords, category, owner; tokenizer `porter unicode61` without
//   diacritics.
// - `votes` (500px), `favorites` (Flickr), `comments` (Flickr, counted by 500px's
//   `comments_count` too): real rows, one per act, empty at first. A user votes for
//   and favourites a photo once (the primary keys).
// - `tokens`: the xAuth access tokens, with their user.
// - `request_tokens`: OAuth request tokens (`POST /v1/oauth/request_token`), each
//   exchanged once for an access token.
// - `corpus` and `imports`: as the tweet store's (``CorpusTables``).
//
// Counts are never stored: they are counted from the rows when read (the primary
// keys make each count an index range).
import Foundation
import ImageFormats
import GRDB

/// A photo as the routes read it, with its counts.
public struct StoredPhoto: Sendable, Equatable {
    /// The photo's id.
    public var id: Int64
    /// The title.
    public var title: String
    /// The description (may be empty).
    public var description: String
    /// The path words.
    public var keywords: String
    /// The author: metadata, package or folder.
    public var owner: String
    /// The photo's date, seconds since 1970.
    public var takenAt: Int64
    /// When the photo first entered the corpus, seconds since 1970.
    public var importedAt: Int64
    /// The image's width in pixels.
    public var width: Int
    /// The image's height in pixels.
    public var height: Int
    /// The file's format.
    public var format: ImageFormat
    /// The file's content digest (names its thumbnails).
    public var digest: String
    /// Flickr's `secret` (part of the image URLs).
    public var secret: String
    /// Flickr's `server` (part of the image URLs).
    public var server: String
    /// Votes (500px).
    public var votes: Int
    /// Favourites (Flickr).
    public var favorites: Int
    /// Comments.
    public var comments: Int
    /// Whether the viewer asked about has voted for it.
    public var voted: Bool
    /// A photograph (both APIs) or a drawing (the Flickr search).
    public var kind: PictureKind = .photograph
    /// A drawing's category (its first folder); empty for a photograph.
    public var category: String = ""
    /// The canonical path of the file (a drawing's thumbnails are drawn from it).
    public var path: String = ""
}

/// What a picture of the corpus is, and so which API serves it.
public enum PictureKind: String, Sendable, Codable, CaseIterable {
    /// A photograph: the 500px wall and the Flickr search.
    case photograph = "photo"
    /// An SVG drawing: the Flickr search only.
    case drawing = "clipart"
}

/// One photo the import makes.
public struct PhotoRecord: Sendable, Equatable {
    /// The canonical path (the key).
    public var path: String
    /// The content digest.
    public var digest: String
    /// The title.
    public var title: String
    /// The description.
    public var description: String
    /// The path words.
    public var keywords: String
    /// The author.
    public var owner: String
    /// The photo's date, seconds since 1970.
    public var takenAt: Int64
    /// The image's width.
    public var width: Int
    /// The image's height.
    public var height: Int
    /// The file's format.
    public var format: ImageFormat
    /// A photograph or a drawing.
    public var kind: PictureKind = .photograph
    /// A drawing's category; empty for a photograph.
    public var category: String = ""
}

/// What the photo import read and made.
public struct PhotoImportStats: CorpusImportStats {
    /// Files the scan chose.
    public var candidates = 0
    /// Photos made.
    public var photos = 0
    /// Files that libpng or libjpeg could not decode (not an image, cut short, corrupt), or could not be read.
    public var malformed = 0
    /// Images whose shorter side is under the minimum (``PhotoImport/minimumSide``).
    public var tooSmall = 0
    /// Files with the same bytes as one already imported.
    public var duplicates = 0
    /// Photos whose thumbnails were made by this import.
    public var thumbnailsMade = 0
    /// Photos whose thumbnails were already in the cache.
    public var thumbnailsReused = 0
    /// Photos with a title, author or date from their file's metadata.
    public var withMetadata = 0
    /// The import's duration, in seconds.
    public var seconds = 0.0
    /// What the clipart index read; `nil` when the corpus has no drawings folder.
    public var clipart: ClipartImportStats?

    /// Empty statistics.
    public init() {}
}

/// The imported photo corpus: where it came from and what the import counted.
public typealias PhotoCorpusSummary = ImportedCorpus<PhotoImportStats>

/// The orders of the 500px list.
public enum PhotoOrder: String, Sendable, CaseIterable {
    /// By rating (votes).
    case rating
    /// By the photo's date.
    case createdAt = "created_at"
    /// By votes.
    case votesCount = "votes_count"
}

/// The orders of the Flickr search.
public enum FlickrSort: String, Sendable, CaseIterable {
    /// bm25, then favourites and comments, then id.
    case interestingnessDesc = "interestingness-desc"
    /// The same as ``interestingnessDesc``.
    case relevance
    /// Newest in the corpus first.
    case datePostedDesc = "date-posted-desc"
    /// Oldest in the corpus first.
    case datePostedAsc = "date-posted-asc"
    /// Newest photo date first.
    case dateTakenDesc = "date-taken-desc"
    /// Oldest photo date first.
    case dateTakenAsc = "date-taken-asc"
}

/// The photo database.
public final class PhotoStore: Sendable {
    private let pool: DatabasePool

    /// The database file.
    public let path: String

    /// Opens (creating on first use) the photo database in a directory.
    public init(directory: URL) throws {
        path = directory.appendingPathComponent("photos.sqlite").path
        pool = try ServiceDatabase.open(path: path, migrator: Self.migrator)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createPhotos") { db in
            try db.execute(sql: """
                CREATE TABLE photos (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    path TEXT NOT NULL UNIQUE,
                    digest TEXT NOT NULL,
                    title TEXT NOT NULL,
                    description TEXT NOT NULL,
                    keywords TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    taken_at INTEGER NOT NULL,
                    imported_at INTEGER NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    format TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    server TEXT NOT NULL
                );
                CREATE VIRTUAL TABLE photos_fts USING fts5(
                    title, description, keywords, owner,
                    content = 'photos', content_rowid = 'id',
                    tokenize = 'porter unicode61 remove_diacritics 2'
                );
                CREATE TABLE votes (
                    photo_id INTEGER NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                    username TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (photo_id, username)
                );
                CREATE TABLE favorites (
                    photo_id INTEGER NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                    username TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (photo_id, username)
                );
                CREATE TABLE comments (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    photo_id INTEGER NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
                    username TEXT NOT NULL,
                    text TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX comments_by_photo ON comments (photo_id);
                CREATE TABLE tokens (
                    token TEXT PRIMARY KEY NOT NULL,
                    secret TEXT NOT NULL,
                    username TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                \(CorpusTables.schema)
                """)
        }
        migrator.registerMigration("createRequestTokens") { db in
            try db.execute(sql: """
                CREATE TABLE request_tokens (
                    token TEXT PRIMARY KEY NOT NULL,
                    secret TEXT NOT NULL,
                    consumer_key TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                """)
        }
        // Drawings beside the photographs: which a row is, its category, and the
        // index over the category too.
        migrator.registerMigration("addPictureKinds") { db in
            try db.execute(sql: """
                ALTER TABLE photos ADD COLUMN kind TEXT NOT NULL DEFAULT 'photo';
                ALTER TABLE photos ADD COLUMN category TEXT NOT NULL DEFAULT '';
                CREATE INDEX photos_by_kind ON photos (kind, taken_at);
                DROP TABLE photos_fts;
                CREATE VIRTUAL TABLE photos_fts USING fts5(
                    title, description, keywords, category, owner,
                    content = 'photos', content_rowid = 'id',
                    tokenize = 'porter unicode61 remove_diacritics 2'
                );
                INSERT INTO photos_fts(photos_fts) VALUES ('rebuild');
                """)
        }
        return migrator
    }

    // MARK: Corpus

    /// The corpus the stored photos come from, or `nil` before the first import completes.
    public func corpus() throws -> PhotoCorpusSummary? {
        try pool.read { db in try CorpusTables.corpus(db) }
    }

    /// How many imports have completed in this database.
    public func importCount() throws -> Int {
        try pool.read { db in try CorpusTables.importCount(db) }
    }

    /// Makes the stored photos those of `records` in one transaction: a path already
    /// stored keeps its id and rows, a new one is added, one no longer there is
    /// deleted with its votes, favourites and comments; then the index is rebuilt and
    /// the corpus recorded.
    /// - Parameter isCancelled: Asked every 100 records; `true` rolls back and throws
    ///   `CancellationError`.
    /// - Returns: The corpus as recorded.
    @discardableResult
    public func replace(
        with records: [PhotoRecord],
        corpus: PhotoCorpusSummary,
        now: Date,
        seconds: () -> Double = { 0 },
        isCancelled: () -> Bool = { false }
    ) throws -> PhotoCorpusSummary {
        try pool.write { db in
            let stamp = Int64(now.timeIntervalSince1970)
            let keep = Set(records.map(\.path))
            let stored = try String.fetchAll(db, sql: "SELECT path FROM photos")
            let delete = try db.makeStatement(sql: "DELETE FROM photos WHERE path = ?")
            for path in stored where !keep.contains(path) {
                try delete.execute(arguments: [path])
            }
            let upsert = try db.makeStatement(sql: """
                INSERT INTO photos (path, digest, title, description, keywords, owner, taken_at, imported_at, width, height, format, secret, server, kind, category)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET
                    digest = excluded.digest, title = excluded.title, description = excluded.description,
                    keywords = excluded.keywords, owner = excluded.owner, taken_at = excluded.taken_at,
                    width = excluded.width, height = excluded.height, format = excluded.format,
                    secret = excluded.secret, server = excluded.server, kind = excluded.kind, category = excluded.category
                """)
            for (index, record) in records.enumerated() {
                if index % 100 == 0, isCancelled() { throw CancellationError() }
                let (secret, server) = Self.flickrNames(digest: record.digest)
                try upsert.execute(arguments: [
                    record.path, record.digest, record.title, record.description, record.keywords, record.owner,
                    record.takenAt, stamp, record.width, record.height, record.format.rawValue, secret, server,
                    record.kind.rawValue, record.category,
                ])
            }
            try db.execute(sql: "INSERT INTO photos_fts(photos_fts) VALUES ('rebuild')")
            return try CorpusTables.record(corpus, seconds: seconds(), finishedAt: stamp, in: db)
        }
    }

    /// Flickr's `secret` (10 hex digits) and `server` (a number of up to 4 digits)
    /// of a photo: from its content digest, so they are stable across imports.
    static func flickrNames(digest: String) -> (secret: String, server: String) {
        let secret = String(digest.prefix(10))
        let server = String((Int(digest.dropFirst(10).prefix(4), radix: 16) ?? 0) % 9000 + 1000)
        return (secret, server)
    }

    // MARK: Reading photos

    private static let columns = """
        p.id, p.title, p.description, p.keywords, p.owner, p.taken_at, p.imported_at, p.width, p.height, p.format,
        p.digest, p.secret, p.server, p.kind, p.category, p.path,
        (SELECT count(*) FROM votes AS v WHERE v.photo_id = p.id) AS votes,
        (SELECT count(*) FROM favorites AS f WHERE f.photo_id = p.id) AS favorites,
        (SELECT count(*) FROM comments AS c WHERE c.photo_id = p.id) AS comments,
        EXISTS (SELECT 1 FROM votes AS v WHERE v.photo_id = p.id AND v.username = ?) AS voted
        """

    private static func photo(_ row: Row) -> StoredPhoto {
        StoredPhoto(
            id: row["id"], title: row["title"], description: row["description"], keywords: row["keywords"],
            owner: row["owner"], takenAt: row["taken_at"], importedAt: row["imported_at"], width: row["width"],
            height: row["height"], format: ImageFormat(rawValue: row["format"]) ?? .jpeg, digest: row["digest"],
            secret: row["secret"], server: row["server"], votes: row["votes"], favorites: row["favorites"],
            comments: row["comments"], voted: row["voted"], kind: PictureKind(rawValue: row["kind"]) ?? .photograph,
            category: row["category"], path: row["path"]
        )
    }

    /// How many pictures the corpus has: of one kind, or of every kind (`nil`).
    public func count(kind: PictureKind? = nil) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM photos WHERE ? IS NULL OR kind = ?"), arguments: [kind?.rawValue, kind?.rawValue]
            ) ?? 0
        }
    }

    /// One picture, or `nil` (also when it is not of `kind`, if given); `voted` says
    /// whether `viewer` voted for it.
    public func photo(id: Int64, kind: PictureKind? = nil, viewer: String? = nil) async throws -> StoredPhoto? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM photos AS p WHERE p.id = ? AND (? IS NULL OR p.kind = ?)"),
                arguments: [viewer, id, kind?.rawValue, kind?.rawValue]
            ).map(Self.photo)
        }
    }

    /// A page of the photographs dated in `[from, to)` (all when `nil`), in an order
    /// (the 500px wall: drawings are not in it).
    /// - Returns: How many photos the filter has, and the page.
    public func page(
        order: PhotoOrder, ascending: Bool, from: Int64?, to: Int64?, limit: Int, offset: Int, viewer: String?
    ) async throws -> (total: Int, photos: [StoredPhoto]) {
        let direction = ascending ? "ASC" : "DESC"
        let key = switch order {
        case .rating, .votesCount: "votes"
        case .createdAt: "p.taken_at"
        }
        let lower = from ?? Int64.min
        let upper = to ?? Int64.max
        return try await pool.read { db in
            let total = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM photos WHERE kind = 'photo' AND taken_at >= ? AND taken_at < ?"),
                arguments: [lower, upper]
            ) ?? 0
            let photos = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT \(Self.columns) FROM photos AS p
                    WHERE p.kind = 'photo' AND p.taken_at >= ? AND p.taken_at < ?
                    ORDER BY \(key) \(direction), p.id ASC LIMIT ? OFFSET ?
                    """),
                arguments: [viewer, lower, upper, limit, offset]
            ).map(Self.photo)
            return (total, photos)
        }
    }

    /// A page of the photos an FTS5 query matches, in a Flickr order: for
    /// ``FlickrSort/relevance`` and ``FlickrSort/interestingnessDesc``, bm25 (title
    /// weighing 4, description and owner 2, keywords and category 1), then favourites and comments
    /// (more first), then id.
    /// - Returns: How many photos match, and the page.
    public func search(match: String, sort: FlickrSort, limit: Int, offset: Int) async throws -> (total: Int, photos: [StoredPhoto]) {
        let order = switch sort {
        case .interestingnessDesc, .relevance: "score ASC, favorites + comments DESC, p.id ASC"
        case .datePostedDesc: "p.imported_at DESC, p.id DESC"
        case .datePostedAsc: "p.imported_at ASC, p.id ASC"
        case .dateTakenDesc: "p.taken_at DESC, p.id DESC"
        case .dateTakenAsc: "p.taken_at ASC, p.id ASC"
        }
        return try await pool.read { db in
            let total = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM photos_fts WHERE photos_fts MATCH ?"), arguments: [match]
            ) ?? 0
            let photos = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT \(Self.columns), bm25(photos_fts, 4.0, 2.0, 1.0, 1.0, 2.0) AS score
                    FROM photos_fts JOIN photos AS p ON p.id = photos_fts.rowid
                    WHERE photos_fts MATCH ?
                    ORDER BY \(order) LIMIT ? OFFSET ?
                    """),
                arguments: [nil as String?, match, limit, offset]
            ).map(Self.photo)
            return (total, photos)
        }
    }

    // MARK: Votes, favourites, comments

    /// What a vote, a favourite or a comment did.
    public enum WriteResult: Sendable, Equatable {
        /// Written.
        case written
        /// The user had already done it (a vote, a favourite).
        case already
        /// No photo has this id.
        case noPhoto
    }

    /// Records `username`'s vote for a photo.
    public func vote(photoId: Int64, username: String, now: Date) async throws -> WriteResult {
        try await insertOnce(table: .votes, photoId: photoId, username: username, now: now)
    }

    /// Records `username`'s favourite of a photo.
    public func favorite(photoId: Int64, username: String, now: Date) async throws -> WriteResult {
        try await insertOnce(table: .favorites, photoId: photoId, username: username, now: now)
    }

    private enum OnceTable {
        case votes, favorites
    }

    private func insertOnce(table: OnceTable, photoId: Int64, username: String, now: Date) async throws -> WriteResult {
        let sql = switch table {
        case .votes: "INSERT OR IGNORE INTO votes (photo_id, username, created_at) VALUES (?, ?, ?)"
        case .favorites: "INSERT OR IGNORE INTO favorites (photo_id, username, created_at) VALUES (?, ?, ?)"
        }
        return try await pool.write { db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM photos WHERE id = ?)"), arguments: [photoId]) == true else {
                return .noPhoto
            }
            try db.cachedStatement(sql: sql).execute(arguments: [photoId, username, Int64(now.timeIntervalSince1970)])
            return db.changesCount > 0 ? .written : .already
        }
    }

    /// Adds a comment to a photo; returns its id, or `nil` when no photo has this id.
    public func comment(photoId: Int64, username: String, text: String, now: Date) async throws -> Int64? {
        try await pool.write { db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM photos WHERE id = ?)"), arguments: [photoId]) == true else {
                return nil
            }
            try db.cachedStatement(sql: "INSERT INTO comments (photo_id, username, text, created_at) VALUES (?, ?, ?, ?)")
                .execute(arguments: [photoId, username, text, Int64(now.timeIntervalSince1970)])
            return db.lastInsertedRowID
        }
    }

    /// The users who favourited a photo, newest first: a page, and the total.
    public func favorites(photoId: Int64, limit: Int, offset: Int) async throws -> (total: Int, people: [(username: String, date: Int64)]) {
        try await pool.read { db in
            let total = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM favorites WHERE photo_id = ?"), arguments: [photoId]
            ) ?? 0
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT username, created_at FROM favorites WHERE photo_id = ?
                    ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?
                    """),
                arguments: [photoId, limit, offset]
            )
            return (total, rows.map { (username: $0["username"], date: $0["created_at"]) })
        }
    }

    /// Every vote, favourite and comment: how many of each (what the tests count).
    public func activityCounts() throws -> (votes: Int, favorites: Int, comments: Int) {
        try pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM votes") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM favorites") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM comments") ?? 0
            )
        }
    }

    // MARK: Tokens

    /// Stores a new access token and secret for a user.
    public func issueToken(username: String, now: Date) async throws -> (token: String, secret: String) {
        try await pool.write { db in try Self.insertToken(.access, owner: username, now: now, db) }
    }

    /// Stores a new request token (OAuth's first step) for a consumer key.
    public func issueRequestToken(consumerKey: String, now: Date) async throws -> (token: String, secret: String) {
        try await pool.write { db in try Self.insertToken(.request, owner: consumerKey, now: now, db) }
    }

    private enum TokenKind {
        /// An access token, of a user.
        case access
        /// A request token, of a consumer key.
        case request
    }

    /// Stores a new random token and secret (20 bytes each, hex).
    private static func insertToken(_ kind: TokenKind, owner: String, now: Date, _ db: Database) throws -> (token: String, secret: String) {
        let sql = switch kind {
        case .access: "INSERT INTO tokens (token, secret, username, created_at) VALUES (?, ?, ?, ?)"
        case .request: "INSERT INTO request_tokens (token, secret, consumer_key, created_at) VALUES (?, ?, ?, ?)"
        }
        let (token, secret) = (randomHex(20), randomHex(20))
        try db.cachedStatement(sql: sql).execute(arguments: [token, secret, owner, Int64(now.timeIntervalSince1970)])
        return (token, secret)
    }

    /// Whether a request token was issued and has not been exchanged, nor expired:
    /// issued less than `lifetime` seconds before `now`.
    public func isUsableRequestToken(_ token: String, now: Date, lifetime: Int64) async throws -> Bool {
        try await pool.read { db in
            try Self.usableRequestToken(db, token, now: now, lifetime: lifetime)
        }
    }

    /// Exchanges a request token for a new access token of `username` in one
    /// transaction: the request token is deleted, so it serves once. `nil` (nothing
    /// written) when the request token is unknown, already exchanged, or expired.
    public func exchangeRequestToken(
        _ requestToken: String, username: String, now: Date, lifetime: Int64
    ) async throws -> (token: String, secret: String)? {
        try await pool.write { db in
            guard try Self.usableRequestToken(db, requestToken, now: now, lifetime: lifetime) else { return nil }
            try db.cachedStatement(sql: "DELETE FROM request_tokens WHERE token = ?").execute(arguments: [requestToken])
            return try Self.insertToken(.access, owner: username, now: now, db)
        }
    }

    private static func usableRequestToken(_ db: Database, _ token: String, now: Date, lifetime: Int64) throws -> Bool {
        guard let created = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT created_at FROM request_tokens WHERE token = ?"), arguments: [token]
        ) else { return false }
        return Int64(now.timeIntervalSince1970) - created < lifetime
    }

    /// How many access tokens were issued (what the tests count).
    public func accessTokenCount() throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tokens") ?? 0 }
    }

    /// The user of an access token, or `nil`.
    public func username(forToken token: String) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT username FROM tokens WHERE token = ?"), arguments: [token])
        }
    }
}

/// `count` random bytes as lowercase hex.
func randomHex(_ count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return hexString((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
}
