// The drawings the Flickr search serves beside the photographs: Debian's
// `openclipart-svg` (`/usr/share/openclipart/svg/<category>/…/*.svg`, public-domain
// drawings with RDF metadata), or any folder laid out the same way.
//
// The scan walks the folder without following a symbolic link to a folder:
// - every regular `.svg` file is a drawing; its category is the first folder under
//   the root (`animals`), the folders below it are keywords (`amphibian`);
// - a linked `.svg` file whose real path is a drawing of the root is the same
//   drawing filed again: it is counted, and its folders become keywords of the
//   drawing it leads to (Debian's package has 663 such links among 8,121 files);
//   a link that leads out of the root, or to nothing, is counted as refused;
// - hidden entries are skipped.
//
// Its fingerprint covers the drawings' paths, sizes and modification times, the
// links, and the import's version: a second start over the same files indexes
// nothing.
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of SVG drawings filed by category.
public struct ClipartCorpus: Sendable, Equatable {
    /// The folder whose first-level folders are the categories.
    public var directory: URL

    /// The drawings under `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Where Debian's `openclipart-svg` installs its drawings.
    public static let machineDirectory = URL(fileURLWithPath: "/usr/share/openclipart/svg", isDirectory: true)

    /// Debian's `openclipart-svg`.
    public static var machine: ClipartCorpus {
        ClipartCorpus(directory: machineDirectory)
    }

    /// Whether this is Debian's folder (a missing one is a package to install).
    public var isMachine: Bool {
        directory.standardizedFileURL.path == Self.machineDirectory.path
    }

    /// Walks the folder: its drawings and its fingerprint.
    public func scan() -> ClipartScan {
        ClipartScanner(root: directory.path).scan()
    }
}

/// One drawing the scan found.
public struct ClipartFile: Sendable, Equatable {
    /// The canonical path.
    public var path: String
    /// The first folder under the root: `animals`.
    public var category: String
    /// The folders below the category, and those of the links to it.
    public var folders: [String]
    /// The file's size in bytes.
    public var bytes: Int64
    /// The modification time, seconds since 1970.
    public var modified: Double
}

/// What a clipart scan found.
public struct ClipartScan: Sendable {
    /// The canonical root, or the path as given when it does not exist.
    public var directory: String
    /// Whether the root exists and could be read.
    public var exists: Bool
    /// The drawings, by path.
    public var files: [ClipartFile]
    /// Linked `.svg` files that are a drawing of the root filed again.
    public var links = 0
    /// Folders that could not be read, and links that lead out of the root or nowhere.
    public var refused = 0
    /// Changes when the drawings do.
    public var fingerprint: String
}

/// The version of the clipart index: part of its fingerprint, so that a change to
/// the scan or the metadata re-indexes on the next start.
let clipartImportVersion = "clipart-import-1"

/// Walks a root for SVG files.
struct ClipartScanner {
    let root: String

    func scan() -> ClipartScan {
        guard let canonical = PhotoScanner.realPath(root), PhotoScanner.list(canonical) != nil else {
            return ClipartScan(directory: root, exists: false, files: [], refused: 1, fingerprint: "clipart-missing")
        }
        var files: [String: ClipartFile] = [:]
        var linked: [(real: String, folders: [String])] = []
        var refused = 0
        walk(canonical, root: canonical, folders: [], files: &files, linked: &linked, refused: &refused)
        var links = 0
        for link in linked {
            guard var file = files[link.real] else {
                refused += 1
                continue
            }
            links += 1
            for folder in link.folders where !file.folders.contains(folder) && folder != file.category {
                file.folders.append(folder)
            }
            files[link.real] = file
        }
        let sorted = files.values.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var hash = SHA256()
        hash.update(data: Data("\(clipartImportVersion)\n\(canonical)\n".utf8))
        for file in sorted {
            hash.update(data: Data("\(file.path)\t\(file.bytes)\t\(file.modified)\t\(file.folders.joined(separator: "/"))\n".utf8))
        }
        var scan = ClipartScan(directory: canonical, exists: true, files: sorted, fingerprint: hexString(hash.finalize()))
        scan.links = links
        scan.refused = refused
        return scan
    }

    private func walk(
        _ directory: String, root: String, folders: [String], files: inout [String: ClipartFile],
        linked: inout [(real: String, folders: [String])], refused: inout Int
    ) {
        guard let names = PhotoScanner.list(directory) else {
            refused += 1
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                walk(path, root: root, folders: folders + [name], files: &files, linked: &linked, refused: &refused)
                continue
            }
            guard name.lowercased().hasSuffix(".svg") else { continue }
            if type == S_IFLNK {
                guard let real = PhotoScanner.realPath(path), PhotoScanner.isInside(real, root: root) else {
                    refused += 1
                    continue
                }
                linked.append((real, folders))
            } else if type == S_IFREG, let category = folders.first {
                files[path] = ClipartFile(
                    path: path, category: category, folders: Array(folders.dropFirst()), bytes: Int64(info.st_size),
                    modified: PhotoScanner.modified(info)
                )
            }
        }
    }
}
