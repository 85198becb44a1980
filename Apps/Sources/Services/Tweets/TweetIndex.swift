// The tweet index's life: opened at start, imported in the background when its
// corpus is new or changed, searchable once an import has completed.
//
// - At start (``TweetIndex/init(corpus:directory:logger:)``) the store is opened and
//   the corpus's fingerprint computed (a directory listing and a stat per file). If
//   the stored corpus has the same fingerprint, the index is ready at once and no
//   import runs: a second start does not re-import.
// - Otherwise the import runs when the services run (``TweetImportService``, one of
//   the application's services), on a thread of its own: reading and parsing the
//   changelogs is seconds of CPU work, which must not hold one of the few threads
//   of Swift's cooperative pool (2 on this machine) that the routes run on. Todos
//   and the other services answer throughout.
// - While no import has completed, a search answers 503 (Twitter's "Over capacity"
//   error, with what the import has read so far); during a re-import (the corpus
//   changed) the previous index keeps answering until the new one commits.
// - Progress is logged (notice level) every tenth of the changelogs.
// - A graceful shutdown cancels the import between two changelogs (or between
//   batches of writes, rolling back) and waits for its thread to end, so nothing
//   writes to the data directory after the services have stopped.
//
// The state and the import's thread are a ``CorpusImporter``'s, shared with the
// photo library.
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The tweet index: its store, its corpus, and the state of its import.
public final class TweetIndex: Sendable, CorpusImporting {
    /// Where the index stands: `importing` (no import has completed yet; one is
    /// reading the changelogs), `ready` (searchable, over this corpus; a re-import
    /// may be running beside it), or `failed` (no import has completed and the last
    /// one failed).
    public typealias Status = CorpusImportStatus<ImportStats>

    /// The tweets.
    public let store: TweetStore
    /// The changelogs the tweets come from.
    public let corpus: TweetCorpus
    /// How many changelogs the corpus has.
    public var changelogCount: Int { importer.total }

    private let names: [String]
    private let fingerprint: String?
    private let logger: Logger
    private let importer: CorpusImporter<ImportStats>
    /// The ranking statistics in memory, once read from the committed index.
    private let ranking = Mutex(RankingState())

    private struct RankingState {
        var ranker: TweetRanker?
        /// The fingerprint of the corpus whose statistics were last read (or tried).
        var attempted: String?
        /// Callers of ``waitUntilRanked()``.
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Opens the store under `directory` and compares the stored corpus with `corpus`.
    /// - Throws: When the database cannot be opened. A corpus that cannot be listed
    ///   is not an error here: the service starts, and searches answer 503 with why.
    public init(corpus: TweetCorpus, directory: URL, logger: Logger) throws {
        self.store = try TweetStore(directory: directory)
        self.corpus = corpus
        self.logger = logger
        var names: [String] = []
        var fingerprint: String?
        var failure: String?
        do {
            names = try corpus.source.changelogNames()
            fingerprint = try corpus.source.fingerprint(of: names)
        } catch {
            failure = "the changelogs at \(corpus.source.description) cannot be listed: \(error)"
        }
        self.names = names
        self.fingerprint = fingerprint
        importer = CorpusImporter(
            name: "tweets", total: names.count, committed: try store.corpus(), fingerprint: fingerprint, failure: failure, logger: logger
        )
        if corpus.isBundled {
            logger.notice("tweets: using the bundled corpus")
        }
        if let failure {
            logger.error("tweets: \(failure)")
        }
    }

    /// Where the index stands now.
    public var status: Status { importer.status }

    /// Whether an import is due or running.
    public var isImporting: Bool { importer.isImporting }

    /// Waits until no import is due or running, and returns the corpus of the
    /// committed index (`nil` when none could be built).
    public func waitUntilIdle() async -> CorpusSummary? {
        await importer.waitUntilIdle()
    }

    /// The best tweets for user text (every word required), by bm25 then newest
    /// first: ranked in memory once the index's statistics are loaded (after each
    /// import, and at start), by FTS5 before (``TweetRanker``); the two rank alike.
    /// - Parameters:
    ///   - text: The user's words.
    ///   - limit: The most tweets returned.
    ///   - wholeText: Whether each tweet's whole text is read, or its `short_text`.
    public func search(_ text: String, limit: Int, wholeText: Bool = false) async throws -> [StoredTweet] {
        try await store.search(text: text, limit: limit, wholeText: wholeText, ranker: ranking.withLock { $0.ranker })
    }

