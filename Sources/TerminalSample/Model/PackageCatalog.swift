#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Ripple

// PackageCatalog: where the sample's ViewModel gets the packages — a protocol, so
// that the ViewModel is tested with a stub in virtual time, and the app reads the
// machine's dpkg database.
//
// `DpkgCatalog` reads the status file on the scheduler it is given (a background
// queue in the app: the file is a few megabytes) and parses it with
// `DpkgStatus.parse`. Only installed packages are listed ("Status: … installed");
// stanzas without a name or version are skipped. Packages come sorted by name.

/// Why the catalogue could not be read.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database file could not be opened or read.
    case unreadable(path: String, reason: String)

    /// "cannot read /var/lib/dpkg/status: No such file or directory".
    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        }
    }
}

/// A source of the installed packages.
public protocol PackageCatalog: Sendable {
    /// The installed packages, sorted by name: one value, then completion.
    func packages() -> SignalProducer<[Package], CatalogError>
}

/// The installed packages from dpkg's status database.
public struct DpkgCatalog: PackageCatalog {
    /// The database's path.
    public var path: String
    private let scheduler: any Scheduler

    /// A catalogue reading `path` on `scheduler` (by default a background queue).
    public init(path: String = "/var/lib/dpkg/status", scheduler: any Scheduler = QueueScheduler(qos: .userInitiated)) {
        self.path = path
        self.scheduler = scheduler
    }

    /// Reads and parses the database each time it is started.
    public func packages() -> SignalProducer<[Package], CatalogError> {
        let path = path
        return SignalProducer { () throws(CatalogError) -> [Package] in
            try DpkgStatus.parse(Self.readFile(path).get())
        }
        .start(on: scheduler)
    }

    private static func readFile(_ path: String) -> Result<String, CatalogError> {
        guard let file = fopen(path, "r") else {
            return .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        if ferror(file) != 0 {
            return .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}

/// dpkg's status file format: stanzas separated by blank lines, `Field: value`
/// lines, continuation lines starting with a space.
public enum DpkgStatus {
    /// The installed packages in `text`, sorted by name; malformed stanzas skipped.
    public static func parse(_ text: String) -> [Package] {
        var packages: [Package] = []
        var fields: [Substring: Substring] = [:]
        func finishStanza() {
            defer { fields = [:] }
            guard let name = fields["Package"], !name.isEmpty, let version = fields["Version"],
                  fields["Status"].map({ $0.hasSuffix(" installed") }) ?? false else { return }
            packages.append(Package(
                name: String(name), version: String(version),
                summary: String(fields["Description"] ?? ""),
                installedKibibytes: fields["Installed-Size"].flatMap { Int($0) }
            ))
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                finishStanza()
            } else if line.first == " " || line.first == "\t" {
                continue   // a continuation line: the long description, conffiles…
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon]
                fields[name] = line[line.index(after: colon)...].drop { $0 == " " }
            }
        }
        finishStanza()
        return packages.sorted { $0.name < $1.name }
    }
}
