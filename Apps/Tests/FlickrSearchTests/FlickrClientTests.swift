import AppsTestSupport
import FlickrSearch
import FlickrSearchCore
import Foundation
import Ripple
import RippleTesting
import Testing

/// The client's reading of Flickr's answers, and its failures, with canned answers
/// (no socket): a search's photos and total (strings or numbers), the thumbnails'
/// URLs as Flickr's were built, the two counts, Flickr's `stat: fail` (in a 200 or
/// with a failing status), an answer that is not Flickr's, and no API key.
@Suite struct FlickrClientTests {
    let scheduler = QueueScheduler(name: "flickr-client-tests")

    func client(status: Int = 200, body: String) -> FlickrClient {
        let host = CannedURLProtocol.answer(status: status, body: body)
        return FlickrClient(baseURL: URL(string: "http://\(host)")!, key: FlickrAppKey(apiKey: "0123"),
                            scheduler: scheduler, session: CannedURLProtocol.session())
    }

    @Test func aSearchReadsThePhotosTheTotalAndBuildsTheThumbnailURLs() async throws {
        let body = #"""
        {"photos":{"page":1,"pages":1,"perpage":100,"total":"1234","photo":[
          {"id":"7","owner":"1@N01","secret":"0a1b2c3d4e","server":"9803","farm":1,"title":"Red flower"},
          {"id":8,"secret":"ffffffffff","server":12,"farm":2,"title":""}]},"stat":"ok"}
        """#
        let client = client(body: body)
        let results = try #require(try await client.search("flower").first())
        #expect(results.searchText == "flower")
        #expect(results.totalResults == 1234)
        #expect(results.photos.map(\.id) == ["7", "8"])
        #expect(results.photos.map(\.title) == ["Red flower", ""])
        let host = try #require(results.photos[0].thumbnailURL?.host)
        #expect(results.photos.map(\.thumbnailURL?.path) == ["/farm1/9803/7_0a1b2c3d4e_m.jpg", "/farm2/12/8_ffffffffff_m.jpg"])
        #expect(host.hasPrefix("canned-"))
    }

    @Test func theFavouritesAreTheTotalAndTheCommentsTheInfosCount() async throws {
        let favourites = client(body: #"{"photo":{"person":[],"id":"7","total":"3"},"stat":"ok"}"#)
        let info = client(body: #"{"photo":{"id":"7","comments":{"_content":"12"},"title":{"_content":"x"}},"stat":"ok"}"#)
        #expect(try await favourites.favourites(ofPhoto: "7").first() == 3)
        #expect(try await info.comments(onPhoto: "7").first() == 12)
    }

    @Test func flickrsFailureIsAnErrorWithItsCodeWhateverTheStatus() async throws {
        let failing = #"{"code":105,"message":"Service currently unavailable","stat":"fail"}"#
        await #expect(throws: FlickrSearchError.failed(status: 503, code: 105, message: "Service currently unavailable")) {
            try await client(status: 503, body: failing).search("flower").first()
        }
        await #expect(throws: FlickrSearchError.failed(status: 200, code: 105, message: "Service currently unavailable")) {
            try await client(status: 200, body: failing).comments(onPhoto: "7").first()
        }
    }

    @Test func anAnswerThatIsNotFlickrsIsAnInvalidResponse() async throws {
        await #expect {
            try await client(body: #"{"photos":{"photo":[]}}"#).search("flower").first()
        } throws: { error in
            guard case .invalidResponse? = error as? FlickrSearchError else { return false }
            return true
        }
    }

    @Test func withoutAnAPIKeyNothingIsSent() async throws {
        let host = CannedURLProtocol.silentHost()
        let client = FlickrClient(baseURL: URL(string: "http://\(host)")!, key: nil, scheduler: scheduler,
                                  session: CannedURLProtocol.session())
        await #expect(throws: FlickrSearchError.noAPIKey) { try await client.search("flower").first() }
    }

    @Test func theKeyIsReadFromTheServicesDataDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(FlickrAppKey.read(fromDirectory: directory.url) == nil)
        try Data(#"{"api_key":"abc","api_secret":"def"}"#.utf8).write(to: directory.url.appendingPathComponent("flickr-app.json"))
        #expect(FlickrAppKey.read(fromDirectory: directory.url) == FlickrAppKey(apiKey: "abc"))
    }

    @Test func theRecentSearchesFileKeepsThumbnailsRelativeToTheServicesAndReadsThemUnderTheNextRunsURL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = RecentSearchFile(directory: directory.url, imageBase: URL(string: "http://127.0.0.1:41000")!)
        let searches = [
            RecentSearch(searchText: "flower", totalResults: 57,
                         thumbnailURL: URL(string: "http://127.0.0.1:41000/farm1/3323/30_6dd01cba66_m.jpg")),
            RecentSearch(searchText: "elsewhere", totalResults: 1, thumbnailURL: URL(string: "http://example.org/a.jpg")),
            RecentSearch(searchText: "nothing", totalResults: 0, thumbnailURL: nil),
        ]
        try first.save(searches).get()
        let text = try String(contentsOf: first.url, encoding: .utf8)
        #expect(text.contains(#""thumbnail" : "farm1/3323/30_6dd01cba66_m.jpg""#))
        let next = RecentSearchFile(directory: directory.url, imageBase: URL(string: "http://127.0.0.1:42000/")!)
        #expect(try next.load().get().map(\.thumbnailURL?.absoluteString) == [
            "http://127.0.0.1:42000/farm1/3323/30_6dd01cba66_m.jpg", "http://example.org/a.jpg", nil,
        ])
        try Data("[{\"searchText\": 3}]".utf8).write(to: first.url)
        #expect(next.load() == .failure(RecentSearchStoreError(reason: "\(first.url.path) is not a list of searches")))
    }
}
