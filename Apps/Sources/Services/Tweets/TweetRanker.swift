// FTS5's bm25, computed from a copy of the index's term statistics in memory.
//
// A broad search (`q=fix`, 4,469 matches) spent 90 % of its 3 ms in FTS5's `bm25()`:
// for every match it reads the row's size from `tweets_fts_docsize` (a B-tree
// lookup) and walks the match's position lists, before it can keep the best 100.
// Matching alone takes 0.2 ms. The ranker holds what the formula needs and nothing
// else, read once from the index (its `fts5vocab` view) when the index is ready:
//
// - for each term, the rows that hold it, in rowid order, with its weighted
//   frequency there (`tf(text) × 1.0 + tf(package) × 0.5`, the weights of
//   `bm25(tweets_fts, 1.0, 0.5)`);
// - each row's size in tokens, the row count and the average size.
//
// A search then intersects the query terms' rows and scores each with FTS5's own
// formula, term for term and in the same order of operations, so the scores are
// the same doubles and the order (score, then the higher id) the same as the SQL
// query's; the tests compare the two. A word that FTS5 reads as a phrase of several
// tokens (`debian/control`) needs positions, which the ranker does not keep: such a
// query goes to FTS5. Nothing here depends on a query having been asked before: it
// is the index, not the answers, that is in memory (8 bytes a posting: 4 MB for this
// machine's 500,000).
import Foundation
import GRDB

/// bm25 over an in-memory copy of the tweet index's term statistics.
final class TweetRanker: Sendable {
    /// The fingerprint of the corpus the statistics come from: a search checks it in
    /// its read transaction, so a re-import's new rows are never ranked with the old
    /// statistics.
    let fingerprint: String

    private let terms: [String: Int32]
    /// Term `i`'s postings are `starts[i] ..< starts[i + 1]` of `rows` and `frequencies`.
    private let starts: [Int32]
    private let rows: [Int32]
    private let frequencies: [Float]
    /// Each rowid's size in tokens (text and package).
    private let sizes: [Int32]
    private let rowCount: Int64
    private let averageSize: Double

    /// The column weights of the ranking (text, package), as `bm25()` is given them.
    static let weights = (text: 1.0, package: 0.5)
    /// The tokenizer of `tweets_fts`.
    static let tokenizer = FTS5TokenizerDescriptor(components: ["porter", "unicode61", "remove_diacritics", "2"])

    private init(
        fingerprint: String, terms: [String: Int32], starts: [Int32], rows: [Int32], frequencies: [Float],
        sizes: [Int32], rowCount: Int64, averageSize: Double
    ) {
        self.fingerprint = fingerprint
        self.terms = terms
        self.starts = starts
        self.rows = rows
        self.frequencies = frequencies
        self.sizes = sizes
        self.rowCount = rowCount
        self.averageSize = averageSize
    }

