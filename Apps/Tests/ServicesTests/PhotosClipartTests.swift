import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import ImageFormats
import Services
import Synchronization
import Testing

/// The fixture drawings (see `Fixtures/README.md`).
let fixtureClipart = ClipartCorpus(directory: servicesFixtures.appendingPathComponent("clipart", isDirectory: true))

/// The fixture photographs and drawings: ids 1–5 are the photographs, 6–9 the
/// drawings in path order (tiger, sleeping cat, green leaf, red flower).
let fixturePicturesCorpus = fixturePhotoCorpus.withClipart(fixtureClipart)

/// Draws nothing: a PNG of the size asked, and a count of the calls, the calls
/// running at once and the most that ever did.
final class CountingRasterizer: SVGRasterizing {
    private let state = Mutex<(calls: Int, running: Int, most: Int)>((0, 0, 0))
    let failure: SVGRenderError?

    init(failing failure: SVGRenderError? = nil) {
        self.failure = failure
    }

    var calls: Int { state.withLock { $0.calls } }
    var mostAtOnce: Int { state.withLock { $0.most } }

    func rasterize(path: String, width: Int, height: Int) async throws -> [UInt8] {
        state.withLock { state in
            state.calls += 1
            state.running += 1
            state.most = max(state.most, state.running)
        }
        // Let the other requests run meanwhile.
        for _ in 0..<5 { await Task.yield() }
        state.withLock { $0.running -= 1 }
        if let failure { throw failure }
        return try ImageCodec.encodePNG(RGBImage(width: width, height: height, pixels: [UInt8](repeating: 200, count: width * height * 3)))
    }
}

