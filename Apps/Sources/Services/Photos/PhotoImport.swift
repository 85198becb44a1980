// From the scan's files to photo records and thumbnails, one file at a time:
//
// 1. read the file (at most ``PhotoImport/maximumFileBytes``) and take its SHA-256:
//    a file with the same bytes as one already read is a copy, counted and left out;
// 2. decode it with libpng or libjpeg (``ImageCodec``), a WebP or SVG file once
//    converted to PNG (``PictureConversion``): a file they refuse, or one whose
//    tool is missing, is counted as malformed and left out (with the reason),
//    never a crash;
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
    ///   - conversion: What turns WebP and SVG files into PNG.
    public static func read(
        _ scan: PhotoScan,
        cache: ThumbnailCache,
        packagesDirectory: String = DebianPackages.infoDirectory,
        backgroundNamesDirectory: String = GnomeBackgroundNames.directory,
        conversion: PictureConversion = PictureConversion(),
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
            var decoded: DecodedImage
            do {
                decoded = try decode(bytes, path: candidate.path, conversion: conversion)
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

    /// Decodes a PNG or JPEG file's bytes, or converts a WebP or SVG file to PNG
    /// first; the result keeps the file's own format and size (a WebP's header, an
    /// SVG's root element), and an SVG's title and creator.
    static func decode(_ bytes: [UInt8], path: String, conversion: PictureConversion) throws -> DecodedImage {
        let minimumLong = ThumbnailVariant.minimumDecodedLong, minimumShort = ThumbnailVariant.minimumDecodedShort
        guard let format = ImageFormat.of(bytes), format == .webp || format == .svg else {
            return try ImageCodec.decode(bytes, minimumLong: minimumLong, minimumShort: minimumShort)
        }
        var decoded = try ImageCodec.decode(conversion.png(path: path, format: format))
        decoded.format = format
        decoded.texts = [:]   // the converter's own PNG text chunks say nothing of the picture
        if let size = PictureConversion.webpSize(bytes) { (decoded.width, decoded.height) = size }
        if format == .svg, let drawing = try? ClipartMetadata.read(bytes) {
            // A drawing's own size, title and creator, as its root and metadata say.
            if let width = drawing.width, let height = drawing.height, width >= 1, height >= 1, width < 1e6, height < 1e6 {
                (decoded.width, decoded.height) = (Int(width.rounded()), Int(height.rounded()))
            }
            decoded.texts["Title"] = drawing.title
            decoded.texts["Author"] = drawing.creator
        }
        return decoded
    }
}
