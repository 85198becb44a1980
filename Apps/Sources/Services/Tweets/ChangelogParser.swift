// The Debian changelog format (Debian Policy §4.4), read the way real changelogs
// are written, into entries whose bullets become tweets.
//
//     package (version) distribution; urgency=medium
//
//       [ Contributor Name ]
//       * A bullet, whose text may go on
//         over continuation lines.
//         - A nested item, folded into its bullet.
//
//      -- Maintainer Name <email@example.org>  Mon, 02 Jan 2023 13:06:21 +0100
//
// Decisions, each tested:
// - One top-level `*` bullet is one tweet. Its continuation lines are joined with a
//   space, and runs of white space are collapsed to one.
// - Nested items (`-`, `+` or a deeper `*`) are folded into their bullet, one line
//   each: `Apply upstream patches.\n- Fix a crash.\n- Fix a leak.`. A nested item
//   says what its bullet did, and rarely reads as a message of its own.
// - A marker with no bullet open starts a bullet, whatever it is (a handful of old
//   changelogs use `-`); a `-` or `+` at the bullets' own indentation with a bullet
//   open is a nested item (a typo'd indentation in real changelogs).
// - `[ Name ]` sub-headers close the open bullet and are not part of any text. The
//   tweet's user is the entry's maintainer from the trailer, whose email names the
//   user and the avatar, since a sub-header gives a name but no email.
// - Text of an entry outside any bullet (`  Non-maintainer upload.`) is not a tweet.
// - Column-0 lines that are not headers (`Local variables:`, `# Older entries…`, the
//   free-form history at the end of ancient changelogs) are outside every entry.
// - An entry is kept only when its trailer names a maintainer and an email and has
//   a date ``ChangelogDate`` reads; one cut off by the next header, or with a broken
//   trailer, is counted as malformed and dropped whole.
import Foundation

/// One changelog entry: a version of a package, its bullets, who uploaded it, when.
public struct ChangelogEntry: Sendable, Equatable {
    /// The source package, from the header line.
    public var package: String
    /// The version, from the header line's parentheses.
    public var version: String
    /// The entry's top-level bullets, each with its continuation lines and nested
    /// items folded in.
    public var bullets: [String]
    /// The maintainer's name, from the trailer.
    public var maintainerName: String
    /// The maintainer's email, from the trailer.
    public var maintainerEmail: String
    /// The trailer's date, in seconds since 1970 (UTC).
    public var date: Int64

    /// Makes an entry.
    public init(package: String, version: String, bullets: [String], maintainerName: String, maintainerEmail: String, date: Int64) {
        self.package = package
        self.version = version
        self.bullets = bullets
        self.maintainerName = maintainerName
        self.maintainerEmail = maintainerEmail
        self.date = date
    }
}

/// What a changelog held: its well-formed entries, and how many were dropped.
public struct ParsedChangelog: Sendable, Equatable {
    /// The entries with a valid trailer, in the file's order (newest first).
    public var entries: [ChangelogEntry]
    /// Entries dropped because their trailer was missing or unreadable.
    public var malformedEntries: Int
}