    /// Whether searches over the committed index are ranked in memory.
    public var ranksInMemory: Bool {
        guard case .ready(let corpus) = status else { return false }
        return ranking.withLock { $0.ranker?.fingerprint } == corpus.fingerprint
    }

    /// Waits until no import is due or running and the committed index's ranking
    /// statistics have been read (or could not be: FTS5 ranks then). Returns at once
    /// when no index could be built.
    public func waitUntilRanked() async {
        guard let corpus = await waitUntilIdle() else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = ranking.withLock { state in
                if state.attempted == corpus.fingerprint { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Runs the import if one is due, on its own thread, and returns when it ends
    /// and the committed index's ranking statistics are in memory (an import reads
    /// them before it ends; a start without an import, on a thread of their own).
    func importIfDue() async {
        await importer.importIfDue { [self] in try runImport() }
        guard case .ready = status, !ranksInMemory else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                loadRanker()
                continuation.resume()
            }
            thread.name = "tweets-ranker"
            thread.start()
        }
    }

    /// Asks a running import to stop at its next check (it rolls back).
    func cancelImport() {
        importer.cancel()
    }

    /// Reads the committed index's ranking statistics into memory.
    private func loadRanker() {
        let clock = ContinuousClock()
        let started = clock.now
        var loaded: TweetRanker?
        do {
            loaded = try store.readRanker(isCancelled: { self.importer.isCancelled })
            if loaded != nil {
                logger.notice("tweets: ranking statistics in memory in \(String(format: "%.2f", (clock.now - started).seconds)) s")
            }
        } catch is CancellationError {
            loaded = nil
        } catch {
            // FTS5 ranks alike, only slower.
            logger.error("tweets: the ranking statistics cannot be read (FTS5 ranks instead): \(error)")
        }
        let attempted = try? store.corpus()?.fingerprint
        let (replaced, waiters) = ranking.withLock { state in
            let replaced = state.ranker
            if let loaded { state.ranker = loaded }
            state.attempted = attempted
            let waiters = state.waiters
            state.waiters = []
            return (replaced, waiters)
        }
        // The statistics replaced are freed, and the waiters resumed, out of the lock.
        _ = replaced
        for waiter in waiters {
            waiter.resume()
        }
    }

    // MARK: The import thread

    private func runImport() throws -> CorpusSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let total = names.count
        let source = corpus.source
        let isCancelled = { self.importer.isCancelled }
        logger.notice("tweets: importing \(changelogs(total)) from \(source.description)")
        let step = max(1, total / 10)
        let (records, stats) = try TweetImport.read(source, names: names, progress: { read in
            importer.progress(read: read)
            if read % step == 0 || read == total {
                logger.notice("tweets: read \(read) of \(changelogs(total))")
            }
        }, isCancelled: isCancelled)
        // An import is due only when the fingerprint was computed.
        let summary = CorpusSummary(
            fingerprint: fingerprint ?? "", source: source.description, isBundled: corpus.isBundled, stats: stats
        )
        logger.notice("tweets: writing \(records.count) tweets and their index")
        let committed = try store.replace(
            with: records, corpus: summary, finishedAt: Date(),
            seconds: { (clock.now - started).seconds }, isCancelled: isCancelled
        )
        // The new index's statistics, before the import counts as ended.
        loadRanker()
        logger.notice("""
            tweets: imported \(stats.tweets) tweets from \(stats.entries) entries of \(stats.packages) packages \
            in \(String(format: "%.1f", committed.stats.seconds)) s (changelogs: \(stats.changelogs) read, \
            \(stats.duplicateChangelogs) copies, \(stats.changelogsSkipped) unreadable; entries: \
            \(stats.duplicateEntries) duplicates, \(stats.malformedEntries) malformed)
            """)
        return committed
    }
}

/// The tweet import as one of the application's services: it runs the import when
/// one is due, then waits for the graceful shutdown; a shutdown during the import
/// cancels it and waits for its thread.
public struct TweetImportService: Service {
    /// The index whose import runs.
    public let index: TweetIndex

    /// Runs the import if due, then waits for the shutdown. A graceful shutdown or
    /// the task's cancellation cancels a running import (and waits for its thread).
    public func run() async throws {
        try await index.runImportService()
    }
}

/// `1 changelog`, `2 changelogs`.
func changelogs(_ count: Int) -> String {
    count == 1 ? "1 changelog" : "\(count) changelogs"
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
