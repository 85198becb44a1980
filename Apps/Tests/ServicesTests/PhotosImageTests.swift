import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import ImageFormats
import Services
import Testing

/// The image routes: thumbnails' sizes and formats (decoded again with libpng and
/// libjpeg), and no way out of the corpus.
@Suite("Photos: images")
struct PhotosImageTests {
    @Test("500px sizes 3 and 4: JPEG, 280×280 and the image's own size under 900")
    func pxSizes() async throws {
        try await withPhotos { client, _ in
            for (uri, width, height) in [
                ("/photos/2/3.jpg", 280, 280), ("/photos/2/4.jpg", 320, 200), ("/photos/3/3.jpg", 280, 280), ("/photos/3/4.jpg", 200, 300),
                ("/photos/4/4.jpg", 640, 400), ("/photos/1/3.jpg", 280, 280),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                try #require(response.status == .ok, "\(uri): \(response.status)")
                #expect(response.headers[.contentType] == "image/jpeg")
                let bytes = Array(response.body.readableBytesView)
                #expect(response.headers[.contentLength] == String(bytes.count))
                #expect(ImageFormat.of(bytes) == .jpeg)
                let decoded = try ImageCodec.decode(bytes)
                #expect((decoded.width, decoded.height) == (width, height), "\(uri)")
            }
        }
    }

    @Test("Flickr _m and _t: 240 and 100 px on the longer side, JPEG or PNG by the extension; the server and secret must match")
    func flickrSizes() async throws {
        try await withPhotos { client, photos in
            let photo = try #require(try await photos.library.store.photo(id: 4))
            let base = "/farm1/\(photo.server)/4_\(photo.secret)"
            for (suffix, format, width, height) in [
                ("_m.jpg", ImageFormat.jpeg, 240, 150), ("_m.png", .png, 240, 150), ("_t.jpg", .jpeg, 100, 63), ("_t.png", .png, 100, 63),
            ] {
                let response = try await client.execute(uri: base + suffix, method: .get)
                try #require(response.status == .ok, "\(suffix): \(response.status)")
                #expect(response.headers[.contentType] == format.mediaType)
                let bytes = Array(response.body.readableBytesView)
                #expect(ImageFormat.of(bytes) == format)
                let decoded = try ImageCodec.decode(bytes)
                #expect((decoded.width, decoded.height) == (width, height), "\(suffix)")
            }
            let otherSecret = photo.secret == "0000000000" ? "1111111111" : "0000000000"
            for uri in [
                "/farm1/\(photo.server)/4_\(otherSecret)_m.jpg", "/farm1/1/4_\(photo.secret)_m.jpg", "\(base)_z.jpg", "\(base)_m.gif",
                "/farm2/\(photo.server)/4_\(photo.secret)_m.jpg", "/farm1/\(photo.server)/99_\(photo.secret)_m.jpg",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }

    @Test("paths out of the corpus answer 404 JSON, never a file", arguments: [
        "/photos/../../etc/passwd/3.jpg", "/photos/..%2F..%2Fetc%2Fpasswd/3.jpg", "/photos/%2e%2e%2f%2e%2e%2fetc%2fpasswd/3.jpg",
        "/photos/1/..%2F..%2F..%2Fetc%2Fpasswd", "/photos/1/../../../../etc/passwd", "/photos/1/3.jpg%00.png", "/photos/1/%2e%2e",
        "/photos/%2Fetc%2Fpasswd/3.jpg", "/photos/1/5.jpg", "/photos/1/3.png", "/photos/0x1/3.jpg", "/photos/01%2F3.jpg",
        "/farm1/..%2F..%2Fetc/passwd", "/farm1/1/..%2F..%2Fetc%2Fpasswd_0123456789_m.jpg", "/photos/1/3.jpg/..",
    ])
    func traversal(_ uri: String) async throws {
        try await withPhotos { client, _ in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let body = String(buffer: response.body)
            #expect(!body.contains("root:"))
            #expect(jsonObject(response.body)?["error"] != nil)
        }
    }

    @Test("area averaging: each output pixel the covered mean")
    func areaAveraging() throws {
        let row = RGBImage(width: 4, height: 1, pixels: [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255])
        #expect(row.resized(width: 2, height: 1).pixels == [128, 128, 128, 128, 128, 128])
        // 3 → 2: the middle pixel is shared half and half.
        let three = RGBImage(width: 3, height: 1, pixels: [0, 0, 0, 90, 90, 90, 180, 180, 180])
        #expect(three.resized(width: 2, height: 1).pixels == [30, 30, 30, 150, 150, 150])
        let column = RGBImage(width: 1, height: 4, pixels: [10, 20, 30, 10, 20, 30, 50, 60, 70, 50, 60, 70])
        #expect(column.resized(width: 1, height: 2).pixels == [10, 20, 30, 50, 60, 70])
        #expect(column.resized(width: 1, height: 1).pixels == [30, 40, 50])
        // Enlarging repeats.
        let one = RGBImage(width: 1, height: 1, pixels: [7, 8, 9])
        #expect(one.resized(width: 2, height: 2).pixels == [7, 8, 9, 7, 8, 9, 7, 8, 9, 7, 8, 9])
        let square = RGBImage(width: 4, height: 2, pixels: Array(0..<24).map(UInt8.init))
        #expect(square.cropped(x: 1, y: 0, width: 2, height: 2).pixels == [3, 4, 5, 6, 7, 8, 15, 16, 17, 18, 19, 20])
    }

    @Test("the variants' sizes", arguments: [
        (ThumbnailVariant.px3, 5000, 3000, 280, 280), (.px4, 5000, 3000, 900, 540), (.px4, 300, 200, 300, 200),
        (.mediumJPEG, 1000, 2000, 120, 240), (.thumbnailPNG, 1052, 744, 100, 71), (.thumbnailJPEG, 50, 100, 50, 100),
    ])
    func variantSizes(_ variant: ThumbnailVariant, _ width: Int, _ height: Int, _ expectedWidth: Int, _ expectedHeight: Int) {
        let size = variant.size(width: width, height: height)
        #expect(size.width == expectedWidth && size.height == expectedHeight)
    }

    @Test("the thumbnails are files in the data directory, made once, named by digest; the import prunes the others")
    func cacheFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withPhotos(in: directory) { _, photos in
            let names = try FileManager.default.contentsOfDirectory(atPath: photos.library.thumbnails.directory.path)
            #expect(names.count == 5 * ThumbnailVariant.allCases.count)
            #expect(names.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{32}-[34mt]\.(jpg|png)/) != nil })
        }
        let stale = ThumbnailCache(dataDirectory: directory.url).directory.appendingPathComponent("ffffffffffffffffffffffffffffffff-3.jpg")
        try Data([1]).write(to: stale)
        let onlyHarbour = directory.url.appendingPathComponent("one")
        try FileManager.default.createDirectory(at: onlyHarbour, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixturePhotos.appendingPathComponent("harbour-night.png"), to: onlyHarbour.appendingPathComponent("h.png"))
        try await withPhotos(corpus: .directories([onlyHarbour]), in: directory) { _, photos in
            let summary = try #require(try photos.library.store.corpus())
            #expect(summary.stats.thumbnailsReused == 1)
            let names = try FileManager.default.contentsOfDirectory(atPath: photos.library.thumbnails.directory.path)
            #expect(names.count == ThumbnailVariant.allCases.count)
            #expect(!FileManager.default.fileExists(atPath: stale.path))
        }
    }
}
