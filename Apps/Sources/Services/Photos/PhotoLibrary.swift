// The photo corpus's life, as the tweet index's (`TweetIndex`): scanned at start,
// imported in the background when its files are new or changed, served once an
// import has completed.
//
// - At start (``PhotoLibrary/init(corpus:directory:logger:packagesDirectory:)``) the store is opened and
//   the corpus scanned (a walk of the roots with a `stat` per entry: 0.1 to 0.3 s
//   for `/usr/share` here). If the stored corpus has the same fingerprint,
//   the photos are served at once and nothing is imported: a second start does not
//   decode an image or make a thumbnail.
// - Otherwise the import runs when the services run (``PhotoImportService``), on a
//   thread of its own: decoding and scaling is CPU work that must not hold one of
//   the cooperative pool's threads the routes run on. The other services answer
//   throughout.
// - Until an import has completed, the photo routes answer 503 (500px) or Flickr's
//   error 105; during a re-import the previous photos keep answering.
// - Progress is logged (notice level) every tenth of the files; each skipped file is
//   logged at info level with why.
// - A graceful shutdown cancels the import between two files and waits for its
//   thread; nothing is committed then (the thumbnails already made stay cached).
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The photo corpus: its store, its scan, its thumbnails, and the state of its import.
public final class PhotoLibrary: Sendable {
    /// Where the library stands.
    public enum Status: Sendable, Equatable {
        /// No import has completed yet; one is reading the files.
        case importing(read: Int, of: Int)
        /// Served, from this corpus (a re-import may be running beside it).
        case ready(PhotoCorpusSummary)
        /// No import has completed and the last one failed.
        case failed(String)
    }

    /// The photos and their rows.
    public let store: PhotoStore
    /// The thumbnails.
    public let thumbnails: ThumbnailCache
    /// What the start's scan found.
    public let scan: PhotoScan

    private let packagesDirectory: String
    private let logger: Logger
    private let cancelled = Atomic<Bool>(false)
    private let state: Mutex<State>

    private struct State {
        var committed: PhotoCorpusSummary?
        var importing: Bool
        var read = 0
        var failure: String?
        var started = false
        var waiters: [CheckedContinuation<PhotoCorpusSummary?, Never>] = []
    }

    /// Opens the store under `directory` and scans `corpus`.
    /// - Parameter packagesDirectory: dpkg's file lists, for the machine's owners.
    public init(
        corpus: PhotoCorpus, directory: URL, logger: Logger, packagesDirectory: String = DebianPackages.infoDirectory
    ) throws {
        self.store = try PhotoStore(directory: directory)
        self.thumbnails = ThumbnailCache(dataDirectory: directory)
        self.logger = logger
        self.packagesDirectory = packagesDirectory
        let committed = try store.corpus()
        scan = corpus.scan()
        let importing = committed?.fingerprint != scan.fingerprint
        state = Mutex(State(committed: committed, importing: importing))
        if let note = scan.note {
            logger.notice("photos: \(note); using the bundled images")
        }
    }

    /// Where the library stands now.
    public var status: Status {
        state.withLock { state in
            if let committed = state.committed { return .ready(committed) }
            if let failure = state.failure, !state.importing { return .failed(failure) }
            return .importing(read: state.read, of: scan.candidates.count)
        }
    }

    /// Whether an import is due or running.
    public var isImporting: Bool {
        state.withLock { $0.importing }
    }

    /// Waits until no import is due or running; returns the committed corpus (`nil`
    /// when none could be built).
    public func waitUntilIdle() async -> PhotoCorpusSummary? {
        await withCheckedContinuation { continuation in
            let committed: PhotoCorpusSummary?? = state.withLock { state in
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

    /// Runs the import if one is due, on its own thread, and returns when it ends
    /// (``PhotoImportService`` calls it when the services run; a caller without the
    /// services, a test, may call it itself).
    public func importIfDue() async {
        let start: Bool = state.withLock { state in
            guard state.importing, !state.started else { return false }
            state.started = true
            return true
        }
        if start {
            let thread = Thread { [self] in runImport() }
            thread.name = "photos-import"
            thread.start()
        }
        _ = await waitUntilIdle()
    }

    /// Asks a running import to stop at its next check.
    func cancelImport() {
        cancelled.store(true, ordering: .relaxed)
    }

    private func runImport() {
        let clock = ContinuousClock()
        let started = clock.now
        let total = scan.candidates.count
        let isCancelled = { self.cancelled.load(ordering: .relaxed) }
        logger.notice("photos: importing \(total) image file\(total == 1 ? "" : "s") from \(scan.description)")
        do {
            let step = max(1, total / 10)
            let (records, stats, skipped) = try PhotoImport.read(
                scan, cache: thumbnails, packagesDirectory: packagesDirectory,
                progress: { read in
                    state.withLock { $0.read = read }
                    if read % step == 0 || read == total {
                        logger.notice("photos: read \(read) of \(total) files")
                    }
                },
                isCancelled: isCancelled
            )
            for (path, reason) in skipped.sorted(by: { $0.key < $1.key }) {
                logger.info("photos: skipped \(path): \(reason)")
            }
            let summary = PhotoCorpusSummary(fingerprint: scan.fingerprint, source: scan.description, isBundled: scan.isBundled, stats: stats)
            let committed = try store.replace(
                with: records, corpus: summary, now: Date(), seconds: { (clock.now - started).seconds }, isCancelled: isCancelled
            )
            thumbnails.prune(keeping: Set(records.map(\.digest)))
            logger.notice("photos: \(describePhotos(committed))")
            finish(committed: committed, failure: nil)
        } catch is CancellationError {
            logger.notice("photos: import cancelled")
            finish(committed: nil, failure: "the import was cancelled")
        } catch {
            logger.error("photos: import failed: \(error)")
            finish(committed: nil, failure: "the import failed: \(error)")
        }
    }

    private func finish(committed: PhotoCorpusSummary?, failure: String?) {
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

/// `13 photos from 15 files (2 malformed, 0 too small, 0 copies; thumbnails: 13 made, 0 cached) in 1.2 s`.
public func describePhotos(_ corpus: PhotoCorpusSummary) -> String {
    let stats = corpus.stats
    return "\(stats.photos) photo\(stats.photos == 1 ? "" : "s") from \(stats.candidates) file\(stats.candidates == 1 ? "" : "s")"
        + " (\(stats.malformed) malformed, \(stats.tooSmall) too small, \(stats.duplicates) copies;"
        + " \(stats.withMetadata) with metadata; thumbnails: \(stats.thumbnailsMade) made, \(stats.thumbnailsReused) cached)"
        + " imported in \(String(format: "%.1f", stats.seconds)) s"
}

/// The photo import as one of the application's services (as ``TweetImportService``).
public struct PhotoImportService: Service {
    /// The library whose import runs.
    public let library: PhotoLibrary

    /// Runs the import if due, then waits for the shutdown; a shutdown or
    /// cancellation cancels a running import and waits for its thread.
    public func run() async throws {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await library.importIfDue()
            } onGracefulShutdown: {
                library.cancelImport()
            }
        } onCancel: {
            library.cancelImport()
        }
        try? await gracefulShutdown()
    }
}
