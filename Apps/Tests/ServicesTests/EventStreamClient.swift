import Foundation
import Services
import Testing

/// One server-sent event as read from the wire: its `id`, `event`, `data` lines, or
/// a comment.
struct ServerSentEvent: Equatable, Sendable {
    var id: String?
    var event: String?
    var data: String?
    var comment: String?
}

/// `GET` of an event stream over a raw loopback connection: the response head, then
/// its events (chunked transfer decoded) as they come, read on a thread of its own.
/// Every receive is bounded by the connection's timeout: a stream that goes quiet
/// ends the events instead of hanging the test.
final class EventStreamClient: Sendable {
    /// The status line and headers.
    let head: String
    /// The events, in order; finished at the end of the stream.
    let events: AsyncThrowingStream<ServerSentEvent, any Error>
    private let connection: RawConnection

    /// Opens `path` on 127.0.0.1:`port` and waits for the response head.
    init(port: Int, path: String) async throws {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        let (head, events) = AsyncThrowingStream<ServerSentEvent, any Error>.makeStream()
        let (heads, headContinuation) = AsyncThrowingStream<String, any Error>.makeStream()
        Thread {
            var parser = EventStreamParser()
            do {
                while true {
                    let bytes = try connection.receiveSome()
                    if bytes.isEmpty { break }
                    parser.append(bytes)
                    if let head = parser.takeHead() {
                        headContinuation.yield(head)
                        headContinuation.finish()
                    }
                    for event in parser.takeEvents() {
                        events.yield(event)
                    }
                }
                headContinuation.finish()
                events.finish()
            } catch {
                headContinuation.finish(throwing: error)
                events.finish(throwing: error)
            }
        }.start()
        var iterator = heads.makeAsyncIterator()
        guard let received = try await iterator.next() else {
            connection.close()
            throw POSIXError(.ECONNRESET)
        }
        self.head = received
        self.events = head
        self.connection = connection
    }

    /// The status code of the head.
    var status: Int {
        head.firstMatch(of: /^HTTP\/1\.1 (\d{3})/).flatMap { Int($0.1) } ?? 0
    }

    /// Ends the stream from this side.
    func close() {
        connection.shutDown()
    }

    deinit {
        connection.shutDown()
        connection.close()
    }
}

/// Splits the received bytes into the response head and events, undoing chunked
/// transfer encoding.
private struct EventStreamParser {
    private var raw: [UInt8] = []
    private var headDone = false
    private var chunked = false
    private var body: [UInt8] = []

    mutating func append(_ bytes: [UInt8]) {
        raw += bytes
    }

    /// The head, once it is complete (once).
    mutating func takeHead() -> String? {
        guard !headDone, let end = Self.find(Array("\r\n\r\n".utf8), in: raw) else { return nil }
        let head = String(decoding: raw[0..<end], as: UTF8.self)
        raw.removeFirst(end + 4)
        headDone = true
        chunked = head.lowercased().contains("transfer-encoding: chunked")
        return head
    }

    /// The events complete so far.
    mutating func takeEvents() -> [ServerSentEvent] {
        guard headDone else { return [] }
        decodeBody()
        var events: [ServerSentEvent] = []
        while let end = Self.find(Array("\n\n".utf8), in: body) {
            let block = String(decoding: body[0..<end], as: UTF8.self)
            body.removeFirst(end + 2)
            var event = ServerSentEvent()
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") {
                    event.comment = String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
                } else if let colon = line.firstIndex(of: ":") {
                    var value = line[line.index(after: colon)...]
                    if value.hasPrefix(" ") { value = value.dropFirst() }
                    switch line[..<colon] {
                    case "id": event.id = String(value)
                    case "event": event.event = String(value)
                    case "data": event.data = String(value)
                    default: break
                    }
                }
            }
            events.append(event)
        }
        return events
    }

    private mutating func decodeBody() {
        guard chunked else {
            body += raw
            raw.removeAll()
            return
        }
        while let lineEnd = Self.find(Array("\r\n".utf8), in: raw) {
            let sizeText = String(decoding: raw[0..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return }
            guard raw.count >= lineEnd + 2 + size + 2 else { return }
            body += raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

/// The stream ended before the event a test waited for.
struct EventStreamEnded: Error {}

/// The next `change` event's change (its `id` the change's cursor), skipping
/// comments.
/// - Throws: ``EventStreamEnded`` when the stream ends first.
func nextChange(_ iterator: inout AsyncThrowingStream<ServerSentEvent, any Error>.AsyncIterator) async throws -> TodoChange {
    while let event = try await iterator.next() {
        if event.event == "change", let data = event.data {
            let change = try JSONDecoder().decode(TodoChange.self, from: Data(data.utf8))
            #expect(event.id == String(change.cursor))
            return change
        }
    }
    throw EventStreamEnded()
}
