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
    /// The `Authorization` header sent (`{token}` stands for the app's bearer token,
    /// `{basic}` for its key and secret in Basic form).
    let authorization: String?
    /// On the Twitter routes' own errors: the Twitter error code the body must carry
    /// (`{"errors":[{"code":…}]}`) instead of the services' `{"error":…}`.
    let twitterCode: Int?
    /// On the Users routes' own errors: the code the body must carry
    /// (`{"code":…,"message":…}`) instead of the services' `{"error":…}`.
    let userCode: Int?

    init(
        _ name: String, _ method: HTTPRequest.Method = .post, _ uri: String,
        _ contentType: String? = "application/x-www-form-urlencoded", _ body: String = "",
        _ status: HTTPResponse.Status = .badRequest, field: String? = nil,
        authorization: String? = nil, twitterCode: Int? = nil, userCode: Int? = nil
    ) {
        self.init(
            name, method, uri, contentType, bytes: Array(body.utf8), status, field: field, authorization: authorization,
            twitterCode: twitterCode, userCode: userCode
        )
    }

    init(
        _ name: String, _ method: HTTPRequest.Method = .post, _ uri: String,
        _ contentType: String?, bytes: [UInt8], _ status: HTTPResponse.Status, field: String? = nil,
        authorization: String? = nil, twitterCode: Int? = nil, userCode: Int? = nil
    ) {
        self.name = name
        self.method = method
        self.uri = uri
        self.contentType = contentType
        self.body = bytes
        self.status = status
        self.field = field
        self.authorization = authorization
        self.twitterCode = twitterCode
        self.userCode = userCode
    }

    var testDescription: String { "\(method) \(uri): \(name) → \(status.code)" }
}

private let json = "application/json"
private let form = "application/x-www-form-urlencoded"
private let oversized = "content=" + String(repeating: "a", count: 70_000)
private let seedId = "{seed}"
private let seedCode = "{code}"
private let wrongCode = "{wrongcode}"
private let oversizedPhone = "phone=" + String(repeating: "1", count: 70_000)