    /// Reads the statistics of the committed index; `nil` before an import has
    /// committed one.
    /// - Parameter isCancelled: Asked every 100,000 token instances; `true` throws
    ///   `CancellationError`.
    static func read(_ db: Database, isCancelled: () -> Bool = { false }) throws -> TweetRanker? {
        guard let fingerprint = try String.fetchOne(db, sql: "SELECT fingerprint FROM corpus WHERE id = 1") else { return nil }
        let rowCount = try Int64.fetchOne(db, sql: "SELECT count(*) FROM tweets") ?? 0
        let maximumId = try Int.fetchOne(db, sql: "SELECT max(id) FROM tweets") ?? 0
        var terms: [String: Int32] = [:]
        var starts: [Int32] = []
        var rows: [Int32] = []
        var frequencies: [Float] = []
        var sizes = [Int32](repeating: 0, count: maximumId + 1)
        var total: Int64 = 0
        // One row per token instance, by term, then row, then column.
        let cursor = try Row.fetchCursor(db, sql: "SELECT term, doc, col = 'text' FROM tweets_vocab")
        var previousTerm = Data()
        var previousRow: Int32 = -1
        var sorted = true
        var instances = 0
        while let row = try cursor.next() {
            instances += 1
            if instances % 100_000 == 0, isCancelled() { throw CancellationError() }
            let rowid = Int32(truncatingIfNeeded: row[1] as Int64)
            let weight = (row[2] as Bool) ? weights.text : weights.package
            // A new term's text is made into a String once, not once per instance.
            let newTerm: String? = try row.withUnsafeData(atIndex: 0) { bytes in
                guard let bytes, bytes != previousTerm else { return nil }
                previousTerm = Data(bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            if let newTerm {
                if !sorted { sortLastTerm(starts.last.map(Int.init) ?? 0, &rows, &frequencies) }
                terms[newTerm] = Int32(starts.count)
                starts.append(Int32(rows.count))
                previousRow = -1
                sorted = true
            }
            if rowid != previousRow {
                if rowid < previousRow { sorted = false }
                rows.append(rowid)
                frequencies.append(0)
                previousRow = rowid
            }
            frequencies[frequencies.count - 1] += Float(weight)
            if rowid >= 0, Int(rowid) < sizes.count { sizes[Int(rowid)] += 1 }
            total += 1
        }
        if !sorted { sortLastTerm(starts.last.map(Int.init) ?? 0, &rows, &frequencies) }
        starts.append(Int32(rows.count))
        return TweetRanker(
            fingerprint: fingerprint, terms: terms, starts: starts, rows: rows, frequencies: frequencies, sizes: sizes,
            rowCount: rowCount, averageSize: rowCount > 0 ? Double(total) / Double(rowCount) : 0
        )
    }

    /// Puts the last term's postings (from `start`) in rowid order, merging a row
    /// listed twice.
    private static func sortLastTerm(_ start: Int, _ rows: inout [Int32], _ frequencies: inout [Float]) {
        var merged: [Int32: Float] = [:]
        for index in start..<rows.count {
            merged[rows[index], default: 0] += frequencies[index]
        }
        rows.removeSubrange(start...)
        frequencies.removeSubrange(start...)
        for (rowid, frequency) in merged.sorted(by: { $0.key < $1.key }) {
            rows.append(rowid)
            frequencies.append(frequency)
        }
    }

    /// The query's terms, one per word, as FTS5 tokenizes each quoted word; words
    /// without a token are left out (FTS5 leaves them out). `nil` when a word is a
    /// phrase of several tokens: ranking it needs positions, so FTS5 must.
    static func terms(of words: [String], _ db: Database) throws -> [String]? {
        let tokenizer = try db.makeTokenizer(Self.tokenizer)
        var terms: [String] = []
        for word in words {
            let tokens = try tokenizer.tokenize(query: word)
            if tokens.count > 1 || tokens.contains(where: { $0.flags.contains(.colocated) }) { return nil }
            if let token = tokens.first { terms.append(token.token) }
        }
        return terms
    }

    /// The ids of the best `limit` rows holding every term: by bm25 (as
    /// `bm25(tweets_fts, 1.0, 0.5)`: lower is better), then the higher id.
    func best(_ queryTerms: [String], limit: Int) -> [Int64] {
        guard !queryTerms.isEmpty, limit > 0 else { return [] }
        var postings: [Range<Int>] = []
        for term in queryTerms {
            guard let index = terms[term] else { return [] }
            postings.append(Int(starts[Int(index)])..<Int(starts[Int(index) + 1]))
        }
        // FTS5's bm25 constants and idf, per phrase, in query order.
        let k1 = 1.2
        let b = 0.75
        let idf: [Double] = postings.map { range in
            let hits = Int64(range.count)
            let value = log((Double(rowCount - hits) + 0.5) / (Double(hits) + 0.5))
            return value <= 0 ? 1e-6 : value
        }
        // Candidates from the shortest list, each looked up in the others.
        let shortest = postings.indices.min { postings[$0].count < postings[$1].count } ?? 0
        var scored: [(rank: Double, id: Int32)] = []
        scored.reserveCapacity(postings[shortest].count)
        var found = [Float](repeating: 0, count: postings.count)
        candidates: for position in postings[shortest] {
            let rowid = rows[position]
            for (phrase, range) in postings.enumerated() {
                if phrase == shortest {
                    found[phrase] = frequencies[position]
                } else if let at = Self.search(rowid, in: rows, range) {
                    found[phrase] = frequencies[at]
                } else {
                    continue candidates
                }
            }
            let size = Double(Int(rowid) < sizes.count ? sizes[Int(rowid)] : 0)
            var score = 0.0
            for phrase in postings.indices {
                let frequency = Double(found[phrase])
                score += idf[phrase] * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * size / averageSize)))
            }
            scored.append((-1.0 * score, rowid))
        }
        let order: ((rank: Double, id: Int32), (rank: Double, id: Int32)) -> Bool = {
            $0.rank != $1.rank ? $0.rank < $1.rank : $0.id > $1.id
        }
        if scored.count > limit * 4 {
            // Keep the best `limit` without sorting every match.
            var best = Array(scored.prefix(limit)).sorted(by: order)
            for candidate in scored.dropFirst(limit) where order(candidate, best[best.count - 1]) {
                let at = best.partitioningIndex { !order($0, candidate) }
                best.insert(candidate, at: at)
                best.removeLast()
            }
            return best.map { Int64($0.id) }
        }
        return scored.sorted(by: order).prefix(limit).map { Int64($0.id) }
    }

    /// The position of `rowid` in the sorted `rows[range]`, if there.
    private static func search(_ rowid: Int32, in rows: [Int32], _ range: Range<Int>) -> Int? {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < rowid { low = middle + 1 } else { high = middle }
        }
        return low < range.upperBound && rows[low] == rowid ? low : nil
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, the elements being
    /// partitioned (those that do not, then those that do).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
