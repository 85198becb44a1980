// What a drawing says about itself: the size of its root `<svg>` element and the
// RDF metadata Inkscape and Open Clip Art write in its `<metadata>`:
//
//     <cc:Work rdf:about="">
//       <dc:title>2 dead frogs</dc:title>
//       <dc:description>…</dc:description>
//       <dc:subject><rdf:Bag><rdf:li>frog</rdf:li>…</rdf:Bag></dc:subject>
//       <dc:creator><cc:Agent><dc:title>Lumen Design Studio</dc:title></cc:Agent></dc:creator>
//       <dc:date>19 08 2005</dc:date>
//
// | Field | From |
// |---|---|
// | title | the first `dc:title` outside the agents (`dc:creator`, `dc:publisher`, `dc:rights`, `dc:contributor`); else the file name, humanised |
// | creator | the `dc:title` inside `dc:creator` |
// | description | `dc:description` |
// | keywords | every `rdf:li` of `dc:subject` |
// | date | `dc:date` (`dd MM yyyy`, ISO 8601, `yyyy/MM/dd`); else the file's modification time |
// | size | the root's `width` and `height` (px, pt, pc, mm, cm, in), else its `viewBox` |
//
// The file is read as bytes and searched for these elements by name, with the
// prefixes the files use; it is not validated as XML. It is malformed, and left
// out, when it is not UTF-8 where it is read, has no `<svg` element, or opens an
// element it reads (`<metadata>`, `<dc:title>`, …) without closing it.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the index keeps of a drawing.
struct ClipartDescription: Sendable, Equatable {
    var title: String?
    var creator: String?
    var description: String
    var keywords: [String]
    var date: String?
    var width: Double?
    var height: Double?
}

/// Why a drawing was left out.
struct ClipartMalformed: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
}

enum ClipartMetadata {
    /// Reads an SVG file's bytes.
    static func read(_ bytes: [UInt8]) throws -> ClipartDescription {
        let text = ByteText(bytes)
        guard let svg = text.find("<svg", from: 0), let svgEnd = text.find(">", from: svg) else {
            throw ClipartMalformed(description: "no <svg> element")
        }
        let rootTag = try text.string(svg..<svgEnd)
        var result = ClipartDescription(title: nil, creator: nil, description: "", keywords: [])
        let viewBox = attribute("viewBox", in: rootTag)?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        result.width = attribute("width", in: rootTag).flatMap(length) ?? viewBox.flatMap { $0.count == 4 ? $0[2] : nil }
        result.height = attribute("height", in: rootTag).flatMap(length) ?? viewBox.flatMap { $0.count == 4 ? $0[3] : nil }

        guard let metadata = try text.element("metadata", in: 0..<bytes.count) else { return result }
        let agents = try ["dc:creator", "dc:publisher", "dc:rights", "dc:contributor"].flatMap { name in
            try text.elements(name, in: metadata.inner)
        }
        if let creator = try text.elements("dc:creator", in: metadata.inner).first,
            let title = try text.element("dc:title", in: creator.inner)
        {
            result.creator = try text.content(title.inner)
        }
        for title in try text.elements("dc:title", in: metadata.inner)
        where !agents.contains(where: { $0.outer.contains(title.outer.lowerBound) }) {
            result.title = try text.content(title.inner)
            break
        }
        if let description = try text.element("dc:description", in: metadata.inner) {
            result.description = try text.content(description.inner) ?? ""
        }
        if let subject = try text.element("dc:subject", in: metadata.inner) {
            result.keywords = try text.elements("rdf:li", in: subject.inner).compactMap { try text.content($0.inner) }
        }
        if let date = try text.element("dc:date", in: metadata.inner) {
            result.date = try text.content(date.inner)
        }
        return result
    }

