import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Services
import Testing

/// The bad-input table's rows that ask the Todo routes (and the index), for the
/// `todo-server` application.
let todoBadInputs = badInputs.filter { $0.uri == "/" || $0.uri.hasPrefix("/todos") || $0.uri.hasPrefix("/nope") }

/// The `todo-server` application against hostile requests, over HTTP on loopback: the
/// table's Todo rows, then a seeded random run. Every answer is a 4xx with a JSON
/// error, the server keeps answering, and the list is byte for byte what it was.
@Suite("todo-server bad input")
struct TodoServerBadInputTests {
    @Test(arguments: todoBadInputs)
    func badInputIsRefused(_ input: BadInput) async throws {
        // A timeout that never fires: the refusals come from the routes, not the timer.
        let clock = NeverFiringClock()
        try await withTodoServerApplication(adjust: {
            $0.clock = clock.servicesClock
            $0.requestTimeout = .seconds(10)
        }) { client, _ in
            let seed = try await client.createTodo("seed")
            let before = try await client.execute(uri: "/todos/list", method: .get).body
            try await Self.expectRefused(input, seed: seed, listed: before, client: client)
        }
    }

    @Test("every row of the table, on PostgreSQL: 4xx with a JSON error each, nothing stored")
    func badInputIsRefusedOnPostgres() async throws {
        let clock = NeverFiringClock()
        try await withTodoServerApplication(store: .postgres, adjust: {
            $0.clock = clock.servicesClock
            $0.requestTimeout = .seconds(10)
        }) { client, _ in
            let seed = try await client.createTodo("seed")
            let before = try await client.execute(uri: "/todos/list", method: .get).body
            for input in todoBadInputs {
                try await Self.expectRefused(input, seed: seed, listed: before, client: client)
            }
        }
    }

    /// Sends `input` (its `{seed}` replaced by the seed todo's id) and expects its
    /// status with a JSON error, and the list still `listed`.
    private static func expectRefused(
        _ input: BadInput, seed: Todo, listed before: ByteBuffer, client: any TestClientProtocol
    ) async throws {
        let fill = { (text: String) in text.replacingOccurrences(of: "{seed}", with: seed.objectId) }
        let body: ByteBuffer? =
            if input.body.isEmpty { nil }
            else if let text = String(validating: input.body, as: UTF8.self) { ByteBuffer(string: fill(text)) }
            else { ByteBuffer(bytes: input.body) }
        var headers: HTTPFields = [:]
        headers[.contentType] = input.contentType
        let response = try await client.execute(uri: fill(input.uri), method: input.method, headers: headers, body: body)

        #expect(response.status == input.status, "\(input)")
        #expect(response.headers[.contentType] == "application/json; charset=utf-8", "\(input)")
        let error = try #require(jsonObject(response.body), "not a JSON object: \(String(buffer: response.body)) for \(input)")
        #expect((error["error"] as? String)?.isEmpty == false, "\(input)")
        if let field = input.field {
            #expect(error["field"] as? String == field, "\(input)")
        }
        #expect(try await client.execute(uri: "/todos/list", method: .get).body == before, "\(input)")
    }

