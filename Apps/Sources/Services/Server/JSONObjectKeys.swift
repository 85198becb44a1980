import Foundation

/// The member names of a JSON object body, in order, duplicates kept: Foundation's
/// parser keeps one of two members of the same name without a word, so a body
/// naming `content` twice would be stored with one of them chosen silently.
enum JSONObjectKeys {
    /// The first name given twice at the top level of `data`, a JSON object already
    /// known to be valid (names compared after their escapes are decoded:
    /// `"content"` and `"\u0063ontent"` are the same), or `nil`.
    static func firstDuplicate(in data: Data) -> String? {
        let bytes = [UInt8](data)
        var index = 0
        var depth = 0
        var seen: Set<String> = []
        // At depth 1, a string right after `{` or `,` is a name.
        var expectingName = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(bytes, from: index)
                if depth == 1 && expectingName {
                    let token = Data(bytes[index..<end])
                    // A valid string token always decodes.
                    let name = (try? JSONSerialization.jsonObject(with: token, options: [.fragmentsAllowed])) as? String ?? ""
                    if !seen.insert(name).inserted {
                        return name
                    }
                    expectingName = false
                }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingName = depth == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                expectingName = depth == 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index just past the string token that starts with the quote at `start`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }
}