    /// The value of `name="…"` (or `'…'`) in a start tag.
    static func attribute(_ name: String, in tag: String) -> String? {
        var searchFrom = tag.startIndex
        while let found = tag.range(of: name, range: searchFrom..<tag.endIndex) {
            searchFrom = found.upperBound
            // A whole attribute name: preceded by white space, followed by `=`.
            guard found.lowerBound > tag.startIndex, tag[tag.index(before: found.lowerBound)].isWhitespace else { continue }
            var at = found.upperBound
            while at < tag.endIndex, tag[at].isWhitespace { at = tag.index(after: at) }
            guard at < tag.endIndex, tag[at] == "=" else { continue }
            at = tag.index(after: at)
            while at < tag.endIndex, tag[at].isWhitespace { at = tag.index(after: at) }
            guard at < tag.endIndex, tag[at] == "\"" || tag[at] == "'" else { continue }
            let quote = tag[at]
            let start = tag.index(after: at)
            guard let end = tag[start...].firstIndex(of: quote) else { return nil }
            return String(tag[start..<end])
        }
        return nil
    }

    /// A length in CSS pixels: `400`, `400pt`, `210mm`; `nil` for a percentage or
    /// something else.
    static func length(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        let scale: Double? = switch trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces) {
        case "", "px": 1
        case "pt": 96.0 / 72
        case "pc": 16
        case "mm": 96 / 25.4
        case "cm": 96 / 2.54
        case "in": 96
        default: nil
        }
        return scale.map { value * $0 }
    }
}

/// A file's bytes, searched by byte strings.
struct ByteText {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An element's whole extent and its content's.
    struct Element {
        var outer: Range<Int>
        var inner: Range<Int>
    }

    /// Where `needle` first occurs at or after `from`.
    func find(_ needle: String, from: Int, before end: Int? = nil) -> Int? {
        let pattern = Array(needle.utf8)
        let limit = min(end ?? bytes.count, bytes.count)
        guard !pattern.isEmpty, from >= 0, limit - from >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { needle in
                guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
                var at = from
                // memchr finds each candidate first byte; memcmp checks the rest.
                while at + pattern.count <= limit,
                    let hit = memchr(base + at, Int32(pattern[0]), limit - pattern.count + 1 - at)
                {
                    let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, needleBase, pattern.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
    }

    /// The first element named `name` that starts in `range`.
    func element(_ name: String, in range: Range<Int>) throws -> Element? {
        try elements(name, in: range, limit: 1).first
    }

    /// The elements named `name` that start in `range`, in order (not nested ones
    /// of the same name).
    func elements(_ name: String, in range: Range<Int>, limit: Int = .max) throws -> [Element] {
        var found: [Element] = []
        var at = range.lowerBound
        while found.count < limit, let start = find("<" + name, from: at, before: range.upperBound) {
            let after = start + 1 + name.utf8.count
            guard after < bytes.count else { throw ClipartMalformed(description: "<\(name)> cut short") }
            let next = bytes[after]
            // `<dc:title>` but not `<dc:titles>`.
            guard next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else {
                at = after
                continue
            }
            guard let tagEnd = find(">", from: after) else { throw ClipartMalformed(description: "<\(name) is not closed") }
            if bytes[tagEnd - 1] == UInt8(ascii: "/") {
                found.append(Element(outer: start..<(tagEnd + 1), inner: (tagEnd + 1)..<(tagEnd + 1)))
                at = tagEnd + 1
                continue
            }
            guard let close = find("</" + name + ">", from: tagEnd + 1) else {
                throw ClipartMalformed(description: "<\(name)> has no </\(name)>")
            }
            found.append(Element(outer: start..<(close + name.utf8.count + 3), inner: (tagEnd + 1)..<close))
            at = close + name.utf8.count + 3
        }
        return found
    }

    /// The bytes of a range as UTF-8 text.
    func string(_ range: Range<Int>) throws -> String {
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw ClipartMalformed(description: "not UTF-8")
        }
        return text
    }

    /// An element's text: tags dropped, entities and CDATA read, white space
    /// collapsed; `nil` when empty.
    func content(_ range: Range<Int>) throws -> String? {
        var raw = try string(range)
        if raw.contains("<![CDATA[") {
            raw = raw.replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
        }
        var text = ""
        var inTag = false
        for character in raw {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        let decoded = Self.decodeEntities(text)
        let words = decoded.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xNN;` as characters.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                output.append("&")
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            let scalar: Character? = switch name {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
                } else if name.hasPrefix("#") {
                    UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map(Character.init)
                } else {
                    nil
                }
            }
            if let scalar {
                output.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output.append("&")
                rest = rest[rest.index(after: amp)...]
            }
        }
        return output + rest
    }
}