    @Test("a JSON name given twice is refused only at the top level: nested, or inside a string, it is content")
    func duplicateNamesOnlyAtTopLevel() async throws {
        try await withTodoServerApplication { client, _ in
            let nested = try await client.postJSON("/todos/list", #"{"content":"a","extra":{"content":1,"content":2}}"#)
            #expect(nested.status == .ok)
            let quoted = try await client.postJSON("/todos/list", #"{"content":"\"content\":\"b\",","status":"todo"}"#)
            #expect(quoted.status == .ok)
            #expect(try await client.todos().map(\.content) == [#""content":"b","#, "a"])
            let twice = try await client.postJSON("/todos/list", #"{"status":"todo","content":"a","status":"finished"}"#)
            #expect(twice.status == .badRequest)
            #expect(String(buffer: twice.body) == #"{"error":"status is given more than once","field":"status"}"#)
        }
    }

    @Test("500 random hostile requests (seeded; set TODO_SERVER_FUZZ_SEED to replay): 4xx each, nothing stored, still answering", arguments: TestStore.allCases)
    func randomHostileRequestsAreRefused(store: TestStore) async throws {
        let seed = ProcessInfo.processInfo.environment["TODO_SERVER_FUZZ_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: .min ... .max)
        try await withTodoServerApplication(.live, store: store) { client, _ in
            var stored: [Todo] = []
            for index in 1...3 {
                stored.insert(try await client.createTodo("kept\(index)"), at: 0)
            }
            let before = try await client.execute(uri: "/todos/list", method: .get).body
            var generator = HostileRequests(seed: seed, objectIds: stored.map(\.objectId))
            for number in 1...500 {
                let request = generator.next()
                let response = try await client.execute(
                    uri: request.uri, method: request.method, headers: request.headers, body: request.body.map { ByteBuffer(bytes: $0) }
                )
                let replay = "seed \(seed), request \(number): \(request)"
                #expect((400..<500).contains(response.status.code), "\(response.status.code) \(String(buffer: response.body)) — \(replay)")
                #expect(jsonObject(response.body)?["error"] is String, "not a JSON error: \(String(buffer: response.body)) — \(replay)")
                let after = try await client.execute(uri: "/todos/list", method: .get)
                #expect(after.body == before, "the list changed — \(replay)")
                if after.body != before || !(400..<500).contains(response.status.code) {
                    break
                }
            }
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok, "seed \(seed)")
            #expect(try await client.todos() == stored, "seed \(seed)")
        }
    }
}

/// One generated request.
struct HostileRequest: CustomStringConvertible {
    var method: HTTPRequest.Method
    var uri: String
    var headers: HTTPFields = [:]
    var body: [UInt8]?

    var description: String {
        let shownBody = body.map { String(decoding: $0.prefix(120), as: UTF8.self) } ?? "no body"
        return "\(method) \(uri.prefix(120)) [\(headers[.contentType] ?? "no content type")] \(shownBody)"
    }
}

/// Requests that every Todo route must refuse, from a seed: each is made invalid on
/// purpose (a field missing, of the wrong type or out of its set, a malformed id or
/// limit, an unknown path, a wrong method or content type, a body over the limit,
/// bytes that are not UTF-8), its values drawn from hostile fragments.
struct HostileRequests {
    private var random: SplitMix64
    private let objectIds: [String]

    /// - Parameters:
    ///   - seed: The run's seed.
    ///   - objectIds: Ids of stored todos, for updates refused for another reason.
    init(seed: UInt64, objectIds: [String]) {
        random = SplitMix64(seed: seed)
        self.objectIds = objectIds
    }

    private static let fragments = [
        "' OR '1'='1", "'); DROP TABLE todos; --", "\" OR 1=1 --", "; DELETE FROM todos", "1 UNION SELECT * FROM sqlite_master",
        "-1", "-9223372036854775809", "18446744073709551616", "1e308", "1e999", "NaN", "0x7fffffff", "", " ", "\t",
        "<script>alert(1)</script>", "../../etc/passwd", "%00", "\u{0}", "\u{202E}", "名字", "🦄", "\u{FEFF}",
        "null", "true", "[]", "{}", "\\", "\"", "&", "=", "%", "+", "#", "?",
    ]
    private static let wrongContentTypes = [
        "text/plain", "application/xml", "multipart/form-data; boundary=x", "application/octet-stream", "image/png", "text/html",
    ]

    mutating func next() -> HostileRequest {
        switch random.below(9) {
        case 0: return createWithoutValidContent()
        case 1: return createWithInvalidStatus()
        case 2: return invalidUpdate()
        case 3: return invalidItem()
        case 4: return invalidLimit()
        case 5: return unknownPath()
        case 6: return wrongMethod()
        case 7: return wrongContentType()
        default: return oversizedOrNotUTF8()
        }
    }

    private mutating func fragment() -> String {
        var text = ""
        for _ in 0...random.below(3) {
            text += Self.fragments[random.below(Self.fragments.count)]
        }
        return text
    }

    /// A field name that is never `content`.
    private mutating func otherName() -> String {
        ["title", "Content", "contents", "status", "objectId", "text", "content[]", "content ", fragment()][random.below(9)]
    }

    private mutating func formPair(_ name: String, _ value: String) -> String {
        Self.formEncoded(name) + "=" + Self.formEncoded(value)
    }

    /// A JSON value of another type than a string.
    private mutating func nonString() -> String {
        ["1", "-1", "1e308", "123456789012345678901234567890", "true", "false", "null", "[]", "{}", #"["a"]"#, #"{"a":"b"}"#][random.below(11)]
    }

    private mutating func createWithoutValidContent() -> HostileRequest {
        let path = random.below(2) == 0 ? "/todos/list" : "/todos"
        if random.below(2) == 0 {
            var pairs: [String] = []
            for _ in 0..<random.below(4) {
                let name = otherName()
                if name != "content" { pairs.append(formPair(name, fragment())) }
            }
            // Content absent, empty, or holding a NUL.
            switch random.below(3) {
            case 0: break
            case 1: pairs.append("content=")
            default: pairs.append(formPair("content", fragment() + "\u{0}" + fragment()))
            }
            pairs.shuffle(using: &random)
            return post(path, "application/x-www-form-urlencoded", pairs.joined(separator: "&"))
        }
        let content = random.below(2) == 0 ? nonString() : Self.jsonString("")
        let extra = "\(Self.jsonString(otherName())):\(Self.jsonString(fragment()))"
        let body = random.below(2) == 0 ? "{\"content\":\(content),\(extra)}" : "{\(extra)}"
        return post(path, "application/json", body)
    }

    private mutating func createWithInvalidStatus() -> HostileRequest {
        let status = invalidStatus()
        if random.below(2) == 0 {
            return post("/todos/list", "application/x-www-form-urlencoded", formPair("content", fragment() + "x") + "&" + formPair("status", status))
        }
        let statusValue = random.below(3) == 0 ? nonString() : Self.jsonString(status)
        return post("/todos/list", "application/json", "{\"content\":\(Self.jsonString(fragment() + "x")),\"status\":\(statusValue)}")
    }

    private mutating func invalidStatus() -> String {
        var status = fragment()
        if status == "todo" || status == "finished" {
            status += "!"
        }
        return ["TODO", "Finished", "done", "todo ", " finished", "todo'--", status][random.below(7)]
    }

    private mutating func invalidUpdate() -> HostileRequest {
        let body: String
        switch random.below(3) {
        case 0:
            body = formPair("objectId", invalidObjectId()) + "&status=finished"
        case 1:
            body = formPair("objectId", objectIds[random.below(objectIds.count)]) + "&" + formPair("status", invalidStatus())
        default:
            body = "{\"objectId\":\(random.below(2) == 0 ? nonString() : Self.jsonString(invalidObjectId())),\"status\":\"todo\"}"
            return post("/todos/list/update", "application/json", body)
        }
        return post("/todos/list/update", "application/x-www-form-urlencoded", body)
    }

    /// Never 24 hexadecimal digits.
    private mutating func invalidObjectId() -> String {
        switch random.below(4) {
        case 0: return String(repeating: "a", count: 23 + 2 * random.below(2))
        case 1: return "0123456789abcdef0123456g"
        case 2: return String(repeating: "f", count: 24) + fragment() + "z"
        default: return fragment() + "z"
        }
    }

    private mutating func invalidItem() -> HostileRequest {
        HostileRequest(method: .get, uri: "/todos/item/" + Self.pathEncoded(invalidObjectId()))
    }

    private mutating func invalidLimit() -> HostileRequest {
        let limits = [
            "0", "101", "1000", "-1", "-100", "+1", "1.0", "1e2", "0x10", "", "99999999999999999999999", String(repeating: "9", count: 300),
            Self.formEncoded(fragment()) + "x", "5&limit=5",
        ]
        return HostileRequest(method: .get, uri: "/todos/list?limit=" + limits[random.below(limits.count)])
    }

    private mutating func unknownPath() -> HostileRequest {
        let segment = "x" + Self.pathEncoded(fragment())
        let paths = ["/todos/list/" + segment, "/todos/" + segment, "/" + segment, "/todos/item/a/" + segment, "/health/" + segment]
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete]
        return HostileRequest(method: methods[random.below(methods.count)], uri: paths[random.below(paths.count)])
    }

    private mutating func wrongMethod() -> HostileRequest {
        let choices: [(HTTPRequest.Method, String)] = [
            (.put, "/todos/list"), (.delete, "/todos/list"), (.patch, "/todos/list"), (.get, "/todos/list/update"),
            (.put, "/todos/list/update"), (.post, "/todos/item/" + (objectIds.first ?? "")), (.put, "/todos/item/" + (objectIds.first ?? "")),
            (.post, "/health"), (.delete, "/"), (.put, "/todos"),
        ]
        let (method, path) = choices[random.below(choices.count)]
        var request = HostileRequest(method: method, uri: path)
        if random.below(2) == 0 {
            request.headers[.contentType] = "application/x-www-form-urlencoded"
            request.body = Array("content=a".utf8)
        }
        return request
    }

    private mutating func wrongContentType() -> HostileRequest {
        let path = ["/todos/list", "/todos", "/todos/list/update"][random.below(3)]
        let type = Self.wrongContentTypes[random.below(Self.wrongContentTypes.count)]
        return post(path, type, "content=a&objectId=\(objectIds.first ?? "")&status=todo")
    }

    private mutating func oversizedOrNotUTF8() -> HostileRequest {
        let path = ["/todos/list", "/todos", "/todos/list/update"][random.below(3)]
        let type = random.below(2) == 0 ? "application/x-www-form-urlencoded" : "application/json"
        if random.below(2) == 0 {
            let size = 64 * 1024 + 1 + random.below(10_000)
            var request = post(path, type, "")
            request.body = Array("content=".utf8) + (0..<size).map { _ in UInt8(ascii: "a") + UInt8(random.below(26)) }
            return request
        }
        var request = post(path, type, "")
        // A leading 0xFF: never UTF-8, whatever follows.
        request.body = [0xFF] + (0..<random.below(200)).map { _ in UInt8(random.below(256)) }
        return request
    }

    private func post(_ path: String, _ contentType: String, _ body: String) -> HostileRequest {
        HostileRequest(method: .post, uri: path, headers: [.contentType: contentType], body: Array(body.utf8))
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// Every byte but letters and digits percent-encoded.
    private static func formEncoded(_ text: String) -> String {
        text.utf8.map { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }

    private static func pathEncoded(_ text: String) -> String {
        formEncoded(text)
    }
}

extension SplitMix64 {
    /// A number in `0..<bound`: the random run's numbers, the same for the same seed
    /// (the chaos engine's generator).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
