import Foundation
import Services
import Testing

/// One changelog and what the parser must make of it.
struct ChangelogCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// `package version: bullets` per entry, in order.
    let entries: [String]
    let malformed: Int

    var testDescription: String { name }
}

private let trailer = " -- Alice Example <alice@example.org>  Mon, 02 Jan 2023 13:06:21 +0100"

let changelogCases: [ChangelogCase] = [
    ChangelogCase(
        name: "one bullet per tweet",
        text: "hello (1.0-1) unstable; urgency=medium\n\n  * First.\n  * Second.\n\n\(trailer)\n",
        entries: ["hello 1.0-1: First. | Second."], malformed: 0
    ),
    ChangelogCase(
        name: "continuation lines joined with one space, white space collapsed",
        text: "hello (1.0-1) unstable; urgency=medium\n\n  * Fix a crash when the  input\n    is empty.   Closes: #1.\n\n\(trailer)\n",
        entries: ["hello 1.0-1: Fix a crash when the input is empty. Closes: #1."], malformed: 0
    ),
    ChangelogCase(
        name: "nested items folded into their bullet, one line each",
        text: """
            hello (1.0-1) unstable; urgency=medium

              * Apply upstream patches:
                - Fix a leak
                  in the parser.
                + Fix a crash.
                * Fix a typo.
              * Next.

            \(trailer)

            """,
        entries: ["hello 1.0-1: Apply upstream patches:\n- Fix a leak in the parser.\n+ Fix a crash.\n* Fix a typo. | Next."], malformed: 0
    ),
    ChangelogCase(
        name: "[ Name ] sub-headers close the bullet and are no text",
        text: """
            hello (1.0-1) unstable; urgency=medium

              [ Bob Builder ]
              * Bob's change.

              [ Carol ]
              * Carol's change.

            \(trailer)

            """,
        entries: ["hello 1.0-1: Bob's change. | Carol's change."], malformed: 0
    ),
    ChangelogCase(
        name: "loose entry text outside bullets is not a tweet",
        text: "hello (1.0-1) unstable; urgency=medium\n\n  Non-maintainer upload.\n\n  * Real.\n\n  Loose again.\n\n\(trailer)\n",
        entries: ["hello 1.0-1: Real."], malformed: 0
    ),
    ChangelogCase(
        name: "a top-level - with no bullet open starts one; with one open it nests",
        text: "hello (1.0-1) unstable; urgency=medium\n\n  - Dash bullet.\n  -  Dash item.\n\n\(trailer)\n",
        entries: ["hello 1.0-1: Dash bullet.\n- Dash item."], malformed: 0
    ),
    ChangelogCase(
        name: "tab-indented bullets of old changelogs",
        text: "hello (0.1-1) unstable; urgency=low\n\n\t* Initial release.\n\t* Add a manual\n\tpage.\n\n\(trailer)\n",
        entries: ["hello 0.1-1: Initial release. | Add a manual page."], malformed: 0
    ),
    ChangelogCase(
        name: "several entries, newest first, CRLF line ends",
        text: "hello (2.0-1) unstable; urgency=medium\r\n\r\n  * Two.\r\n\r\n\(trailer)\r\n\r\nhello (1.0-1) unstable; urgency=medium\r\n\r\n  * One.\r\n\r\n\(trailer)\r\n",
        entries: ["hello 2.0-1: Two.", "hello 1.0-1: One."], malformed: 0
    ),
    ChangelogCase(
        name: "an entry cut off by the next header is malformed, its bullets do not leak",
        text: "hello (2.0-1) unstable; urgency=medium\n\n  * Orphan.\n\nhello (1.0-1) unstable; urgency=medium\n\n  * One.\n\n\(trailer)\n",
        entries: ["hello 1.0-1: One."], malformed: 1
    ),
    ChangelogCase(
        name: "an entry without a trailer at the end of the file is malformed",
        text: "hello (1.0-1) unstable; urgency=medium\n\n  * One.\n\n\(trailer)\n\nhello (0.9-1) unstable; urgency=low\n\n  * Never signed.\n",
        entries: ["hello 1.0-1: One."], malformed: 1
    ),
    ChangelogCase(
        name: "trailers without an email or a date, or with an unreadable date, are malformed",
        text: """
            hello (3.0-1) unstable; urgency=medium

              * No email.

             -- Alice Example  Mon, 02 Jan 2023 13:06:21 +0100

            hello (2.0-1) unstable; urgency=medium

              * No date.

             -- Alice Example <alice@example.org>

            hello (1.0-1) unstable; urgency=medium

              * Bad date.

             -- Alice Example <alice@example.org>  Someday in spring

            """,
        entries: [], malformed: 3
    ),
    ChangelogCase(
        name: "column-0 lines that are not headers are outside every entry",
        text: "# Older entries have been removed.\nhello (1.0-1) unstable; urgency=medium\n\n  * One.\n\n\(trailer)\n\nLocal variables:\nmode: debian-changelog\nEnd:\n",
        entries: ["hello 1.0-1: One."], malformed: 0
    ),
    ChangelogCase(
        name: "an entry with no bullets is kept with none",
        text: "hello (1.0-1.1) unstable; urgency=medium\n\n  Non-maintainer upload.\n\n\(trailer)\n",
        entries: ["hello 1.0-1.1: "], malformed: 0
    ),
    ChangelogCase(
        name: "not a changelog at all",
        text: "Just some text.\nNothing here.\n",
        entries: [], malformed: 0
    ),
]

