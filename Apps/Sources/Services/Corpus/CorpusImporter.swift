// The life of an imported corpus, shared by the tweet index (`TweetIndex`) and the
// photo library (`PhotoLibrary`): at start the store's recorded corpus is compared
// with the source's fingerprint; when they differ an import is due, and it runs
// when the services run, on a thread of its own (reading changelogs or decoding
// images is seconds of CPU work, which must not hold one of the few threads of
// Swift's cooperative pool, 2 on this machine, that the routes run on).
//
// - Until an import has completed the corpus is `importing` (with how far the import
//   has read) or `failed`; once one has, `ready`, and a later re-import leaves the
//   previous corpus answering until it commits.
// - A graceful shutdown or a cancellation asks the import to stop at its next check
//   (it rolls back) and waits for its thread, so nothing writes to the data
//   directory after the services have stopped.
//
// The state is kept under a `Mutex`; waiting continuations are resumed after it is
// released, and the import's work runs outside it.
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Where an imported corpus stands.
public enum CorpusImportStatus<Stats: CorpusImportStats>: Sendable, Equatable {
    /// No import has completed yet; one is reading its source.
    case importing(read: Int, of: Int)
    /// Served, from this corpus (a re-import may be running beside it).
    case ready(ImportedCorpus<Stats>)
    /// No import has completed and the last one failed.
    case failed(String)
}

/// The state of a corpus's import, and the thread it runs on.
final class CorpusImporter<Stats: CorpusImportStats>: Sendable {
    typealias Summary = ImportedCorpus<Stats>

    /// How many items (changelogs, image files) the source has.
    let total: Int

    private let name: String
    private let logger: Logger
    private let cancelled = Atomic<Bool>(false)
    private let state: Mutex<State>

    private struct State {
        /// The corpus of the committed import, once one exists.
        var committed: Summary?
        /// Whether an import is due or running.
        var importing: Bool
        /// Items read by the running import.
        var read = 0
        /// Why the last import failed, if it did.
        var failure: String?
        /// Whether the import thread was started.
        var started = false
        /// Callers of ``waitUntilIdle()``.
        var waiters: [CheckedContinuation<Summary?, Never>] = []
    }

    /// - Parameters:
    ///   - name: The corpus's name in the log and the thread's (`tweets`, `photos`).
    ///   - committed: The store's recorded corpus.
    ///   - fingerprint: The source's fingerprint now; `nil` when it could not be
    ///     computed (no import is due then).
    ///   - failure: Why the source cannot be imported, if known at start.
    init(name: String, total: Int, committed: Summary?, fingerprint: String?, failure: String? = nil, logger: Logger) {
        self.name = name
        self.total = total
        self.logger = logger
        let importing = fingerprint != nil && committed?.fingerprint != fingerprint
        state = Mutex(State(committed: committed, importing: importing, failure: failure))
    }

    /// Where the corpus stands now.
    var status: CorpusImportStatus<Stats> {
        state.withLock { state in
            if let committed = state.committed { return .ready(committed) }
            if let failure = state.failure, !state.importing { return .failed(failure) }
            return .importing(read: state.read, of: total)
        }
    }

    /// Whether an import is due or running.
    var isImporting: Bool {
        state.withLock { $0.importing }
    }

    /// Whether the running import was asked to stop.
    var isCancelled: Bool {
        cancelled.load(ordering: .relaxed)
    }

    /// Notes how many items the running import has read.
    func progress(read: Int) {
        state.withLock { $0.read = read }
    }

    /// Waits until no import is due or running; returns the committed corpus (`nil`
    /// when none could be built).
    func waitUntilIdle() async -> Summary? {
        await withCheckedContinuation { continuation in
            let committed: Summary?? = state.withLock { state in
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

    /// Runs `work` on a thread of its own if an import is due and none was started,
    /// and returns when no import is due or running. `work` returns the corpus it
    /// committed; a `CancellationError` is a cancelled import, any other error a
    /// failed one (logged).
    func importIfDue(_ work: @escaping @Sendable () throws -> Summary) async {
        let start: Bool = state.withLock { state in
            guard state.importing, !state.started else { return false }
            state.started = true
            return true
        }
        if start {
            let thread = Thread { [self] in
                do {
                    finish(committed: try work(), failure: nil)
                } catch is CancellationError {
                    logger.notice("\(name): import cancelled")
                    finish(committed: nil, failure: "the import was cancelled")
                } catch {
                    logger.error("\(name): import failed: \(error)")
                    finish(committed: nil, failure: "the import failed: \(error)")
                }
            }
            thread.name = "\(name)-import"
            thread.start()
        }
        _ = await waitUntilIdle()
    }

    /// Asks a running import to stop at its next check.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    private func finish(committed: Summary?, failure: String?) {
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

/// A corpus whose import runs beside the services (the tweet index, the photo library).
protocol CorpusImporting: Sendable {
    /// Runs the import if one is due, and returns when it ends.
    func importIfDue() async
    /// Asks a running import to stop at its next check.
    func cancelImport()
}

extension CorpusImporting {
    /// The import as one of the application's services: it runs the import if due,
    /// then waits for the graceful shutdown; a shutdown or the task's cancellation
    /// during the import cancels it and waits for its thread.
    func runImportService() async throws {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await importIfDue()
            } onGracefulShutdown: {
                cancelImport()
            }
        } onCancel: {
            cancelImport()
        }
        try? await gracefulShutdown()
    }
}
