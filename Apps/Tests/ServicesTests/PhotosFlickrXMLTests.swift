import AppsTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// An element of an XML document as `XMLParser` reads it.
final class ParsedElement: @unchecked Sendable {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [ParsedElement] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The children of a name.
    func all(_ name: String) -> [ParsedElement] {
        children.filter { $0.name == name }
    }

    /// The first child of a name.
    func first(_ name: String) -> ParsedElement? {
        children.first { $0.name == name }
    }
}

/// Reads a whole document with Foundation's `XMLParser` (libxml2): `nil` unless it
/// is well-formed.
final class TreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [ParsedElement] = []
    private(set) var root: ParsedElement?

    static func parse(_ body: ByteBuffer) -> ParsedElement? {
        let parser = XMLParser(data: Data(buffer: body))
        let builder = TreeBuilder()
        parser.delegate = builder
        return parser.parse() ? builder.root : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = ParsedElement(name: elementName, attributes: attributes)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if let element = stack.popLast(), !element.children.isEmpty {
            // Indentation between children is not text.
            element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}

extension TestClientProtocol {
    /// Calls a Flickr method with `format=rest` and parses the XML, requiring the
    /// status and Flickr's content type.
    func flickrXML(
        _ method: String, _ parameters: String = "", _ photos: PhotosService, status: HTTPResponse.Status = .ok,
        httpMethod: HTTPRequest.Method = .get
    ) async throws -> ParsedElement {
        let query = "method=\(method)&api_key=\(photos.flickrCredentials.apiKey)&format=rest" + (parameters.isEmpty ? "" : "&" + parameters)
        let response = httpMethod == .get
            ? try await execute(uri: "/services/rest/?\(query)", method: .get)
            : try await postForm("/services/rest/", query)
        try #require(response.status == status, "\(method): \(response.status) \(String(buffer: response.body))")
        #expect(response.headers[.contentType] == "text/xml; charset=utf-8")
        #expect(String(buffer: response.body).hasPrefix(#"<?xml version="1.0" encoding="utf-8" ?>"#))
        let root = try #require(TreeBuilder.parse(response.body), "not well-formed XML: \(String(buffer: response.body))")
        #expect(root.name == "rsp")
        return root
    }
}

/// Flickr's REST XML (`format=rest`), beside its JSON.
@Suite("Photos: Flickr's REST XML")
struct PhotosFlickrXMLTests {
    @Test("flickr.photos.search in XML holds what its JSON holds: the page, each photo's attributes, extras")
    func searchInBothFormats() async throws {
        try await withPhotos { client, photos in
            let parameters = "text=harbour&extras=url_m,url_t,owner_name,date_taken,date_upload,description"
            let json = try await client.flickr("flickr.photos.search", parameters, photos)
            let xml = try await client.flickrXML("flickr.photos.search", parameters, photos)
            #expect(xml.attributes == ["stat": "ok"])
            let page = try #require(xml.first("photos"))
            let jsonPage = try #require(json["photos"] as? [String: Any])
            #expect(page.attributes == ["page": "1", "pages": "1", "perpage": "100", "total": "1"])
            #expect(jsonPage["total"] as? String == "1")
            let photo = try #require(page.all("photo").first)
            let jsonPhoto = try #require(flickrPhotos(json).first)
            for (name, value) in jsonPhoto where name != "description" {
                #expect(photo.attributes[name] == "\(value)", "\(name)")
            }
            #expect(photo.attributes["title"] == "Harbour at Night")
            #expect(photo.first("description")?.text == (jsonPhoto["description"] as? [String: Any])?["_content"] as? String)
            #expect(photo.attributes.count == jsonPhoto.count - 1)

            let none = try await client.flickrXML("flickr.photos.search", "text=zebra", photos)
            #expect(none.first("photos")?.attributes == ["page": "1", "pages": "0", "perpage": "100", "total": "0"])
            #expect(none.first("photos")?.children.isEmpty == true)
        }
    }

    @Test("getInfo, getFavorites, favorites.add and addComment in XML, counted as their JSON counts")
    func otherMethodsInBothFormats() async throws {
        try await withPhotos { client, photos in
            let token = try await client.pxLogin("ada", "correct horse")
            let added = try await client.flickrXML("flickr.favorites.add", "photo_id=2&auth_token=\(token)", photos, httpMethod: .post)
            #expect(added.attributes == ["stat": "ok"])
            #expect(added.children.isEmpty)
            let again = try await client.flickrXML("flickr.favorites.add", "photo_id=2&auth_token=\(token)", photos, status: .conflict, httpMethod: .post)
            #expect(again.attributes == ["stat": "fail"])
            #expect(again.first("err")?.attributes["code"] == "3")

            let comment = try await client.flickrXML(
                "flickr.photos.comments.addComment", "photo_id=2&comment_text=What+a+beam&auth_token=\(token)", photos, httpMethod: .post
            )
            let element = try #require(comment.first("comment"))
            #expect(element.text == "What a beam")
            #expect(element.attributes["authorname"] == "ada")
            #expect(element.attributes["author"] == FlickrAPI.nsid("ada"))
            #expect(element.attributes["id"]?.hasPrefix("2-") == true)

            let favorites = try await client.flickrXML("flickr.photos.getFavorites", "photo_id=2", photos)
            let jsonFavorites = try #require(try await client.flickr("flickr.photos.getFavorites", "photo_id=2", photos)["photo"] as? [String: Any])
            let photo = try #require(favorites.first("photo"))
            #expect(photo.attributes["total"] == "1")
            #expect(photo.attributes["total"] == jsonFavorites["total"] as? String)
            #expect(photo.attributes["secret"] == jsonFavorites["secret"] as? String)
            #expect(photo.all("person").map { $0.attributes["username"] } == ["ada"])
            #expect(photo.all("person").first?.attributes["nsid"] == FlickrAPI.nsid("ada"))

            let info = try await client.flickrXML("flickr.photos.getInfo", "photo_id=2", photos)
            let jsonInfo = try #require(try await client.flickr("flickr.photos.getInfo", "photo_id=2", photos)["photo"] as? [String: Any])
            let infoPhoto = try #require(info.first("photo"))
            #expect(infoPhoto.first("comments")?.text == "1")
            #expect(infoPhoto.first("comments")?.text == (jsonInfo["comments"] as? [String: Any])?["_content"] as? String)
            #expect(infoPhoto.first("title")?.text == "Harbour at Night")
            #expect(infoPhoto.first("owner")?.attributes["username"] == "Test Photographer")
            #expect(infoPhoto.first("dates")?.attributes["taken"] == "2023-01-07 13:06:21")
            #expect(infoPhoto.attributes["originalformat"] == jsonInfo["originalformat"] as? String)
            let tags = ((jsonInfo["tags"] as? [String: Any])?["tag"] as? [[String: Any]] ?? []).compactMap { $0["_content"] as? String }
            #expect(!tags.isEmpty)
            #expect(infoPhoto.first("tags")?.all("tag").map(\.text) == tags)
            #expect(infoPhoto.first("urls")?.first("url")?.attributes["type"] == "photopage")
        }
    }

    @Test("titles and comments with &, <, quotes, tabs, line breaks and CJK are escaped and read back exactly")
    func escaping() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("images")
        let title = #"Fish & Chips <b>"Quoted"</b> 'Single' 水の波紋 > 3"#
        let author = #"Zoë & Ann <x@example.org>"#
        let package = root.appendingPathComponent("Quoted")
        try writeSolidPNG(package.appendingPathComponent("contents/images/640x400.png"), width: 640, height: 400, colour: (10, 120, 200))
        let metadata: [String: Any] = ["KPlugin": ["Id": "Quoted", "Name": title, "Authors": [["Name": author]]]]
        try JSONSerialization.data(withJSONObject: metadata).write(to: package.appendingPathComponent("metadata.json"))
        let corpus = PhotoCorpus.directories([root], limits: .init(minimumBytes: 1))
        try await withPhotos(corpus: corpus) { client, photos in
            let json = try #require(flickrPhotos(try await client.flickr("flickr.photos.search", "text=chips&extras=owner_name", photos)).first)
            #expect(json["title"] as? String == title)
            let id = try #require(json["id"] as? String)

            let response = try await client.execute(
                uri: "/services/rest/?method=flickr.photos.search&text=chips&extras=owner_name&format=rest&api_key=\(photos.flickrCredentials.apiKey)",
                method: .get
            )
            let raw = String(buffer: response.body)
            #expect(raw.contains(#"title="Fish &amp; Chips &lt;b&gt;&quot;Quoted&quot;&lt;/b&gt; 'Single' 水の波紋 &gt; 3""#))
            let photo = try #require(TreeBuilder.parse(response.body)?.first("photos")?.first("photo"))
            #expect(photo.attributes["title"] == title)
            #expect(photo.attributes["ownername"] == author)

            let info = try await client.flickrXML("flickr.photos.getInfo", "photo_id=\(id)", photos)
            #expect(info.first("photo")?.first("title")?.text == title)
            #expect(info.first("photo")?.first("owner")?.attributes["username"] == author)

            let token = try await client.pxLogin("ada", "correct horse")
            let text = "Tom & Jerry <i>\"5 > 3\"</i>\n'second'\tline\r水の波紋 ]]> \u{1}end"
            let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let comment = try await client.flickrXML(
                "flickr.photos.comments.addComment", "photo_id=\(id)&comment_text=\(encoded)&auth_token=\(token)", photos, httpMethod: .post
            )
            // A character XML 1.0 cannot hold is rendered U+FFFD; the comment keeps it.
            #expect(comment.first("comment")?.text == text.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}"))
            let stored = try await client.flickr(
                "flickr.photos.comments.addComment", "photo_id=\(id)&comment_text=\(encoded)&auth_token=\(token)", photos, httpMethod: .post
            )
            #expect((stored["comment"] as? [String: Any])?["_content"] as? String == text)
        }
    }

    @Test("while the first import runs: error 105 in XML, with Retry-After")
    func unavailableWhileImporting() async throws {
        try await withPhotos(runsImport: false) { client, photos in
            let response = try await client.execute(
                uri: "/services/rest/?method=flickr.photos.search&text=a&format=rest&api_key=\(photos.flickrCredentials.apiKey)", method: .get
            )
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "5")
            #expect(TreeBuilder.parse(response.body)?.first("err")?.attributes["code"] == "105")
        }
    }
}