@Suite("Tweets: the Debian changelog parser")
struct TweetsParserTests {
    @Test(arguments: changelogCases)
    func parses(_ testCase: ChangelogCase) {
        let parsed = ChangelogParser.parse(testCase.text)
        let summaries = parsed.entries.map { "\($0.package) \($0.version): " + $0.bullets.joined(separator: " | ") }
        #expect(summaries == testCase.entries)
        #expect(parsed.malformedEntries == testCase.malformed)
    }

    @Test("the trailer gives the maintainer's name and email and the date in UTC")
    func trailerFields() throws {
        let parsed = ChangelogParser.parse("bash (5.2.15-2) unstable; urgency=medium\n\n  * Remove one more pdf file.\n\n -- Matthias Klose <doko@debian.org>  Mon, 02 Jan 2023 13:06:21 +0100\n")
        let entry = try #require(parsed.entries.first)
        #expect(entry.package == "bash")
        #expect(entry.version == "5.2.15-2")
        #expect(entry.maintainerName == "Matthias Klose")
        #expect(entry.maintainerEmail == "doko@debian.org")
        #expect(ChangelogDate.twitter(entry.date) == "Mon Jan 02 12:06:21 +0000 2023")
    }

    @Test("bytes that are not UTF-8 are read as ISO-8859-1")
    func latin1() {
        let utf8 = ChangelogParser.decode(Array("Jörg".utf8))
        #expect(utf8.text == "Jörg" && !utf8.isLatin1)
        let latin1 = ChangelogParser.decode([0x4A, 0xF6, 0x72, 0x67])
        #expect(latin1.text == "Jörg" && latin1.isLatin1)
    }
}

/// A date as a trailer writes it, and the UTC time it means (`nil`: refused).
struct DateCase: Sendable, CustomTestStringConvertible {
    let text: String
    let twitter: String?
    var testDescription: String { text }
}

let dateCases: [DateCase] = [
    DateCase(text: "Mon, 02 Jan 2023 13:06:21 +0100", twitter: "Mon Jan 02 12:06:21 +0000 2023"),
    DateCase(text: "Thu,  5 Jan 2023 09:00:00 +0000", twitter: "Thu Jan 05 09:00:00 +0000 2023"),
    DateCase(text: "Sun, 1 May 2022 23:30:00 -0200", twitter: "Mon May 02 01:30:00 +0000 2022"),
    DateCase(text: "14 Feb 2021 08:15:00 GMT", twitter: "Sun Feb 14 08:15:00 +0000 2021"),
    DateCase(text: "Mon,  19 February 2001 10:00:00 +0700", twitter: "Mon Feb 19 03:00:00 +0000 2001"),
    DateCase(text: "Tue, 10 Aug 1999 18:02:03 +0200 (CEST)", twitter: "Tue Aug 10 16:02:03 +0000 1999"),
    DateCase(text: "Wed, 31 Dec 1997 23:59 EST", twitter: "Thu Jan 01 04:59:00 +0000 1998"),
    DateCase(text: "Thu, 29 Feb 2024 12:00:00 +0000", twitter: "Thu Feb 29 12:00:00 +0000 2024"),
    DateCase(text: "Fri, 01 Jan 99 00:00:00 +0000", twitter: "Fri Jan 01 00:00:00 +0000 1999"),
    DateCase(text: "Thu, 29 Feb 2023 12:00:00 +0000", twitter: nil),
    DateCase(text: "Mon, 02 Jan 2023 25:06:21 +0100", twitter: nil),
    DateCase(text: "Mon, 02 Foo 2023 13:06:21 +0100", twitter: nil),
    DateCase(text: "Mon, 02 Jan 2023 13:06:21", twitter: nil),
    DateCase(text: "Mon, 02 Jan 2023 13:06:21 +01", twitter: nil),
    DateCase(text: "Mon, 02 Jan 2023 13:06:21 +0100 trailing", twitter: nil),
    DateCase(text: "Someday in spring", twitter: nil),
    DateCase(text: "", twitter: nil),
]

