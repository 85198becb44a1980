// From a clipart scan to photo records, one drawing at a time: read the file (at
// most ``ClipartImport/maximumFileBytes``), take its SHA-256 (a drawing with the
// same bytes as one already read is a copy, counted and left out), read its
// metadata (``ClipartMetadata``; a malformed file is counted, logged and left out,
// never a crash). Nothing is rendered here: the thumbnails are drawn on first
// request (``ClipartThumbnails``).
//
// | Record | From |
// |---|---|
// | title | `dc:title`, else the file name humanised |
// | owner | the creator, else "unknown" |
// | description | `dc:description` |
// | keywords | the `dc:subject` keywords, then the folders below the category and those of the links to the file, lowercased, once each |
// | category | the first folder under the root |
// | date | `dc:date`, else the modification time |
// | size | the root element's, else 240×240 |
import Crypto
import Foundation

/// What the clipart index read.
public struct ClipartImportStats: Codable, Sendable, Equatable {
    /// Drawings the scan found (links not counted).
    public var files = 0
    /// Links that file a drawing again under another folder.
    public var links = 0
    /// Drawings indexed.
    public var drawings = 0
    /// Files left out: unreadable, or metadata that cannot be read.
    public var malformed = 0
    /// Drawings indexed without a `dc:title` (named by their file).
    public var untitled = 0
    /// Drawings indexed without a creator.
    public var anonymous = 0
    /// Files with the same bytes as one already indexed.
    public var copies = 0

    /// Empty statistics.
    public init() {}
}

/// Reads a clipart scan into records.
public enum ClipartImport {
    /// The largest drawing read.
    public static let maximumFileBytes = 32 << 20
    /// The size given to a drawing whose root element says none.
    public static let defaultSide = 240
    /// The owner of a drawing without a creator.
    public static let unknownCreator = "unknown"

    /// Reads the scan's drawings in order.
    /// - Parameters:
    ///   - progress: Called after each file with the number read so far.
    ///   - isCancelled: Asked before each file; `true` stops with `CancellationError`.
    public static func read(
        _ scan: ClipartScan,
        progress: (Int) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> (records: [PhotoRecord], stats: ClipartImportStats, skipped: [String: String]) {
        var stats = ClipartImportStats()
        stats.files = scan.files.count
        stats.links = scan.links
        var records: [PhotoRecord] = []
        var skipped: [String: String] = [:]
        var digests = Set<String>()
        let dates = ClipartDates()
        for (index, file) in scan.files.enumerated() {
            if isCancelled() { throw CancellationError() }
            defer { progress(index + 1) }
            let bytes: [UInt8]
            let description: ClipartDescription
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file.path))
                defer { try? handle.close() }
                bytes = Array(try handle.read(upToCount: maximumFileBytes + 1) ?? Data())
                guard bytes.count <= maximumFileBytes else { throw ClipartMalformed(description: "larger than \(maximumFileBytes) bytes") }
                description = try ClipartMetadata.read(bytes)
            } catch {
                stats.malformed += 1
                skipped[file.path] = "\(error)"
                continue
            }
            let digest = String(hexString(SHA256.hash(data: bytes)).prefix(32))
            guard digests.insert(digest).inserted else {
                stats.copies += 1
                continue
            }
            let stem = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
            if description.title == nil { stats.untitled += 1 }
            if description.creator == nil { stats.anonymous += 1 }
            var words: [String] = []
            var seen = Set<String>()
            for keyword in description.keywords + file.folders {
                let word = keyword.lowercased()
                if seen.insert(word).inserted { words.append(word) }
            }
            let (width, height) = size(description)
            records.append(PhotoRecord(
                path: file.path, digest: digest,
                title: String((description.title ?? PhotoMetadata.humanise(stem)).prefix(200)),
                description: String(description.description.prefix(2000)),
                keywords: String(words.joined(separator: " ").prefix(2000)),
                owner: String((description.creator ?? unknownCreator).prefix(200)),
                takenAt: description.date.flatMap(dates.parse) ?? Int64(file.modified),
                width: width, height: height, format: .png, kind: .drawing, category: file.category
            ))
        }
        stats.drawings = records.count
        return (records, stats, skipped)
    }

    /// The drawing's size in whole pixels, each side 1 to 10,000; 240×240 when unknown.
    static func size(_ description: ClipartDescription) -> (width: Int, height: Int) {
        guard let width = description.width, let height = description.height else { return (defaultSide, defaultSide) }
        return (Int(min(max(width.rounded(), 1), 10_000)), Int(min(max(height.rounded(), 1), 10_000)))
    }
}

/// The forms of `dc:date` the drawings use, parsed with formatters made once.
final class ClipartDates {
    private let formatters: [DateFormatter]

    init() {
        formatters = ["dd MM yyyy", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd", "yyyy/MM/dd", "dd/MM/yyyy"].map { format in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            return formatter
        }
    }

    /// Seconds since 1970, or `nil` for a form not listed.
    func parse(_ text: String) -> Int64? {
        for formatter in formatters {
            if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970) }
        }
        return nil
    }
}
