import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// One bad request: what is sent and the 4xx it must get.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let method: HTTPRequest.Method
    let uri: String
    let contentType: String?
    let body: [UInt8]
    let status: HTTPResponse.Status
    /// The `field` the error body must name, when it names one.
    let field: String?

    init(
        _ name: String, _ method: HTTPRequest.Method = .post, _ uri: String,
        _ contentType: String? = "application/x-www-form-urlencoded", _ body: String = "",
        _ status: HTTPResponse.Status = .badRequest, field: String? = nil
    ) {
        self.init(name, method, uri, contentType, bytes: Array(body.utf8), status, field: field)
    }

    init(
        _ name: String, _ method: HTTPRequest.Method = .post, _ uri: String,
        _ contentType: String?, bytes: [UInt8], _ status: HTTPResponse.Status, field: String? = nil
    ) {
        self.name = name
        self.method = method
        self.uri = uri
        self.contentType = contentType
        self.body = bytes
        self.status = status
        self.field = field
    }

    var testDescription: String { "\(method) \(uri): \(name) → \(status.code)" }
}

private let json = "application/json"
private let form = "application/x-www-form-urlencoded"
private let oversized = "content=" + String(repeating: "a", count: 70_000)
private let seedId = "{seed}"

/// Every route's bad inputs. `{seed}` stands for the id of a todo made beforehand.
let badInputs: [BadInput] = [
    // POST /todos/list
    BadInput("no body, no content type", .post, "/todos/list", nil, "", field: "content"),
    BadInput("form without content", .post, "/todos/list", form, "status=todo", field: "content"),
    BadInput("form with empty content", .post, "/todos/list", form, "content=", field: "content"),
    BadInput("form with bad percent-encoding", .post, "/todos/list", form, "content=%zz"),
    BadInput("form naming content twice", .post, "/todos/list", form, "content=a&content=b", field: "content"),
    BadInput("form with an unknown status", .post, "/todos/list", form, "content=a&status=done", field: "status"),
    BadInput("form that is not UTF-8", .post, "/todos/list", form, bytes: Array("content=".utf8) + [0xFF, 0xFE], .badRequest),
    BadInput("truncated JSON", .post, "/todos/list", json, #"{"content":"#),
    BadInput("JSON array", .post, "/todos/list", json, #"["content"]"#),
    BadInput("JSON string", .post, "/todos/list", json, #""content""#),
    BadInput("JSON content number", .post, "/todos/list", json, #"{"content":1}"#, field: "content"),
    BadInput("JSON content null", .post, "/todos/list", json, #"{"content":null}"#, field: "content"),
    BadInput("JSON content object", .post, "/todos/list", json, #"{"content":{"a":1}}"#, field: "content"),
    BadInput("JSON empty content", .post, "/todos/list", json, #"{"content":""}"#, field: "content"),
    BadInput("JSON status boolean", .post, "/todos/list", json, #"{"content":"a","status":true}"#, field: "status"),
    BadInput("plain text body", .post, "/todos/list", "text/plain", "content=a", .unsupportedMediaType),
    BadInput("body over the limit", .post, "/todos/list", form, oversized, .contentTooLarge),
    // POST /todos/list/update
    BadInput("no body", .post, "/todos/list/update", nil, "", field: "objectId"),
    BadInput("missing objectId", .post, "/todos/list/update", form, "status=finished", field: "objectId"),
    BadInput("malformed objectId", .post, "/todos/list/update", form, "objectId=xyz&status=finished", field: "objectId"),
    BadInput("objectId with SQL", .post, "/todos/list/update", form, "objectId=%27%20OR%201%3D1%20--&status=finished", field: "objectId"),
    BadInput("missing status", .post, "/todos/list/update", form, "objectId=\(seedId)", field: "status"),
    BadInput("unknown status", .post, "/todos/list/update", form, "objectId=\(seedId)&status=done", field: "status"),
    BadInput("empty status", .post, "/todos/list/update", form, "objectId=\(seedId)&status=", field: "status"),
    BadInput("JSON objectId number", .post, "/todos/list/update", json, #"{"objectId":5,"status":"todo"}"#, field: "objectId"),
    BadInput("malformed JSON", .post, "/todos/list/update", json, "{objectId:", .badRequest),
    BadInput("body over the limit", .post, "/todos/list/update", form, oversized, .contentTooLarge),
    // POST /todos (the HTML form)
    BadInput("form without content", .post, "/todos", form, "x=1", field: "content"),
    BadInput("empty content", .post, "/todos", form, "content=", field: "content"),
    BadInput("plain text body", .post, "/todos", "text/plain", "hello", .unsupportedMediaType),
    BadInput("body over the limit", .post, "/todos", form, oversized, .contentTooLarge),
    // Unknown routes and methods
    BadInput("unknown path", .get, "/nope", nil, "", .notFound),
    BadInput("unknown nested path", .post, "/todos/list/delete", form, "objectId=\(seedId)", .notFound),
    BadInput("DELETE on the list", .delete, "/todos/list", nil, "", .methodNotAllowed),
    BadInput("PUT on the page", .put, "/todos", form, "content=a", .methodNotAllowed),
    BadInput("GET on update", .get, "/todos/list/update", nil, "", .methodNotAllowed),
    BadInput("POST on the index", .post, "/", form, "content=a", .methodNotAllowed),
]

@Suite("Bad input: a 4xx with a JSON error, nothing stored")
struct BadInputTests {
    @Test(arguments: badInputs)
    func badInputIsRefused(_ input: BadInput) async throws {
        try await withServices { client, _ in
            let seed = try await client.createTodo("seed")
            let bytes: ByteBuffer? =
                if input.body.isEmpty { nil }
                else if let text = String(validating: input.body, as: UTF8.self) {
                    ByteBuffer(string: text.replacingOccurrences(of: seedId, with: seed.objectId))
                } else { ByteBuffer(bytes: input.body) }
            var headers: HTTPFields = [:]
            if let contentType = input.contentType {
                headers[.contentType] = contentType
            }
            let response = try await client.execute(uri: input.uri, method: input.method, headers: headers, body: bytes)

            #expect(response.status == input.status)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let error = try #require(jsonObject(response.body), "not a JSON object: \(String(buffer: response.body))")
            let message = try #require(error["error"] as? String)
            #expect(!message.isEmpty)
            if let field = input.field {
                #expect(error["field"] as? String == field)
            }
            if input.status == .methodNotAllowed {
                #expect(response.headers[.allow] != nil)
            }
            // Nothing stored, nothing changed.
            #expect(try await client.todos() == [seed])
        }
    }
}
