// Flickr's REST XML (`format=rest`, what Flickr answered when a call named no
// format, and what ObjectiveFlickr, the seed's client, read), made from the same
// answer objects as the JSON, by Flickr's own rule between its two formats:
//
// - a string or number becomes an attribute of its element;
// - `_content` becomes the element's text;
// - an object becomes a child element of its key's name;
// - an array of objects becomes one child element of its key's name per object.
//
// So `{"photos":{"page":1,"photo":[{"id":"2","title":"A & B"}]}}` answers
//
//     <?xml version="1.0" encoding="utf-8" ?>
//     <rsp stat="ok">
//     <photos page="1">
//     	<photo id="2" title="A &amp; B" />
//     </photos>
//     </rsp>
//
// and an error `<rsp stat="fail">` with `<err code="1" msg="Photo not found" />`.
// Attributes and children come in name order, so the bytes are the same on every
// platform. Text is escaped (`&`, `<`, `>`; in attributes also `"`, and tabs and line
// breaks as character references, which attribute normalisation would otherwise turn
// into spaces); a character XML 1.0 cannot hold at all (a control character other
// than tab and line breaks, U+FFFE, U+FFFF) is written as U+FFFD, the replacement
// character: the stored text is unchanged, only this rendering of it.
import Foundation

/// Flickr's REST XML rendering of an answer object.
enum FlickrXML {
    /// The document of a successful answer: `<rsp stat="ok">` around the object's
    /// members.
    static func document(_ object: [String: Any]) -> String {
        var out = #"<?xml version="1.0" encoding="utf-8" ?>"# + "\n" + #"<rsp stat="ok">"# + "\n"
        for (name, value) in object.sorted(by: { $0.key < $1.key }) where name != "stat" {
            append(name, value, depth: 0, to: &out)
        }
        out += "</rsp>\n"
        return out
    }

    /// The document of an error: `<rsp stat="fail"><err code="N" msg="M" /></rsp>`.
    static func failure(code: Int, message: String) -> String {
        #"<?xml version="1.0" encoding="utf-8" ?>"# + "\n" + #"<rsp stat="fail">"# + "\n"
            + "\t<err code=\"\(code)\" msg=\"\(escape(message, attribute: true))\" />\n</rsp>\n"
    }

    private static func append(_ name: String, _ value: Any, depth: Int, to out: inout String) {
        switch value {
        case let objects as [[String: Any]]:
            for object in objects {
                element(name, object, depth: depth, to: &out)
            }
        case let object as [String: Any]:
            element(name, object, depth: depth, to: &out)
        default:
            // A scalar outside an object: an element holding it as text.
            element(name, ["_content": value], depth: depth, to: &out)
        }
    }

    private static func element(_ name: String, _ object: [String: Any], depth: Int, to out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        out += indent + "<" + name
        var children: [(String, Any)] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != "_content" {
            if let text = scalar(value) {
                out += " \(key)=\"\(escape(text, attribute: true))\""
            } else {
                children.append((key, value))
            }
        }
        let text = object["_content"].flatMap(scalar).map { escape($0, attribute: false) }
        switch (text, children.isEmpty) {
        case (nil, true):
            out += " />\n"
        case (let text?, true):
            out += ">" + text + "</" + name + ">\n"
        case (let text, false):
            out += ">" + (text ?? "") + "\n"
            for (key, value) in children {
                append(key, value, depth: depth + 1, to: &out)
            }
            out += indent + "</" + name + ">\n"
        }
    }

    /// A string, number or boolean as attribute text; `nil` for an object or array.
    private static func scalar(_ value: Any) -> String? {
        switch value {
        case let text as String: text
        case let flag as Bool: flag ? "1" : "0"
        case let number as Int: String(number)
        case let number as Int64: String(number)
        case let number as Double: String(number)
        default: nil
        }
    }

    /// `text` escaped for an attribute value in double quotes, or for element text.
    static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
