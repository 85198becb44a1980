import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import ImageFormats
import Services
import Testing

/// The Flickr-shaped REST API (Apps/docs/Services.md, "Flickr").
@Suite("Photos: the Flickr API")
struct PhotosFlickrTests {
    @Test("flickr.photos.search: the seed's request; Flickr's shapes; total a string; extras")
    func search() async throws {
        try await withPhotos { client, photos in
            let answer = try await client.flickr("flickr.photos.search", "text=harbour&sort=interestingness-desc&extras=url_m,url_t,owner_name,date_taken", photos)
            #expect(answer["stat"] as? String == "ok")
            let page = try #require(answer["photos"] as? [String: Any])
            #expect(page["total"] as? String == "1")
            #expect(page["page"] as? Int == 1)
            #expect(page["pages"] as? Int == 1)
            #expect(page["perpage"] as? Int == 100)
            let photo = try #require(flickrPhotos(answer).first)
            #expect(photo["id"] as? String == "2")
            #expect(photo["title"] as? String == "Harbour at Night")
            #expect(photo["farm"] as? Int == 1)
            #expect(photo["ownername"] as? String == "Test Photographer")
            #expect(photo["owner"] as? String == FlickrAPI.nsid("Test Photographer"))
            #expect(photo["datetaken"] as? String == "2023-01-07 13:06:21")
            let secret = try #require(photo["secret"] as? String)
            let server = try #require(photo["server"] as? String)
            #expect(secret.wholeMatch(of: /[0-9a-f]{10}/) != nil)
            #expect((photo["url_m"] as? String)?.hasSuffix("/farm1/\(server)/2_\(secret)_m.jpg") == true)
            #expect(photo["width_m"] as? Int == 240 && photo["height_m"] as? Int == 150)
            #expect(photo["width_t"] as? Int == 100 && photo["height_t"] as? Int == 63)
            // Every field is searched: description, owner, path words; stems match.
            #expect(try await flickrPhotos(client.flickr("flickr.photos.search", "text=lighthouse", photos)).map { $0["id"] as? String } == ["2"])
            #expect(try await flickrPhotos(client.flickr("flickr.photos.search", "text=Dawn+Painter", photos)).map { $0["id"] as? String } == ["4"])
            #expect(try await flickrPhotos(client.flickr("flickr.photos.search", "text=meadows", photos)).map { $0["id"] as? String } == ["5"])
            let none = try await client.flickr("flickr.photos.search", "text=zebra", photos)
            #expect((none["photos"] as? [String: Any])?["total"] as? String == "0")
            #expect((none["photos"] as? [String: Any])?["pages"] as? Int == 0)
            // FTS5's syntax is plain text.
            let syntax = try await client.flickr("flickr.photos.search", "text=%22harbour%22+OR+NEAR(a+b)+*", photos)
            #expect(flickrPhotos(syntax).isEmpty)
        }
    }

