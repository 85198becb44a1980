import AppsTestSupport
import Foundation
import Ripple
import RippleFoundation
import Services
import Testing
@testable import TwitterSearch
import TwitterSearchCore

/// The HTTP client against the real services, started in process on a free
/// loopback port over the fixture corpus: the token flow, searches decoded, the
/// avatars read, the failures mapped to the app's errors (the index not ready yet,
/// with its progress; a refusal with Twitter's message); and against a listener
/// that never answers or is not there: cancellation on the wire, the timeout, no
/// response.
@Suite(.timeLimit(.minutes(2)))
struct TwitterClientTests {
    func client(_ services: LocalServices, _ directory: URL, timeout: Double = 10) throws -> TwitterClient {
        let key = try #require(TwitterAppKey.read(fromDirectory: directory), "the services wrote twitter-app.json")
        return TwitterClient(baseURL: services.url, credentials: key, timeout: timeout)
    }

    @Test func theCredentialsAreReadFromTheFileTheServicesWrite() async throws {
        try await withLocalServices { services, directory in
            let key = try #require(TwitterAppKey.read(fromDirectory: directory))
            #expect(key.consumerKey == services.tweets.credentials.consumerKey)
            #expect(key.consumerSecret == services.tweets.credentials.consumerSecret)
        }
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        #expect(TwitterAppKey.read(fromDirectory: empty.url) == nil, "no file: no account")
        try Data(#"{"consumer_key":"k"}"#.utf8).write(to: empty.url.appendingPathComponent("twitter-app.json"))
        #expect(TwitterAppKey.read(fromDirectory: empty.url) == nil, "no secret: no account")
    }

    @Test func accessIsGrantedWithTheAppsKeyAndTheTokenIsKept() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            #expect(!client.hasToken)
            #expect(try await client.requestAccess().waitUntilCompleted())
            #expect(client.hasToken)
        }
    }

    @Test func aSearchReturnsDecodedTweetsBestFirst() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            #expect(try await client.requestAccess().waitUntilCompleted())
            let response = try #require(try await client.search("widget").first())
            #expect(response.tweets.map { String($0.status.prefix(30)) } == [
                "Widget widget widget: rewrite ",
                "Add a widget to the quux viewe",
                "Fix the frobnication of widget",
                "Explain in the manual page how",
            ])
            #expect(response.responseTime >= 0 && response.responseTime < 10, "seconds, as Twitter's completed_in")
            let quux = response.tweets[1]
            #expect(quux.username == "dave.maint+debian")
            #expect(quux.status == "Add a widget to the quux viewer.")
            // "Sun, 1 May 2022 23:30:00 -0200" in the changelog: Mon May 02 01:30:00 UTC.
            #expect(quux.timestamp == Date(timeIntervalSince1970: 1_651_455_000))
            #expect(quux.profileImageURL.hasPrefix("http://127.0.0.1:\(services.port)/avatars/"))
            #expect(quux.profileImageURL.hasSuffix(".png"))
            // The long bullet comes cut to 280 characters, as Twitter's `text`.
            #expect(response.tweets[3].status.count == 280)
            #expect(response.tweets[3].status.hasSuffix("…"))
        }
    }

    @Test func aSearchAsksForTheTokenItselfWhenItHasNone() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            let response = try #require(try await client.search("endian").first())
            #expect(response.tweets.map(\.status) == ["Fix the frobnication of widgets on big-endian machines. Closes: #1001."])
            #expect(client.hasToken)
        }
    }

    @Test func searchTextIsSentAsTextWhateverItsCharacters() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            // `+` stays a plus (not a space), quotes and FTS5 syntax stay text.
            let plus = try #require(try await client.search("C++").first())
            #expect(plus.tweets.count == 1)
            #expect(plus.tweets.first?.status.contains("C++") == true)
            let quoted = try #require(try await client.search("\"OR\" operator").first())
            #expect(quoted.tweets.map(\.status) == [#"Drop the "OR" operator from the query parser (it was never documented)."#])
            let none = try #require(try await client.search("nothing matches this").first())
            #expect(none.tweets.isEmpty)
            let latin = try #require(try await client.search("Müller").first())
            #expect(latin.tweets.map(\.username) == ["joerg"])
        }
    }

    @Test func wrongCredentialsAreAccessDenied() async throws {
        try await withLocalServices { services, directory in
            let key = try #require(TwitterAppKey.read(fromDirectory: directory))
            let client = TwitterClient(
                baseURL: services.url, credentials: TwitterAppKey(consumerKey: key.consumerKey, consumerSecret: "wrong"))
            await #expect(throws: TwitterSearchError.accessDenied) { try await client.requestAccess().waitUntilCompleted() }
            await #expect(throws: TwitterSearchError.accessDenied) { try await client.search("widget").first() }
            #expect(!client.hasToken)
        }
    }

    @Test func noCredentialsAreNoTwitterAccounts() async throws {
        try await withLocalServices { services, _ in
            let client = TwitterClient(baseURL: services.url, credentials: nil)
            await #expect(throws: TwitterSearchError.noTwitterAccounts) { try await client.requestAccess().waitUntilCompleted() }
            await #expect(throws: TwitterSearchError.noTwitterAccounts) { try await client.search("widget").first() }
        }
    }

    @Test func whileTheIndexIsBuiltASearchIsNotReadyWithTheIndexsProgress() async throws {
        let gated = GatedChangelogs(DirectoryChangelogs(directory: fixtureChangelogs))
        try await withLocalServices(corpus: TweetCorpus(source: gated), waitForImport: false) { services, directory in
            let client = try client(services, directory)
            // The import waits at the gate before its first changelog: 0 of the 6 read.
            await #expect(throws: TwitterSearchError.notReady(progress: IndexProgress(read: 0, total: 6))) {
                try await client.search("widget").first()
            }
            // Once the index is built, the same client searches.
            gated.open()
            _ = await services.tweets.index.waitUntilIdle()
            let response = try #require(try await client.search("widget").first())
            #expect(response.tweets.count == 4)
        }
    }

    @Test func anotherFailingStatusIsRefusedWithTwittersMessage() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            // White space only: the service trims it and answers 400, code 25.
            await #expect(throws: TwitterSearchError.refused(status: 400, message: "Query parameters are missing.")) {
                try await client.search("   ").first()
            }
        }
    }

    @Test func aTokenTheServiceNoLongerTakesIsDeniedThenForgotten() async throws {
        // The service's token changes between two starts on the same data directory
        // and port (the key and secret stay): the client's kept token is refused
        // once, with accessDenied, and the next search asks for the new one.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let corpus = TweetCorpus.directory(fixtureChangelogs)
        let first = try await LocalServices.start(
            dataDirectory: directory.url, port: 0, tweetCorpus: corpus, photoCorpus: .directories([]), logger: quietLogger
        )
        _ = await first.tweets.index.waitUntilIdle()
        let client = try client(first, directory.url)
        #expect(try await client.requestAccess().waitUntilCompleted())
        await first.stop()

        let file = directory.url.appendingPathComponent(TwitterAppKey.fileName)
        var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String])
        fields["bearer_token"] = String(repeating: "A", count: 21) + String(repeating: "b", count: 91)
        try JSONSerialization.data(withJSONObject: fields).write(to: file)

        let second = try await LocalServices.start(
            dataDirectory: directory.url, port: first.port, tweetCorpus: corpus, photoCorpus: .directories([]), logger: quietLogger
        )
        await #expect(throws: TwitterSearchError.accessDenied) { try await client.search("widget").first() }
        #expect(!client.hasToken, "the refused token is forgotten")
        let again: Result<TwitterResponse?, TwitterSearchError>
        do { again = .success(try await client.search("widget").first()) } catch { again = .failure(error) }
        await second.stop()
        #expect(try again.get()?.tweets.count == 4, "and the next search asks for the new one")
    }

    @Test func anAvatarIsTheIdenticonTheServiceDrew() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            let tweet = try #require(try await client.search("quux viewer").first()?.tweets.first)
            let image = try #require(try await client.avatar(at: tweet.profileImageURL).first())
            #expect(image.width == Identicon.size && image.height == Identicon.size)
            let name = try #require(tweet.profileImageURL.split(separator: "/").last)
            let hash = try #require(Identicon.hash(ofFileName: String(name)))
            let pattern = Identicon.pattern(hash)
            let colour = Identicon.colour(hash)
            func pixel(_ x: Int, _ y: Int) -> [UInt8] {
                Array(image.rgba[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
            }
            #expect(pixel(0, 0) == [240, 240, 240, 255])
            for row in 0..<5 {
                for column in 0..<5 {
                    let expected = pattern[row][column] ? [colour.0, colour.1, colour.2, 255] : [240, 240, 240, 255]
                    #expect(pixel(5 + column * 14 + 7, 5 + row * 14 + 7) == expected, "cell \(column),\(row)")
                }
            }
            // Kept: a second read does not ask the service.
            await services.stop()
            #expect(try await client.avatar(at: tweet.profileImageURL).first() == image)
        }
    }

    @Test func anAvatarThatIsNotThereIsRefusedAndOneThatIsNotHTTPIsAnInvalidResponse() async throws {
        try await withLocalServices { services, directory in
            let client = try client(services, directory)
            await #expect(throws: TwitterSearchError.refused(status: 404, message: nil)) {
                try await client.avatar(at: services.url.appendingPathComponent("avatars/not-an-md5.png").absoluteString).first()
            }
            await #expect(throws: TwitterSearchError.invalidResponse(reason: "the avatar URL nope is not an HTTP URL")) {
                try await client.avatar(at: "nope").first()
            }
        }
    }

    // MARK: A service that never answers

    @Test func disposingASearchClosesItsRequest() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let client = TwitterClient(baseURL: server.url, credentials: TwitterAppKey(consumerKey: "k", consumerSecret: "s"))
        var events = server.events.makeAsyncIterator()
        let run = client.search("widget").start()
        #expect(await events.next() == .request("POST /oauth2/token HTTP/1.1"))
        run.dispose()
        #expect(await events.next() == .closed, "the client closed the connection")
    }

    @Test func flatMapLatestAbandonsTheEarlierSearchOnTheWire() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let client = TwitterClient(baseURL: server.url, credentials: TwitterAppKey(consumerKey: "k", consumerSecret: "s"))
        let (texts, input) = Signal<String, Never>.pipe()
        var events = server.events.makeAsyncIterator()
        let run = texts.flatMap(.latest) { client.search($0).flatMapError { _ in .empty } }.observe { _ in }
        input.send(value: "first")
        #expect(await events.next() == .request("POST /oauth2/token HTTP/1.1"))
        input.send(value: "second")
        // Two connections, two threads: the first one's end and the second one's
        // request come in either order.
        let next = [await events.next(), await events.next()]
        #expect(next.contains(.closed), "the first request was cancelled")
        #expect(next.contains(.request("POST /oauth2/token HTTP/1.1")), "the second is on its way")
        run?.dispose()
        #expect(await events.next() == .closed)
    }

    @Test func aRequestWithoutAnswerTimesOutWithTheTimeoutError() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let client = TwitterClient(baseURL: server.url, credentials: TwitterAppKey(consumerKey: "k", consumerSecret: "s"),
                                   timeout: 0.5)
        // The client's own session waits its timeout, not the system's 60 s.
        #expect(client.session.configuration.timeoutIntervalForRequest == 0.5)
        var events = server.events.makeAsyncIterator()
        await #expect(throws: TwitterSearchError.timedOut) { try await client.search("widget").first() }
        // The client gave up on its connection: the server sees it closed.
        var seen: [SilentServer.Event] = []
        while let event = await events.next() {
            seen.append(event)
            if event == .closed { break }
        }
        #expect(seen.last == .closed, "\(seen)")
    }

    @Test func aServiceThatIsNotThereIsUnreachable() async throws {
        let server = try SilentServer()
        let url = server.url
        server.stop()
        let client = TwitterClient(baseURL: url, credentials: TwitterAppKey(consumerKey: "k", consumerSecret: "s"))
        await #expect(throws: TwitterSearchError.unreachable) { try await client.requestAccess().waitUntilCompleted() }
        await #expect(throws: TwitterSearchError.unreachable) { try await client.search("widget").first() }
    }
}
