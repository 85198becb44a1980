// The photo corpus's life, as the tweet index's (`TweetIndex`): scanned at start,
// imported in the background when its files are new or changed, served once an
// import has completed. The corpus is the photographs (``PhotoCorpus``) and, when
// it has a clipart folder, the drawings (``ClipartCorpus``): one scan of each, one
// fingerprint of both, one import that reads both and commits them together.
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
//
// The state and the import's thread are a ``CorpusImporter``'s, shared with the
// tweet index.
import Crypto
import Foundation
import Logging
import ServiceLifecycle

/// The photo corpus: its store, its scan, its thumbnails, and the state of its import.
public final class PhotoLibrary: Sendable, CorpusImporting {
    /// Where the library stands: `importing` (no import has completed yet; one is
    /// reading the files), `ready` (served, from this corpus; a re-import may be
    /// running beside it), or `failed` (no import has completed and the last one
    /// failed).
    public typealias Status = CorpusImportStatus<PhotoImportStats>

    /// The photos and their rows.
    public let store: PhotoStore
    /// The thumbnails.
    public let thumbnails: ThumbnailCache
    /// What the start's scan found.
    public let scan: PhotoScan
    /// What the start's scan of the drawings found; `nil` when the corpus has none.
    public let clipartScan: ClipartScan?
    /// The drawings' thumbnails, drawn on first request.
    public let drawings: ClipartThumbnails
    /// The packages the full collections would need, found at start.
    public let missingPackages: [String]

    private let packagesDirectory: String
    private let conversion: PictureConversion
    private let logger: Logger
    private let importer: CorpusImporter<PhotoImportStats>

    /// Opens the store under `directory` and scans `corpus`.
    /// - Parameters:
    ///   - packagesDirectory: dpkg's file lists, for the machine's owners.
    ///   - rasterizer: Draws the drawings' thumbnails (default: `rsvg-convert`).
    ///   - conversion: Turns the photographs' WebP and SVG files into PNG at import.
    public init(
        corpus: PhotoCorpus, directory: URL, logger: Logger, packagesDirectory: String = DebianPackages.infoDirectory,
        rasterizer: any SVGRasterizing = RsvgConvert(), conversion: PictureConversion = PictureConversion()
    ) throws {
        self.conversion = conversion
        self.store = try PhotoStore(directory: directory)
        self.thumbnails = ThumbnailCache(dataDirectory: directory)
        self.drawings = ClipartThumbnails(dataDirectory: directory, rasterizer: rasterizer, logger: logger)
        self.logger = logger
        self.packagesDirectory = packagesDirectory
        let committed = try store.corpus()
        scan = corpus.scan()
        clipartScan = corpus.clipart?.scan()
        let found = (rasterizer as? RsvgConvert).map { $0.executable != nil } ?? true
        missingPackages = PictureCollections.missingPackages(
            corpus: corpus, exists: { FileManager.default.fileExists(atPath: $0) }, rendererFound: found,
            formatsNeedingTools: Set(scan.candidates.compactMap { PictureCollections.convertedFormat(ofPath: $0.path) }),
            conversion: conversion
        )
        importer = CorpusImporter(
            name: "photos", total: scan.candidates.count + (clipartScan?.files.count ?? 0), committed: committed,
            fingerprint: Self.fingerprint(scan, clipartScan), logger: logger
        )
        if let note = scan.note {
            logger.notice("photos: \(note); using the bundled images")
        }
        if let clipartScan, !clipartScan.exists {
            logger.notice("photos: no drawings: \(clipartScan.directory) does not exist")
        }
        if !missingPackages.isEmpty {
            logger.notice("photos: for the full collections: apt-get install \(missingPackages.joined(separator: " "))")
        }
    }

    /// The photographs' fingerprint, and the drawings' when there are some.
    static func fingerprint(_ scan: PhotoScan, _ clipart: ClipartScan?) -> String {
        guard let clipart, clipart.exists else { return scan.fingerprint }
        return hexString(SHA256.hash(data: Data("\(scan.fingerprint)\n\(clipart.fingerprint)".utf8)))
    }

    /// What each API serves now, and the packages that would complete it.
    public var collections: PictureCollections {
        let stats: PhotoImportStats? = if case .ready(let corpus) = status { corpus.stats } else { nil }
        var wall = scan.isBundled ? "the bundled images" : "photographs from \(scan.description)"
        if let stats { wall = "\(stats.photos) " + (scan.isBundled ? "bundled images" : wall) }
        var search = wall
        if let clipartScan, clipartScan.exists {
            let count = stats?.clipart.map { "\($0.drawings) " } ?? ""
            search += " and \(count)drawings from \(clipartScan.directory)"
        }
        return PictureCollections(wall: wall, search: search, missingPackages: missingPackages)
    }

