import AppsTestSupport
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The search and token routes over the fixture corpus (`Fixtures/README.md` lists
/// its bullets), through Hummingbird's router test client.
@Suite("Tweets: search and app-only auth routes")
struct TweetsRouteTests {
    // MARK: Search

    @Test("the search answers Twitter v1.1's shape, byte for byte")
    func answerShape() async throws {
        try await withTweets { client, services in
            let response = try await client.search("q=quux+viewer&count=5", services)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let body = String(buffer: response.body)
            let answer = try JSONDecoder().decode(SearchAnswer.self, from: Data(buffer: response.body))
            let status = try #require(answer.statuses.first)
            let completed = try #require(body.firstMatch(of: /"completed_in":([0-9.e-]+)/)).1
            #expect(body == """
                {"search_metadata":{"completed_in":\(completed),"count":5,"query":"quux viewer"},\
                "statuses":[{"created_at":"Mon May 02 01:30:00 +0000 2022","id":\(status.id),"id_str":"\(status.id)",\
                "lang":"en","text":"Add a widget to the quux viewer.","truncated":false,\
                "user":{"id":\(status.user.id),"id_str":"\(status.user.id)","name":"Dave Maintainer",\
                "profile_image_url":"http://localhost/avatars/\(md5Hex("dave.maint+debian@example.net")).png",\
                "screen_name":"dave.maint+debian"}}]}
                """)
            // The measured time, not a constant; it includes the wait for a reader, which
            // in the full suite on two shared cores has taken over a second.
            #expect(answer.search_metadata.completed_in >= 0)
            #expect(answer.search_metadata.completed_in < 30)
        }
    }

    @Test("ranked by bm25: the bullet that says widget most comes first, a long one last")
    func rankedByBM25() async throws {
        try await withTweets { client, services in
            let answer = try await client.searchAnswer("q=widget", services)
            #expect(answer.texts.map { String($0.prefix(30)) } == [
                "Widget widget widget: rewrite ",
                "Add a widget to the quux viewe",
                "Fix the frobnication of widget",
                "Explain in the manual page how",
            ])
        }
    }

    @Test("equal scores: newest first")
    func tiesNewestFirst() async throws {
        try await withTweets { client, services in
            let answer = try await client.searchAnswer("q=new%20upstream%20release", services)
            #expect(answer.texts == Array(repeating: "New upstream release.", count: 4))
            #expect(answer.statuses.map(\.created_at) == [
                "Thu Jan 05 09:00:00 +0000 2023",
                "Mon Jan 02 12:06:21 +0000 2023",
                "Sat Dec 31 15:40:30 +0000 2022",
                "Sun Feb 14 08:15:00 +0000 2021",
            ])
            #expect(answer.statuses.map(\.user.screen_name) == ["dave.maint+debian", "alice", "alice", "dave.maint+debian"])
            // Ids grow with time, as Twitter's did.
            #expect(answer.statuses.map(\.id) == answer.statuses.map(\.id).sorted(by: >))
        }
    }

    @Test("every word must match; stemming and diacritics do not matter; the package name matches at half weight")
    func matching() async throws {
        try await withTweets { client, services in
            #expect(try await client.searchAnswer("q=widget+cache", services).texts.count == 1)
            #expect(try await client.searchAnswer("q=widget+nothingmatches", services).texts.isEmpty)
            let fixes = try await client.searchAnswer("q=fixes", services).texts
            #expect(fixes.count == 2)
            #expect(fixes.contains("Fix the frobnication of widgets on big-endian machines. Closes: #1001."))
            #expect(fixes.contains("Update the Danish translation.\n- Thanks to the translators.\n- Proofread by Carol, who also fixed two typos."))
            #expect(try await client.searchAnswer("q=Muller", services).texts == ["Initial release, packaged by Jörg Müller (ISO-8859-1)."])
            #expect(try await client.searchAnswer("q=oldstyle", services).texts == [
                "Add a manual page for the oldstyle command.",
                "Initial release, packaged by Jörg Müller (ISO-8859-1).",
            ])
        }
    }

    @Test(
        "FTS5 syntax in the query is plain text: 200, never an error",
        arguments: [
            ("q=%22speed%22", 1), ("q=-O3", 1), ("q=C%2B%2B", 1), ("q=README*", 1), ("q=%22OR%22+operator", 1),
            ("q=OR", 2), ("q=NOT", 1), ("q=AND", 1), ("q=*", 0), ("q=%22", 0), ("q=(", 0), ("q=)", 0),
            ("q=widget+OR+gadget", 0), ("q=widget+(", 4), ("q=text:widget", 0), ("q=%5E", 0), ("q=NEAR(a+b)", 0),
            ("q=%27%3B+DROP+TABLE+tweets%3B+--", 0), ("q=%E2%80%9Cquoted%E2%80%9D", 0), ("q=%F0%9F%90%9B", 0),
        ]
    )
    func syntaxIsText(_ query: String, _ expected: Int) async throws {
        try await withTweets { client, services in
            let answer = try await client.searchAnswer(query, services)
            #expect(answer.statuses.count == expected)
            // Still there afterwards.
            #expect(try await client.searchAnswer("q=widget", services).statuses.count == 4)
        }
    }

    @Test("the hand-written JSON escapes what JSON needs and keeps UTF-8: a client reads back the exact texts")
    func jsonEscaping() async throws {
        let bullet = #"Quote "x", back\slash, a/b, é, 日本, 🐛, control \#u{01}\#u{1F} and DEL \#u{7F}"#
        let name = #"Zoë "Zed" O'Brien \ Jr."#
        let changelog = """
            tricky (1.0-1) unstable; urgency=medium

              * \(bullet)
                - nested item

             -- \(name) <zoe@example.org>  Mon, 02 Jan 2023 13:06:21 +0100

            """
        let corpus = TweetCorpus(source: MemoryChangelogs(files: [("tricky", gzip(changelog))], version: "tricky"))
        try await withTweets(tweetCorpus: corpus) { client, services in
            for mode in ["", "&tweet_mode=extended"] {
                let response = try await client.search("q=quote\(mode)", services)
                let object = try #require(jsonObject(response.body))
                let status = try #require((object["statuses"] as? [[String: Any]])?.first)
                let text = try #require((status["text"] ?? status["full_text"]) as? String)
                #expect(text == bullet + "\n- nested item")
                #expect((status["user"] as? [String: Any])?["name"] as? String == name)
            }
            let body = String(buffer: try await client.search("q=quote", services).body)
            #expect(body.contains(#"Quote \"x\", back\\slash, a/b, é, 日本, 🐛, control \u0001\u001f and DEL \#u{7F}\n- nested item"#))
        }
    }

    @Test("count: 15 by default, at most 100, at least 1; not a number is ignored")
    func countLimits() async throws {
        let bullets = (1...120).map { "  * Tweak knob number \($0).\n" }.joined()
        let changelog = "knobs (1.0-1) unstable; urgency=medium\n\n\(bullets)\n -- Kim <kim@example.org>  Mon, 02 Jan 2023 13:06:21 +0100\n"
        let corpus = TweetCorpus(source: MemoryChangelogs(files: [("knobs/changelog.Debian.gz", gzip(changelog))], version: "knobs"))
        try await withTweets(tweetCorpus: corpus) { client, services in
            for (query, count) in [("q=knob", 15), ("q=knob&count=100", 100), ("q=knob&count=101", 100), ("q=knob&count=5000", 100),
                                   ("q=knob&count=7", 7), ("q=knob&count=0", 1), ("q=knob&count=-3", 1), ("q=knob&count=ten", 15),
                                   ("q=knob&count=", 15), ("q=knob&count=99999999999999999999", 15)] {
                let answer = try await client.searchAnswer(query, services)
                #expect(answer.statuses.count == count, "\(query)")
                #expect(answer.search_metadata.count == count, "\(query)")
            }
        }
    }

    @Test("lang: en or none searches; another language finds nothing (the changelogs are English)")
    func language() async throws {
        try await withTweets { client, services async throws in
            #expect(try await client.searchAnswer("q=widget&lang=en", services).statuses.count == 4)
            #expect(try await client.searchAnswer("q=widget&lang=", services).statuses.count == 4)
            #expect(try await client.searchAnswer("q=widget&lang=EN", services).statuses.count == 4)
            #expect(try await client.searchAnswer("q=widget&lang=fr", services).statuses.isEmpty)
        }
    }

    @Test("text over 280 characters is cut with an ellipsis and truncated: true; tweet_mode=extended gives full_text")
    func longText() async throws {
        try await withTweets { client, services in
            let short = try #require(try await client.searchAnswer("q=contraption", services).statuses.first)
            let text = try #require(short.text)
            #expect(short.truncated)
            #expect(text.count <= 280)
            #expect(text.count > 270)
            #expect(text.hasSuffix("…"))
            #expect(text.hasPrefix("Explain in the manual page how frobnicate handles widgets"))
            let full = try #require(try await client.searchAnswer("q=contraption&tweet_mode=extended", services).statuses.first)
            #expect(full.text == nil)
            #expect(!full.truncated)
            #expect(full.full_text?.hasSuffix("when they frobnicated a contraption that was not a widget.") == true)
            #expect(full.full_text?.hasPrefix(String(text.dropLast())) == true)
        }
    }

    // MARK: Auth

    @Test("POST /oauth2/token: the app's key and secret and client_credentials give the bearer token, every time the same")
    func tokenFlow() async throws {
        try await withTweets { client, services in
            let credentials = services.tweets.credentials
            let headers: HTTPFields = [
                .authorization: basicAuthorization(key: credentials.consumerKey, secret: credentials.consumerSecret),
                .contentType: "application/x-www-form-urlencoded;charset=UTF-8",
            ]
            for _ in 0..<2 {
                let response = try await client.execute(
                    uri: "/oauth2/token", method: .post, headers: headers, body: ByteBuffer(string: "grant_type=client_credentials")
                )
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"access_token":"\#(credentials.bearerToken)","token_type":"bearer"}"#)
            }
            // Percent-encoded key and secret (Twitter's rule before base64) are read too.
            let encoded = "%" + String(credentials.consumerKey.utf8.first!, radix: 16, uppercase: true) + credentials.consumerKey.dropFirst()
            let response = try await client.execute(
                uri: "/oauth2/token", method: .post,
                headers: [.authorization: basicAuthorization(key: encoded, secret: credentials.consumerSecret), .contentType: "application/json"],
                body: ByteBuffer(string: #"{"grant_type":"client_credentials"}"#)
            )
            #expect(response.status == .ok)
            // The token opens the search.
            let token = try #require(jsonObject(response.body)?["access_token"] as? String)
            let search = try await client.execute(uri: "/1.1/search/tweets.json?q=widget", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(search.status == .ok)
        }
    }

    @Test(
        "POST /oauth2/token refused: 403 in Twitter's shape",
        arguments: [
            ("no Authorization", nil, "grant_type=client_credentials", 99),
            ("wrong secret", "key:wrong-secret", "grant_type=client_credentials", 99),
            ("wrong key", "wrong-key:secret", "grant_type=client_credentials", 99),
            ("not base64", "Basic !!!not-base64!!!", "grant_type=client_credentials", 99),
            ("no colon", "Basic " + Data("keysecret".utf8).base64EncodedString(), "grant_type=client_credentials", 99),
            ("Bearer instead of Basic", "Bearer something", "grant_type=client_credentials", 99),
            ("no grant_type", "key:secret", "", 170),
            ("another grant_type", "key:secret", "grant_type=password", 99),
        ] as [(String, String?, String, Int)]
    )
    func tokenRefused(_ name: String, _ authorization: String?, _ body: String, _ code: Int) async throws {
        try await withTweets { client, services in
            let credentials = services.tweets.credentials
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            if let authorization {
                if authorization.hasPrefix("Basic ") || authorization.hasPrefix("Bearer ") {
                    headers[.authorization] = authorization
                } else {
                    let pair = authorization.split(separator: ":")
                    let key = pair[0] == "key" ? credentials.consumerKey : String(pair[0])
                    let secret = pair[1] == "secret" ? credentials.consumerSecret : String(pair[1])
                    headers[.authorization] = basicAuthorization(key: key, secret: secret)
                }
            }
            let response = try await client.execute(uri: "/oauth2/token", method: .post, headers: headers, body: ByteBuffer(string: body))
            #expect(response.status == .forbidden)
            let error = try #require(twitterError(response.body), "\(String(buffer: response.body))")
            #expect(error.code == code)
            if code == 99 {
                #expect(error.message == "Unable to verify your credentials")
                #expect(error.label == "authenticity_token_error")
            } else {
                #expect(error.message == "Missing required parameter: grant_type")
            }
        }
    }

    @Test(
        "the search without the bearer token: Twitter's 400 and 401 answers",
        arguments: [
            (nil, 400, 215, "Bad Authentication data."),
            ("", 400, 215, "Bad Authentication data."),
            ("Bearer AAAAwrong", 401, 89, "Invalid or expired token."),
            ("Bearer", 401, 89, "Invalid or expired token."),
            ("Basic a2V5OnNlY3JldA==", 401, 32, "Could not authenticate you."),
            ("OAuth oauth_consumer_key=\"x\"", 401, 32, "Could not authenticate you."),
        ] as [(String?, Int, Int, String)]
    )
    func searchUnauthorized(_ authorization: String?, _ status: Int, _ code: Int, _ message: String) async throws {
        try await withTweets { client, _ in
            var headers: HTTPFields = [:]
            if let authorization { headers[.authorization] = authorization }
            let response = try await client.execute(uri: "/1.1/search/tweets.json?q=widget", method: .get, headers: headers)
            #expect(response.status.code == status)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let error = try #require(twitterError(response.body))
            #expect(error.code == code)
            #expect(error.message == message)
        }
    }

    @Test("the bearer scheme is read in any case")
    func bearerAnyCase() async throws {
        try await withTweets { client, services in
            let token = services.tweets.credentials.bearerToken
            for scheme in ["bearer", "BEARER", "Bearer"] {
                let response = try await client.execute(
                    uri: "/1.1/search/tweets.json?q=widget", method: .get, headers: [.authorization: "\(scheme) \(token)"]
                )
                #expect(response.status == .ok)
            }
        }
    }

    @Test("twitter-app.json: made on first start with mode 0600, the same credentials on the next")
    func credentialsFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await withTweets(in: directory) { _, services in
            #expect(services.tweets.createdCredentials)
            return services.tweets.credentials
        }
        let file = directory.url.appendingPathComponent("twitter-app.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let stored = try JSONDecoder().decode(TwitterAppCredentials.self, from: Data(contentsOf: file))
        #expect(stored == first)
        #expect(first.consumerKey.count == 25 && first.consumerSecret.count == 50 && first.bearerToken.count == 112)
        let second = try await withTweets(in: directory) { _, services in
            #expect(!services.tweets.createdCredentials)
            return services.tweets.credentials
        }
        #expect(second == first)
    }

    @Test("a twitter-app.json that is not credentials stops the start with a clear error")
    func brokenCredentialsFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("{\"consumer_key\":1}".utf8).write(to: directory.url.appendingPathComponent("twitter-app.json"))
        let configuration = ServicesConfiguration(port: 0, dataDirectory: directory.url, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos)
        let error = #expect(throws: ServiceError.self) {
            _ = try ServicesApplication.open(configuration, logger: quietLogger)
        }
        #expect(error?.message.contains("is not valid Twitter app credentials") == true)
    }
}

/// MD5 of a text, as lowercase hex.
func md5Hex(_ text: String) -> String {
    Insecure.MD5.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
}