@Suite("Photos: the clipart corpus")
struct PhotosClipartTests {
    @Test("the scan finds the drawings by category; a link adds its folder to the drawing it files again")
    func scanFindsDrawingsAndLinks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copy = directory.url.appendingPathComponent("svg")
        try FileManager.default.copyItem(at: fixtureClipart.directory, to: copy)
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("pets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: copy.appendingPathComponent("pets/my_cat.svg").path, withDestinationPath: "../animals/sleeping_cat.svg"
        )
        let scan = ClipartCorpus(directory: copy).scan()
        #expect(scan.exists)
        #expect(scan.links == 1)
        let names = scan.files.map { ($0.path as NSString).lastPathComponent }
        #expect(names == ["tiger.svg", "sleeping_cat.svg", "green_leaf.svg", "red_flower.svg", "broken_star.svg"])
        #expect(scan.files.map(\.category) == ["animals", "animals", "plants", "plants", "shapes"])
        #expect(scan.files[0].folders == ["felines"])
        #expect(scan.files[1].folders == ["pets"])
        #expect(ClipartCorpus(directory: copy).scan().fingerprint == scan.fingerprint)
        #expect(fixtureClipart.scan().fingerprint != scan.fingerprint)
    }

    @Test("the index reads title, creator, description, keywords, category, date and size; a malformed file is counted and left out")
    func indexReadsMetadata() throws {
        let (records, stats, skipped) = try ClipartImport.read(fixtureClipart.scan())
        #expect(stats.files == 5)
        #expect(stats.drawings == 4)
        #expect(stats.malformed == 1)
        #expect(stats.untitled == 1)
        #expect(stats.anonymous == 1)
        #expect(skipped.keys.map { ($0 as NSString).lastPathComponent } == ["broken_star.svg"])
        let byTitle = Dictionary(uniqueKeysWithValues: records.map { ($0.title, $0) })
        let cat = try #require(byTitle["Sleeping cat"])
        #expect(cat.owner == "Ada Lovelace")
        #expect(cat.description == "A cat asleep on a cushion")
        #expect(cat.keywords == "cat pet sleep")
        #expect(cat.category == "animals")
        #expect(cat.kind == .drawing)
        #expect((cat.width, cat.height) == (400, 300))
        #expect(cat.takenAt == 1_124_409_600)  // 19 08 2005
        let tiger = try #require(byTitle["Tiger"])
        #expect(tiger.owner == "Grace Hopper")
        #expect(tiger.description == "Stripes & whiskers")
        #expect(tiger.keywords == "big cat stripes felines")
        #expect((tiger.width, tiger.height) == (454, 302))  // 120 × 80 mm
        let flower = try #require(byTitle["Red flower"])
        #expect((flower.width, flower.height) == (200, 400))  // the viewBox
        let leaf = try #require(byTitle["Green leaf"])
        #expect(leaf.owner == ClipartImport.unknownCreator)
        #expect(leaf.keywords.isEmpty)
    }

    @Test("a Flickr search finds drawings by title, keyword, category and creator; a title match ranks first")
    func searchFindsDrawings() async throws {
        try await withPhotos(corpus: fixturePicturesCorpus, rasterizer: CountingRasterizer()) { client, photos in
            func titles(_ text: String) async throws -> [String] {
                let answer = try await client.flickr("flickr.photos.search", "text=\(text)&extras=owner_name,url_m", photos)
                return flickrPhotos(answer).compactMap { $0["title"] as? String }
            }
            #expect(try await titles("cat") == ["Sleeping cat", "Tiger"])
            #expect(try await titles("flower") == ["Red flower"])
            #expect(try await titles("felines") == ["Tiger"])
            #expect(Set(try await titles("plants")) == ["Green leaf", "Red flower"])
            #expect(Set(try await titles("hopper")) == ["Tiger", "Red flower"])
            // "a" is in a description of each kind: the photographs are searched too.
            #expect(try await titles("a").contains("Red flower"))
            let answer = try await client.flickr("flickr.photos.search", "text=tiger&extras=owner_name,url_m", photos)
            let tiger = try #require(flickrPhotos(answer).first)
            #expect(tiger["ownername"] as? String == "Grace Hopper")
            #expect(tiger["width_m"] as? Int == 240)
            #expect(tiger["height_m"] as? Int == 160)
            let info = try await client.flickr("flickr.photos.getInfo", "photo_id=\(tiger["id"] as? String ?? "")", photos)
            #expect((info["photo"] as? [String: Any])?["originalformat"] as? String == "svg")
        }
    }

    @Test("the 500px wall lists the photographs only; a drawing's id is not one of its photos")
    func wallListsPhotographsOnly() async throws {
        try await withPhotos(corpus: fixturePicturesCorpus, rasterizer: CountingRasterizer()) { client, _ in
            let list = try await client.photoJSON("/v1/photos?rpp=100")
            #expect(list["total_items"] as? Int == 5)
            #expect(pxPhotos(list).compactMap { $0["id"] as? Int }.sorted() == [1, 2, 3, 4, 5])
            _ = try await client.photoJSON("/v1/photos/6", status: .notFound)
            let image = try await client.execute(uri: "/photos/6/3.jpg", method: .get)
            #expect(image.status == .notFound)
        }
    }

    @Test("a drawing's thumbnails are drawn on first request only, at the size the search answered, and kept on disk")
    func thumbnailsDrawnOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rasterizer = CountingRasterizer()
        try await withPhotos(corpus: fixturePicturesCorpus, in: directory, rasterizer: rasterizer) { client, photos in
            let tiger = try #require(try await photos.library.store.photo(id: 6))
            #expect(tiger.title == "Tiger")
            let base = "/farm1/\(tiger.server)/6_\(tiger.secret)"
            #expect(rasterizer.calls == 0)
            for _ in 0..<3 {
                for (suffix, format, width, height) in [
                    ("_m.jpg", ImageFormat.jpeg, 240, 160), ("_m.png", .png, 240, 160), ("_t.png", .png, 100, 67),
                ] {
                    let response = try await client.execute(uri: base + suffix, method: .get)
                    try #require(response.status == .ok, "\(suffix): \(response.status)")
                    #expect(response.headers[.contentType] == format.mediaType)
                    let decoded = try ImageCodec.decode(Array(response.body.readableBytesView))
                    #expect((decoded.width, decoded.height) == (width, height), "\(suffix)")
                }
            }
            // The _m JPEG is the _m PNG re-encoded: two sizes, two drawings.
            #expect(rasterizer.calls == 2)
            #expect(photos.library.drawings.renderCount == 2)
        }
        // A second start serves them from the disk.
        let again = CountingRasterizer()
        try await withPhotos(corpus: fixturePicturesCorpus, in: directory, rasterizer: again) { client, photos in
            #expect(try photos.library.store.importCount() == 1)
            let tiger = try #require(try await photos.library.store.photo(id: 6))
            let response = try await client.execute(uri: "/farm1/\(tiger.server)/6_\(tiger.secret)_t.png", method: .get)
            #expect(response.status == .ok)
            #expect(again.calls == 0)
        }
    }

    @Test("requests at once for one thumbnail draw it once; at most two drawings are drawn at once")
    func concurrentRequestsDrawOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rasterizer = CountingRasterizer()
        let thumbnails = ClipartThumbnails(dataDirectory: directory.url, rasterizer: rasterizer, logger: quietLogger)
        let path = fixtureClipart.directory.appendingPathComponent("plants/red_flower.svg").path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    _ = try await thumbnails.thumbnail(path: path, digest: "feed", variant: .mediumPNG, width: 200, height: 400)
                }
            }
            try await group.waitForAll()
        }
        #expect(rasterizer.calls == 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for digest in ["a1", "a2", "a3", "a4", "a5", "a6"] {
                group.addTask {
                    _ = try await thumbnails.thumbnail(path: path, digest: digest, variant: .thumbnailPNG, width: 200, height: 400)
                }
            }
            try await group.waitForAll()
        }
        #expect(rasterizer.calls == 7)
        #expect(rasterizer.mostAtOnce <= ClipartThumbnails.maximumConcurrentRenders)
    }

    @Test("without rsvg-convert a drawing answers a placeholder of its size, kept off the disk; a drawing the tool fails on keeps its placeholder")
    func missingToolAnswersPlaceholder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = fixtureClipart.directory.appendingPathComponent("plants/red_flower.svg").path
        let missing = CountingRasterizer(failing: .toolMissing("rsvg-convert is not installed"))
        let withoutTool = ClipartThumbnails(dataDirectory: directory.url, rasterizer: missing, logger: quietLogger)
        for _ in 0..<2 {
            let bytes = try await withoutTool.thumbnail(path: path, digest: "f1", variant: .mediumJPEG, width: 200, height: 400)
            let decoded = try ImageCodec.decode(bytes)
            #expect(decoded.format == .jpeg)
            #expect((decoded.width, decoded.height) == (120, 240))
        }
        #expect(missing.calls == 2)
        #expect(!FileManager.default.fileExists(atPath: withoutTool.url(digest: "f1", variant: .mediumPNG).path))
        #expect(!FileManager.default.fileExists(atPath: withoutTool.url(digest: "f1", variant: .mediumJPEG).path))

        let failing = CountingRasterizer(failing: .failed("rsvg-convert exited with status 1"))
        let withTool = ClipartThumbnails(dataDirectory: directory.url, rasterizer: failing, logger: quietLogger)
        for _ in 0..<2 {
            let bytes = try await withTool.thumbnail(path: path, digest: "f2", variant: .thumbnailPNG, width: 200, height: 400)
            #expect(try ImageCodec.decode(bytes).height == 100)
        }
        #expect(failing.calls == 1)
    }

    @Test("rsvg-convert (Debian's librsvg2-bin, which CI installs) draws a fixture drawing at the size asked")
    func rsvgConvertFromLibrsvg2BinDraws() async throws {
        let tool = RsvgConvert()
        try #require(tool.executable != nil, "rsvg-convert is missing: apt-get install librsvg2-bin")
        let path = fixtureClipart.directory.appendingPathComponent("animals/sleeping_cat.svg").path
        let decoded = try ImageCodec.decode(try await tool.rasterize(path: path, width: 240, height: 180))
        #expect((decoded.width, decoded.height) == (240, 180))
        // White around the brown ellipse, brown in its middle.
        #expect(decoded.image.pixel(x: 2, y: 2) == (255, 255, 255))
        #expect(decoded.image.pixel(x: 120, y: 108).red < 200)
    }

    @Test("the routes answer 503 while the index is built, /photos/collections at once; a second start imports nothing")
    func unavailableWhileBuilding() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withPhotos(corpus: fixturePicturesCorpus, in: directory, runsImport: false, rasterizer: CountingRasterizer()) { client, photos in
            #expect(photos.library.status == .importing(read: 0, of: 14))
            _ = try await client.photoJSON("/v1/photos", status: .serviceUnavailable)
            let search = try await client.flickr("flickr.photos.search", "text=cat", photos, status: .serviceUnavailable)
            #expect(search["code"] as? Int == 105)
            let collections = try await client.photoJSON("/photos/collections")
            #expect((collections["flickr"] as? String)?.contains("drawings from") == true)
            #expect(collections["missing_packages"] as? [String] == [])
            #expect(collections["install"] is NSNull)
        }
        let first = try PhotoLibrary(corpus: fixturePicturesCorpus, directory: directory.url, logger: quietLogger, rasterizer: CountingRasterizer())
        await first.importIfDue()
        let summary = try #require(await first.waitUntilIdle())
        #expect(summary.stats.photos == 5)
        #expect(summary.stats.clipart?.drawings == 4)
        let second = try PhotoLibrary(corpus: fixturePicturesCorpus, directory: directory.url, logger: quietLogger, rasterizer: CountingRasterizer())
        #expect(!second.isImporting)
        await second.importIfDue()
        #expect(try second.store.importCount() == 1)
        #expect(second.collections.search.hasPrefix("5 photographs from "))
        #expect(second.collections.search.hasSuffix("and 4 drawings from \(fixtureClipart.directory.path)"))
    }

    @Test("a machine without the packages: the bundled images, no drawings, and the packages to install, most useful first")
    func machineWithoutPackages() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nowhere = directory.url.appendingPathComponent("absent")
        let corpus = PhotoCorpus(.machine([nowhere]), clipart: ClipartCorpus(directory: nowhere.appendingPathComponent("svg")))
        let library = try PhotoLibrary(corpus: corpus, directory: directory.url, logger: quietLogger, rasterizer: CountingRasterizer())
        #expect(library.scan.isBundled)
        #expect(library.clipartScan?.exists == false)
        await library.importIfDue()
        let summary = try #require(await library.waitUntilIdle())
        #expect(summary.stats.photos == 4)
        #expect(summary.stats.clipart == nil)
        #expect(library.collections.wall == "4 bundled images")
        #expect(library.collections.search == "4 bundled images")

        let noTools = PictureConversion(dwebp: nil, rsvgConvert: nil)
        let missing = PictureCollections.missingPackages(
            corpus: .automatic, exists: { _ in false }, rendererFound: false, conversion: noTools
        )
        #expect(missing == ["openclipart-svg", "librsvg2-bin", "plasma-workspace-wallpapers", "gnome-backgrounds", "webp"])
        #expect(missing == PictureCollections.packages)
        let installed = PictureCollections.missingPackages(
            corpus: .automatic, exists: { _ in true }, rendererFound: true, formatsNeedingTools: [.webp, .svg],
            conversion: PictureConversion(dwebp: "/usr/bin/dwebp", rsvgConvert: "/usr/bin/rsvg-convert")
        )
        #expect(installed.isEmpty)
        // GNOME's backgrounds installed, their WebP files chosen, and no dwebp: only it is missing.
        let noDwebp = PictureCollections.missingPackages(
            corpus: .automatic, exists: { _ in true }, rendererFound: true, formatsNeedingTools: [.webp, .svg],
            conversion: PictureConversion(dwebp: nil, rsvgConvert: "/usr/bin/rsvg-convert")
        )
        #expect(noDwebp == ["webp"])
        let onlyClipart = PictureCollections.missingPackages(
            corpus: .automatic, exists: { $0 != ClipartCorpus.machineDirectory.path }, rendererFound: true
        )
        #expect(onlyClipart == ["openclipart-svg"])
        // A user's own folders lack no package; drawings still need the tool.
        let own = PictureCollections.missingPackages(corpus: fixturePicturesCorpus, exists: { _ in false }, rendererFound: false)
        #expect(own == ["librsvg2-bin"])
        #expect(PictureCollections(wall: "", search: "", missingPackages: ["gnome-backgrounds"]).installCommand
            == "apt-get install gnome-backgrounds")
    }

    @Test("votes, favourites and comments start at zero for photographs and drawings, and change only through the routes")
    func activityStartsAtZero() async throws {
        try await withPhotos(corpus: fixturePicturesCorpus, rasterizer: CountingRasterizer()) { client, photos in
            #expect(try photos.library.store.activityCounts() == (0, 0, 0))
            for photo in pxPhotos(try await client.photoJSON("/v1/photos?rpp=100")) {
                #expect(photo["votes_count"] as? Int == 0)
                #expect(photo["rating"] as? Double == 0)
            }
            for id in 1...9 {
                let info = try await client.flickr("flickr.photos.getInfo", "photo_id=\(id)", photos)
                #expect(((info["photo"] as? [String: Any])?["comments"] as? [String: Any])?["_content"] as? String == "0")
                let favourites = try await client.flickr("flickr.photos.getFavorites", "photo_id=\(id)", photos)
                #expect((favourites["photo"] as? [String: Any])?["total"] as? String == "0")
            }
            let token = try await client.pxLogin("ada", "correct horse")
            var headers = oauthHeaders(token)
            headers[.contentType] = "application/x-www-form-urlencoded"
            let voted = try await client.execute(uri: "/v1/photos/1/vote", method: .post, headers: headers, body: ByteBuffer(string: "vote=1"))
            #expect(voted.status == .ok)
            _ = try await client.flickr("flickr.favorites.add", "photo_id=6&auth_token=\(token)", photos, httpMethod: .post)
            #expect(try photos.library.store.activityCounts() == (1, 1, 0))
        }
    }
}

