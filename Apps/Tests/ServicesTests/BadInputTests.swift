import AppsTestSupport
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
    /// `{basic}` for its key and secret in Basic form, `{pxtoken}` for a photo access token).
    let authorization: String?
    /// On the Twitter routes' own errors: the Twitter error code the body must carry
    /// (`{"errors":[{"code":…}]}`) instead of the services' `{"error":…}`.
    let twitterCode: Int?
    /// On the Flickr methods' own errors: the Flickr error code the body must carry
    /// (`{"stat":"fail","code":…}`).
    let flickrCode: Int?
    /// On the Users routes' own errors: the code the body must carry
    /// (`{"code":…,"message":…}`) instead of the services' `{"error":…}`.
    let userCode: Int?

    init(
        _ name: String, _ method: HTTPRequest.Method = .post, _ uri: String,
        _ contentType: String? = "application/x-www-form-urlencoded", _ body: String = "",
        _ status: HTTPResponse.Status = .badRequest, field: String? = nil,
        authorization: String? = nil, twitterCode: Int? = nil, flickrCode: Int? = nil, userCode: Int? = nil
    ) {
        self.init(
            name, method, uri, contentType, bytes: Array(body.utf8), status, field: field, authorization: authorization,
            twitterCode: twitterCode, flickrCode: flickrCode, userCode: userCode
        )
    }

    init(
        _ name: String, _ method: HTTPRequest.Method = .post, _ uri: String,
        _ contentType: String?, bytes: [UInt8], _ status: HTTPResponse.Status, field: String? = nil,
        authorization: String? = nil, twitterCode: Int? = nil, flickrCode: Int? = nil, userCode: Int? = nil
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
        self.flickrCode = flickrCode
        self.userCode = userCode
    }

    /// Whether the row asks the photo service (which then runs over one fixture image,
    /// photo 1: enough for every row, and cheap to import a hundred times).
    var needsPhotos: Bool {
        ["/v1/", "/photos/", "/services/", "/farm1/"].contains { uri.hasPrefix($0) }
    }

    var testDescription: String {
        // A row's path of thousands of characters is not printed whole.
        let shownURI = uri.count > 100 ? uri.prefix(100) + "…" : uri
        return "\(method) \(shownURI): \(name) → \(status.code)"
    }
}

private let json = "application/json"
private let form = "application/x-www-form-urlencoded"
private let oversized = "content=" + String(repeating: "a", count: 70_000)
private let seedId = "{seed}"
private let rest = "/services/rest/?format=json&nojsoncallback=1&api_key={flickrkey}"
private let oversizedVote = "vote=1&x=" + String(repeating: "a", count: 70_000)
private let seedCode = "{code}"
private let wrongCode = "{wrongcode}"
private let oversizedPhone = "phone=" + String(repeating: "1", count: 70_000)

