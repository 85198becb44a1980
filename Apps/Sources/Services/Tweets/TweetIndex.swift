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
// The state is kept under a `Mutex`; waiting continuations are resumed after it is
// released.
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The tweet index: its store, its corpus, and the state of its import.
public final class TweetIndex: Sendable {
    /// Where the index stands.
    public enum Status: Sendable, Equatable {
        /// No import has completed yet; one is reading the changelogs.
        case importing(read: Int, of: Int)
        /// Searchable, over this corpus (a re-import may be running beside it).
        case ready(CorpusSummary)
        /// No import has completed and the last one failed.
        case failed(String)
    }

    /// The tweets.
    public let store: TweetStore
    /// The changelogs the tweets come from.
    public let corpus: TweetCorpus
    /// How many changelogs the corpus has.
    public let changelogCount: Int

    private let names: [String]
    private let fingerprint: String?
    private let logger: Logger
    private let cancelled = Atomic<Bool>(false)
    private let state: Mutex<State>

    private struct State {
        /// The corpus of the committed index, once one exists.
        var committed: CorpusSummary?
        /// Whether an import is due or running.
        var importing: Bool
        /// Changelogs read by the running import.
        var read = 0
        /// Why the last import failed, if it did.
        var failure: String?
        /// Whether the import thread was started.
        var started = false
        /// Callers of ``waitUntilIdle()``.
        var waiters: [CheckedContinuation<CorpusSummary?, Never>] = []
    }

    /// Opens the store under `directory` and compares the stored corpus with `corpus`.
    /// - Throws: When the database cannot be opened. A corpus that cannot be listed
    ///   is not an error here: the service starts, and searches answer 503 with why.
    public init(corpus: TweetCorpus, directory: URL, logger: Logger) throws {
        self.store = try TweetStore(directory: directory)
        self.corpus = corpus
        self.logger = logger
        let committed = try store.corpus()
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
        self.changelogCount = names.count
        let importing = fingerprint != nil && committed?.fingerprint != fingerprint
        state = Mutex(State(committed: committed, importing: importing, failure: failure))
        if corpus.isBundled {
            logger.notice("tweets: using the bundled corpus")
        }
        if let failure {
            logger.error("tweets: \(failure)")
        }
    }

    /// Where the index stands now.
    public var status: Status {
        state.withLock { state in
            if let committed = state.committed { return .ready(committed) }
            if let failure = state.failure, !state.importing { return .failed(failure) }
            return .importing(read: state.read, of: names.count)
        }
    }

    /// Whether an import is due or running.
    public var isImporting: Bool {
        state.withLock { $0.importing }
    }

    /// Waits until no import is due or running, and returns the corpus of the
    /// committed index (`nil` when none could be built).
    public func waitUntilIdle() async -> CorpusSummary? {
        await withCheckedContinuation { continuation in
            let committed: CorpusSummary?? = state.withLock { state in
                if state.importing {
                    state.waiters.append(continuation)
                    return nil
                }
                return .some(state.committed)
            }
            if let committed {
                continuation.resume(returning: committed)
            }
        }
    }

    /// Runs the import if one is due, on its own thread, and returns when it ends.
    func importIfDue() async {
        let start: Bool = state.withLock { state in
            guard state.importing, !state.started else { return false }
            state.started = true
            return true
        }
        if start {
            let thread = Thread { [self] in runImport() }
            thread.name = "tweets-import"
            thread.start()
        }
        _ = await waitUntilIdle()
    }

    /// Asks a running import to stop at its next check (it rolls back).
    func cancelImport() {
        cancelled.store(true, ordering: .relaxed)
    }

    // MARK: The import thread

    private func runImport() {
        let clock = ContinuousClock()
        let started = clock.now
        let total = names.count
        let source = corpus.source
        let isCancelled = { self.cancelled.load(ordering: .relaxed) }
        logger.notice("tweets: importing \(changelogs(total)) from \(source.description)")
        do {
            let step = max(1, total / 10)
            let (records, stats) = try TweetImport.read(source, names: names, progress: { read in
                state.withLock { $0.read = read }
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
            logger.notice("""
                tweets: imported \(stats.tweets) tweets from \(stats.entries) entries of \(stats.packages) packages \
                in \(String(format: "%.1f", committed.stats.seconds)) s (changelogs: \(stats.changelogs) read, \
                \(stats.duplicateChangelogs) copies, \(stats.changelogsSkipped) unreadable; entries: \
                \(stats.duplicateEntries) duplicates, \(stats.malformedEntries) malformed)
                """)
            finish(committed: committed, failure: nil)
        } catch is CancellationError {
            logger.notice("tweets: import cancelled")
            finish(committed: nil, failure: "the import was cancelled")
        } catch {
            logger.error("tweets: import failed: \(error)")
            finish(committed: nil, failure: "the import failed: \(error)")
        }
    }

    private func finish(committed: CorpusSummary?, failure: String?) {
        let (waiters, result) = state.withLock { state in
            if let committed { state.committed = committed }
            state.failure = failure
            state.importing = false
            let waiters = state.waiters
            state.waiters = []
            return (waiters, state.committed)
        }
        for waiter in waiters {
            waiter.resume(returning: result)
        }
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
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await index.importIfDue()
            } onGracefulShutdown: {
                index.cancelImport()
            }
        } onCancel: {
            index.cancelImport()
        }
        try? await gracefulShutdown()
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
