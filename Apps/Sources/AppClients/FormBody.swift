import Foundation

// The body of a form POST, as the let.swift todo backend reads it (and browsers
// send it): `name=value` pairs joined by `&`, every byte of the UTF-8 text other
// than letters, digits and `-._~` percent-encoded (`+`, `&` and `=` included).

/// `application/x-www-form-urlencoded` bodies.
public enum FormBody {
    /// The characters sent as they are.
    private static let kept = CharacterSet(charactersIn: "-._~")
        .union(CharacterSet(charactersIn: "a"..."z"))
        .union(CharacterSet(charactersIn: "A"..."Z"))
        .union(CharacterSet(charactersIn: "0"..."9"))

    /// `fields`, in their order, as a form body.
    public static func encode(_ fields: [(name: String, value: String)]) -> Data {
        let pairs = fields.map { field in
            [field.name, field.value].map { $0.addingPercentEncoding(withAllowedCharacters: kept) ?? "" }.joined(separator: "=")
        }
        return Data(pairs.joined(separator: "&").utf8)
    }
}