/// Every route's bad inputs. `{seed}` stands for the id of a todo made beforehand,
/// `{pxtoken}` for an access token of the photo service, `{flickrkey}` for the
/// Flickr app's API key, `{code}` for the code sent to 13800138000 beforehand,
/// `{wrongcode}` for another code.
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
    // Hostile requests to the Todo routes: SQL, numbers, encodings, duplicates, sizes
    BadInput("SQL in content with an unknown status", .post, "/todos/list", form,
             "content=%27%29%3B%20DROP%20TABLE%20todos%3B%20--&status=finished%27--", field: "status"),
    BadInput("SQL in status", .post, "/todos/list", form, "content=a&status=todo%27%20OR%20%271%27%3D%271", field: "status"),
    BadInput("status in capitals", .post, "/todos/list", form, "content=a&status=FINISHED", field: "status"),
    BadInput("status a huge number", .post, "/todos/list", form, "content=a&status=99999999999999999999999999", field: "status"),
    BadInput("form content with a NUL", .post, "/todos/list", form, "content=a%00b", field: "content"),
    BadInput("JSON content with a NUL", .post, "/todos/list", json, #"{"content":"a\u0000b"}"#, field: "content"),
    BadInput("JSON content a negative number", .post, "/todos/list", json, #"{"content":-1}"#, field: "content"),
    BadInput("JSON content a huge number", .post, "/todos/list", json, #"{"content":123456789012345678901234567890}"#),
    BadInput("JSON content a number too large for a double", .post, "/todos/list", json, #"{"content":1e999}"#),
    BadInput("JSON content an array", .post, "/todos/list", json, #"{"content":["a"]}"#, field: "content"),
    BadInput("JSON status a number", .post, "/todos/list", json, #"{"content":"a","status":1}"#, field: "status"),
    BadInput("JSON naming content twice", .post, "/todos/list", json, #"{"content":"a","content":"b"}"#, field: "content"),
    BadInput("JSON naming content twice, once escaped", .post, "/todos/list", json, #"{"content":"a","\u0063ontent":"b"}"#, field: "content"),
    BadInput("JSON that is not UTF-8", .post, "/todos/list", json, bytes: Array(#"{"content":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), .badRequest),
    BadInput("JSON with a lone surrogate", .post, "/todos/list", json, #"{"content":"\ud800"}"#),
    BadInput("JSON null", .post, "/todos/list", json, "null"),
    BadInput("empty JSON body", .post, "/todos/list", json, ""),
    BadInput("empty form body", .post, "/todos/list", form, "", field: "content"),
    BadInput("a form under a JSON content type", .post, "/todos/list", json, "content=a"),
    BadInput("JSON under a form content type", .post, "/todos/list", form, #"{"content":"a"}"#, field: "content"),
    BadInput("content in the query, not the body", .post, "/todos/list?content=a", nil, "", field: "content"),
    BadInput("a long unknown field and no content", .post, "/todos/list", form, String(repeating: "x", count: 20_000) + "=1", field: "content"),
    BadInput("XML body", .post, "/todos/list", "application/xml", "<content>a</content>", .unsupportedMediaType),
    BadInput("multipart body", .post, "/todos/list", "multipart/form-data; boundary=x",
             "--x\r\nContent-Disposition: form-data; name=\"content\"\r\n\r\na\r\n--x--", .unsupportedMediaType),
    BadInput("objectId given twice", .post, "/todos/list/update", form, "objectId=\(seedId)&objectId=\(seedId)&status=finished", field: "objectId"),
    BadInput("JSON naming objectId twice", .post, "/todos/list/update", json,
             #"{"objectId":"{seed}","objectId":"{seed}","status":"finished"}"#, field: "objectId"),
    BadInput("JSON objectId with SQL", .post, "/todos/list/update", json, #"{"objectId":"' OR 1=1 --","status":"todo"}"#, field: "objectId"),
    BadInput("objectId a negative number", .post, "/todos/list/update", form, "objectId=-1&status=finished", field: "objectId"),
    BadInput("objectId of 25 hex digits", .post, "/todos/list/update", form, "objectId=0123456789abcdef012345678&status=todo", field: "objectId"),
    BadInput("objectId with a NUL", .post, "/todos/list/update", form, "objectId=0123456789abcdef0123456%00&status=todo", field: "objectId"),
    BadInput("JSON objectId a huge number", .post, "/todos/list/update", json, #"{"objectId":1e400,"status":"todo"}"#),
    BadInput("status with SQL", .post, "/todos/list/update", form, "objectId=\(seedId)&status=finished%27%3B%20DELETE%20FROM%20todos%3B--", field: "status"),
    BadInput("JSON status null", .post, "/todos/list/update", json, #"{"objectId":"{seed}","status":null}"#, field: "status"),
    BadInput("an item id with SQL", .get, "/todos/item/1%27%20OR%20%271%27%3D%271", nil, "", field: "objectId"),
    BadInput("a negative item id", .get, "/todos/item/-1", nil, "", field: "objectId"),
    BadInput("a huge item id", .get, "/todos/item/99999999999999999999999999999999", nil, "", field: "objectId"),
    BadInput("an item id that is not UTF-8", .get, "/todos/item/%FF%FE%FD", nil, "", field: "objectId"),
    BadInput("a very long item id", .get, "/todos/item/" + String(repeating: "a", count: 10_000), nil, "", field: "objectId"),
    BadInput("list limit 0", .get, "/todos/list?limit=0", nil, "", field: "limit"),
    BadInput("list limit negative", .get, "/todos/list?limit=-5", nil, "", field: "limit"),
    BadInput("list limit huge", .get, "/todos/list?limit=99999999999999999999999999", nil, "", field: "limit"),
    BadInput("list limit with SQL", .get, "/todos/list?limit=1%3B%20DROP%20TABLE%20todos", nil, "", field: "limit"),
    BadInput("list limit not UTF-8", .get, "/todos/list?limit=%FF", nil, "", field: "limit"),
    BadInput("a very long list query", .get, "/todos/list?limit=" + String(repeating: "9", count: 10_000), nil, "", field: "limit"),
    BadInput("a very long path", .get, "/todos/" + String(repeating: "a", count: 10_000), nil, "", .notFound),
    BadInput("PATCH on the list", .patch, "/todos/list", json, #"{"content":"a"}"#, .methodNotAllowed),
    BadInput("PUT on an item", .put, "/todos/item/\(seedId)", nil, "", .methodNotAllowed),
    // The sync routes: client ids, deletion, the changes feed and its stream
    BadInput("create with a malformed objectId", .post, "/todos/list", form, "content=a&objectId=xyz", field: "objectId"),
    BadInput("create with an objectId of SQL", .post, "/todos/list", form, "content=a&objectId=%27%20OR%201%3D1%20--", field: "objectId"),
    BadInput("create with a JSON objectId number", .post, "/todos/list", json, #"{"content":"a","objectId":5}"#, field: "objectId"),
    BadInput("create with objectId given twice", .post, "/todos/list", form,
             "content=a&objectId=0123456789abcdef01234567&objectId=0123456789abcdef01234567", field: "objectId"),
    BadInput("create reusing an id with other content", .post, "/todos/list", form, "content=other&objectId=\(seedId)", .conflict,
             field: "objectId"),
    BadInput("delete a malformed id", .delete, "/todos/item/xyz", nil, "", field: "objectId"),
    BadInput("delete an id with SQL", .delete, "/todos/item/1%27%20OR%20%271%27%3D%271", nil, "", field: "objectId"),
    BadInput("delete an unknown id", .delete, "/todos/item/0123456789abcdef01234567", nil, "", .notFound),
    BadInput("changes since negative", .get, "/todos/changes?since=-1", nil, "", field: "since"),
    BadInput("changes since not a number", .get, "/todos/changes?since=abc", nil, "", field: "since"),
    BadInput("changes since a fraction", .get, "/todos/changes?since=1.5", nil, "", field: "since"),
    BadInput("changes since empty", .get, "/todos/changes?since=", nil, "", field: "since"),
    BadInput("changes since past 64 bits", .get, "/todos/changes?since=9223372036854775808", nil, "", field: "since"),
    BadInput("changes since huge", .get, "/todos/changes?since=" + String(repeating: "9", count: 400), nil, "", field: "since"),
    BadInput("changes since with SQL", .get, "/todos/changes?since=0%3B%20DELETE%20FROM%20todo_changes", nil, "", field: "since"),
    BadInput("changes since given twice", .get, "/todos/changes?since=0&since=1", nil, "", field: "since"),
    BadInput("changes since ahead of the newest change", .get, "/todos/changes?since=9223372036854775807", nil, "", .conflict,
             field: "since"),
    BadInput("changes limit 0", .get, "/todos/changes?limit=0", nil, "", field: "limit"),
    BadInput("changes limit 1001", .get, "/todos/changes?limit=1001", nil, "", field: "limit"),
    BadInput("changes limit negative", .get, "/todos/changes?limit=-1", nil, "", field: "limit"),
    BadInput("changes limit not a number", .get, "/todos/changes?limit=ten", nil, "", field: "limit"),
    BadInput("stream since negative", .get, "/todos/changes/stream?since=-5", nil, "", field: "since"),
    BadInput("stream since ahead of the newest change", .get, "/todos/changes/stream?since=9000000000", nil, "", .conflict,
             field: "since"),
    BadInput("POST on the changes", .post, "/todos/changes", form, "since=0", .methodNotAllowed),
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
    BadInput("POST an avatar", .post, "/avatars/0123456789abcdef0123456789abcdef.png", form, "x=1", .methodNotAllowed),
    BadInput("DELETE an avatar", .delete, "/avatars/0123456789abcdef0123456789abcdef.png", nil, "", .methodNotAllowed),
    BadInput("PUT an invalid avatar name", .put, "/avatars/nothex.png", form, "x=1", .methodNotAllowed),
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
    // GET /v1/photos
    BadInput("rpp not a number", .get, "/v1/photos?rpp=ten", nil, ""),
    BadInput("rpp 0", .get, "/v1/photos?rpp=0", nil, ""),
    BadInput("a negative page", .get, "/v1/photos?page=-1", nil, ""),
    BadInput("page with SQL", .get, "/v1/photos?page=1%3B%20DROP%20TABLE%20photos", nil, ""),
    BadInput("an unknown feature", .get, "/v1/photos?feature=editors_choice", nil, ""),
    BadInput("an unknown sort", .get, "/v1/photos?sort=random", nil, ""),
    BadInput("sort with SQL", .get, "/v1/photos?sort=rating%20DESC%3B%20DELETE%20FROM%20votes", nil, ""),
    BadInput("an unknown sort_direction", .get, "/v1/photos?sort_direction=up", nil, ""),
    BadInput("an unknown category in exclude", .get, "/v1/photos?exclude=Nude,Kittens", nil, ""),
    BadInput("image_size not a number", .get, "/v1/photos?image_size[]=large", nil, ""),
    BadInput("bad percent-encoding", .get, "/v1/photos?feature=%zz", nil, ""),
    BadInput("a token the service never issued", .get, "/v1/photos", nil, "", .unauthorized, authorization: "Bearer 00"),
    BadInput("POST on the list", .post, "/v1/photos", form, "vote=1", .methodNotAllowed),
    // GET /v1/photos/<id>
    BadInput("an id that is not a number", .get, "/v1/photos/abc", nil, "", .notFound),
    BadInput("an unknown id", .get, "/v1/photos/999", nil, "", .notFound),
    BadInput("an id with SQL", .get, "/v1/photos/1%20OR%201=1", nil, "", .notFound),
    BadInput("POST on a photo", .post, "/v1/photos/1", form, "vote=1", .methodNotAllowed),
    BadInput("DELETE on a photo", .delete, "/v1/photos/1", nil, "", .methodNotAllowed),
    BadInput("PUT on an unknown photo", .put, "/v1/photos/999", form, "name=x", .methodNotAllowed),
    BadInput("a path under a photo", .get, "/v1/photos/1/comments", nil, "", .notFound),
    // POST /v1/photos/<id>/vote
    BadInput("no token", .post, "/v1/photos/1/vote", form, "vote=1", .unauthorized),
    BadInput("an unknown OAuth token", .post, "/v1/photos/1/vote", form, "vote=1", .unauthorized, authorization: #"OAuth oauth_token="0123""#),
    BadInput("an unknown token in the form", .post, "/v1/photos/1/vote", form, "vote=1&oauth_token=nope", .unauthorized),
    BadInput("no vote", .post, "/v1/photos/1/vote", form, "", field: "vote", authorization: "Bearer {pxtoken}"),
    BadInput("vote=0", .post, "/v1/photos/1/vote", form, "vote=0", field: "vote", authorization: "Bearer {pxtoken}"),
    BadInput("vote=2", .post, "/v1/photos/1/vote", form, "vote=2", field: "vote", authorization: "Bearer {pxtoken}"),
    BadInput("JSON vote a number", .post, "/v1/photos/1/vote", json, #"{"vote":1}"#, field: "vote", authorization: "Bearer {pxtoken}"),
    BadInput("malformed JSON", .post, "/v1/photos/1/vote", json, #"{"vote""#, authorization: "Bearer {pxtoken}"),
    BadInput("plain text body", .post, "/v1/photos/1/vote", "text/plain", "vote=1", .unsupportedMediaType, authorization: "Bearer {pxtoken}"),
    BadInput("body over the limit", .post, "/v1/photos/1/vote", form, oversizedVote, .contentTooLarge, authorization: "Bearer {pxtoken}"),
    BadInput("an unknown photo", .post, "/v1/photos/999/vote", form, "vote=1", .notFound, authorization: "Bearer {pxtoken}"),
    BadInput("a photo id out of the corpus", .post, "/v1/photos/..%2F1/vote", form, "vote=1", .notFound, authorization: "Bearer {pxtoken}"),
    BadInput("GET on a vote", .get, "/v1/photos/1/vote", nil, "", .methodNotAllowed),
    BadInput("DELETE on a vote", .delete, "/v1/photos/1/vote", nil, "", .methodNotAllowed),
    BadInput("PUT on a vote with a trailing slash", .put, "/v1/photos/1/vote/", form, "vote=1", .methodNotAllowed),
    // POST /v1/oauth/access_token
    BadInput("no body", .post, "/v1/oauth/access_token", nil, "", field: "x_auth_mode"),
    BadInput("another x_auth_mode", .post, "/v1/oauth/access_token", form, "x_auth_mode=reverse_auth&x_auth_username=a&x_auth_password=b", field: "x_auth_mode"),
    BadInput("no username", .post, "/v1/oauth/access_token", form, "x_auth_mode=client_auth&x_auth_password=b", field: "x_auth_username"),
    BadInput("an empty password", .post, "/v1/oauth/access_token", form, "x_auth_mode=client_auth&x_auth_username=a&x_auth_password=", field: "x_auth_password"),
    BadInput("a password a number", .post, "/v1/oauth/access_token", json, #"{"x_auth_mode":"client_auth","x_auth_username":"a","x_auth_password":1}"#, field: "x_auth_password"),
    BadInput("a login the accounts refuse", .post, "/v1/oauth/access_token", form, "x_auth_mode=client_auth&x_auth_username=a&x_auth_password=b", .unauthorized),
    BadInput("a username with SQL", .post, "/v1/oauth/access_token", form, "x_auth_mode=client_auth&x_auth_username=%27%20OR%201%3D1%20--&x_auth_password=b", .unauthorized),
    BadInput("plain text body", .post, "/v1/oauth/access_token", "text/plain", "x_auth_mode=client_auth", .unsupportedMediaType),
    BadInput("body over the limit", .post, "/v1/oauth/access_token", form, oversized, .contentTooLarge),
    BadInput("GET on the token", .get, "/v1/oauth/access_token", nil, "", .methodNotAllowed),
    // POST /v1/oauth/request_token
    BadInput("no consumer key", .post, "/v1/oauth/request_token", form, "", .unauthorized),
    BadInput("an empty consumer key", .post, "/v1/oauth/request_token", form, "oauth_consumer_key=", .unauthorized),
    BadInput("a consumer key a number", .post, "/v1/oauth/request_token", json, #"{"oauth_consumer_key":1}"#, field: "oauth_consumer_key"),
    BadInput("malformed form", .post, "/v1/oauth/request_token", form, "oauth_consumer_key=%zz"),
    BadInput("plain text body", .post, "/v1/oauth/request_token", "text/plain", "oauth_consumer_key=k", .unsupportedMediaType),
    BadInput("body over the limit", .post, "/v1/oauth/request_token", form, oversized, .contentTooLarge),
    BadInput("GET on the request token", .get, "/v1/oauth/request_token", nil, "", .methodNotAllowed),
    // POST /v1/oauth/access_token with a request token
    BadInput("an unknown request token", .post, "/v1/oauth/access_token", form,
             "x_auth_mode=client_auth&x_auth_username=a&x_auth_password=b&oauth_token=0123", .unauthorized),
    BadInput("an access token as the request token", .post, "/v1/oauth/access_token", form,
             "x_auth_mode=client_auth&x_auth_username=a&x_auth_password=b", .unauthorized, authorization: #"OAuth oauth_consumer_key="k", oauth_token="{pxtoken}""#),
    // /services/rest/ (Flickr)
    BadInput("no api_key", .get, "/services/rest/?method=flickr.photos.search&text=a", nil, "", .forbidden, flickrCode: 100),
    BadInput("a wrong api_key", .get, "/services/rest/?method=flickr.photos.search&text=a&api_key=0123", nil, "", .forbidden, flickrCode: 100),
    BadInput("no method", .get, rest, nil, "", flickrCode: 112),
    BadInput("an unknown method", .get, rest + "&method=flickr.people.getInfo", nil, "", flickrCode: 112),
    BadInput("an unknown format", .get, "/services/rest/?format=soap&api_key={flickrkey}&method=flickr.photos.search&text=a", nil, "", flickrCode: 111),
    BadInput("search without text", .get, rest + "&method=flickr.photos.search", nil, "", flickrCode: 3),
    BadInput("search text over 500 characters", .get, rest + "&method=flickr.photos.search&text=" + String(repeating: "a", count: 501), nil, "", flickrCode: 18),
    BadInput("per_page not a number", .get, rest + "&method=flickr.photos.search&text=a&per_page=many", nil, "", flickrCode: 18),
    BadInput("page 0", .get, rest + "&method=flickr.photos.search&text=a&page=0", nil, "", flickrCode: 18),
    BadInput("an unknown sort", .get, rest + "&method=flickr.photos.search&text=a&sort=views", nil, "", flickrCode: 18),
    BadInput("getInfo without photo_id", .get, rest + "&method=flickr.photos.getInfo", nil, "", .notFound, flickrCode: 1),
    BadInput("getInfo of an unknown photo", .get, rest + "&method=flickr.photos.getInfo&photo_id=999", nil, "", .notFound, flickrCode: 1),
    BadInput("getFavorites of a path", .get, rest + "&method=flickr.photos.getFavorites&photo_id=%2Fetc%2Fpasswd", nil, "", .notFound, flickrCode: 1),
    BadInput("favorites.add without auth_token", .post, "/services/rest/", form,
             "method=flickr.favorites.add&api_key={flickrkey}&photo_id=1", .unauthorized, flickrCode: 98),
    BadInput("favorites.add with an unknown auth_token", .post, "/services/rest/", form,
             "method=flickr.favorites.add&api_key={flickrkey}&photo_id=1&auth_token=00", .unauthorized, flickrCode: 98),
    BadInput("favorites.add of an unknown photo", .post, "/services/rest/", form,
             "method=flickr.favorites.add&api_key={flickrkey}&photo_id=999&auth_token={pxtoken}", .notFound, flickrCode: 1),
    BadInput("addComment without text", .post, "/services/rest/", form,
             "method=flickr.photos.comments.addComment&api_key={flickrkey}&photo_id=1&auth_token={pxtoken}", flickrCode: 8),
    BadInput("addComment with blank text", .post, "/services/rest/", form,
             "method=flickr.photos.comments.addComment&api_key={flickrkey}&photo_id=1&comment_text=%20%0A&auth_token={pxtoken}", flickrCode: 8),
    BadInput("addComment of an unknown photo", .post, "/services/rest/", form,
             "method=flickr.photos.comments.addComment&api_key={flickrkey}&photo_id=0&comment_text=hi&auth_token={pxtoken}", .notFound, flickrCode: 1),
    BadInput("a JSON body with a number", .post, "/services/rest/", json, #"{"method":"flickr.photos.search","text":1}"#, field: "text"),
    BadInput("plain text body", .post, "/services/rest/", "text/plain", "method=flickr.photos.search", .unsupportedMediaType),
    BadInput("body over the limit", .post, "/services/rest/", form, oversized, .contentTooLarge),
    BadInput("bad percent-encoding", .get, "/services/rest/?method=%zz", nil, ""),
    BadInput("PUT on the endpoint", .put, "/services/rest/", form, "method=flickr.photos.search", .methodNotAllowed),
    // Images
    BadInput("a path out of the corpus", .get, "/photos/../../etc/passwd/3.jpg", nil, "", .notFound),
    BadInput("an encoded path out of the corpus", .get, "/photos/..%2F..%2Fetc%2Fpasswd/3.jpg", nil, "", .notFound),
    BadInput("an encoded file out of the corpus", .get, "/photos/1/..%2F..%2F..%2Fetc%2Fpasswd", nil, "", .notFound),
    BadInput("a size 500px has not", .get, "/photos/1/2.jpg", nil, "", .notFound),
    BadInput("an unknown photo's image", .get, "/photos/999/3.jpg", nil, "", .notFound),
    BadInput("POST on an image", .post, "/photos/1/3.jpg", form, "x=1", .methodNotAllowed),
    BadInput("DELETE on an image", .delete, "/photos/1/4.jpg", nil, "", .methodNotAllowed),
    BadInput("a path under an image", .get, "/photos/1/3.jpg/x", nil, "", .notFound),
    BadInput("a Flickr image with a wrong secret", .get, "/farm1/1000/1_0000000000_m.jpg", nil, "", .notFound),
    BadInput("a Flickr path out of the corpus", .get, "/farm1/..%2F..%2Fetc/passwd_0000000000_m.jpg", nil, "", .notFound),
    BadInput("POST on a Flickr image", .post, "/farm1/1000/1_0000000000_m.jpg", form, "x=1", .methodNotAllowed),
    BadInput("DELETE on a Flickr image", .delete, "/farm1/1000/1_0000000000_t.png", nil, "", .methodNotAllowed),
]

@Suite("Bad input: a 4xx with a JSON error, nothing stored")
struct BadInputTests {
    @Test(arguments: badInputs)
    func badInputIsRefused(_ input: BadInput) async throws {
        // A clock that stands still: the code and the token are read at the services'
        // time, whatever time the test takes.
        let clock = ManualClock()
        try await withServices(
            clock: clock.servicesClock,
            photoCorpus: input.needsPhotos ? .directories([fixturePhotos.appendingPathComponent("meadow")]) : noPhotos
        ) { client, directory in
            let seed = try await client.createTodo("seed")
            let code = try await client.requestCode(samplePhone)
            let sent = try await client.outbox()
            let photoStore = try PhotoStore(directory: directory)
            let pxToken = try await photoStore.issueToken(username: "bad-input", now: clock.now).token
            let flickrKey = try JSONDecoder().decode(
                FlickrAppCredentials.self, from: Data(contentsOf: directory.appendingPathComponent("flickr-app.json"))
            ).apiKey
            let fill = { (text: String) in
                text.replacingOccurrences(of: seedId, with: seed.objectId)
                    .replacingOccurrences(of: "{pxtoken}", with: pxToken)
                    .replacingOccurrences(of: "{flickrkey}", with: flickrKey)
                    .replacingOccurrences(of: wrongCode, with: otherCode(than: code))
                    .replacingOccurrences(of: seedCode, with: code)
            }
            let bytes: ByteBuffer? =
                if input.body.isEmpty { nil }
                else if let text = String(validating: input.body, as: UTF8.self) {
                    ByteBuffer(string: fill(text))
                } else { ByteBuffer(bytes: input.body) }
            var headers: HTTPFields = [:]
            if let contentType = input.contentType {
                headers[.contentType] = contentType
            }
            if let authorization = input.authorization {
                let credentials = try JSONDecoder().decode(
                    TwitterAppCredentials.self, from: Data(contentsOf: directory.appendingPathComponent("twitter-app.json"))
                )
                headers[.authorization] = fill(authorization)
                    .replacingOccurrences(of: "{token}", with: credentials.bearerToken)
                    .replacingOccurrences(of: "{basic}", with: basicAuthorization(key: credentials.consumerKey, secret: credentials.consumerSecret))
            }
            let response = try await client.execute(uri: fill(input.uri), method: input.method, headers: headers, body: bytes)

            #expect(response.status == input.status)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            if let code = input.flickrCode {
                let error = try #require(jsonObject(response.body), "not a JSON object: \(String(buffer: response.body))")
                #expect(error["stat"] as? String == "fail")
                #expect(error["code"] as? Int == code)
                #expect((error["message"] as? String)?.isEmpty == false)
            } else if let code = input.twitterCode {
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
                // The same body as every wrong method gets: which methods, which path.
                let allow = try #require(response.headers[.allow])
                let error = try #require(jsonObject(response.body))
                #expect(error["allow"] as? String == allow)
                #expect(error["method"] as? String == input.method.rawValue)
                #expect(error["path"] as? String == fill(input.uri).split(separator: "?")[0].description)
                #expect(!allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(input.method.rawValue))
            }
            // Nothing stored, nothing changed: the todos, the outbox, no account, and
            // the code sent beforehand still usable.
            #expect(try await client.todos() == [seed])
            #expect(try photoStore.activityCounts() == (votes: 0, favorites: 0, comments: 0))
            #expect(try await client.outbox() == sent)
            let users = try UserStore(directory: directory, passwordIterations: testPasswordIterations)
            #expect(try await users.accountCount() == 0)
            #expect(try await users.hasUsableCode(for: samplePhone, now: clock.now))
        }
    }
}