@Suite("Photos: the wallpaper packages")
struct PhotosWallpaperTests {
    @Test("a wallpaper package is its smallest landscape image at least 900 pixels wide, else its largest; named and credited by its metadata")
    func wallpaperPackagePicture() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("wallpapers")
        let package = root.appendingPathComponent("Dunes")
        let images = package.appendingPathComponent("contents/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data(#"{"KPlugin": {"Name": "Dunes", "Authors": [{"Name": "Sandy Shore"}]}}"#.utf8)
            .write(to: package.appendingPathComponent("metadata.json"))
        for (name, bytes) in [("1080x1920.jpg", 9000), ("2560x1600.jpg", 30000), ("1280x800.jpg", 12000), ("640x400.jpg", 5000)] {
            try Data(repeating: 1, count: bytes).write(to: images.appendingPathComponent(name))
        }
        let small = root.appendingPathComponent("Small/contents/images")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        try Data("Name=Small\n".utf8).write(to: root.appendingPathComponent("Small/metadata.desktop"))
        for (name, bytes) in [("320x200.jpg", 5000), ("640x400.jpg", 8000)] {
            try Data(repeating: 2, count: bytes).write(to: small.appendingPathComponent(name))
        }
        let scan = PhotoCorpus(.machine([root]), limits: .init(minimumBytes: 1)).scan()
        #expect(!scan.isBundled)
        #expect(Set(scan.candidates.map { ($0.path as NSString).lastPathComponent }) == ["1280x800.jpg", "640x400.jpg"])
        #expect(scan.candidates.allSatisfy { $0.wallpaperPackage != nil })

        // The fixture package, imported: its name and author from metadata.json.
        let (records, _, _) = try PhotoImport.read(fixturePhotoCorpus.scan(), cache: ThumbnailCache(dataDirectory: directory.url))
        let evening = try #require(records.first { $0.path.hasSuffix("wallpapers/Evening/contents/images/640x400.jpg") })
        #expect(evening.title == "Evening Glow")
        #expect(evening.owner == "Dawn Painter")
    }
}

