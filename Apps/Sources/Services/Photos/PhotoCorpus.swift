// Where the pictures come from, and which files of it make the corpus.
//
// Photographs (the 500px wall, and the Flickr search), in the order
// ``PhotoCorpus/automatic`` tries them:
// 1. The machine's wallpapers: every PNG, JPEG, WebP and SVG file under `/usr/share/wallpapers`
//    (Debian's `plasma-workspace-wallpapers`) and `/usr/share/backgrounds`
//    (`gnome-backgrounds`, and other desktops' backgrounds). Icons are not photos:
//    folders named `icons` or `pixmaps` are not entered.
// 2. When the machine has none: the few images committed with this module
//    (`BundledPhotos/`).
// Folders named with `--photos DIR` (``PhotoCorpus/directories(_:limits:)``)
// replace both: every PNG, JPEG, WebP and SVG file under them, icons folders
// included (WebP and SVG are converted to PNG at import: ``PictureConversion``).
//
// Drawings (the Flickr search only): the SVGs of a ``ClipartCorpus``, by default
// Debian's `openclipart-svg`; none when the folder is missing (and a corpus of
// `--photos` folders has none unless given one).
//
// The scan:
// - walks each root without following a symbolic link to a folder, and keeps a
//   linked file only when its real path is inside the root too: every path is
//   canonical (symbolic links and `..` resolved), and no path leaves the roots;
// - skips hidden entries, files under ``Limits/minimumBytes`` (a page's arrows and
//   bullets), and stops after ``Limits/maximumEntries`` entries;
// - treats a KDE wallpaper package (a folder with `metadata.json` or
//   `metadata.desktop` and `contents/images/`) as one photo, named by its metadata:
//   the smallest of its landscape `<W>x<H>` images at least 900 pixels wide (the
//   thumbnails' largest side), else its largest image (the others are the same
//   picture at other sizes);
// - keeps the largest ``Limits/maximumPhotos`` files, largest first (ties by path).
//
// Its fingerprint covers the chosen files' paths, sizes and modification times and
// the import's version: a second start over the same files imports nothing.
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The photo corpus: folders to scan, or the bundled images.
public struct PhotoCorpus: Sendable {
    /// How many files a scan looks at and keeps.
    public struct Limits: Sendable, Equatable {
        /// The most photos kept (the largest files).
        public var maximumPhotos: Int
        /// Files smaller than this are not photos.
        public var minimumBytes: Int64
        /// The most directory entries a scan visits.
        public var maximumEntries: Int

        /// Makes limits.
        public init(maximumPhotos: Int = 300, minimumBytes: Int64 = 4096, maximumEntries: Int = 500_000) {
            self.maximumPhotos = maximumPhotos
            self.minimumBytes = minimumBytes
            self.maximumEntries = maximumEntries
        }
    }

    /// The kind of corpus.
    public enum Kind: Sendable, Equatable {
        /// The machine's images under these roots; the bundled images if they hold none.
        case machine([URL])
        /// The images under these folders.
        case directories([URL])
        /// The images committed with this module.
        case bundled
    }

    /// What is scanned.
    public let kind: Kind
    /// How much is scanned.
    public let limits: Limits
    /// The drawings the Flickr search serves beside the photographs, if any.
    public var clipart: ClipartCorpus?

    /// A corpus of a kind, with drawings or without.
    public init(_ kind: Kind, limits: Limits = Limits(), clipart: ClipartCorpus? = nil) {
        self.kind = kind
        self.limits = limits
        self.clipart = clipart
    }

    /// Where Debian's wallpaper packages install their pictures.
    public static let wallpaperFolders = [
        URL(fileURLWithPath: "/usr/share/wallpapers", isDirectory: true),
        URL(fileURLWithPath: "/usr/share/backgrounds", isDirectory: true),
    ]

    /// The machine's wallpapers (else the bundled images) and Debian's clipart.
    public static var automatic: PhotoCorpus {
        PhotoCorpus(.machine(wallpaperFolders), clipart: .machine)
    }

    /// This corpus with `clipart` as its drawings (`nil`: none).
    public func withClipart(_ clipart: ClipartCorpus?) -> PhotoCorpus {
        var corpus = self
        corpus.clipart = clipart
        return corpus
    }

