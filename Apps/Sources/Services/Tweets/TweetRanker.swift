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
//   `bm25(tweets_fts, 1.0, 0.5)`) and its positions (column and offset);
// - each row's size in tokens, the row count and the average size.
//
// A search then intersects the query terms' rows and scores each with FTS5's own
// formula, term for term and in the same order of operations, so the scores are
// the same doubles and the order (score, then the higher id) the same as the SQL
// query's; the tests compare the two. A word that FTS5 reads as a phrase of several
// tokens (`debian/control`) is matched with the tokens' positions, kept too. Nothing
// here depends on a query having been asked before: it is the index, not the
// answers, that is in memory (for this machine's 910,000 token instances in 507,000
// postings: 12 bytes a posting and 4 an instance, 10 MB).
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
    /// Posting `j`'s token positions are `positionStarts[j] ..< positionStarts[j + 1]`
    /// of `positions`, each `column << 31 | offset` (text 0, package 1), ascending.
    private let positionStarts: [Int32]
    private let positions: [UInt32]
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
        positionStarts: [Int32], positions: [UInt32], sizes: [Int32], rowCount: Int64, averageSize: Double
    ) {
        self.fingerprint = fingerprint
        self.terms = terms
        self.starts = starts
        self.rows = rows
        self.frequencies = frequencies
        self.positionStarts = positionStarts
        self.positions = positions
        self.sizes = sizes
        self.rowCount = rowCount
        self.averageSize = averageSize
    }

    /// The index's token instances are not in the order `fts5vocab` lists them.
    struct UnorderedInstances: Error, CustomStringConvertible {
        var description: String { "tweets_vocab does not list the instances by term, row, column and offset" }
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
        var positionStarts: [Int32] = []
        var positions: [UInt32] = []
        var sizes = [Int32](repeating: 0, count: maximumId + 1)
        var total: Int64 = 0
        // One row per token instance, by term, then row, then column, then offset.
        let cursor = try Row.fetchCursor(db, sql: "SELECT term, doc, col = 'text', offset FROM tweets_vocab")
        var previousTerm = Data()
        var previousRow: Int32 = -1
        var instances = 0
        while let row = try cursor.next() {
            instances += 1
            if instances % 100_000 == 0, isCancelled() { throw CancellationError() }
            let rowid = Int32(truncatingIfNeeded: row[1] as Int64)
            let inText: Bool = row[2]
            let offset = UInt32(truncatingIfNeeded: row[3] as Int64) & 0x7FFF_FFFF
            // A new term's text is made into a String once, not once per instance.
            let newTerm: String? = try row.withUnsafeData(atIndex: 0) { bytes in
                guard let bytes, bytes != previousTerm else { return nil }
                previousTerm = Data(bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            if let newTerm {
                terms[newTerm] = Int32(starts.count)
                starts.append(Int32(rows.count))
                previousRow = -1
            }
            let position = (inText ? 0 : 1 << 31) | offset
            if rowid != previousRow {
                guard rowid > previousRow else { throw UnorderedInstances() }
                rows.append(rowid)
                frequencies.append(0)
                positionStarts.append(Int32(positions.count))
                previousRow = rowid
            } else if let last = positions.last, position <= last {
                throw UnorderedInstances()
            }
            positions.append(position)
            frequencies[frequencies.count - 1] += Float(inText ? weights.text : weights.package)
            if rowid >= 0, Int(rowid) < sizes.count { sizes[Int(rowid)] += 1 }
            total += 1
        }
        starts.append(Int32(rows.count))
        positionStarts.append(Int32(positions.count))
        return TweetRanker(
            fingerprint: fingerprint, terms: terms, starts: starts, rows: rows, frequencies: frequencies,
            positionStarts: positionStarts, positions: positions, sizes: sizes,
            rowCount: rowCount, averageSize: rowCount > 0 ? Double(total) / Double(rowCount) : 0
        )
    }

    /// The query's phrases, one per word: the word's tokens as FTS5 tokenizes the
    /// quoted word (one token, or several for `debian/control`); words without a
    /// token are left out (FTS5 leaves them out). `nil` when the tokenizer gives
    /// colocated tokens (synonyms), which this ranking does not follow.
    static func phrases(of words: [String], _ db: Database) throws -> [[String]]? {
        let tokenizer = try db.makeTokenizer(Self.tokenizer)
        var phrases: [[String]] = []
        for word in words {
            let tokens = try tokenizer.tokenize(query: word)
            if tokens.contains(where: { $0.flags.contains(.colocated) }) { return nil }
            if !tokens.isEmpty { phrases.append(tokens.map(\.token)) }
        }
        return phrases
    }

    /// The rows a phrase matches, ascending, with its weighted frequency in each (its
    /// instances: the first token at a position, the next ones right after it, in
    /// one column; the column's weight each).
    private func matches(of phrase: [Range<Int>]) -> (rows: [Int32], frequencies: [Double]) {
        guard let first = phrase.first else { return ([], []) }
        var matched: [Int32] = []
        var counted: [Double] = []
        if phrase.count == 1 {
            matched = Array(rows[first])
            counted = frequencies[first].map(Double.init)
            return (matched, counted)
        }
        candidates: for posting in first {
            let rowid = rows[posting]
            var others: [Int] = []
            for range in phrase.dropFirst() {
                guard let at = Self.search(rowid, in: rows, range) else { continue candidates }
                others.append(at)
            }
            var frequency = 0.0
            for index in Int(positionStarts[posting])..<Int(positionStarts[posting + 1]) {
                let start = positions[index]
                let holds = others.enumerated().allSatisfy { step, other in
                    let wanted = start &+ UInt32(step + 1)
                    return Self.contains(wanted, positions, Int(positionStarts[other])..<Int(positionStarts[other + 1]))
                }
                if holds { frequency += start >> 31 == 0 ? Self.weights.text : Self.weights.package }
            }
            if frequency > 0 {
                matched.append(rowid)
                counted.append(frequency)
            }
        }
        return (matched, counted)
    }

    /// The ids of the best `limit` rows matching every phrase: by bm25 (as
    /// `bm25(tweets_fts, 1.0, 0.5)`: lower is better), then the higher id.
    func best(_ phrases: [[String]], limit: Int) -> [Int64] {
        guard !phrases.isEmpty, limit > 0 else { return [] }
        var found: [(rows: [Int32], frequencies: [Double])] = []
        for phrase in phrases {
            var ranges: [Range<Int>] = []
            for term in phrase {
                guard let index = terms[term] else { return [] }
                ranges.append(Int(starts[Int(index)])..<Int(starts[Int(index) + 1]))
            }
            let matched = matches(of: ranges)
            guard !matched.rows.isEmpty else { return [] }
            found.append(matched)
        }
        // FTS5's bm25 constants and idf, per phrase, in query order.
        let k1 = 1.2
        let b = 0.75
        let idf: [Double] = found.map { matched in
            let hits = Int64(matched.rows.count)
            let value = log((Double(rowCount - hits) + 0.5) / (Double(hits) + 0.5))
            return value <= 0 ? 1e-6 : value
        }
        // Candidates from the shortest list, each looked up in the others.
        let shortest = found.indices.min { found[$0].rows.count < found[$1].rows.count } ?? 0
        var scored: [(rank: Double, id: Int32)] = []
        scored.reserveCapacity(found[shortest].rows.count)
        var frequency = [Double](repeating: 0, count: found.count)
        candidates: for (position, rowid) in found[shortest].rows.enumerated() {
            for (phrase, matched) in found.enumerated() {
                if phrase == shortest {
                    frequency[phrase] = matched.frequencies[position]
                } else if let at = Self.search(rowid, in: matched.rows, matched.rows.indices) {
                    frequency[phrase] = matched.frequencies[at]
                } else {
                    continue candidates
                }
            }
            let size = Double(Int(rowid) < sizes.count ? sizes[Int(rowid)] : 0)
            var score = 0.0
            for phrase in found.indices {
                score += idf[phrase] * ((frequency[phrase] * (k1 + 1.0)) / (frequency[phrase] + k1 * (1 - b + b * size / averageSize)))
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

    /// Whether the sorted `values[range]` holds `value`.
    private static func contains(_ value: UInt32, _ values: [UInt32], _ range: Range<Int>) -> Bool {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < range.upperBound && values[low] == value
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
