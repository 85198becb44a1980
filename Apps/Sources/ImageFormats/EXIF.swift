// The few EXIF fields a JPEG's metadata gives the photo service, read from the APP1
// segment libjpeg hands over (a TIFF structure: a byte-order mark, then image file
// directories of 12-byte entries). Only these tags are read, every offset is checked
// against the segment's length, and anything malformed is ignored, never trusted:
//
// | Tag | Name | Becomes |
// |---|---|---|
// | 0x010E | ImageDescription | `Description` |
// | 0x013B | Artist | `Author` |
// | 0x9C9B | XPTitle (UCS-2, Windows) | `Title` |
// | 0x9C9D | XPAuthor (UCS-2, Windows) | `Author` when there is no Artist |
// | 0x9003 | DateTimeOriginal (in the EXIF directory) | `Creation Time` |
// | 0x0132 | DateTime | `Creation Time` when there is no DateTimeOriginal |
//
// The keys are those of PNG's text chunks, so the import reads both alike.
import Foundation

/// Reads text fields from EXIF data.
public enum EXIF {
    /// The fields found in EXIF data (the APP1 segment after `Exif\0\0`), by
    /// PNG text key.
    public static func texts(_ data: [UInt8]) -> [String: String] {
        guard data.count >= 8 else { return [:] }
        let little: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return [:]
        }
        let reader = Reader(data: data, little: little)
        guard reader.u16(2) == 42, let first = reader.u32(4) else { return [:] }
        var fields: [UInt16: String] = [:]
        let main = reader.entries(at: Int(first))
        for entry in main {
            switch entry.tag {
            case 0x010E, 0x013B, 0x0132:
                if let text = reader.ascii(entry) { fields[entry.tag] = text }
            case 0x9C9B, 0x9C9D:
                if let text = reader.ucs2(entry) { fields[entry.tag] = text }
            case 0x8769:
                if let offset = reader.u32(entry.valueOffset) {
                    for inner in reader.entries(at: Int(offset)) where inner.tag == 0x9003 {
                        if let text = reader.ascii(inner) { fields[0x9003] = text }
                    }
                }
            default:
                break
            }
        }
        var texts: [String: String] = [:]
        texts["Description"] = fields[0x010E]
        texts["Author"] = fields[0x013B] ?? fields[0x9C9D]
        texts["Title"] = fields[0x9C9B]
        texts["Creation Time"] = fields[0x9003] ?? fields[0x0132]
        return texts.filter { !$0.value.isEmpty }
    }

    /// Bytes as text: UTF-8, else ISO-8859-1; trimmed, NULs removed.
    static func text(_ bytes: [UInt8]) -> String {
        let bytes = bytes.filter { $0 != 0 }
        let text = String(validating: bytes, as: UTF8.self) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: Int
        /// Where the entry's 4-byte value (or the offset of a longer one) is.
        let valueOffset: Int
    }

    private struct Reader {
        let data: [UInt8]
        let little: Bool

        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            let a = UInt16(data[at]), b = UInt16(data[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }

        func u32(_ at: Int) -> UInt32? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }

        /// The entries of the directory at `offset` (at most 512).
        func entries(at offset: Int) -> [Entry] {
            guard let count = u16(offset), count <= 512 else { return [] }
            var entries: [Entry] = []
            for index in 0..<Int(count) {
                let at = offset + 2 + index * 12
                guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
                entries.append(Entry(tag: tag, type: type, count: Int(count), valueOffset: at + 8))
            }
            return entries
        }

        /// The bytes of an entry of 1-byte items (ASCII, BYTE, UNDEFINED).
        func bytes(_ entry: Entry) -> [UInt8]? {
            guard [1, 2, 7].contains(entry.type), entry.count > 0, entry.count <= 64 * 1024 else { return nil }
            let start: Int
            if entry.count <= 4 {
                start = entry.valueOffset
            } else {
                guard let offset = u32(entry.valueOffset) else { return nil }
                start = Int(offset)
            }
            guard start >= 0, start + entry.count <= data.count else { return nil }
            return Array(data[start..<(start + entry.count)])
        }

        func ascii(_ entry: Entry) -> String? {
            guard entry.type == 2, let bytes = bytes(entry) else { return nil }
            return EXIF.text(bytes)
        }

        func ucs2(_ entry: Entry) -> String? {
            guard let bytes = bytes(entry), bytes.count >= 2 else { return nil }
            // Windows writes these fields little-endian whatever the file's order.
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
            let text = String(decoding: units.prefix { $0 != 0 }, as: UTF16.self)
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