    /// The images under these folders (`--photos DIR`, repeatable).
    public static func directories(_ directories: [URL], limits: Limits = Limits()) -> PhotoCorpus {
        PhotoCorpus(.directories(directories), limits: limits)
    }

    /// The images committed with this module.
    public static var bundled: PhotoCorpus {
        PhotoCorpus(.bundled)
    }

    /// The bundled images' folder.
    public static var bundledDirectory: URL? {
        Bundle.module.resourceURL?.appendingPathComponent("images", isDirectory: true)
    }

    /// Scans the corpus: the files it is made of, and its fingerprint.
    public func scan() -> PhotoScan {
        switch kind {
        case .machine(let roots):
            let machine = PhotoScanner(roots: roots, skipsIcons: true, usesPackages: true, limits: limits).scan()
            if !machine.candidates.isEmpty { return machine }
            var bundled = PhotoCorpus.bundled.scan()
            bundled.note = "no PNG or JPEG images under \(roots.map(\.path).joined(separator: ", "))"
            return bundled
        case .directories(let roots):
            return PhotoScanner(roots: roots, skipsIcons: false, usesPackages: false, limits: limits).scan()
        case .bundled:
            guard let directory = Self.bundledDirectory else {
                return PhotoScan(description: "bundled images (missing)", isBundled: true, candidates: [], fingerprint: "bundled-missing")
            }
            var scan = PhotoScanner(roots: [directory], skipsIcons: false, usesPackages: false, limits: limits).scan()
            scan.description = "bundled images (\(scan.candidates.count))"
            scan.isBundled = true
            return scan
        }
    }
}

/// One file the scan chose.
public struct PhotoCandidate: Sendable, Equatable {
    /// The canonical path.
    public var path: String
    /// The canonical root it was found under.
    public var root: String
    /// The file's size in bytes.
    public var bytes: Int64
    /// The modification time, seconds since 1970.
    public var modified: Double
    /// The KDE wallpaper package it is the picture of, if any.
    public var wallpaperPackage: String?
    /// Whether the root is the machine's (the owner comes from dpkg's lists).
    public var fromMachine: Bool
}

/// What a scan found.
public struct PhotoScan: Sendable {
    /// The roots, for a person (`/usr/share`, the folders, or the bundled images).
    public var description: String
    /// Whether these are the bundled images.
    public var isBundled: Bool
    /// The chosen files, largest first.
    public var candidates: [PhotoCandidate]
    /// Changes when the chosen files do.
    public var fingerprint: String
    /// Why the corpus is not what was asked (the machine had no images), if so.
    public var note: String?
    /// Image files seen but not kept: under the size minimum, or past the limit.
    public var filesLeftOut = 0
    /// Folders that could not be read, and symbolic links that lead out of the roots.
    public var entriesRefused = 0
}

/// The version of the import: part of every fingerprint, so that a change to the
/// scan, the metadata or the thumbnails re-imports on the next start.
let photoImportVersion = "photos-import-2"

/// Walks roots for PNG, JPEG, WebP and SVG files.
struct PhotoScanner {
    let roots: [URL]
    let skipsIcons: Bool
    let usesPackages: Bool
    let limits: PhotoCorpus.Limits

    static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp", "svg"]
    static let iconFolders: Set<String> = ["icons", "pixmaps"]

    func scan() -> PhotoScan {
        var found: [PhotoCandidate] = []
        var seen = Set<String>()
        var visited = 0
        var refused = 0
        var canonicalRoots: [String] = []
        for root in roots {
            guard let canonical = Self.realPath(root.path) else {
                refused += 1
                continue
            }
            canonicalRoots.append(canonical)
            walk(canonical, root: canonical, found: &found, seen: &seen, visited: &visited, refused: &refused)
        }
        let large = found.filter { $0.bytes >= limits.minimumBytes }
        let chosen = large
            .sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            .prefix(limits.maximumPhotos)
        var hash = SHA256()
        hash.update(data: Data("\(photoImportVersion)\n\(canonicalRoots.joined(separator: "\n"))\n".utf8))
        hash.update(data: Data("\(limits.maximumPhotos) \(limits.minimumBytes)\n".utf8))
        for candidate in chosen {
            hash.update(data: Data("\(candidate.path)\t\(candidate.bytes)\t\(candidate.modified)\t\(candidate.wallpaperPackage ?? "")\n".utf8))
        }
        var scan = PhotoScan(
            description: canonicalRoots.isEmpty ? roots.map(\.path).joined(separator: ", ") : canonicalRoots.joined(separator: ", "),
            isBundled: false, candidates: Array(chosen), fingerprint: hexString(hash.finalize())
        )
        scan.filesLeftOut = found.count - chosen.count
        scan.entriesRefused = refused
        return scan
    }