@Suite("Photos: GNOME's background names")
struct PhotosGnomeBackgroundTests {
    @Test("a machine background listed in gnome-background-properties takes its name; the dark file is named so")
    func gnomeNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backgrounds = directory.url.appendingPathComponent("backgrounds/gnome")
        try writeSolidPNG(backgrounds.appendingPathComponent("dunes-l.png"), width: 160, height: 120, colour: (200, 170, 90))
        try writeSolidPNG(backgrounds.appendingPathComponent("dunes-d.png"), width: 160, height: 120, colour: (40, 30, 60))
        let lists = directory.url.appendingPathComponent("gnome-background-properties")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0"?>
            <wallpapers>
              <wallpaper deleted="false">
                <name>Dunes &amp; Sky</name>
                <filename>\(backgrounds.path)/dunes-l.png</filename>
                <filename-dark>\(backgrounds.path)/dunes-d.png</filename-dark>
              </wallpaper>
            </wallpapers>
            """.utf8).write(to: lists.appendingPathComponent("dunes.xml"))
        let scan = PhotoCorpus(.machine([directory.url.appendingPathComponent("backgrounds")]), limits: .init(minimumBytes: 1)).scan()
        #expect(scan.candidates.count == 2)
        let (records, _, _) = try PhotoImport.read(
            scan, cache: ThumbnailCache(dataDirectory: directory.url), packagesDirectory: directory.url.path,
            backgroundNamesDirectory: lists.path
        )
        #expect(Set(records.map(\.title)) == ["Dunes & Sky", "Dunes & Sky (dark)"])
    }
}
