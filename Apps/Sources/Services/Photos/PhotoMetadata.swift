// A photo's title, author, date, description and keywords: from the file's own
// metadata where it has them, else from where the file lies. Nothing is made up.
//
// | Field | From, first found |
// |---|---|
// | title | PNG text `Title` / EXIF XPTitle; a KDE wallpaper's `metadata.json` `KPlugin.Name` (or `metadata.desktop` `Name=`); on the machine, GNOME's name for a background (``GnomeBackgroundNames``); the file name without its extension, humanised (`compare-boxplot` → "Compare boxplot"); a name of digits only (`1920x1080`) gives way to its folder's |
// | author | PNG text `Author` / EXIF Artist or XPAuthor; the wallpaper's `KPlugin.Authors[].Name` (or `X-KDE-PluginInfo-Author=`); on the machine, the Debian package that installed the file, read once from dpkg's file lists (`/var/lib/dpkg/info/*.list`: one pass over them, where `dpkg -S` took 0.4 s for each file here); else the first folder under `/usr/share` (`info`); in a `--photos` folder, the folder holding the file |
// | date | PNG text `Creation Time` / EXIF DateTimeOriginal or DateTime (RFC 1123, ISO 8601 or EXIF's `yyyy:MM:dd HH:mm:ss`; no zone is read as UTC); else the file's modification time |
// | description | PNG text `Description` or `Comment` / EXIF ImageDescription or the JPEG comment; else empty |
// | keywords | the words of the path below the root and of the file name, lowercased, once each |
import Foundation
import ImageFormats

/// What the import says about one photo.
struct PhotoDescription: Sendable, Equatable {
    var title: String
    var author: String
    var date: Int64
    var description: String
    var keywords: String
}

enum PhotoMetadata {
    /// Describes a candidate from its decoded file's texts and its path.
    static func describe(
        _ candidate: PhotoCandidate, texts: [String: String], packages: [String: String], wallpaper: WallpaperMetadata?
    ) -> PhotoDescription {
        let relative = relativeComponents(candidate.path, root: candidate.root)
        let fileName = relative.last ?? (candidate.path as NSString).lastPathComponent
        let stem = (fileName as NSString).deletingPathExtension
        let folders = Array(relative.dropLast())

        var title = nonEmpty(texts["Title"]) ?? nonEmpty(wallpaper?.name) ?? humanise(stem)
        if nonEmpty(texts["Title"]) == nil, wallpaper?.name == nil, isDimensionsOrNumber(stem) {
            // `contents/images/1920x1080.jpg` and `0001.png` say nothing: name it by
            // the nearest folder that does.
            let named = folders.reversed().first { !["contents", "images"].contains($0.lowercased()) && !isDimensionsOrNumber($0) }
            title = named.map(humanise) ?? title
        }
        let author = nonEmpty(texts["Author"]) ?? nonEmpty(wallpaper?.authors.joined(separator: ", "))
            ?? packages[candidate.path]
            ?? (candidate.fromMachine ? folders.first : folders.last)
            ?? (candidate.root as NSString).lastPathComponent
        let date = nonEmpty(texts["Creation Time"]).flatMap(parseDate) ?? Int64(candidate.modified)
        let description = nonEmpty(texts["Description"]) ?? nonEmpty(texts["Comment"]) ?? ""
        var words: [String] = []
        var seen = Set<String>()
        for component in folders + [stem] {
            for word in component.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where seen.insert(String(word)).inserted {
                words.append(String(word))
            }
        }
        return PhotoDescription(
            title: String(title.prefix(200)), author: String(author.prefix(200)), date: date,
            description: String(description.prefix(2000)), keywords: words.joined(separator: " ")
        )
    }

    /// `compare-boxplot` → "Compare boxplot"; `kcachegrind_xtree` → "Kcachegrind
    /// xtree"; `NightSky` → "Night sky".
    static func humanise(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if character == "-" || character == "_" || character == " " || character == "." || character == "+" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if let previous, character.isUppercase, previous.isLowercase, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return name }
        let rest = words.dropFirst().map { word in
            // Keep acronyms (`PNG`), lowercase capitalised words (`Sky`).
            word.allSatisfy { $0.isUppercase || $0.isNumber } ? word : word.lowercased()
        }
        let head = first.prefix(1).uppercased() + first.dropFirst()
        return ([head] + rest).joined(separator: " ")
    }

    static func isDimensionsOrNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /\d+(x\d+)?/) != nil
    }

    /// The path's components below its root.
    static func relativeComponents(_ path: String, root: String) -> [String] {
        let prefix = root == "/" ? "/" : root + "/"
        let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        return relative.split(separator: "/").map(String.init)
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// A date in one of the forms metadata writes, as seconds since 1970.
    static func parseDate(_ text: String) -> Int64? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for format in dateFormats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                return Int64(date.timeIntervalSince1970)
            }
        }
        return nil
    }

    private static let dateFormats = [
        "EEE, dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss Z",
        "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy:MM:dd HH:mm:ss", "yyyy-MM-dd",
    ]
}

/// A KDE wallpaper package's name and authors.
struct WallpaperMetadata: Sendable, Equatable {
    var name: String?
    var authors: [String]

    /// Reads `metadata.json` (`KPlugin.Name`, `KPlugin.Authors[].Name`), else
    /// `metadata.desktop` (`Name=`, `X-KDE-PluginInfo-Author=`), of a package folder.
    static func read(_ package: String) -> WallpaperMetadata? {
        let json = URL(fileURLWithPath: package).appendingPathComponent("metadata.json")
        if let data = try? Data(contentsOf: json), data.count < 1 << 20,
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let plugin = object["KPlugin"] as? [String: Any]
        {
            let authors = (plugin["Authors"] as? [[String: Any]] ?? []).compactMap { $0["Name"] as? String }
            return WallpaperMetadata(name: plugin["Name"] as? String, authors: authors.filter { !$0.isEmpty })
        }
        let desktop = URL(fileURLWithPath: package).appendingPathComponent("metadata.desktop")
        if let data = try? Data(contentsOf: desktop), data.count < 1 << 20 {
            var metadata = WallpaperMetadata(name: nil, authors: [])
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if line.hasPrefix("Name="), metadata.name == nil {
                    metadata.name = String(line.dropFirst(5))
                } else if line.hasPrefix("X-KDE-PluginInfo-Author=") {
                    metadata.authors = [String(line.dropFirst(24))]
                }
            }
            return metadata
        }
        return nil
    }
}

/// The Debian packages that installed files, from dpkg's file lists.
public enum DebianPackages {
    /// The lists' folder.
    public static let infoDirectory = "/var/lib/dpkg/info"

    /// The package of each of `paths` that a package lists (others are left out).
    public static func owners(of paths: Set<String>, infoDirectory: String = infoDirectory) -> [String: String] {
        guard !paths.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: infoDirectory) else { return [:] }
        var owners: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".list") {
            // `libfoo1:amd64.list` is the package `libfoo1`.
            let package = String(name.dropLast(5).split(separator: ":", maxSplits: 1).first ?? "")
            guard !package.isEmpty, let data = FileManager.default.contents(atPath: infoDirectory + "/" + name) else { continue }
            for line in data.split(separator: UInt8(ascii: "\n")) {
                let path = String(decoding: line, as: UTF8.self)
                if paths.contains(path), owners[path] == nil {
                    owners[path] = package
                }
            }
            if owners.count == paths.count { break }
        }
        return owners
    }
}
