// From the scan's files to photo records and thumbnails, one file at a time:
//
// 1. read the file (at most ``PhotoImport/maximumFileBytes``) and take its SHA-256:
//    a file with the same bytes as one already read is a copy, counted and left out;
// 2. decode it with libpng or libjpeg (``ImageCodec``): a file they refuse is
//    counted as malformed and left out, never a crash;
// 3. an image whose shorter side is under ``PhotoImport/minimumSide`` pixels is a
//    button or a bullet, not a photo: counted and left out;
// 4. describe it (``PhotoMetadata``) and make its thumbnails, unless the cache
//    already has them for these bytes.
//
// The owners of the machine's files are looked up once, before the first file.
import Crypto
import Foundation
import ImageFormats

/// Reads a scan into photo records.
public enum PhotoImport {
    /// The smallest shorter side of a photo, in pixels.
    public static let minimumSide = 100
    /// The largest file read.
    public static let maximumFileBytes = 256 << 20

    /// Reads the scan's files in order, making the thumbnails of each into `cache`.
    /// - Parameters:
    ///   - progress: Called after each file with the number read so far.
    ///   - isCancelled: Asked before each file; `true` stops with `CancellationError`.
    ///   - packagesDirectory: dpkg's lists (tests pass a folder of their own).
    ///   - backgroundNamesDirectory: GNOME's background lists, which name the
    ///     machine's backgrounds (tests pass a folder of their own).
    public static func read(
        _ scan: PhotoScan,
        cache: ThumbnailCache,
        packagesDirectory: String = DebianPackages.infoDirectory,
        backgroundNamesDirectory: String = GnomeBackgroundNames.directory,
        progress: (Int) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> (records: [PhotoRecord], stats: PhotoImportStats, skipped: [String: String]) {
        var stats = PhotoImportStats()
        stats.candidates = scan.candidates.count
        var records: [PhotoRecord] = []
        var digests = Set<String>()
        var skipped: [String: String] = [:]
        let machinePaths = Set(scan.candidates.filter(\.fromMachine).map(\.path))
        let packages = DebianPackages.owners(of: machinePaths, infoDirectory: packagesDirectory)
        var wallpapers: [String: WallpaperMetadata?] = [:]
        let backgroundNames = machinePaths.isEmpty ? [:] : GnomeBackgroundNames.read(directory: backgroundNamesDirectory)

        for (index, candidate) in scan.candidates.enumerated() {
            if isCancelled() { throw CancellationError() }
            defer { progress(index + 1) }
            let bytes: [UInt8]
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: candidate.path))
                defer { try? handle.close() }
                bytes = Array(try handle.read(upToCount: maximumFileBytes + 1) ?? Data())
                guard bytes.count <= maximumFileBytes else { throw ImageCodec.Failure(description: "larger than \(maximumFileBytes) bytes") }
            } catch {
                stats.malformed += 1
                skipped[candidate.path] = "unreadable: \(error)"
                continue
            }
            let digest = hexString(SHA256.hash(data: bytes)).prefix(32)
            guard digests.insert(String(digest)).inserted else {
                stats.duplicates += 1
                continue
            }
            let decoded: DecodedImage
            do {
                decoded = try ImageCodec.decode(
                    bytes, minimumLong: ThumbnailVariant.minimumDecodedLong, minimumShort: ThumbnailVariant.minimumDecodedShort
                )
            } catch {
                stats.malformed += 1
                skipped[candidate.path] = "\(error)"
                continue
            }
            guard min(decoded.width, decoded.height) >= minimumSide else {
                stats.tooSmall += 1
                skipped[candidate.path] = "\(decoded.width)x\(decoded.height): smaller than \(minimumSide) pixels"
                continue
            }
            let wallpaper = candidate.wallpaperPackage.flatMap { package in
                if let known = wallpapers[package] { return known }
                let metadata = WallpaperMetadata.read(package)
                wallpapers[package] = metadata
                return metadata
            } ?? backgroundNames[candidate.path].map { WallpaperMetadata(name: $0, authors: []) }
            let description = PhotoMetadata.describe(candidate, texts: decoded.texts, packages: packages, wallpaper: wallpaper)
            if ["Title", "Author", "Creation Time"].contains(where: { PhotoMetadata.nonEmpty(decoded.texts[$0]) != nil }) {
                stats.withMetadata += 1
            }
            if cache.hasAll(digest: String(digest)) {
                stats.thumbnailsReused += 1
            } else {
                do {
                    try cache.write(digest: String(digest), decoded: decoded)
                    stats.thumbnailsMade += 1
                } catch {
                    stats.malformed += 1
                    skipped[candidate.path] = "thumbnails: \(error)"
                    continue
                }
            }
            records.append(PhotoRecord(
                path: candidate.path, digest: String(digest), title: description.title, description: description.description,
                keywords: description.keywords, owner: description.author, takenAt: description.date,
                width: decoded.width, height: decoded.height, format: decoded.format
            ))
        }
        stats.photos = records.count
        return (records, stats, skipped)
    }
}
