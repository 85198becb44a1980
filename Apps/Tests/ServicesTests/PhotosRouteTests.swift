import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The 500px-shaped routes (Apps/docs/Services.md, "Photos"), over the fixture images.
@Suite("Photos: the 500px API")
struct PhotosRouteTests {
    static let titles = ["Fog 16bit", "Harbour at Night", "Exif portrait", "Evening Glow", "Wide meadow view"]

    @Test("GET /v1/photos: the seed's request; 500px's page shape; counts at zero; no voted without a token")
    func seedRequest() async throws {
        try await withPhotos { client, _ in
            let answer = try await client.photoJSON("/v1/photos?consumer_key=K&feature=popular&rpp=100&page=0&sort=rating&exclude=Nude&image_size[]=3")
            #expect(answer["current_page"] as? Int == 1)
            #expect(answer["total_pages"] as? Int == 1)
            #expect(answer["total_items"] as? Int == 5)
            #expect(answer["feature"] as? String == "popular")
            let photos = pxPhotos(answer)
            // Every rating is 0: ties in id order, the import's (largest file first).
            #expect(photos.map { $0["name"] as? String } == Self.titles)
            #expect(photos.map { $0["id"] as? Int } == [1, 2, 3, 4, 5])
            let harbour = photos[1]
            #expect(harbour["rating"] as? Double == 0)
            #expect(harbour["votes_count"] as? Int == 0)
            #expect(harbour["created_at"] as? String == "2023-01-07T13:06:21+00:00")
            #expect(harbour["width"] as? Int == 320 && harbour["height"] as? Int == 200)
            #expect(harbour["category"] as? Int == 0)
            #expect((harbour["user"] as? [String: Any])?["username"] as? String == "Test Photographer")
            let images = try #require(harbour["images"] as? [[String: Any]])
            #expect(images.count == 1)
            #expect(images[0]["size"] as? Int == 3)
            #expect(images[0]["url"] as? String == "http://localhost/photos/2/3.jpg" || (images[0]["url"] as? String)?.hasSuffix("/photos/2/3.jpg") == true)
            #expect(harbour["voted"] == nil)
            #expect(harbour["comments_count"] == nil)
        }
    }

    @Test("rpp and page: pages of the corpus; rpp capped at 100; a page past the end is empty")
    func paging() async throws {
        try await withPhotos { client, _ in
            let second = try await client.photoJSON("/v1/photos?rpp=2&page=2")
            #expect(second["current_page"] as? Int == 2)
            #expect(second["total_pages"] as? Int == 3)
            #expect(second["total_items"] as? Int == 5)
            #expect(pxPhotos(second).map { $0["id"] as? Int } == [3, 4])
            let last = try await client.photoJSON("/v1/photos?rpp=2&page=3")
            #expect(pxPhotos(last).map { $0["id"] as? Int } == [5])
            let past = try await client.photoJSON("/v1/photos?rpp=2&page=9")
            #expect(pxPhotos(past).isEmpty)
            #expect(past["total_items"] as? Int == 5)
            let huge = try await client.photoJSON("/v1/photos?rpp=5000&page=99999999999999")
            #expect(pxPhotos(huge).isEmpty)
            let capped = try await client.photoJSON("/v1/photos?rpp=101")
            #expect(pxPhotos(capped).count == 5)
            #expect(capped["total_pages"] as? Int == 1)
            let defaultSize = try await client.photoJSON("/v1/photos")
            #expect(defaultSize["total_pages"] as? Int == 1)
        }
    }

    @Test("sort=created_at and sort_direction; exclude; image_size[] 3 and 4")
    func sortingAndFilters() async throws {
        try await withPhotos { client, _ in
            let oldest = pxPhotos(try await client.photoJSON("/v1/photos?sort=created_at&sort_direction=asc"))
            #expect(oldest.prefix(2).map { $0["name"] as? String } == ["Exif portrait", "Harbour at Night"])
            let newest = pxPhotos(try await client.photoJSON("/v1/photos?sort=created_at"))
            #expect(newest.suffix(2).map { $0["name"] as? String } == ["Harbour at Night", "Exif portrait"])
            #expect(try await pxPhotos(client.photoJSON("/v1/photos?exclude=Nude,People")).count == 5)
            let uncategorised = try await client.photoJSON("/v1/photos?exclude=Uncategorized")
            #expect(pxPhotos(uncategorised).isEmpty)
            #expect(uncategorised["total_items"] as? Int == 0)
            let both = pxPhotos(try await client.photoJSON("/v1/photos?rpp=1&image_size%5B%5D=3&image_size%5B%5D=4&image_size[]=2"))
            #expect((both[0]["images"] as? [[String: Any]])?.map { $0["size"] as? Int } == [3, 4])
            let plain = pxPhotos(try await client.photoJSON("/v1/photos?rpp=1&image_size=4"))
            #expect((plain[0]["images"] as? [[String: Any]])?.map { $0["size"] as? Int } == [4])
        }
    }

