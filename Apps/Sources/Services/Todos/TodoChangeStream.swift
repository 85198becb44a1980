import Foundation
import Hummingbird
import ServiceLifecycle

/// One open `GET /todos/changes/stream`: server-sent events, first every change
/// after the client's cursor, then each change as it is committed.
///
/// ```
/// id: 43
/// event: change
/// data: {"cursor":43,"kind":"deleted","todo":{…}}
///
/// ```
///
/// It reads the store in pages from its own cursor whenever its subscription wakes
/// it, and writes a page before it reads the next: a slow client slows only its own
/// stream, and holds no more than one page. A keep-alive comment (`: keep-alive`)
/// goes out on each tick of the subscription when nothing changed. The stream ends
/// when the client goes away (a write fails), when the store fails (the client
/// resumes from its last `id`), or when the server shuts down gracefully.
struct TodoChangeStream: Sendable {
    /// The changes one read of the store takes.
    static let pageSize = 500

    let store: any TodoStoring
    let since: Int64
    let subscription: TodoChangeSubscription

    /// Writes events until the stream ends, then finishes the body.
    func write(to writer: inout any ResponseBodyWriter) async throws {
        defer { subscription.cancel() }
        try await withGracefulShutdownHandler {
            try await writeEvents(to: &writer)
        } onGracefulShutdown: { [subscription] in
            subscription.cancel()
        }
        try await writer.finish(nil)
    }

    private func writeEvents(to writer: inout any ResponseBodyWriter) async throws {
        var cursor = since
        var wakes = subscription.wakes.makeAsyncIterator()
        while let wake = await wakes.next() {
            var wroteChanges = false
            var more = true
            while more {
                let page: TodoChangePage
                do {
                    page = try await store.changes(since: cursor, limit: Self.pageSize)
                } catch {
                    return
                }
                if !page.changes.isEmpty {
                    try await writer.write(try Self.events(page.changes))
                    wroteChanges = true
                }
                cursor = page.cursor
                more = page.more
            }
            if wake == .tick && !wroteChanges {
                try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
            }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The changes as events, in one buffer.
    static func events(_ changes: [TodoChange]) throws -> ByteBuffer {
        var buffer = ByteBuffer()
        for change in changes {
            buffer.writeString("id: \(change.cursor)\nevent: change\ndata: ")
            buffer.writeBytes(try encoder.encode(change))
            buffer.writeString("\n\n")
        }
        return buffer
    }
}
