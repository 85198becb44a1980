import AppsTestSupport
import Foundation
import ImageFormats
import Services
import Testing

/// The WebP and SVG fixtures (see `Fixtures/README.md`).
private let fixtureConverted: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/converted", isDirectory: true)

private func converted(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtureConverted.appendingPathComponent(name)))
}

/// Stand-ins for `dwebp` and `rsvg-convert`: shell scripts in a temporary folder,
/// so that the tests need neither tool and decide what each one does.
private struct FakeTools {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A script named `name` whose body is `body`; its path.
    func tool(_ name: String, _ body: String) throws -> String {
        let url = directory.url.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// A tool that prints a PNG of the photo fixtures (`harbour-night.png`, 320×200)
    /// whatever it is asked, and records its arguments in `<name>.args`.
    func printingPNG(_ name: String) throws -> String {
        let args = directory.url.appendingPathComponent("\(name).args").path
        return try tool(name, "echo \"$@\" > '\(args)'\ncat '\(fixturePhoto("harbour-night.png"))'")
    }

    /// The arguments the tool `name` was last run with.
    func arguments(of name: String) throws -> String {
        try String(contentsOf: directory.url.appendingPathComponent("\(name).args"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@Suite("Photos: WebP and SVG pictures, converted to PNG at import")
struct PhotosConversionTests {
    @Test("WebP and SVG files are recognised by their bytes, not their names")
    func formatsByBytes() throws {
        for name in ["harbour-lossy.webp", "harbour-lossless.webp", "fog-alpha.webp"] {
            #expect(ImageFormat.of(try converted(name)) == .webp, "\(name)")
        }
        #expect(ImageFormat.of(try converted("dunes.svg")) == .svg)
        #expect(ImageFormat.of(Array("  <svg width=\"1\"/>".utf8)) == .svg)
        #expect(ImageFormat.of(Array("<html><body>an svg, in words</body></html>".utf8)) == nil)
        #expect(ImageFormat.of(Array("RIFF\0\0\0\0WAVEfmt ".utf8)) == nil)
        #expect(ImageFormat.webp.mediaType == "image/webp")
        #expect(throws: ImageCodec.Failure.self) { try ImageCodec.decode(try converted("harbour-lossy.webp")) }
    }

    @Test("a WebP file's own size comes from its header: lossy, lossless and extended")
    func webpSizes() throws {
        #expect(PictureConversion.webpSize(try converted("harbour-lossy.webp")).map { [$0.width, $0.height] } == [320, 200])
        #expect(PictureConversion.webpSize(try converted("harbour-lossless.webp")).map { [$0.width, $0.height] } == [320, 200])
        #expect(PictureConversion.webpSize(try converted("fog-alpha.webp")).map { [$0.width, $0.height] } == [160, 120])
        #expect(PictureConversion.webpSize(Array(try Data(contentsOf: URL(fileURLWithPath: fixturePhoto("harbour-night.png"))))) == nil)
        var cut = try converted("harbour-lossy.webp")
        cut.removeLast(cut.count - 20)
        #expect(PictureConversion.webpSize(cut) == nil)
    }

    @Test("the tools are asked for a PNG as large as the thumbnails need, the aspect ratio kept")
    func toolArguments() throws {
        let tools = try FakeTools()
        defer { tools.directory.remove() }
        let conversion = PictureConversion(dwebp: try tools.printingPNG("dwebp"), rsvgConvert: try tools.printingPNG("rsvg-convert"))
        let webp = fixtureConverted.appendingPathComponent("harbour-lossy.webp").path
        let svg = fixtureConverted.appendingPathComponent("dunes.svg").path
        #expect(ImageFormat.of(try conversion.png(path: webp, format: .webp)) == .png)
        #expect(try tools.arguments(of: "dwebp") == "-quiet -resize \(PictureConversion.longSide) 0 \(webp) -o -")
        #expect(ImageFormat.of(try conversion.png(path: svg, format: .svg)) == .png)
        #expect(try tools.arguments(of: "rsvg-convert") == "--width \(PictureConversion.longSide) --format png \(svg)")
        #expect(conversion.canRead(.webp) && conversion.canRead(.svg) && conversion.canRead(.png))
    }

    @Test("a missing tool, a failing one and one that writes no PNG each give a reason")
    func toolFailures() throws {
        let tools = try FakeTools()
        defer { tools.directory.remove() }
        let path = fixtureConverted.appendingPathComponent("harbour-lossy.webp").path
        let missing = PictureConversion(dwebp: nil, rsvgConvert: nil)
        #expect(!missing.canRead(.webp) && !missing.canRead(.svg) && missing.canRead(.jpeg))
        #expect(throws: PictureConversionError.toolMissing(tool: "dwebp", package: "webp")) {
            try missing.png(path: path, format: .webp)
        }
        #expect(throws: PictureConversionError.toolMissing(tool: "rsvg-convert", package: "librsvg2-bin")) {
            try missing.png(path: path, format: .svg)
        }
        #expect(PictureConversionError.toolMissing(tool: "dwebp", package: "webp").description
            == "dwebp is not installed (apt-get install webp)")
        let failing = PictureConversion(dwebp: try tools.tool("dwebp", "echo 'cannot decode' >&2\nexit 3"), rsvgConvert: nil)
        #expect(throws: PictureConversionError.failed("dwebp exited with status 3")) { try failing.png(path: path, format: .webp) }
        let talking = PictureConversion(dwebp: try tools.tool("dwebp", "echo 'not a picture'"), rsvgConvert: nil)
        #expect(throws: PictureConversionError.failed("dwebp did not write a PNG")) { try talking.png(path: path, format: .webp) }
        let hanging = PictureConversion(dwebp: try tools.tool("dwebp", "exec sleep 30"), rsvgConvert: nil, timeout: .milliseconds(200))
        #expect(throws: PictureConversionError.failed("dwebp did not finish within 0.2 seconds")) {
            try hanging.png(path: path, format: .webp)
        }
    }

    @Test("the import reads WebP and SVG files through the tools, keeping their format and a WebP's own size")
    func importConverts() throws {
        let tools = try FakeTools()
        defer { tools.directory.remove() }
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let conversion = PictureConversion(dwebp: try tools.printingPNG("dwebp"), rsvgConvert: try tools.printingPNG("rsvg-convert"))
        let scan = PhotoCorpus.directories([fixtureConverted], limits: .init(minimumBytes: 0)).scan()
        #expect(scan.candidates.count == 4)
        let (records, stats, skipped) = try PhotoImport.read(
            scan, cache: ThumbnailCache(dataDirectory: data.url), conversion: conversion
        )
        #expect(skipped.isEmpty)
        #expect(stats.photos == 4 && stats.thumbnailsMade == 4)
        let byFile = Dictionary(uniqueKeysWithValues: records.map { (($0.path as NSString).lastPathComponent, $0) })
        #expect(byFile["harbour-lossy.webp"]?.format == .webp)
        #expect(byFile["fog-alpha.webp"].map { [$0.width, $0.height] } == [160, 120])   // its header, not the PNG's 320×200
        #expect(byFile["dunes.svg"]?.format == .svg)
        #expect(byFile["dunes.svg"].map { [$0.width, $0.height] } == [400, 250])        // its root element's
        // The title is the drawing's own; the converter's PNG (the harbour's, with a
        // title of its own in its text chunks) says nothing of the picture.
        #expect(byFile["dunes.svg"]?.title == "Dunes at noon")
        #expect(byFile["dunes.svg"]?.owner == "Test Draughtsman")
        #expect(byFile["harbour-lossy.webp"]?.title == "Harbour lossy")
    }

    @Test("without the tools, the import leaves WebP and SVG files out and says which package to install")
    func importWithoutTools() throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let scan = PhotoCorpus.directories([fixtureConverted], limits: .init(minimumBytes: 0)).scan()
        let (records, stats, skipped) = try PhotoImport.read(
            scan, cache: ThumbnailCache(dataDirectory: data.url), conversion: PictureConversion(dwebp: nil, rsvgConvert: nil)
        )
        #expect(records.isEmpty)
        #expect(stats.malformed == 4)
        let svg = try #require(skipped.first { $0.key.hasSuffix("dunes.svg") }?.value)
        #expect(svg.contains("apt-get install librsvg2-bin"))
        #expect(skipped.filter { $0.key.hasSuffix(".webp") }.values.allSatisfy { $0.contains("apt-get install webp") })
    }
}