/// Every route's bad inputs. `{seed}` stands for the id of a todo made beforehand,
/// `{code}` for the code sent to 13800138000 beforehand, `{wrongcode}` for another.
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
    // GET /1.1/search/tweets.json
    BadInput("no Authorization", .get, "/1.1/search/tweets.json?q=widget", nil, "", twitterCode: 215),
    BadInput("another token", .get, "/1.1/search/tweets.json?q=widget", nil, "", .unauthorized, authorization: "Bearer nope", twitterCode: 89),
    BadInput("Basic instead of Bearer", .get, "/1.1/search/tweets.json?q=widget", nil, "", .unauthorized, authorization: "{basic}", twitterCode: 32),
    BadInput("no q", .get, "/1.1/search/tweets.json", nil, "", authorization: "Bearer {token}", twitterCode: 25),
    BadInput("empty q", .get, "/1.1/search/tweets.json?q=&count=5", nil, "", authorization: "Bearer {token}", twitterCode: 25),
    BadInput("blank q", .get, "/1.1/search/tweets.json?q=%20+%09", nil, "", authorization: "Bearer {token}", twitterCode: 25),
    BadInput("q over 500 characters", .get, "/1.1/search/tweets.json?q=" + String(repeating: "a", count: 501), nil, "",
             authorization: "Bearer {token}", twitterCode: 195),
    BadInput("bad percent-encoding", .get, "/1.1/search/tweets.json?q=%zz", nil, "", authorization: "Bearer {token}", twitterCode: 195),
    BadInput("POST on the search", .post, "/1.1/search/tweets.json", form, "q=widget", .methodNotAllowed),
    // POST /oauth2/token
    BadInput("no Authorization", .post, "/oauth2/token", form, "grant_type=client_credentials", .forbidden, twitterCode: 99),
    BadInput("wrong credentials", .post, "/oauth2/token", form, "grant_type=client_credentials", .forbidden,
             authorization: "Basic a2V5OnNlY3JldA==", twitterCode: 99),
    BadInput("no grant_type", .post, "/oauth2/token", form, "", .forbidden, authorization: "{basic}", twitterCode: 170),
    BadInput("another grant_type", .post, "/oauth2/token", form, "grant_type=password", .forbidden, authorization: "{basic}", twitterCode: 99),
    BadInput("grant_type a number", .post, "/oauth2/token", json, #"{"grant_type":1}"#, field: "grant_type", authorization: "{basic}"),
    BadInput("malformed JSON", .post, "/oauth2/token", json, #"{"grant_type""#, authorization: "{basic}"),
    BadInput("malformed form", .post, "/oauth2/token", form, "grant_type=%zz", authorization: "{basic}"),
    BadInput("plain text body", .post, "/oauth2/token", "text/plain", "grant_type=client_credentials", .unsupportedMediaType,
             authorization: "{basic}"),
    BadInput("body over the limit", .post, "/oauth2/token", form, oversized, .contentTooLarge, authorization: "{basic}"),
    BadInput("GET on the token", .get, "/oauth2/token", nil, "", .methodNotAllowed),
    // GET /avatars/<md5>.png
    BadInput("not hex", .get, "/avatars/nothex.png", nil, "", .notFound),
    BadInput("upper-case hex", .get, "/avatars/0123456789ABCDEF0123456789ABCDEF.png", nil, "", .notFound),
    BadInput("not .png", .get, "/avatars/0123456789abcdef0123456789abcdef.jpg", nil, "", .notFound),
    BadInput("a path out of the avatars", .get, "/avatars/..%2F..%2Fetc%2Fpasswd", nil, "", .notFound),
    BadInput("no name", .get, "/avatars/", nil, "", .notFound),
    BadInput("POST an avatar", .post, "/avatars/0123456789abcdef0123456789abcdef.png", form, "x=1", .notFound),
    // POST /verify-code
    BadInput("no body, no content type", .post, "/verify-code", nil, "", field: "phone", userCode: 40001),
    BadInput("form without phone", .post, "/verify-code", form, "mobile=13900000000", field: "phone", userCode: 40001),
    BadInput("form with empty phone", .post, "/verify-code", form, "phone=", field: "phone", userCode: 40001),
    BadInput("form with a short phone", .post, "/verify-code", form, "phone=1390000000", field: "phone", userCode: 40001),
    BadInput("form with SQL for phone", .post, "/verify-code", form, "phone=%27%20OR%201%3D1%20--", field: "phone", userCode: 40001),
    BadInput("form naming phone twice", .post, "/verify-code", form, "phone=13900000000&phone=13900000001", field: "phone", userCode: 40000),
    BadInput("form with bad percent-encoding", .post, "/verify-code", form, "phone=%zz", userCode: 40000),
    BadInput("form that is not UTF-8", .post, "/verify-code", form, bytes: Array("phone=".utf8) + [0xFF], .badRequest, userCode: 40000),
    BadInput("truncated JSON", .post, "/verify-code", json, #"{"phone":"#, userCode: 40000),
    BadInput("JSON array", .post, "/verify-code", json, #"["13900000000"]"#, userCode: 40000),
    BadInput("JSON phone number", .post, "/verify-code", json, #"{"phone":13900000000}"#, field: "phone", userCode: 40001),
    BadInput("JSON phone null", .post, "/verify-code", json, #"{"phone":null}"#, field: "phone", userCode: 40001),
    BadInput("JSON phone array", .post, "/verify-code", json, #"{"phone":["13900000000"]}"#, field: "phone", userCode: 40001),
    BadInput("plain text body", .post, "/verify-code", "text/plain", "phone=13900000000", .unsupportedMediaType, userCode: 41500),
    BadInput("body over the limit", .post, "/verify-code", form, oversizedPhone, .contentTooLarge, userCode: 41300),
    BadInput("GET on verify-code", .get, "/verify-code?phone=13900000000", nil, "", .methodNotAllowed),
    // POST /register
    BadInput("no body", .post, "/register", nil, "", field: "account", userCode: 40001),
    BadInput("missing account", .post, "/register", form, "password=abc123&verifyCode=\(seedCode)", field: "account", userCode: 40001),
    BadInput("account not a phone", .post, "/register", form, "account=alice&password=abc123&verifyCode=\(seedCode)",
             field: "account", userCode: 40001),
    BadInput("account with SQL", .post, "/register", form, "account=13800138000%27--&password=abc123&verifyCode=\(seedCode)",
             field: "account", userCode: 40001),
    BadInput("missing password", .post, "/register", form, "account=13800138000&verifyCode=\(seedCode)", field: "password", userCode: 40002),
    BadInput("password too short", .post, "/register", form, "account=13800138000&password=ab1&verifyCode=\(seedCode)",
             field: "password", userCode: 40002),
    BadInput("password too long", .post, "/register", form, "account=13800138000&password=abc1234567890abcd&verifyCode=\(seedCode)",
             field: "password", userCode: 40002),
    BadInput("missing verifyCode", .post, "/register", form, "account=13800138000&password=abc123", field: "verifyCode", userCode: 40003),
    BadInput("verifyCode not 6 digits", .post, "/register", form, "account=13800138000&password=abc123&verifyCode=12ab56",
             field: "verifyCode", userCode: 40003),
    BadInput("wrong verifyCode", .post, "/register", form, "account=13800138000&password=abc123&verifyCode=\(wrongCode)",
             field: "verifyCode", userCode: 40004),
    BadInput("another phone's account", .post, "/register", form, "account=13900000000&password=abc123&verifyCode=\(seedCode)",
             field: "verifyCode", userCode: 40004),
    BadInput("JSON account number", .post, "/register", json, #"{"account":13800138000,"password":"abc123","verifyCode":"{code}"}"#,
             field: "account", userCode: 40001),
    BadInput("JSON password number", .post, "/register", json, #"{"account":"13800138000","password":123456,"verifyCode":"{code}"}"#,
             field: "password", userCode: 40002),
    BadInput("JSON password boolean", .post, "/register", json, #"{"account":"13800138000","password":true,"verifyCode":"{code}"}"#,
             field: "password", userCode: 40002),
    BadInput("JSON verifyCode number", .post, "/register", json, #"{"account":"13800138000","password":"abc123","verifyCode":123456}"#,
             field: "verifyCode", userCode: 40003),
    BadInput("malformed JSON", .post, "/register", json, #"{"account":"13800138000","#, userCode: 40000),
    BadInput("JSON string", .post, "/register", json, #""13800138000""#, userCode: 40000),
    BadInput("form naming account twice", .post, "/register", form,
             "account=13800138000&account=13800138000&password=abc123&verifyCode=\(seedCode)", field: "account", userCode: 40000),
    BadInput("plain text body", .post, "/register", "text/plain", "account=13800138000", .unsupportedMediaType, userCode: 41500),
    BadInput("body over the limit", .post, "/register", form, oversizedPhone, .contentTooLarge, userCode: 41300),
    BadInput("GET on register", .get, "/register", nil, "", .methodNotAllowed),
    BadInput("DELETE on register", .delete, "/register", nil, "", .methodNotAllowed),
    // GET /sms-outbox
    BadInput("phone not a phone number", .get, "/sms-outbox?phone=12345", nil, "", field: "phone", userCode: 40001),
    BadInput("phone with SQL", .get, "/sms-outbox?phone=%27%20OR%201%3D1", nil, "", field: "phone", userCode: 40001),
    BadInput("bad percent-encoding", .get, "/sms-outbox?phone=%zz", nil, "", userCode: 40000),
    BadInput("POST on the outbox", .post, "/sms-outbox", form, "phone=13900000000", .methodNotAllowed),
]

@Suite("Bad input: a 4xx with a JSON error, nothing stored")
struct BadInputTests {
    @Test(arguments: badInputs)
    func badInputIsRefused(_ input: BadInput) async throws {
        try await withServices { client, directory in
            let seed = try await client.createTodo("seed")
            let code = try await client.requestCode(samplePhone)
            let sent = try await client.outbox()
            let bytes: ByteBuffer? =
                if input.body.isEmpty { nil }
                else if let text = String(validating: input.body, as: UTF8.self) {
                    ByteBuffer(string: text
                        .replacingOccurrences(of: seedId, with: seed.objectId)
                        .replacingOccurrences(of: wrongCode, with: otherCode(than: code))
                        .replacingOccurrences(of: seedCode, with: code))
                } else { ByteBuffer(bytes: input.body) }
            var headers: HTTPFields = [:]
            if let contentType = input.contentType {
                headers[.contentType] = contentType
            }
            if let authorization = input.authorization {
                let credentials = try JSONDecoder().decode(
                    TwitterAppCredentials.self, from: Data(contentsOf: directory.appendingPathComponent("twitter-app.json"))
                )
                headers[.authorization] = authorization
                    .replacingOccurrences(of: "{token}", with: credentials.bearerToken)
                    .replacingOccurrences(of: "{basic}", with: basicAuthorization(key: credentials.consumerKey, secret: credentials.consumerSecret))
            }
            let response = try await client.execute(uri: input.uri, method: input.method, headers: headers, body: bytes)

            #expect(response.status == input.status)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            if let code = input.twitterCode {
                let error = try #require(twitterError(response.body), "not a Twitter error: \(String(buffer: response.body))")
                #expect(error.code == code)
                #expect(!error.message.isEmpty)
            } else if let code = input.userCode {
                let error = try #require(userError(response.body), "not a Users error: \(String(buffer: response.body))")
                #expect(error.code == code)
                #expect(!error.message.isEmpty)
                if let field = input.field {
                    #expect(error.field == field)
                }
            } else {
                let error = try #require(jsonObject(response.body), "not a JSON object: \(String(buffer: response.body))")
                let message = try #require(error["error"] as? String)
                #expect(!message.isEmpty)
                if let field = input.field {
                    #expect(error["field"] as? String == field)
                }
            }
            if input.status == .methodNotAllowed {
                #expect(response.headers[.allow] != nil)
            }
            // Nothing stored, nothing changed: the todos, the outbox, no account, and
            // the code sent beforehand still usable.
            #expect(try await client.todos() == [seed])
            #expect(try await client.outbox() == sent)
            let users = try UserStore(directory: directory, passwordIterations: testPasswordIterations)
            #expect(try await users.accountCount() == 0)
            #expect(try await users.hasUsableCode(for: samplePhone, now: Date()))
        }
    }
}
