import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// `Authorization: OAuth …` as 500px's client signed its token requests: the
/// consumer key, and the request token when there is one.
private func signed(consumerKey: String = "seed-consumer-key", token: String? = nil) -> HTTPFields {
    var parts = [
        #"oauth_consumer_key="\#(consumerKey)""#, #"oauth_nonce="n0nce""#, #"oauth_signature="c2ln%3D""#,
        #"oauth_signature_method="HMAC-SHA1""#, #"oauth_timestamp="1700000000""#, #"oauth_version="1.0""#,
    ]
    if let token { parts.append(#"oauth_token="\#(token)""#) }
    return [.authorization: "OAuth " + parts.joined(separator: ", ")]
}

private let login = "x_auth_mode=client_auth&x_auth_username=ada&x_auth_password=correct+horse"

extension TestClientProtocol {
    /// `POST /v1/oauth/request_token`, requiring 200: the request token.
    fileprivate func requestToken(_ headers: HTTPFields = signed(), body: String = "") async throws -> String {
        let response = try await execute(uri: "/v1/oauth/request_token", method: .post, headers: headers.merging(formHeaders), body: ByteBuffer(string: body))
        try #require(response.status == .ok, "\(response.status) \(String(buffer: response.body))")
        #expect(response.headers[.contentType] == "application/x-www-form-urlencoded")
        let match = try #require(
            String(buffer: response.body).wholeMatch(of: /oauth_token=([0-9a-f]{40})&oauth_token_secret=([0-9a-f]{40})&oauth_callback_confirmed=true/)
        )
        return String(match.1)
    }

    /// `POST /v1/oauth/access_token` signed with a request token.
    fileprivate func exchange(_ requestToken: String, _ form: String = login) async throws -> TestResponse {
        try await execute(
            uri: "/v1/oauth/access_token", method: .post, headers: signed(token: requestToken).merging(formHeaders), body: ByteBuffer(string: form)
        )
    }
}

/// 500px's token login as the seed's `logIn` did it: a request token,
/// then xAuth's access token signed with it.
@Suite("Photos: 500px's request_token then access_token")
struct PhotosLoginTests {
    @Test("request_token then access_token with the user's password gives a token that votes")
    func requestThenAccess() async throws {
        try await withPhotos { client, photos in
            let requestToken = try await client.requestToken()
            let response = try await client.exchange(requestToken)
            #expect(response.status == .ok)
            let body = String(buffer: response.body)
            let token = String(try #require(body.wholeMatch(of: /oauth_token=([0-9a-f]{40})&oauth_token_secret=[0-9a-f]{40}/)).1)
            #expect(token != requestToken)
            #expect(try await photos.library.store.username(forToken: token) == "ada")
            // A request token is not an access token.
            #expect(try await photos.library.store.username(forToken: requestToken) == nil)
            let vote = try await client.execute(
                uri: "/v1/photos/2/vote", method: .post, headers: oauthHeaders(token).merging(formHeaders), body: ByteBuffer(string: "vote=1")
            )
            #expect(vote.status == .ok)
            // The consumer key may also come as a field; a JSON exchange works the same.
            let fromField = try await client.requestToken([:], body: "oauth_consumer_key=seed-consumer-key")
            let json = try await client.execute(
                uri: "/v1/oauth/access_token", method: .post, headers: signed(token: fromField).merging(jsonHeaders),
                body: ByteBuffer(string: #"{"x_auth_mode":"client_auth","x_auth_username":"grace","x_auth_password":"battery staple"}"#)
            )
            #expect(json.status == .ok)
        }
    }

    @Test("a request token serves once: the second exchange is refused, nothing issued")
    func requestTokenServesOnce() async throws {
        try await withPhotos { client, photos in
            let requestToken = try await client.requestToken()
            #expect(try await client.exchange(requestToken).status == .ok)
            let again = try await client.exchange(requestToken)
            #expect(again.status == .unauthorized)
            #expect((jsonObject(again.body)?["error"] as? String)?.contains("request token is unknown, used or expired") == true)
            #expect(jsonObject(again.body)?["status"] as? Int == 401)
            #expect(try photos.library.store.accessTokenCount() == 1)
        }
    }

    @Test("a wrong password keeps the request token: the right one then logs in with it")
    func wrongPasswordKeepsTheRequestToken() async throws {
        let accounts = TestAccounts()
        try await withPhotos(accounts: accounts) { client, photos in
            let requestToken = try await client.requestToken()
            let wrong = try await client.exchange(requestToken, "x_auth_mode=client_auth&x_auth_username=ada&x_auth_password=wrong")
            #expect(wrong.status == .unauthorized)
            #expect(jsonObject(wrong.body)?["error"] as? String == "Invalid username or password")
            #expect(try photos.library.store.accessTokenCount() == 0)
            #expect(try await client.exchange(requestToken).status == .ok)
            #expect(accounts.checks == 2)
        }
    }

    @Test("an unknown request token and one over 10 minutes old are refused before the password is checked")
    func unknownAndExpiredRequestTokens() async throws {
        let clock = ManualClock()
        let accounts = TestAccounts()
        try await withPhotos(clock: clock.servicesClock, accounts: accounts) { client, photos in
            let unknown = try await client.exchange(String(repeating: "0", count: 40))
            #expect(unknown.status == .unauthorized)
            #expect((jsonObject(unknown.body)?["error"] as? String)?.contains("request token") == true)

            let requestToken = try await client.requestToken()
            clock.advance(by: .seconds(599))
            let fresh = try await client.requestToken()
            #expect(try await client.exchange(fresh).status == .ok)
            clock.advance(by: .seconds(1))
            let expired = try await client.exchange(requestToken)
            #expect(expired.status == .unauthorized)
            #expect((jsonObject(expired.body)?["error"] as? String)?.contains("expired") == true)
            #expect(accounts.checks == 1)
            #expect(try photos.library.store.accessTokenCount() == 1)
        }
    }

    @Test("request_token without a consumer key is 401 in 500px's shape; nothing is issued")
    func requestTokenNeedsAConsumerKey() async throws {
        try await withPhotos { client, _ in
            for headers in [[:], signed(consumerKey: ""), [.authorization: "Bearer abc"]] as [HTTPFields] {
                let response = try await client.execute(uri: "/v1/oauth/request_token", method: .post, headers: headers.merging(formHeaders), body: ByteBuffer(string: ""))
                #expect(response.status == .unauthorized)
                let error = try #require(jsonObject(response.body))
                #expect(error["status"] as? Int == 401)
                #expect((error["error"] as? String)?.contains("oauth_consumer_key") == true)
            }
        }
    }
}
