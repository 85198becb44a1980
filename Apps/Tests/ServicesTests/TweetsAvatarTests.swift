import CZlib
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// A PNG read back chunk by chunk, its CRCs checked with zlib's `crc32` (not the
/// encoder's own), its image data inflated with zlib's `uncompress`.
struct DecodedPNG {
    let width: Int
    let height: Int
    let bitDepth: UInt8
    let colourType: UInt8
    let chunkTypes: [String]
    /// RGB bytes, row after row (filter bytes removed).
    let rgb: [UInt8]

    enum Failure: Error { case signature, truncated, crc(String), header, filter, size }

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.signature }
        func u32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var offset = 8
        var types: [String] = []
        var header: [UInt8] = []
        var data: [UInt8] = []
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure.truncated }
            let length = Int(u32(offset))
            guard offset + 12 + length <= bytes.count else { throw Failure.truncated }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            let crc = typeAndData.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
            guard crc == u32(offset + 8 + length) else { throw Failure.crc(type) }
            types.append(type)
            if type == "IHDR" { header = Array(typeAndData.dropFirst(4)) }
            if type == "IDAT" { data += typeAndData.dropFirst(4) }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Failure.header }
        width = Int(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        height = Int(header[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        bitDepth = header[8]
        colourType = header[9]
        chunkTypes = types
        let rowBytes = 1 + width * 3
        var size = uLongf(rowBytes * height)
        var raw = [UInt8](repeating: 0, count: Int(size))
        let status = uncompress(&raw, &size, data, uLong(data.count))
        guard status == Z_OK, Int(size) == rowBytes * height else { throw Failure.size }
        var rgb: [UInt8] = []
        for row in 0..<height {
            guard raw[row * rowBytes] == 0 else { throw Failure.filter }
            rgb += raw[(row * rowBytes + 1)..<((row + 1) * rowBytes)]
        }
        self.rgb = rgb
    }

    /// The pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        Array(rgb[((y * width + x) * 3)..<((y * width + x) * 3 + 3)])
    }
}

@Suite("Tweets: identicon avatars and the PNG encoder")
struct TweetsAvatarTests {
    @Test("CRC-32: the check value of \"123456789\", and zlib's crc32 on any bytes")
    func crc() {
        #expect(PNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        for length in [0, 1, 7, 64, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
            let zlib = bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
            #expect(PNG.crc32(bytes) == zlib)
        }
    }

    @Test("an identicon is a valid 80×80 RGB PNG: signature, IHDR, IDAT, IEND, every CRC right")
    func validPNG() throws {
        let hash = try #require(Identicon.hash(ofFileName: "\(md5Hex("alice@example.org")).png"))
        let png = try DecodedPNG(try Identicon.png(hash))
        #expect(png.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect(png.width == 80 && png.height == 80)
        #expect(png.bitDepth == 8 && png.colourType == 2)
    }

    @Test("the picture is the hash's pattern in the hash's colour, symmetric, on grey", arguments: [
        "alice@example.org", "dave.maint+debian@example.net", "doko@debian.org", "joerg@example.com",
    ])
    func picture(_ email: String) throws {
        let hash = try #require(Identicon.hash(ofFileName: "\(md5Hex(email)).png"))
        let png = try DecodedPNG(try Identicon.png(hash))
        let pattern = Identicon.pattern(hash)
        let (r, g, b) = Identicon.colour(hash)
        for row in 0..<5 {
            #expect(pattern[row] == pattern[row].reversed())
            for column in 0..<5 {
                let centre = png.pixel(5 + column * 14 + 7, 5 + row * 14 + 7)
                #expect(centre == (pattern[row][column] ? [r, g, b] : [240, 240, 240]))
            }
        }
        #expect(png.pixel(0, 0) == [240, 240, 240])
        #expect(png.pixel(79, 79) == [240, 240, 240])
        for y in 0..<80 {
            for x in 0..<40 {
                #expect(png.pixel(x, y) == png.pixel(79 - x, y))
            }
        }
        #expect(Set(stride(from: 0, to: png.rgb.count, by: 3).map { png.rgb[$0..<$0 + 3] }).count <= 2)
    }

    @Test("deterministic: the same hash gives the same bytes, another hash other bytes")
    func deterministic() throws {
        let a = try #require(Identicon.hash(ofFileName: "\(md5Hex("alice@example.org")).png"))
        let b = try #require(Identicon.hash(ofFileName: "\(md5Hex("bob@example.org")).png"))
        #expect(try Identicon.png(a) == Identicon.png(a))
        #expect(try Identicon.png(a) != Identicon.png(b))
    }

    @Test("GET /avatars/<md5>.png: 200, image/png, cacheable, the identicon's bytes")
    func route() async throws {
        try await withTweets { client, _ in
            let name = "\(md5Hex("alice@example.org")).png"
            let response = try await client.execute(uri: "/avatars/\(name)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let hash = try #require(Identicon.hash(ofFileName: name))
            #expect(Array(response.body.readableBytesView) == (try Identicon.png(hash)))
        }
    }

    @Test("avatar names other than 32 lowercase hex digits and .png: nil", arguments: [
        "0123456789abcdef0123456789abcde.png", "0123456789abcdef0123456789abcdef0.png", "0123456789ABCDEF0123456789ABCDEF.png",
        "0123456789abcdef0123456789abcdeg.png", "0123456789abcdef0123456789abcdef.jpg", "0123456789abcdef0123456789abcdef",
        "..%2F..%2Fetc%2Fpasswd", "", ".png",
    ])
    func invalidNames(_ name: String) {
        #expect(Identicon.hash(ofFileName: name) == nil)
    }
}
