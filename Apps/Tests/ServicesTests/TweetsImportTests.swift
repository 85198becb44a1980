import AppsTestSupport
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The corpus import: what it reads and skips, that it runs in the background and
/// once, and the fallback corpus.
@Suite("Tweets: the corpus import")
struct TweetsImportTests {
    @Test("the fixture corpus: copies, unreadable files, Latin-1 and malformed entries counted, never a crash")
    func fixtureStatistics() throws {
        let names = try fixtureCorpus.source.changelogNames()
        #expect(names == [
            "broken/changelog.Debian.gz", "frobnicate-doc/changelog.Debian.gz", "frobnicate/changelog.Debian.gz",
            "oldstyle/changelog.Debian.gz", "quuxtools/changelog.Debian.gz", "truncated/changelog.Debian.gz",
        ])
        var progress: [Int] = []
        let (records, stats) = try TweetImport.read(fixtureCorpus.source, names: names, progress: { progress.append($0) })
        #expect(progress == Array(1...6))
        var expected = ImportStats()
        expected.changelogs = 3
        expected.duplicateChangelogs = 1
        expected.changelogsSkipped = 2
        expected.latin1Changelogs = 1
        expected.packages = 3
        expected.entries = 6
        expected.malformedEntries = 2
        expected.tweets = 13
        expected.maintainers = 3
        expected.longTweets = 1
        #expect(stats == expected)
        #expect(records.count == 13)
        // Oldest first; one entry's bullets in their order.
        #expect(records.map(\.createdAt) == records.map(\.createdAt).sorted())
        #expect(records.first?.text == "Initial release, packaged by Jörg Müller (ISO-8859-1).")
        #expect(records.first?.screenName == "joerg")
        #expect(records.first?.name == "Jörg Müller")
        #expect(records.last?.text == "Build with gcc-12. Closes: #2002.")
        #expect(records.filter { $0.package == "frobnicate" }.map(\.version) == ["2.0-1", "2.0-1", "2.0-1", "2.1-1", "2.1-1", "2.1-1"])
    }

    @Test("the user: screen name from the email's local part, avatar and id from its MD5")
    func userMapping() throws {
        let (records, _) = try TweetImport.read(fixtureCorpus.source, names: ["quuxtools/changelog.Debian.gz"])
        let record = try #require(records.first)
        #expect(record.screenName == "dave.maint+debian")
        #expect(record.name == "Dave Maintainer")
        #expect(record.avatar == md5Hex("dave.maint+debian@example.net"))
        let digest = Array(Insecure.MD5.hash(data: Data("dave.maint+debian@example.net".utf8)))
        #expect(record.userId == Int64(digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> 11))
        #expect(record.userId < 1 << 53)
    }

    @Test("an entry found in two changelogs that differ is kept once, from the first")
    func duplicateEntries() throws {
        let entry = "dup (1.0-1) unstable; urgency=medium\n\n  * Shared.\n\n -- Kim <kim@example.org>  Mon, 02 Jan 2023 13:06:21 +0100\n"
        let older = "dup (0.9-1) unstable; urgency=medium\n\n  * Older.\n\n -- Kim <kim@example.org>  Sun, 01 Jan 2023 13:06:21 +0100\n"
        let source = MemoryChangelogs(files: [("a", gzip(entry)), ("b", gzip(entry + "\n" + older))], version: "dup")
        let (records, stats) = try TweetImport.read(source, names: ["a", "b"])
        #expect(records.map(\.text) == ["Older.", "Shared."])
        #expect(stats.duplicateEntries == 1)
        #expect(stats.entries == 2)
    }

    @Test("a cancelled read stops with CancellationError")
    func cancelledRead() throws {
        #expect(throws: CancellationError.self) {
            _ = try TweetImport.read(fixtureCorpus.source, names: try fixtureCorpus.source.changelogNames(), isCancelled: { true })
        }
    }

    @Test("a cancelled write rolls back: the previous tweets and corpus stay")
    func cancelledWriteRollsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try TweetStore(directory: directory.url)
        let names = try fixtureCorpus.source.changelogNames()
        let (records, stats) = try TweetImport.read(fixtureCorpus.source, names: names)
        let corpus = CorpusSummary(fingerprint: "first", source: "fixtures", isBundled: false, stats: stats)
        try store.replace(with: records, corpus: corpus, finishedAt: Date())
        let many = Array(repeating: records[0], count: 2_500)
        var asked = 0
        #expect(throws: CancellationError.self) {
            try store.replace(
                with: many, corpus: CorpusSummary(fingerprint: "second", source: "x", isBundled: false, stats: stats),
                finishedAt: Date(), isCancelled: { asked += 1; return asked > 2 }
            )
        }
        #expect(try store.corpus()?.fingerprint == "first")
        #expect(try store.importCount() == 1)
    }

    @Test("the search answers 503 and the Todos answer while the import runs; the search answers once it ends")
    func todosAnswerDuringImport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let gated = GatedChangelogs(fixtureCorpus.source)
        defer { gated.open() }
        let services = try await LocalServices.start(dataDirectory: directory.url, tweetCorpus: TweetCorpus(source: gated), photoCorpus: noPhotos)
        await gated.waitUntilHeld()
        #expect(services.tweets.index.isImporting)
        #expect(services.tweets.index.status == .importing(read: 0, of: 6))

        let client = LoopbackClient()
        let created = try await client.postForm(services.url.appendingPathComponent("todos/list"), "content=while+importing")
        #expect(created.status == 200)
        let list = try await client.get(services.url.appendingPathComponent("todos/list"))
        #expect(list.status == 200)
        #expect(list.text.contains("while importing"))

        let searchURL = try #require(URL(string: "\(services.url)/1.1/search/tweets.json?q=widget"))
        let token = services.tweets.credentials.bearerToken
        let busy = try await client.get(searchURL, headers: ["Authorization": "Bearer \(token)"])
        #expect(busy.status == 503)
        #expect(busy.headers["retry-after"] == "5")
        #expect(busy.text == #"{"errors":[{"code":130,"message":"Over capacity: the tweet index is being built (0 of 6 changelogs read)","progress":{"read":0,"total":6}}]}"#)

        gated.open()
        let corpus = try #require(await services.tweets.index.waitUntilIdle())
        #expect(corpus.stats.tweets == 13)
        let ready = try await client.get(searchURL, headers: ["Authorization": "Bearer \(token)"])
        await services.stop()
        #expect(ready.status == 200)
        let answer = try JSONDecoder().decode(SearchAnswer.self, from: ready.body)
        #expect(answer.statuses.count == 4)
        // Avatar URLs name the address the client used, and the avatar is served there.
        let avatar = try #require(answer.statuses.first?.user.profile_image_url)
        #expect(avatar.hasPrefix("\(services.url)/avatars/"))
    }

    @Test("a second start on the same data directory does not import again")
    func secondStartDoesNotImport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await withTweets(in: directory) { client, services in
            #expect(try services.tweets.index.store.importCount() == 1)
            return try await client.searchAnswer("q=widget", services).texts
        }
        let second = try await withTweets(in: directory, waitForImport: false) { client, services in
            #expect(!services.tweets.index.isImporting)
            #expect(try services.tweets.index.store.importCount() == 1)
            guard case .ready(let corpus) = services.tweets.index.status else {
                Issue.record("not ready at start: \(services.tweets.index.status)")
                return [String]()
            }
            #expect(corpus.stats.tweets == 13)
            #expect(corpus.stats.seconds > 0)
            return try await client.searchAnswer("q=widget", services).texts
        }
        #expect(second == first)
    }

    @Test("changed changelogs import again, and the previous index answers until the new one is in")
    func changedCorpusReimports() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = "alpha (1.0-1) unstable; urgency=medium\n\n  * Old widget.\n\n -- Kim <kim@example.org>  Mon, 02 Jan 2023 13:06:21 +0100\n"
        let new = "alpha (1.1-1) unstable; urgency=medium\n\n  * New widget.\n\n -- Kim <kim@example.org>  Tue, 03 Jan 2023 13:06:21 +0100\n\n" + old
        try await withTweets(tweetCorpus: TweetCorpus(source: MemoryChangelogs(files: [("alpha", gzip(old))], version: "1")), in: directory) { client, services async throws in
            #expect(try await client.searchAnswer("q=widget", services).texts == ["Old widget."])
        }
        let gated = GatedChangelogs(MemoryChangelogs(files: [("alpha", gzip(new))], version: "2"))
        defer { gated.open() }
        try await withTweets(tweetCorpus: TweetCorpus(source: gated), in: directory, waitForImport: false) { client, services async throws in
            await gated.waitUntilHeld()
            #expect(services.tweets.index.isImporting)
            #expect(try await client.searchAnswer("q=widget", services).texts == ["Old widget."])
            gated.open()
            _ = await services.tweets.index.waitUntilIdle()
            #expect(try await client.searchAnswer("q=widget", services).texts == ["New widget.", "Old widget."])
            #expect(try services.tweets.index.store.importCount() == 2)
        }
    }

    @Test("a corpus directory that cannot be listed: the services start, the search says why with a 503")
    func unlistableCorpus() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/ripple-tweets-\(UUID().uuidString)")
        try await withTweets(tweetCorpus: .directory(missing)) { client, services in
            #expect(try await client.todos().isEmpty)
            guard case .failed(let reason) = services.tweets.index.status else {
                Issue.record("expected a failure, got \(services.tweets.index.status)")
                return
            }
            #expect(reason.contains(missing.path))
            let response = try await client.search("q=widget", services)
            #expect(response.status == .serviceUnavailable)
            let error = try #require(twitterError(response.body))
            #expect(error.code == 130)
            #expect(error.message.hasPrefix("Over capacity: the tweet index could not be built: the changelogs at \(missing.path) cannot be listed"))
        }
    }

    @Test("the bundled corpus: real changelogs, read whole, a few thousand entries")
    func bundledCorpus() throws {
        let source = BundledChangelogs()
        let names = try source.changelogNames()
        let (records, stats) = try TweetImport.read(source, names: names)
        #expect(stats.changelogs == 1)
        #expect(stats.changelogsSkipped == 0)
        #expect(stats.entries > 2_000)
        #expect(stats.packages > 300)
        #expect(stats.tweets == records.count)
        #expect(records.count > 5_000)
        #expect(try source.fingerprint(of: names) == source.fingerprint(of: names))
    }

    @Test("automatic: the machine's changelogs when the directory has some, else the bundled corpus")
    func automaticFallback() throws {
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let fallback = TweetCorpus.automatic(machineDirectory: empty.url)
        #expect(fallback.isBundled)
        #expect(fallback.source.description == "bundled corpus (debian-changelogs.gz)")
        let machine = TweetCorpus.automatic(machineDirectory: fixtureChangelogs)
        #expect(!machine.isBundled)
        #expect(machine.source.description == fixtureChangelogs.path)
    }

    @Test("the services run on the bundled corpus")
    func servicesOnBundledCorpus() async throws {
        try await withTweets(tweetCorpus: .bundled) { client, services in
            guard case .ready(let corpus) = services.tweets.index.status else {
                Issue.record("not ready: \(services.tweets.index.status)")
                return
            }
            #expect(corpus.isBundled)
            #expect(corpus.source == "bundled corpus (debian-changelogs.gz)")
            let answer = try await client.searchAnswer("q=new+upstream+release&count=100", services)
            #expect(answer.statuses.count == 100)
        }
    }
}