    @Test("fresh_today, fresh_yesterday, fresh_week: the photos dated in the window, newest first")
    func freshFeatures() async throws {
        let evening = ServicesClock(now: { Date(timeIntervalSince1970: 1_673_121_600) }, sleep: { _ in })  // 2023-01-07T20:00Z
        try await withPhotos(clock: evening) { client, _ in
            let today = pxPhotos(try await client.photoJSON("/v1/photos?feature=fresh_today"))
            #expect(today.map { $0["name"] as? String } == ["Harbour at Night"])
            let yesterday = pxPhotos(try await client.photoJSON("/v1/photos?feature=fresh_yesterday"))
            #expect(yesterday.isEmpty)
            let week = pxPhotos(try await client.photoJSON("/v1/photos?feature=fresh_week"))
            #expect(week.map { $0["name"] as? String } == ["Harbour at Night"])
            let rated = try await client.photoJSON("/v1/photos?feature=highest_rated")
            #expect(rated["total_items"] as? Int == 5)
        }
    }

    @Test("GET /v1/photos/<id>: the detail with comments_count, favorites_count, voted and sizes 3 and 4; 404 otherwise")
    func detail() async throws {
        try await withPhotos { client, _ in
            let answer = try await client.photoJSON("/v1/photos/2?consumer_key=K&image_size[]=3&image_size[]=4")
            let photo = try #require(answer["photo"] as? [String: Any])
            #expect(photo["name"] as? String == "Harbour at Night")
            #expect(photo["description"] as? String == "A lighthouse beam over a dark harbour.")
            #expect(photo["comments_count"] as? Int == 0)
            #expect(photo["favorites_count"] as? Int == 0)
            #expect(photo["voted"] as? Bool == false)
            #expect((photo["images"] as? [[String: Any]])?.map { $0["size"] as? Int } == [3, 4])
            let defaults = try #require(try await client.photoJSON("/v1/photos/2")["photo"] as? [String: Any])
            #expect((defaults["images"] as? [[String: Any]])?.map { $0["size"] as? Int } == [3, 4])
            for missing in ["/v1/photos/99", "/v1/photos/abc", "/v1/photos/-1", "/v1/photos/1e3", "/v1/photos/9999999999999999999999"] {
                let error = try await client.photoJSON(missing, status: .notFound)
                #expect(error["status"] as? Int == 404)
                #expect(error["error"] as? String == "Photo not found")
            }
        }
    }

    @Test("votes: 401 without a token, 200 and the counts once, 403 the second time; another user's vote counts too")
    func votes() async throws {
        try await withPhotos { client, photos in
            let anonymous = try await client.postForm("/v1/photos/2/vote", "vote=1")
            #expect(anonymous.status == .unauthorized)
            #expect(jsonObject(anonymous.body)?["status"] as? Int == 401)
            let forged = try await client.execute(uri: "/v1/photos/2/vote", method: .post, headers: oauthHeaders("0123456789abcdef0123456789abcdef01234567").merging(formHeaders), body: ByteBuffer(string: "vote=1"))
            #expect(forged.status == .unauthorized)

            let ada = try await client.pxLogin("ada", "correct horse")
            let voted = try await client.execute(uri: "/v1/photos/2/vote", method: .post, headers: oauthHeaders(ada).merging(formHeaders), body: ByteBuffer(string: "vote=1"))
            #expect(voted.status == .ok)
            let photo = try #require(jsonObject(voted.body)?["photo"] as? [String: Any])
            #expect(photo["votes_count"] as? Int == 1)
            #expect(photo["rating"] as? Double == 1)
            #expect(photo["voted"] as? Bool == true)

            let again = try await client.execute(uri: "/v1/photos/2/vote", method: .post, headers: oauthHeaders(ada).merging(formHeaders), body: ByteBuffer(string: "vote=1"))
            #expect(again.status == .forbidden)
            #expect(jsonObject(again.body)?["error"] as? String == "Sorry, you have already voted for this Photo")
            #expect(jsonObject(again.body)?["status"] as? Int == 403)

            // Grace votes with her token in the form, then for another photo with a Bearer header.
            let grace = try await client.pxLogin("grace", "battery staple")
            #expect(try await client.postForm("/v1/photos/2/vote", "vote=1&oauth_token=\(grace)").status == .ok)
            let bearer = try await client.execute(uri: "/v1/photos/5/vote", method: .post, headers: [.authorization: "Bearer \(grace)", .contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: "vote=1"))
            #expect(bearer.status == .ok)

            let byVotes = pxPhotos(try await client.photoJSON("/v1/photos?sort=votes_count", headers: oauthHeaders(ada)))
            #expect(byVotes.map { $0["id"] as? Int } == [2, 5, 1, 3, 4])
            #expect(byVotes.map { $0["votes_count"] as? Int } == [2, 1, 0, 0, 0])
            #expect(byVotes.map { $0["voted"] as? Bool } == [true, false, false, false, false])
            let byRating = pxPhotos(try await client.photoJSON("/v1/photos?sort=rating&sort_direction=asc"))
            #expect(byRating.map { $0["id"] as? Int } == [1, 3, 4, 5, 2])
            #expect(try photos.library.store.activityCounts() == (votes: 3, favorites: 0, comments: 0))

            let unknown = try await client.execute(uri: "/v1/photos/77/vote", method: .post, headers: oauthHeaders(ada).merging(formHeaders), body: ByteBuffer(string: "vote=1"))
            #expect(unknown.status == .notFound)
            #expect(try photos.library.store.activityCounts().votes == 3)
        }
    }

