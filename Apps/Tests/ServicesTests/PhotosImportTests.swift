import AppsTestSupport
import Foundation
import ImageFormats
import Services
import Testing

/// The photo corpus: the scan, the import's records and counts, the metadata, the
/// fallbacks, and that a second start imports nothing.
@Suite("Photos: the corpus and its import")
struct PhotosImportTests {
    @Test("the scan: image files over 4 KiB, largest first; one file per wallpaper package; no tiny file")
    func fixtureScan() throws {
        let scan = fixturePhotoCorpus.scan()
        #expect(scan.description == fixturePhotos.resolvingSymlinksInPath().path)
        #expect(!scan.isBundled)
        #expect(scan.candidates.map(\.path) == [
            "fog-16bit.png", "harbour-night.png", "spare/harbour-copy.png", "noise-button.png", "exif-portrait.jpg",
            "wallpapers/Evening/contents/images/640x400.jpg", "broken.png", "meadow/wide_meadow-view.jpg", "truncated.jpg",
        ].map(fixturePhoto))
        #expect(scan.candidates.map(\.bytes) == scan.candidates.map(\.bytes).sorted(by: >))
        #expect(scan.candidates.first { $0.wallpaperPackage != nil }?.wallpaperPackage == fixturePhoto("wallpapers/Evening"))
        #expect(scan.filesLeftOut == 1)
        #expect(fixturePhotoCorpus.scan().fingerprint == scan.fingerprint)
    }

    @Test("the import: 5 photos; malformed, too small and copied files counted and left out, never a crash")
    func fixtureImport() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (records, stats, skipped) = try PhotoImport.read(fixturePhotoCorpus.scan(), cache: ThumbnailCache(dataDirectory: directory.url))
        var expected = PhotoImportStats()
        expected.candidates = 9
        expected.photos = 5
        expected.malformed = 2
        expected.tooSmall = 1
        expected.duplicates = 1
        expected.thumbnailsMade = 5
        expected.withMetadata = 2
        #expect(stats == expected)
        #expect(Set(skipped.keys) == Set(["broken.png", "truncated.jpg", "noise-button.png"].map(fixturePhoto)))
        #expect(skipped[fixturePhoto("truncated.jpg")]?.contains("ends early") == true)
        #expect(skipped[fixturePhoto("noise-button.png")] == "64x64: smaller than 100 pixels")

        let byTitle = Dictionary(uniqueKeysWithValues: records.map { ($0.title, $0) })
        #expect(records.map(\.title) == ["Fog 16bit", "Harbour at Night", "Exif portrait", "Evening Glow", "Wide meadow view"])

        // PNG tEXt: title, author, date, description.
        let harbour = try #require(byTitle["Harbour at Night"])
        #expect(harbour.path == fixturePhoto("harbour-night.png"))
        #expect(harbour.owner == "Test Photographer")
        #expect(harbour.takenAt == 1_673_096_781)  // Sat, 07 Jan 2023 13:06:21 +0000
        #expect(harbour.description == "A lighthouse beam over a dark harbour.")
        #expect((harbour.width, harbour.height, harbour.format) == (320, 200, .png))

        // EXIF: Artist, DateTimeOriginal (before DateTime), ImageDescription; the title from the path.
        let portrait = try #require(byTitle["Exif portrait"])
        #expect(portrait.owner == "Exif Author")
        #expect(portrait.takenAt == 1_623_745_800)  // 2021:06:15 08:30:00
        #expect(portrait.description == "A portrait with EXIF")
        #expect((portrait.width, portrait.height, portrait.format) == (200, 300, .jpeg))

        // A KDE wallpaper package: name and author from metadata.json, the largest image.
        let evening = try #require(byTitle["Evening Glow"])
        #expect(evening.owner == "Dawn Painter")
        #expect((evening.width, evening.height) == (640, 400))
        #expect(evening.keywords == "wallpapers evening contents images 640x400")

        // No metadata: the title humanised from the file name, the author the folder,
        // the date the file's modification time.
        let meadow = try #require(byTitle["Wide meadow view"])
        #expect(meadow.owner == "meadow")
        let modified = try FileManager.default.attributesOfItem(atPath: meadow.path)[.modificationDate] as? Date
        #expect(meadow.takenAt == Int64(try #require(modified).timeIntervalSince1970))
        #expect(meadow.keywords == "meadow wide view")
        #expect((meadow.width, meadow.height) == (480, 240))

        // A file at the root: the author is the root folder. 16-bit grey and alpha decode.
        let fog = try #require(byTitle["Fog 16bit"])
        #expect(fog.owner == "photos")
        #expect((fog.width, fog.height, fog.format) == (160, 120, .png))
    }

    @Test("libpng composites a 16-bit grey-and-alpha PNG onto white; libjpeg reads EXIF and comments")
    func decoding() throws {
        let fog = try ImageCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: fixturePhoto("fog-16bit.png")))))
        // Top left: black at alpha 0 is the white background; bottom right: white, opaque.
        #expect(fog.image.pixel(x: 0, y: 0) == (255, 255, 255))
        #expect(fog.image.pixel(x: 159, y: 119) == (255, 255, 255))
        let middle = fog.image.pixel(x: 80, y: 119)
        #expect(middle.red == middle.green && middle.green == middle.blue && middle.red < 200 && middle.red > 60)

        let portrait = try ImageCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: fixturePhoto("exif-portrait.jpg")))))
        #expect(portrait.texts == [
            "Author": "Exif Author", "Creation Time": "2021:06:15 08:30:00", "Description": "A portrait with EXIF",
        ])

        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.decode(Array("GIF89a".utf8)) }
        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: fixturePhoto("broken.png"))))) }
        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) }
        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.decode(PNG.signature) }
    }

    @Test("a large JPEG is decoded at the smallest DCT scale that still covers the thumbnails")
    func jpegDecodingScale() throws {
        let pixels = [UInt8](repeating: 128, count: 3600 * 1200 * 3)
        let jpeg = try ImageCodec.encodeJPEG(RGBImage(width: 3600, height: 1200, pixels: pixels))
        let whole = try ImageCodec.decode(jpeg)
        #expect((whole.image.width, whole.image.height) == (3600, 1200))
        let scaled = try ImageCodec.decode(jpeg, minimumLong: 900, minimumShort: 280)
        #expect((scaled.width, scaled.height) == (3600, 1200))
        // 1/4 gives 900×300: long and short enough; 1/8 would not be.
        #expect((scaled.image.width, scaled.image.height) == (900, 300))
    }

    @Test("titles from file names", arguments: [
        ("compare-boxplot", "Compare boxplot"), ("kcachegrind_xtree", "Kcachegrind xtree"), ("NightSky", "Night sky"),
        ("youtube-stream-PNG-v2", "Youtube stream PNG v2"), ("a", "A"),
    ])
    func humanisedTitles(_ name: String, _ title: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("pictures/\(name).png")
        try writeSolidPNG(url, width: 120, height: 100, colour: (10, 20, 30))
        let scan = PhotoCorpus.directories([directory.url], limits: .init(minimumBytes: 1)).scan()
        let (records, _, _) = try PhotoImport.read(scan, cache: ThumbnailCache(dataDirectory: directory.url.appendingPathComponent("data")))
        #expect(records.map(\.title) == [title])
        #expect(records.map(\.owner) == ["pictures"])
    }

    @Test("the machine's scan leaves icons out, follows no link out of the root, and reads owners from dpkg's lists")
    func machineScan() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("share")
        let outside = directory.url.appendingPathComponent("outside")
        try writeSolidPNG(root.appendingPathComponent("doc/frob/diagram.png"), width: 300, height: 200, colour: (200, 10, 10))
        try writeSolidPNG(root.appendingPathComponent("icons/hicolor/512x512/app.png"), width: 512, height: 512, colour: (10, 200, 10))
        try writeSolidPNG(root.appendingPathComponent("pixmaps/logo.png"), width: 256, height: 256, colour: (10, 10, 200))
        try writeSolidPNG(root.appendingPathComponent(".hidden/secret.png"), width: 256, height: 256, colour: (90, 90, 90))
        try writeSolidPNG(outside.appendingPathComponent("passwd.png"), width: 400, height: 400, colour: (1, 2, 3))
        let manager = FileManager.default
        // A link to a file outside, a link to a folder outside, and a link inside.
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("doc/escape.png").path, withDestinationPath: outside.appendingPathComponent("passwd.png").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("doc/outside").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("doc/alias.png").path, withDestinationPath: "frob/diagram.png")
        let canonicalRoot = root.resolvingSymlinksInPath().path
        let diagram = canonicalRoot + "/doc/frob/diagram.png"

        let scan = PhotoCorpus(.machine([root]), limits: .init(minimumBytes: 1)).scan()
        #expect(scan.candidates.map(\.path) == [diagram])
        #expect(scan.entriesRefused == 1)

        let lists = directory.url.appendingPathComponent("dpkg-info")
        try manager.createDirectory(at: lists, withIntermediateDirectories: true)
        try Data("/.\n\(canonicalRoot)/doc\n\(diagram)\n".utf8).write(to: lists.appendingPathComponent("frobnicate-doc:amd64.list"))
        try Data("/usr/bin/other\n".utf8).write(to: lists.appendingPathComponent("other.list"))
        let (records, _, _) = try PhotoImport.read(scan, cache: ThumbnailCache(dataDirectory: directory.url.appendingPathComponent("data")), packagesDirectory: lists.path)
        #expect(records.map(\.owner) == ["frobnicate-doc"])
        let (unlisted, _, _) = try PhotoImport.read(scan, cache: ThumbnailCache(dataDirectory: directory.url.appendingPathComponent("data")), packagesDirectory: outside.path)
        #expect(unlisted.map(\.owner) == ["doc"])
    }

    @Test("a machine with no images falls back to the bundled ones, and says so")
    func bundledFallback() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scan = PhotoCorpus(.machine([directory.url])).scan()
        #expect(scan.isBundled)
        #expect(scan.note == "no PNG or JPEG images under \(directory.url.path)")
        #expect(scan.description == "bundled images (4)")
        let (records, stats, _) = try PhotoImport.read(scan, cache: ThumbnailCache(dataDirectory: directory.url))
        #expect(stats.photos == 4)
        #expect(stats.withMetadata == 4)
        #expect(Set(records.map(\.title)) == ["Aurora waves", "Sand dunes", "Ripple rings", "Sunset bands"])
        #expect(Set(records.map(\.owner)) == ["Ripple (Apps/Scripts/make-photo-images.py)"])
    }

    @Test("at most the largest N files are kept")
    func limitKeepsTheLargest() throws {
        let corpus = PhotoCorpus.directories([fixturePhotos], limits: .init(maximumPhotos: 2))
        #expect(corpus.scan().candidates.map(\.path) == ["fog-16bit.png", "harbour-night.png"].map(fixturePhoto))
        #expect(corpus.scan().fingerprint != fixturePhotoCorpus.scan().fingerprint)
    }

    @Test("a second start over the same files imports nothing; the thumbnails are reused when the files move")
    func secondStartDoesNotImport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try PhotoLibrary(corpus: fixturePhotoCorpus, directory: directory.url, logger: quietLogger)
        #expect(first.isImporting)
        #expect(first.status == .importing(read: 0, of: 9))
        await first.importIfDue()
        let summary = try #require(await first.waitUntilIdle())
        #expect(summary.stats.photos == 5)
        #expect(try first.store.importCount() == 1)

        let second = try PhotoLibrary(corpus: fixturePhotoCorpus, directory: directory.url, logger: quietLogger)
        #expect(!second.isImporting)
        #expect(second.status == .ready(summary))
        await second.importIfDue()
        #expect(try second.store.importCount() == 1)

        // Other roots: a new fingerprint, so an import, which finds the thumbnails made.
        let copy = directory.url.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: fixturePhotos, to: copy)
        let third = try PhotoLibrary(corpus: .directories([copy]), directory: directory.url, logger: quietLogger)
        #expect(third.isImporting)
        #expect(third.status == .ready(summary))
        await third.importIfDue()
        let moved = try #require(await third.waitUntilIdle())
        #expect(moved.stats.thumbnailsMade == 0)
        #expect(moved.stats.thumbnailsReused == 5)
        #expect(try third.store.importCount() == 2)
    }
}