    @Test("the ranking: bm25, then favourites plus comments, then id; per_page and page")
    func ranking() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("images")
        // Three equal matches of "kite" (one folder each, files of different sizes) and a better one.
        try writeSolidPNG(root.appendingPathComponent("aa/red-kite.png"), width: 400, height: 300, colour: (200, 0, 0))
        try writeSolidPNG(root.appendingPathComponent("bb/red-kite.png"), width: 300, height: 300, colour: (0, 200, 0))
        try writeSolidPNG(root.appendingPathComponent("cc/red-kite.png"), width: 200, height: 300, colour: (0, 0, 200))
        try writeSolidPNG(root.appendingPathComponent("dd/kite.png"), width: 150, height: 150, colour: (9, 9, 9))
        let corpus = PhotoCorpus.directories([root], limits: .init(minimumBytes: 1))
        try await withPhotos(corpus: corpus) { client, photos in
            func ranked() async throws -> [String] {
                flickrPhotos(try await client.flickr("flickr.photos.search", "text=kite", photos)).compactMap { $0["id"] as? String }
            }
            // Ids follow the file sizes: aa 1, bb 2, cc 3, dd 4. "Kite" alone ranks first.
            #expect(try await ranked() == ["4", "1", "2", "3"])
            let token = try await client.pxLogin("ada", "correct horse")
            _ = try await client.flickr("flickr.favorites.add", "photo_id=3&auth_token=\(token)", photos, httpMethod: .post)
            #expect(try await ranked() == ["4", "3", "1", "2"])
            _ = try await client.flickr("flickr.photos.comments.addComment", "photo_id=2&auth_token=\(token)&comment_text=Nice", photos, httpMethod: .post)
            #expect(try await ranked() == ["4", "2", "3", "1"])
            _ = try await client.flickr("flickr.photos.comments.addComment", "photo_id=3&auth_token=\(token)&comment_text=Again", photos, httpMethod: .post)
            #expect(try await ranked() == ["4", "3", "2", "1"])

            let second = try await client.flickr("flickr.photos.search", "text=kite&per_page=3&page=2", photos)
            #expect(flickrPhotos(second).compactMap { $0["id"] as? String } == ["1"])
            #expect((second["photos"] as? [String: Any])?["pages"] as? Int == 2)
            #expect((second["photos"] as? [String: Any])?["total"] as? String == "4")
            let capped = try await client.flickr("flickr.photos.search", "text=kite&per_page=9000", photos)
            #expect((capped["photos"] as? [String: Any])?["perpage"] as? Int == 500)
            let posted = try await client.flickr("flickr.photos.search", "text=kite&sort=date-posted-asc", photos)
            #expect(flickrPhotos(posted).compactMap { $0["id"] as? String } == ["1", "2", "3", "4"])
        }
    }

    @Test("getFavorites and getInfo count the rows favorites.add and comments.addComment write")
    func metadataCounts() async throws {
        try await withPhotos { client, photos in
            func favourites() async throws -> String? {
                (try await client.flickr("flickr.photos.getFavorites", "photo_id=2", photos)["photo"] as? [String: Any])?["total"] as? String
            }
            func comments() async throws -> String? {
                let info = try await client.flickr("flickr.photos.getInfo", "photo_id=2", photos)
                return ((info["photo"] as? [String: Any])?["comments"] as? [String: Any])?["_content"] as? String
            }
            #expect(try await favourites() == "0")
            #expect(try await comments() == "0")

            let ada = try await client.pxLogin("ada", "correct horse")
            let grace = try await client.pxLogin("grace", "battery staple")
            let added = try await client.flickr("flickr.favorites.add", "photo_id=2&auth_token=\(ada)", photos, httpMethod: .post)
            #expect(added as NSDictionary == ["stat": "ok"] as NSDictionary)
            _ = try await client.flickr("flickr.favorites.add", "photo_id=2&auth_token=\(grace)", photos, httpMethod: .post)
            let twice = try await client.flickr("flickr.favorites.add", "photo_id=2&auth_token=\(grace)", photos, status: .conflict, httpMethod: .post)
            #expect(twice["code"] as? Int == 3)
            #expect(try await favourites() == "2")
            let people = try await client.flickr("flickr.photos.getFavorites", "photo_id=2&per_page=1", photos)
            let page = try #require(people["photo"] as? [String: Any])
            #expect(page["pages"] as? Int == 2)
            #expect((page["person"] as? [[String: Any]])?.count == 1)
            let usernames = (page["person"] as? [[String: Any]])?.compactMap { $0["username"] as? String } ?? []
            #expect(usernames == ["grace"] || usernames == ["ada"])

            let comment = try await client.flickr(
                "flickr.photos.comments.addComment", "photo_id=2&auth_token=\(ada)&comment_text=What+a+beam", photos, httpMethod: .post
            )
            let written = try #require(comment["comment"] as? [String: Any])
            #expect((written["id"] as? String)?.hasPrefix("2-") == true)
            #expect(written["authorname"] as? String == "ada")
            #expect(written["_content"] as? String == "What a beam")
            #expect(try await comments() == "1")
            // The 500px detail counts the same rows.
            let detail = try #require(try await client.photoJSON("/v1/photos/2")["photo"] as? [String: Any])
            #expect(detail["comments_count"] as? Int == 1)
            #expect(detail["favorites_count"] as? Int == 2)
            #expect(try photos.library.store.activityCounts() == (votes: 0, favorites: 2, comments: 1))
        }
    }

    @Test("getInfo: Flickr's shape")
    func info() async throws {
        try await withPhotos { client, photos in
            let answer = try await client.flickr("flickr.photos.getInfo", "photo_id=3", photos)
            let photo = try #require(answer["photo"] as? [String: Any])
            #expect(photo["id"] as? String == "3")
            #expect((photo["title"] as? [String: Any])?["_content"] as? String == "Exif portrait")
            #expect((photo["description"] as? [String: Any])?["_content"] as? String == "A portrait with EXIF")
            #expect((photo["owner"] as? [String: Any])?["username"] as? String == "Exif Author")
            #expect((photo["dates"] as? [String: Any])?["taken"] as? String == "2021-06-15 08:30:00")
            #expect(photo["originalformat"] as? String == "jpg")
            #expect(((photo["tags"] as? [String: Any])?["tag"] as? [[String: Any]])?.compactMap { $0["raw"] as? String } == ["exif", "portrait"])
        }
    }

    @Test("errors in Flickr's shape, JSON and XML: 1, 3, 8, 18, 98, 100, 111, 112; 200 for all with --fidelity original")
    func errors() async throws {
        for fidelity in Fidelity.allCases {
            try await withPhotos(fidelity: fidelity) { client, photos in
                let key = photos.flickrCredentials.apiKey
                let token = try await client.pxLogin("ada", "correct horse")
                let cases: [(String, HTTPResponse.Status, Int)] = [
                    ("method=flickr.photos.search&text=x", .forbidden, 100),
                    ("method=flickr.photos.search&text=x&api_key=0123", .forbidden, 100),
                    ("api_key=\(key)", .badRequest, 112),
                    ("method=flickr.photos.delete&api_key=\(key)", .badRequest, 112),
                    ("method=flickr.photos.search&text=x&api_key=\(key)&format=soap", .badRequest, 111),
                    ("method=flickr.photos.search&api_key=\(key)", .badRequest, 3),
                    ("method=flickr.photos.search&text=+&api_key=\(key)", .badRequest, 3),
                    ("method=flickr.photos.search&text=x&per_page=0&api_key=\(key)", .badRequest, 18),
                    ("method=flickr.photos.search&text=x&page=two&api_key=\(key)", .badRequest, 18),
                    ("method=flickr.photos.search&text=x&sort=random&api_key=\(key)", .badRequest, 18),
                    ("method=flickr.photos.getInfo&api_key=\(key)", .notFound, 1),
                    ("method=flickr.photos.getInfo&photo_id=99&api_key=\(key)", .notFound, 1),
                    ("method=flickr.photos.getFavorites&photo_id=..%2F1&api_key=\(key)", .notFound, 1),
                    ("method=flickr.favorites.add&photo_id=1&api_key=\(key)", .unauthorized, 98),
                    ("method=flickr.favorites.add&photo_id=1&auth_token=nope&api_key=\(key)", .unauthorized, 98),
                    ("method=flickr.favorites.add&photo_id=99&auth_token=\(token)&api_key=\(key)", .notFound, 1),
                    ("method=flickr.photos.comments.addComment&photo_id=1&auth_token=\(token)&api_key=\(key)", .badRequest, 8),
                    ("method=flickr.photos.comments.addComment&photo_id=1&comment_text=+&auth_token=\(token)&api_key=\(key)", .badRequest, 8),
                ]
                for (query, status, code) in cases {
                    let uri = "/services/rest/?\(query)" + (query.contains("format=") ? "" : "&format=json&nojsoncallback=1")
                    let response = try await client.execute(uri: uri, method: .get)
                    #expect(response.status == (fidelity == .original ? .ok : status), "\(query)")
                    let body = try #require(jsonObject(response.body), "\(query): \(String(buffer: response.body))")
                    #expect(body["stat"] as? String == "fail", "\(query)")
                    #expect(body["code"] as? Int == code, "\(query)")
                    #expect((body["message"] as? String)?.isEmpty == false)
                    // The same error in Flickr's XML (an unknown format is answered in JSON).
                    guard !query.contains("format=") else { continue }
                    let xml = try await client.execute(uri: "/services/rest/?\(query)&format=rest", method: .get)
                    #expect(xml.status == response.status, "\(query)")
                    #expect(xml.headers[.contentType] == "text/xml; charset=utf-8")
                    let root = try #require(TreeBuilder.parse(xml.body), "\(query): \(String(buffer: xml.body))")
                    #expect(root.attributes == ["stat": "fail"])
                    #expect(root.first("err")?.attributes == ["code": String(code), "msg": body["message"] as? String ?? ""], "\(query)")
                }
                #expect(try photos.library.store.activityCounts() == (votes: 0, favorites: 0, comments: 0))
            }
        }
    }

    @Test("formats: JSON by default, plain with nojsoncallback=1, JSONP with format=json alone")
    func formats() async throws {
        try await withPhotos { client, photos in
            let key = photos.flickrCredentials.apiKey
            let plain = try await client.execute(uri: "/services/rest?method=flickr.photos.getInfo&photo_id=2&api_key=\(key)", method: .get)
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentType] == "application/json; charset=utf-8")
            #expect(jsonObject(plain.body)?["stat"] as? String == "ok")
            let jsonp = try await client.execute(uri: "/services/rest/?method=flickr.photos.getFavorites&photo_id=2&api_key=\(key)&format=json", method: .get)
            #expect(jsonp.headers[.contentType] == "text/javascript; charset=utf-8")
            let text = String(buffer: jsonp.body)
            #expect(text.hasPrefix("jsonFlickrApi({") && text.hasSuffix("})"))
            let named = try await client.execute(uri: "/services/rest/?method=flickr.photos.getFavorites&photo_id=1&api_key=\(key)&format=json&jsoncallback=show", method: .get)
            #expect(String(buffer: named.body).hasPrefix("show({"))
            let hostile = try await client.execute(uri: "/services/rest/?method=flickr.photos.getFavorites&photo_id=1&api_key=\(key)&format=json&jsoncallback=alert(1)//", method: .get)
            #expect(String(buffer: hostile.body).hasPrefix("jsonFlickrApi({"))
            let error = try await client.execute(uri: "/services/rest/?method=flickr.photos.getInfo&photo_id=99&api_key=\(key)&format=json", method: .get)
            #expect(String(buffer: error.body) == #"jsonFlickrApi({"code":1,"message":"Photo not found","stat":"fail"})"#)
        }
    }

    @Test("while the first import has not ended, every method answers error 105 with 503")
    func unavailableWhileImporting() async throws {
        try await withPhotos(runsImport: false) { client, photos in
            let answer = try await client.flickr("flickr.photos.search", "text=harbour", photos, status: .serviceUnavailable)
            #expect(answer["code"] as? Int == 105)
            #expect(answer["message"] as? String == "Service currently unavailable")
        }
    }

    @Test("flickr-app.json: written on the first start, read on the next")
    func apiKeyFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await withPhotos(corpus: noPhotos, in: directory) { _, photos in
            #expect(photos.createdFlickrCredentials)
            return photos.flickrCredentials
        }
        #expect(first.apiKey.wholeMatch(of: /[0-9a-f]{32}/) != nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent("flickr-app.json").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let second = try await withPhotos(corpus: noPhotos, in: directory) { _, photos in
            #expect(!photos.createdFlickrCredentials)
            return photos.flickrCredentials
        }
        #expect(second == first)
    }
}