    @Test("xAuth: a good login issues a stored token; a wrong one 401; the accounts down 503")
    func xAuth() async throws {
        let accounts = TestAccounts()
        try await withPhotos(accounts: accounts) { client, photos in
            let token = try await client.pxLogin("ada", "correct horse")
            #expect(try await photos.library.store.username(forToken: token) == "ada")
            let other = try await client.pxLogin("ada", "correct horse")
            #expect(other != token)
            for form in [
                "x_auth_mode=client_auth&x_auth_username=ada&x_auth_password=wrong",
                "x_auth_mode=client_auth&x_auth_username=nobody&x_auth_password=correct+horse",
                "x_auth_mode=client_auth&x_auth_username=grace&x_auth_password=correct+horse",
            ] {
                let response = try await client.postForm("/v1/oauth/access_token", form)
                #expect(response.status == .unauthorized)
                #expect(jsonObject(response.body)?["error"] as? String == "Invalid username or password")
            }
            let json = try await client.postJSON("/v1/oauth/access_token", #"{"x_auth_mode":"client_auth","x_auth_username":"grace","x_auth_password":"battery staple"}"#)
            #expect(json.status == .ok)
            #expect(json.headers[.contentType] == "application/x-www-form-urlencoded")
            #expect(String(buffer: json.body).wholeMatch(of: /oauth_token=[0-9a-f]{40}&oauth_token_secret=[0-9a-f]{40}/) != nil)
            #expect(accounts.checks == 6)
        }
        try await withPhotos(accounts: TestAccounts(failing: true)) { client, _ in
            let response = try await client.postForm("/v1/oauth/access_token", "x_auth_mode=client_auth&x_auth_username=ada&x_auth_password=x")
            #expect(response.status == .serviceUnavailable)
        }
    }

    @Test("the services as started log in the accounts registered through the Users service, and only them")
    func servicesLogInRegisteredAccounts() async throws {
        try await withServices(photoCorpus: noPhotos) { client, _ in
            let before = try await client.postForm(
                "/v1/oauth/access_token", "x_auth_mode=client_auth&x_auth_username=\(samplePhone)&x_auth_password=\(samplePassword)"
            )
            #expect(before.status == .unauthorized)
            #expect(try await client.register(code: try await client.requestCode()).status == .created)
            let token = try await client.pxLogin(samplePhone, samplePassword)
            #expect(token.count == 40)
            for form in [
                "x_auth_mode=client_auth&x_auth_username=\(samplePhone)&x_auth_password=abc124",
                "x_auth_mode=client_auth&x_auth_username=ada&x_auth_password=correct+horse",
            ] {
                let response = try await client.postForm("/v1/oauth/access_token", form)
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test("while the first import has not ended, the 500px routes answer 503 with Retry-After")
    func unavailableWhileImporting() async throws {
        try await withPhotos(runsImport: false) { client, photos in
            #expect(photos.library.status == .importing(read: 0, of: 9))
            for uri in ["/v1/photos", "/v1/photos/1"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "5")
                #expect((jsonObject(response.body)?["error"] as? String)?.contains("being imported (0 of 9 files read)") == true)
            }
            let vote = try await client.postForm("/v1/photos/1/vote", "vote=1")
            #expect(vote.status == .serviceUnavailable)
        }
    }
}

extension HTTPFields {
    /// These fields and another's.
    func merging(_ other: HTTPFields) -> HTTPFields {
        var fields = self
        for field in other {
            fields.append(field)
        }
        return fields
    }
}
