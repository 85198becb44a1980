// The system zlib (module CZlib), wrapped for the two uses the tweet service has:
// gunzip for the changelogs (`changelog.Debian.gz`), and deflate for the avatar
// PNGs' image data. Foundation on Linux offers neither.
//
// Gunzip reads every member of a multi-member file (gzip allows concatenated
// members, and `cat a.gz b.gz` makes one), refuses anything that is not gzip or is
// cut short, and stops at a size limit so that a hostile file cannot exhaust memory.
import CZlib
import Foundation

/// Gzip decompression and zlib-format compression through the system zlib.
public enum Zlib {
    /// Why bytes could not be decompressed or compressed.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What went wrong, for a log line.
        public let description: String
    }

    /// The largest output ``gunzip(_:limit:)`` produces by default: 64 MiB (the
    /// largest changelog on a Debian machine is under 2 MiB).
    public static let defaultLimit = 64 << 20

    /// Decompresses a gzip file (all of its members).
    /// - Parameters:
    ///   - bytes: The `.gz` file's bytes.
    ///   - limit: The largest decompressed size accepted.
    /// - Throws: ``Failure`` when the bytes are not gzip, are cut short or corrupt,
    ///   or decompress to more than `limit` bytes.
    public static func gunzip(_ bytes: [UInt8], limit: Int = defaultLimit) throws -> [UInt8] {
        guard !bytes.isEmpty else { throw Failure(description: "empty file") }
        var stream = z_stream()
        // 15 + 16: a window of 2^15 bytes, gzip framing only (no raw or zlib streams).
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        output.reserveCapacity(min(limit, bytes.count * 4))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = bytes
        return try input.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = uInt(chunk.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, chunk.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else {
                    throw Failure(description: "decompresses to more than \(limit) bytes")
                }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    // The end of one member: another may follow (a concatenated file).
                    if stream.avail_in == 0 { return output }
                    guard inflateReset(&stream) == Z_OK else { throw Failure(description: "zlib could not reset") }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    throw Failure(description: "the gzip stream is cut short")
                case Z_DATA_ERROR:
                    throw Failure(description: "not gzip data, or corrupt: \(message(stream))")
                default:
                    throw Failure(description: "zlib error \(status): \(message(stream))")
                }
            }
        }
    }

    /// Compresses bytes into a zlib-format stream (a two-byte header, deflate
    /// blocks, an Adler-32 trailer), as PNG image data wants.
    /// - Parameter level: 0 (stored) to 9 (smallest).
    public static func deflate(_ bytes: [UInt8], level: Int32 = 9) throws -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &size, input.baseAddress, uLong(input.count), level)
            }
        }
        guard status == Z_OK else { throw Failure(description: "zlib compress2 failed with \(status)") }
        output.removeSubrange(Int(size)...)
        return output
    }

    private static func message(_ stream: z_stream) -> String {
        stream.msg.map { String(cString: $0) } ?? "no message"
    }
}
