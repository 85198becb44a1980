import Foundation
import RippleFoundation
import Testing

/// `RequestError`'s accessors and the one line it prints.
@Suite struct RequestErrorTests {
    @Test func aStatusFailureTellsItsCodeAndTheStartOfItsBody() {
        let long = RequestError.status(code: 500, body: Data(String(repeating: "x", count: 300).utf8))
        #expect(long.description == "HTTP 500: " + String(repeating: "x", count: 200) + "…")
        #expect(RequestError.status(code: 502, body: Data("bad\ngateway\r\n".utf8)).description == "HTTP 502: bad gateway")
        #expect(RequestError.status(code: 204, body: Data()).description == "HTTP 204")
        #expect(long.statusCode == 500)
    }

    @Test func onlyAStatusFailureHasACodeAndABodyToDecode() {
        let transport = RequestError.transport(URLError(.timedOut))
        let decoding = RequestError.decoding(
            .dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
            body: Data(#"{"code":1,"message":"m"}"#.utf8)
        )
        #expect(transport.statusCode == nil)
        #expect(decoding.statusCode == nil)
        #expect(transport.decodedBody(as: ErrorDocument.self) == nil)
        #expect(decoding.decodedBody(as: ErrorDocument.self) == nil)
        #expect(transport.description.hasPrefix("no response: "))
        #expect(transport.description.hasSuffix("(URLError \(URLError.Code.timedOut.rawValue))"))
    }

    @Test func aDecodingFailureTellsWhatIsMissingAndWhere() throws {
        struct Owner: Decodable { let login: String }
        struct Repository: Decodable { let owners: [Owner] }
        let body = Data(#"{"owners":[{"login":"a"},{}]}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Repository.self, from: body) }
        let description = RequestError.decoding(error, body: body).description
        #expect(description.hasPrefix(#"undecodable response: missing key "login" at owners.1 ("#))
    }
}