@Suite("Tweets: trailer dates and Twitter's created_at")
struct TweetsDateTests {
    @Test(arguments: dateCases)
    func parsesTrailerDate(_ testCase: DateCase) {
        #expect(ChangelogDate.parse(testCase.text).map(ChangelogDate.twitter) == testCase.twitter)
    }

    @Test("created_at is what DateFormatter gives for EEE MMM dd HH:mm:ss Z yyyy, en_US_POSIX, UTC")
    func matchesDateFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        let samples: [Int64] = [0, 1, 86_399, 951_782_400, 1_672_661_181, 1_709_208_000, 2_000_000_000, -86_400 * 365]
            + (0..<200).map { Int64($0) * 7_654_321 + 123 }
        for seconds in samples {
            #expect(ChangelogDate.twitter(seconds) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
    }

    @Test("a parsed date is the one DateFormatter reads from the RFC 2822 text")
    func parseMatchesDateFormatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        for text in ["Mon, 02 Jan 2023 13:06:21 +0100", "Sat, 31 Dec 2022 16:40:30 -0930", "Tue, 29 Feb 2000 00:00:00 +1400"] {
            let expected = try #require(formatter.date(from: text))
            #expect(ChangelogDate.parse(text) == Int64(expected.timeIntervalSince1970))
        }
    }
}

@Suite("Tweets: gunzip through the system zlib")
struct TweetsGzipTests {
    @Test("a gzip file decompresses to its bytes, every member of a concatenated one")
    func members() throws {
        #expect(try Zlib.gunzip(gzip("hello\n")) == Array("hello\n".utf8))
        #expect(try Zlib.gunzip(gzip("one\n") + gzip("two\n")) == Array("one\ntwo\n".utf8))
        let large = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) })
        #expect(try Zlib.gunzip(gzip(large)) == large)
    }

    @Test("not gzip, cut short, empty, or over the limit: an error, never a crash")
    func failures() {
        let whole = gzip(String(repeating: "changelog text ", count: 1000))
        #expect(throws: Zlib.Failure.self) { try Zlib.gunzip(Array("not gzip at all".utf8)) }
        #expect(throws: Zlib.Failure.self) { try Zlib.gunzip(Array(whole.prefix(whole.count / 2))) }
        #expect(throws: Zlib.Failure.self) { try Zlib.gunzip([]) }
        #expect(throws: Zlib.Failure.self) { try Zlib.gunzip(whole, limit: 100) }
        var corrupt = whole
        corrupt[20] ^= 0xFF
        #expect(throws: Zlib.Failure.self) { try Zlib.gunzip(corrupt) }
    }
}

@Suite("Tweets: user text to an FTS5 query")
struct TweetsQueryTests {
    @Test(arguments: [
        ("widget", #""widget""#),
        ("  new   upstream\trelease ", #""new" "upstream" "release""#),
        (#"say "hi""#, #""say" """hi""""#),
        ("a OR b", #""a" "OR" "b""#),
        ("-foo (bar* NOT baz:", #""-foo" "(bar*" "NOT" "baz:""#),
    ])
    func quotesEveryWord(_ text: String, _ match: String) {
        #expect(TweetQuery.match(text) == match)
    }
}
