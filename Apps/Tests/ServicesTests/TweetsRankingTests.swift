import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// Queries of every kind: one broad word, several, a word twice, stems and
/// diacritics, a package name, words of several tokens (phrases: `debian/rules`,
/// alone and with other words, a token twice), punctuation only, FTS5's syntax,
/// unknown words.
private let queries = [
    "fix", "fixes", "fixed", "new upstream release", "New Upstream Release", "release release", "widget", "widget widget",
    "the", "a", "bug", "closes", "security", "translation", "build", "gcc", "python", "manpage", "crash", "cve",
    "debian/control", "big-endian", "C++", "-O3", "\"OR\" (*", "...", "... fix", "Müller", "muller", "oldstyle",
    "frobnicate", "quuxtools", "nothingmatchesthis", "fix nothingmatchesthis", "upload", "update standards version",
    "bump debhelper compat", "lintian", "policy", "patch", "symbols", "copyright", "typo", "x", "1", "2.0",
    "debian/rules", "x86_64", "CVE-2023", "big-endian machines", "debian/control fix", "new-upstream-release",
    "release/release", "man-page", "o'neil", "don't", "2.0-1", "fix/fix",
]

/// The in-memory ranking (``TweetIndex/search(_:limit:wholeText:)``) against FTS5's
/// `bm25()` (``TweetStore/search(match:limit:wholeText:)``): the same tweets in the
/// same order, ties included.
@Suite("Tweets: the in-memory ranking is FTS5's bm25")
struct TweetsRankingTests {
    private func expectSameRanking(_ index: TweetIndex) async throws {
        #expect(index.ranksInMemory)
        for query in queries {
            for limit in [1, 3, 15, 100] {
                let memory = try await index.search(query, limit: limit)
                let fts5 = try await index.store.search(match: TweetQuery.match(query), limit: limit)
                #expect(memory == fts5, "q=\(query) limit \(limit)")
            }
        }
        let whole = try await index.search("fix", limit: 100, wholeText: true)
        #expect(whole == (try await index.store.search(match: TweetQuery.match("fix"), limit: 100, wholeText: true)))
    }

    @Test("over the fixture corpus: every query answers as FTS5 answers it")
    func fixtureCorpus() async throws {
        try await withTweets { _, services in
            try await expectSameRanking(services.tweets.index)
        }
    }

    @Test("over the bundled corpus (8,000 real tweets): every query answers as FTS5 answers it")
    func bundledCorpus() async throws {
        try await withTweets(tweetCorpus: .bundled) { _, services in
            let index = services.tweets.index
            try await expectSameRanking(index)
            // Broad queries rank thousands of matches.
            #expect(try await index.search("fix", limit: 100).count == 100)
        }
    }

    @Test("a start without an import reads the statistics; a re-import replaces them with the new index's")
    func statisticsFollowTheIndex() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = MemoryChangelogs(files: [("alpha/changelog.Debian.gz", gzip(changelog("alpha", "Fix the widget.")))], version: "one")
        let second = MemoryChangelogs(
            files: [("beta/changelog.Debian.gz", gzip(changelog("beta", "Fix the gadget.") + changelog("beta", "Fix the widget and the gadget.", version: "0.9")))],
            version: "two"
        )
        for (source, expected) in [(first, ["Fix the widget."]), (first, ["Fix the widget."]), (second, ["Fix the gadget.", "Fix the widget and the gadget."])] {
            try await withTweets(tweetCorpus: TweetCorpus(source: source, isBundled: false), in: directory) { client, services in
                let index = services.tweets.index
                if !index.ranksInMemory {
                    // Without an import the statistics are read once the services run.
                    await index.waitUntilRanked()
                }
                #expect(index.ranksInMemory)
                let ranked = try await index.search("fix", limit: 10).map(\.text)
                let answered = try await client.searchAnswer("q=fix", services).texts
                #expect(ranked == expected)
                #expect(answered == expected)
            }
        }
    }
}

/// A changelog entry of one bullet.
private func changelog(_ package: String, _ bullet: String, version: String = "1.0") -> String {
    """
    \(package) (\(version)) unstable; urgency=medium

      * \(bullet)

     -- Ada Lovelace <ada@example.org>  Mon, 02 Jan 2023 12:00:00 +0000


    """
}
