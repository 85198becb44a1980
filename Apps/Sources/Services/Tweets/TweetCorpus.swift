// Where the tweets come from: gzipped Debian changelogs.
//
// On a Debian machine, every installed package's `/usr/share/doc/<package>/
// changelog.Debian.gz`. Elsewhere (macOS, another distribution), the corpus bundled
// with this module: the newest entries of this project's build machine's changelogs,
// one gzip file (see `BundledCorpus/README.md`). Any directory laid out like
// `/usr/share/doc` can be named instead (`--tweets-corpus DIR`), and tests inject
// sources of their own through ``ChangelogSource``.
//
// A source has a fingerprint that changes when its changelogs do; the index keeps
// the fingerprint of what it imported, so a second start with the same changelogs
// does not import again, and an upgrade of the machine's packages does.
import Crypto
import Foundation

/// A set of gzipped Debian changelogs to import tweets from.
public protocol ChangelogSource: Sendable {
    /// Where the changelogs are, for a person (printed at start).
    var description: String { get }
    /// The changelogs' names, in the order they are imported (an entry found in
    /// two changelogs is kept from the first).
    func changelogNames() throws -> [String]
    /// The gzip bytes of one changelog named by ``changelogNames()``.
    func contents(of name: String) throws -> [UInt8]
    /// A text that changes whenever the changelogs do.
    func fingerprint(of names: [String]) throws -> String
}

/// The tweet corpus the service imports: a changelog source, and whether it is the
/// bundled fallback.
public struct TweetCorpus: Sendable {
    /// The changelogs.
    public let source: any ChangelogSource
    /// Whether these are the changelogs bundled with the module.
    public let isBundled: Bool

    /// A corpus of any source (tests inject slow or failing ones).
    public init(source: any ChangelogSource, isBundled: Bool = false) {
        self.source = source
        self.isBundled = isBundled
    }

    /// The machine's changelogs under `/usr/share/doc` when it has any, else the
    /// bundled corpus.
    public static var automatic: TweetCorpus {
        automatic(machineDirectory: URL(fileURLWithPath: "/usr/share/doc", isDirectory: true))
    }

    /// The changelogs under `machineDirectory` when it has any, else the bundled corpus.
    public static func automatic(machineDirectory: URL) -> TweetCorpus {
        let machine = DirectoryChangelogs(directory: machineDirectory)
        if let names = try? machine.changelogNames(), !names.isEmpty {
            return TweetCorpus(source: machine)
        }
        return .bundled
    }

    /// Every `*/changelog.Debian.gz` under a directory laid out like `/usr/share/doc`.
    public static func directory(_ directory: URL) -> TweetCorpus {
        TweetCorpus(source: DirectoryChangelogs(directory: directory))
    }

    /// The corpus committed with this module.
    public static var bundled: TweetCorpus {
        TweetCorpus(source: BundledChangelogs(), isBundled: true)
    }
}

/// The version of the import: part of every fingerprint, so that a change to the
/// parser or the mapping re-imports on the next start.
let tweetImportVersion = "tweets-import-1"

/// Every `*/changelog.Debian.gz` under a directory, in byte order of the path.
public struct DirectoryChangelogs: ChangelogSource {
    /// The directory (`/usr/share/doc` on a Debian machine).
    public let directory: URL

    /// A source over a directory laid out like `/usr/share/doc`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The directory's path.
    public var description: String { directory.path }

    /// `<package>/changelog.Debian.gz` for every package folder that has one
    /// (following symbolic links, as Debian links some packages' folders).
    public func changelogNames() throws -> [String] {
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: directory.path)
        return folders
            .map { "\($0)/changelog.Debian.gz" }
            .filter { manager.isReadableFile(atPath: directory.appendingPathComponent($0).path) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The file's bytes.
    public func contents(of name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// SHA-256 over each file's name, size and modification time (a package upgrade
    /// changes them), and the import's version.
    public func fingerprint(of names: [String]) throws -> String {
        var hash = SHA256()
        hash.update(data: Data("\(tweetImportVersion)\n\(directory.path)\n".utf8))
        for name in names {
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            hash.update(data: Data("\(name)\t\(size)\t\(modified)\n".utf8))
        }
        return hexString(hash.finalize())
    }
}

/// The corpus committed with the module: `BundledCorpus/debian-changelogs.gz`, the
/// newest entries of each source package's changelog on the machine it was made on,
/// concatenated in the Debian format (`Scripts/make-bundled-corpus.sh`).
public struct BundledChangelogs: ChangelogSource {
    /// The bundled file's name.
    public static let fileName = "debian-changelogs.gz"

    /// The bundled corpus.
    public init() {}

    /// `bundled corpus (debian-changelogs.gz)`.
    public var description: String { "bundled corpus (\(Self.fileName))" }

    /// The one bundled file.
    public func changelogNames() throws -> [String] {
        [Self.fileName]
    }

    /// The bundled file's bytes.
    public func contents(of name: String) throws -> [UInt8] {
        guard name == Self.fileName, let url = Bundle.module.url(forResource: "debian-changelogs", withExtension: "gz") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return Array(try Data(contentsOf: url))
    }

    /// SHA-256 of the bundled file and the import's version.
    public func fingerprint(of names: [String]) throws -> String {
        var hash = SHA256()
        hash.update(data: Data("\(tweetImportVersion)\nbundled\n".utf8))
        for name in names {
            hash.update(data: try contents(of: name))
        }
        return hexString(hash.finalize())
    }
}

/// Lowercase hexadecimal digits of bytes (digests).
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
