// KittyGraphics: the commands of the kitty graphics protocol that the renderer sends.
//
// An image is transmitted and shown in one command (`a=T`) as raw 32-bit RGBA
// (`f=32`, with its size `s`×`v` in pixels), base64-encoded in chunks of at most 4,096
// bytes (`m=1` on every chunk but the last), stretched over `c`×`r` cells from the
// cursor, which stays where it was (`C=1`). Every command asks for no answer (`q=2`),
// so nothing comes back into the input. Deleting by id with `d=I` frees the image's
// data too.

/// Builds kitty graphics protocol commands.
enum KittyGraphics {
    /// The most base64 bytes one command may carry.
    static let chunkSize = 4096

    /// Transmits `rgba` (`width` × `height` pixels) as image `id` and shows it over
    /// `columns` × `rows` cells from the cursor, leaving the cursor where it is.
    static func show(id: UInt32, rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int,
                     into output: inout [UInt8]) {
        let payload = Base64.encode(rgba)
        var start = 0
        var first = true
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            output.append(contentsOf: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")])
            if first {
                output.append(contentsOf: Array("a=T,f=32,s=\(width),v=\(height),i=\(id),c=\(columns),r=\(rows),C=1,q=2,".utf8))
                first = false
            }
            output.append(contentsOf: Array("m=\(more);".utf8))
            output.append(contentsOf: payload[start..<end])
            output.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
            start = end
        } while start < payload.count
    }

    /// Deletes image `id` and its placements, freeing its data.
    static func delete(id: UInt32, into output: inout [UInt8]) {
        output.append(contentsOf: Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8))
    }

    /// Deletes every image on the screen, freeing their data.
    static func deleteAll(into output: inout [UInt8]) {
        output.append(contentsOf: Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8))
    }
}

/// Standard base64 (RFC 4648, with padding).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(value >> 18 & 63)])
            output.append(alphabet[Int(value >> 12 & 63)])
            output.append(alphabet[Int(value >> 6 & 63)])
            output.append(alphabet[Int(value & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(alphabet[Int(value >> 18 & 63)])
            output.append(alphabet[Int(value >> 12 & 63)])
            output.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return output
    }
}
