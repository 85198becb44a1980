// What the tweet and photo stores share about their corpus: the record of the
// corpus their rows come from, and of each completed import, in two tables of the
// same shape in each database.
//
// - `corpus`: one row, the fingerprint, source and statistics of the import the rows
//   come from. A start whose corpus has the same fingerprint imports nothing.
// - `imports`: one row per completed import (what the tests count).
import Foundation
import GRDB

/// What an import counted; `seconds` is its duration.
public protocol CorpusImportStats: Codable, Sendable, Equatable {
    /// The import's duration, in seconds.
    var seconds: Double { get set }
}

/// An imported corpus: where it came from and what the import counted.
///
/// ```swift
/// let corpus = CorpusSummary(fingerprint: "…", source: "/usr/share/doc", isBundled: false, stats: stats)
/// ```
public struct ImportedCorpus<Stats: CorpusImportStats>: Codable, Sendable, Equatable {
    /// The source's fingerprint at import.
    public var fingerprint: String
    /// The source's description, for a person (a directory, the bundled corpus).
    public var source: String
    /// Whether it is the corpus bundled with the module.
    public var isBundled: Bool
    /// The import's counts.
    public var stats: Stats

    /// Makes a summary.
    public init(fingerprint: String, source: String, isBundled: Bool, stats: Stats) {
        self.fingerprint = fingerprint
        self.source = source
        self.isBundled = isBundled
        self.stats = stats
    }
}

/// The `corpus` and `imports` tables of a store.
enum CorpusTables {
    /// The tables' schema, part of each store's first migration.
    static let schema = """
        CREATE TABLE corpus (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            fingerprint TEXT NOT NULL,
            source TEXT NOT NULL,
            bundled INTEGER NOT NULL,
            stats TEXT NOT NULL
        );
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY,
            finished_at INTEGER NOT NULL,
            fingerprint TEXT NOT NULL,
            source TEXT NOT NULL,
            stats TEXT NOT NULL
        );
        """

    /// The recorded corpus, or `nil` before the first import completes.
    static func corpus<Stats>(_ db: Database) throws -> ImportedCorpus<Stats>? {
        guard let row = try Row.fetchOne(db, sql: "SELECT fingerprint, source, bundled, stats FROM corpus WHERE id = 1") else {
            return nil
        }
        let stats = try JSONDecoder().decode(Stats.self, from: Data((row["stats"] as String).utf8))
        return ImportedCorpus(fingerprint: row["fingerprint"], source: row["source"], isBundled: row["bundled"], stats: stats)
    }

    /// How many imports have completed.
    static func importCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM imports") ?? 0
    }

    /// Records `corpus` as the rows' source, with `seconds` as its import's duration,
    /// and counts the import; inside the import's transaction.
    /// - Returns: The corpus as recorded.
    static func record<Stats>(
        _ corpus: ImportedCorpus<Stats>, seconds: Double, finishedAt: Int64, in db: Database
    ) throws -> ImportedCorpus<Stats> {
        var corpus = corpus
        corpus.stats.seconds = seconds
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let stats = String(decoding: try encoder.encode(corpus.stats), as: UTF8.self)
        try db.execute(
            sql: """
                INSERT INTO corpus (id, fingerprint, source, bundled, stats) VALUES (1, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    fingerprint = excluded.fingerprint, source = excluded.source,
                    bundled = excluded.bundled, stats = excluded.stats
                """,
            arguments: [corpus.fingerprint, corpus.source, corpus.isBundled, stats]
        )
        try db.execute(
            sql: "INSERT INTO imports (finished_at, fingerprint, source, stats) VALUES (?, ?, ?, ?)",
            arguments: [finishedAt, corpus.fingerprint, corpus.source, stats]
        )
        return corpus
    }
}
