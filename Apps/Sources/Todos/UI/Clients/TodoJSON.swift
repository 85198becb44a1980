import Foundation
import TodosCore

// The todo service's JSON as the client reads it (APPS.md §2.3), and the form bodies
// it sends. Only the fields the app shows are read; a missing one, or a status
// other than "todo" and "finished", makes the answer invalid (the original
// force-unwrapped `status` and `objectId`, and crashed).

/// One todo of `GET /todos/list`, or the answer of `POST /todos/list`.
struct TodoJSON: Decodable {
    let objectId: String
    let content: String
    let status: String

    /// The todo as the app's value; `nil` when its status is not one the app knows.
    func item() -> TodoItem? {
        TodoWire.status(status).map { TodoItem(id: objectId, title: content, status: $0) }
    }
}

/// `POST /todos/list/update`'s answer: `{"status":"success"}`.
struct UpdateAnswerJSON: Decodable {
    let status: String
}

/// The service's error document: `{"error":"no todo has this objectId", …}`.
struct ServiceErrorJSON: Decodable {
    let error: String
}

/// The wire's names of statuses, and its form bodies.
enum TodoWire {
    /// `"todo"` or `"finished"`.
    static func name(of status: TodoStatus) -> String {
        status == .finished ? "finished" : "todo"
    }

    /// The status named `name` on the wire, if any.
    static func status(_ name: String) -> TodoStatus? {
        switch name {
        case "todo": .normal
        case "finished": .finished
        default: nil
        }
    }

    /// Letters, digits and `-._~` stay; every other byte of the UTF-8 text is
    /// percent-encoded, `+` and `&` included.
    private static let kept = CharacterSet(charactersIn: "-._~").union(
        CharacterSet(charactersIn: "a"..."z")).union(CharacterSet(charactersIn: "A"..."Z")).union(CharacterSet(charactersIn: "0"..."9"))

    /// An `application/x-www-form-urlencoded` body of `fields`, in their order.
    static func form(_ fields: [(name: String, value: String)]) -> Data {
        let pairs = fields.map { field in
            [field.name, field.value].map { $0.addingPercentEncoding(withAllowedCharacters: kept) ?? "" }.joined(separator: "=")
        }
        return Data(pairs.joined(separator: "&").utf8)
    }

    /// The start of `body` as one line of text, at most 200 characters.
    static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return body.count > 200 ? text + "…" : text
    }
}