    /// Where the library stands now.
    public var status: Status { importer.status }

    /// Whether an import is due or running.
    public var isImporting: Bool { importer.isImporting }

    /// Waits until no import is due or running; returns the committed corpus (`nil`
    /// when none could be built).
    public func waitUntilIdle() async -> PhotoCorpusSummary? {
        await importer.waitUntilIdle()
    }

    /// Runs the import if one is due, on its own thread, and returns when it ends
    /// (``PhotoImportService`` calls it when the services run; a caller without the
    /// services, a test, may call it itself).
    public func importIfDue() async {
        await importer.importIfDue { [self] in try runImport() }
    }

    /// Asks a running import to stop at its next check.
    func cancelImport() {
        importer.cancel()
    }

    private func runImport() throws -> PhotoCorpusSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let total = importer.total
        let isCancelled = { self.importer.isCancelled }
        let drawingFiles = clipartScan.map { $0.exists ? $0.files.count : 0 } ?? 0
        let drawingsPart = drawingFiles > 0 ? " and \(drawingFiles) drawings from \(clipartScan?.directory ?? "")" : ""
        logger.notice("photos: importing \(scan.candidates.count) image file\(scan.candidates.count == 1 ? "" : "s") from \(scan.description)\(drawingsPart)")
        let step = max(1, total / 10)
        let progress = { [self] (read: Int) in
            importer.progress(read: read)
            if read % step == 0 || read == total {
                logger.notice("photos: read \(read) of \(total) files")
            }
        }
        var (records, stats, skipped) = try PhotoImport.read(
            scan, cache: thumbnails, packagesDirectory: packagesDirectory, conversion: conversion, progress: progress,
            isCancelled: isCancelled
        )
        var source = scan.description
        if let clipartScan, clipartScan.exists {
            let photographs = scan.candidates.count
            let drawings = try ClipartImport.read(clipartScan, progress: { progress(photographs + $0) }, isCancelled: isCancelled)
            records += drawings.records
            stats.clipart = drawings.stats
            skipped.merge(drawings.skipped) { first, _ in first }
            source += " and \(clipartScan.directory)"
        }
        for (path, reason) in skipped.sorted(by: { $0.key < $1.key }) {
            logger.info("photos: skipped \(path): \(reason)")
        }
        let summary = PhotoCorpusSummary(
            fingerprint: Self.fingerprint(scan, clipartScan), source: source, isBundled: scan.isBundled, stats: stats
        )
        let committed = try store.replace(
            with: records, corpus: summary, now: Date(), seconds: { (clock.now - started).seconds }, isCancelled: isCancelled
        )
        thumbnails.prune(keeping: Set(records.filter { $0.kind == .photograph }.map(\.digest)))
        drawings.prune(keeping: Set(records.filter { $0.kind == .drawing }.map(\.digest)))
        logger.notice("photos: \(describePhotos(committed))")
        return committed
    }
}

/// `13 photos from 15 files (2 malformed, 0 too small, 0 copies; thumbnails: 13 made, 0 cached) in 1.2 s`.
public func describePhotos(_ corpus: PhotoCorpusSummary) -> String {
    let stats = corpus.stats
    return "\(stats.photos) photo\(stats.photos == 1 ? "" : "s") from \(stats.candidates) file\(stats.candidates == 1 ? "" : "s")"
        + " (\(stats.malformed) malformed, \(stats.tooSmall) too small, \(stats.duplicates) copies;"
        + " \(stats.withMetadata) with metadata; thumbnails: \(stats.thumbnailsMade) made, \(stats.thumbnailsReused) cached)"
        + (stats.clipart.map { clipart in
            "; \(clipart.drawings) drawing\(clipart.drawings == 1 ? "" : "s") from \(clipart.files) file\(clipart.files == 1 ? "" : "s")"
                + " (\(clipart.malformed) malformed, \(clipart.copies) copies, \(clipart.links) links, \(clipart.untitled) untitled)"
        } ?? "")
        + " imported in \(String(format: "%.1f", stats.seconds)) s"
}

/// The photo import as one of the application's services (as ``TweetImportService``).
public struct PhotoImportService: Service {
    /// The library whose import runs.
    public let library: PhotoLibrary

    /// Runs the import if due, then waits for the shutdown; a shutdown or
    /// cancellation cancels a running import and waits for its thread.
    public func run() async throws {
        try await library.runImportService()
    }
}