    private func walk(
        _ directory: String, root: String, found: inout [PhotoCandidate], seen: inout Set<String>,
        visited: inout Int, refused: inout Int
    ) {
        guard let names = Self.list(directory) else {
            refused += 1
            return
        }
        if let wallpaper = wallpaperPicture(directory, names: names, root: root) {
            if seen.insert(wallpaper.path).inserted { found.append(wallpaper) }
            return
        }
        for name in names.sorted() {
            visited += 1
            guard visited <= limits.maximumEntries else { return }
            if name.hasPrefix(".") { continue }
            let path = directory == "/" ? "/" + name : directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                if skipsIcons, Self.iconFolders.contains(name) { continue }
                walk(path, root: root, found: &found, seen: &seen, visited: &visited, refused: &refused)
            } else if type == S_IFREG || type == S_IFLNK {
                guard Self.isImageName(name) else { continue }
                var canonical = path
                var fileInfo = info
                if type == S_IFLNK {
                    // A linked file counts only when it really lies inside the root.
                    guard let real = Self.realPath(path), Self.isInside(real, root: root), stat(real, &fileInfo) == 0,
                        fileInfo.st_mode & S_IFMT == S_IFREG
                    else {
                        refused += 1
                        continue
                    }
                    canonical = real
                }
                guard seen.insert(canonical).inserted else { continue }
                found.append(PhotoCandidate(
                    path: canonical, root: root, bytes: Int64(fileInfo.st_size), modified: Self.modified(fileInfo),
                    wallpaperPackage: nil, fromMachine: usesPackages
                ))
            }
        }
    }

    /// The picture of a KDE wallpaper package's `contents/images`, when `directory`
    /// is one: the smallest landscape image named `<W>x<H>` at least 900 pixels wide
    /// (size 4's longer side: the thumbnails need no more, and a 5120×2880 PNG takes
    /// seconds to scale), else the largest file (the others are the same picture at
    /// other sizes).
    private func wallpaperPicture(_ directory: String, names: [String], root: String) -> PhotoCandidate? {
        guard names.contains("metadata.json") || names.contains("metadata.desktop"), names.contains("contents") else { return nil }
        let images = directory + "/contents/images"
        guard let files = Self.list(images) else { return nil }
        var largest: PhotoCandidate?
        var fitting: (candidate: PhotoCandidate, area: Int)?
        for name in files.sorted() where Self.isImageName(name) && !name.hasPrefix(".") {
            let path = images + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let candidate = PhotoCandidate(
                path: path, root: root, bytes: Int64(info.st_size), modified: Self.modified(info),
                wallpaperPackage: directory, fromMachine: usesPackages
            )
            if candidate.bytes > largest?.bytes ?? -1 { largest = candidate }
            let stem = (name as NSString).deletingPathExtension
            if let size = stem.wholeMatch(of: /(\d{1,5})x(\d{1,5})/), let width = Int(size.1), let height = Int(size.2),
                width >= height, width >= ThumbnailVariant.minimumDecodedLong, width * height < fitting?.area ?? .max
            {
                fitting = (candidate, width * height)
            }
        }
        return fitting?.candidate ?? largest
    }

    static func isImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    static func isInside(_ path: String, root: String) -> Bool {
        root == "/" ? path.hasPrefix("/") : path.hasPrefix(root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func list(_ directory: String) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: directory)
    }

    static func modified(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec)
        #else
        Double(info.st_mtim.tv_sec)
        #endif
    }
}