/// Reads the Debian changelog format. See the file's header for each decision.
public enum ChangelogParser {
    /// Parses a whole changelog.
    public static func parse(_ text: String) -> ParsedChangelog {
        var parser = State()
        // `\r\n` is one Character in Swift: splitting on newlines takes it whole.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            parser.read(line)
        }
        parser.endOfFile()
        return ParsedChangelog(entries: parser.entries, malformedEntries: parser.malformed)
    }

    /// Decodes a changelog's bytes: UTF-8 when they are valid UTF-8, else ISO-8859-1
    /// (which old changelogs used, and in which every byte is a character).
    /// - Returns: The text, and whether it was read as ISO-8859-1.
    public static func decode(_ bytes: [UInt8]) -> (text: String, isLatin1: Bool) {
        if let text = String(validating: bytes, as: UTF8.self) {
            return (text, false)
        }
        return (String(bytes.lazy.map { Character(Unicode.Scalar($0)) }), true)
    }

    /// `package (version) …` of a header line, or `nil`.
    static func header(_ line: Substring) -> (package: String, version: String)? {
        guard let open = line.firstIndex(of: " "), line[line.index(after: open)...].hasPrefix("(") else { return nil }
        let package = line[..<open]
        let afterParen = line.index(open, offsetBy: 2)
        guard let close = line[afterParen...].firstIndex(of: ")") else { return nil }
        let version = line[afterParen..<close]
        guard let first = package.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first),
            package.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789+.-".unicodeScalars.contains($0)) }),
            !version.isEmpty, !version.contains(where: \.isWhitespace)
        else { return nil }
        return (String(package), String(version))
    }

    /// Name, email and date of a trailer's text after `-- `, or `nil` when any is missing.
    static func trailer(_ text: Substring) -> (name: String, email: String, date: Int64)? {
        guard let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") else { return nil }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let email = text[text.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !email.isEmpty, let date = ChangelogDate.parse(text[text.index(after: close)...]) else { return nil }
        return (name, email, date)
    }

    /// Collapses runs of white space to one space.
    static func collapse(_ parts: [Substring]) -> String {
        parts.lazy.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ")
    }

    /// The line-by-line reader.
    private struct State {
        var entries: [ChangelogEntry] = []
        var malformed = 0

        /// The open entry's header, bullets so far, and the indentation of its
        /// top-level bullets (known from its first bullet).
        var open: (package: String, version: String)?
        var bullets: [String] = []
        var topIndent: Int?
        /// The open bullet: its own lines, its finished nested items, the open
        /// nested item's marker and lines.
        var bullet: [Substring]?
        var nested: [String] = []
        var item: (marker: Character, lines: [Substring])?
        /// Whether a blank line came since the last line of the open bullet.
        var blank = false

        mutating func read(_ line: Substring) {
            let indent = Self.indentation(line)
            let content = line.drop(while: { $0 == " " || $0 == "\t" })
            if content.isEmpty {
                blank = true
                return
            }
            if indent == 0 {
                if let header = ChangelogParser.header(line) {
                    if open != nil { malformed += 1 }  // cut off by the next header: no trailer
                    start(header)
                }
                return
            }
            guard open != nil else { return }
            if content.hasPrefix("--"), indent <= 2, content.dropFirst(2).first?.isWhitespace ?? true {
                finishEntry(trailer: content.dropFirst(2))
                return
            }
            if indent <= 3, content.hasPrefix("["), content.hasSuffix("]") {
                finishBullet()  // a `[ Contributor ]` sub-header
                return
            }
            if let marker = content.first, "*-+".contains(marker), content.dropFirst().first?.isWhitespace ?? true {
                let text = content.dropFirst()
                let isTopLevel = bullet == nil || (marker == "*" && indent <= (topIndent ?? indent))
                if isTopLevel {
                    finishBullet()
                    topIndent = topIndent ?? indent
                    bullet = [text]
                } else {
                    finishItem()
                    item = (marker, [text])
                }
                blank = false
                return
            }
            // A text line: continues the open item or bullet, unless a blank line came
            // and it is not indented past the bullets (then it is loose entry text).
            guard bullet != nil, !blank || indent > (topIndent ?? 0) else {
                finishBullet()
                return
            }
            if item != nil {
                item?.lines.append(content)
            } else {
                bullet?.append(content)
            }
            blank = false
        }

        mutating func endOfFile() {
            if open != nil { malformed += 1 }
        }

        private static func indentation(_ line: Substring) -> Int {
            var column = 0
            for character in line {
                switch character {
                case " ": column += 1
                case "\t": column += 8 - column % 8
                default: return column
                }
            }
            return column
        }

        private mutating func start(_ header: (package: String, version: String)) {
            open = header
            bullets = []
            topIndent = nil
            bullet = nil
            nested = []
            item = nil
            blank = false
        }

        private mutating func finishItem() {
            if let item {
                let text = ChangelogParser.collapse(item.lines)
                if !text.isEmpty { nested.append("\(item.marker) \(text)") }
            }
            item = nil
        }

        private mutating func finishBullet() {
            finishItem()
            if let bullet {
                let text = ([ChangelogParser.collapse(bullet)] + nested)
                    .filter { !$0.isEmpty }
                    .joined(separator: "\n")
                if !text.isEmpty { bullets.append(text) }
            }
            bullet = nil
            nested = []
            blank = false
        }

        private mutating func finishEntry(trailer text: Substring) {
            finishBullet()
            defer { open = nil }
            guard let open, let trailer = ChangelogParser.trailer(text) else {
                malformed += 1
                return
            }
            entries.append(ChangelogEntry(
                package: open.package, version: open.version, bullets: bullets,
                maintainerName: trailer.name, maintainerEmail: trailer.email, date: trailer.date
            ))
        }
    }
}
