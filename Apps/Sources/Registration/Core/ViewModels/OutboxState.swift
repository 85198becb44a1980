// OutboxState: what the Messages pane knows of the phone's SMS outbox, and the text
// it shows for it: one message a line with its time, or why there is none.

/// Which outbox to read: the valid phone's, read again after each code sent.
struct OutboxWatch: Equatable {
    var phone: String?
    var codesSent: Int
}

/// What the Messages pane knows.
enum OutboxState: Sendable {
    /// No valid phone to read the messages of.
    case noPhone
    /// The phone's messages, newest first.
    case messages(phone: String, [SMSMessage])
    /// The outbox did not answer.
    case failed(phone: String, reason: String)

    var messages: [SMSMessage] {
        if case let .messages(_, messages) = self { return messages }
        return []
    }

    var text: String {
        switch self {
        case .noPhone:
            "Messages to a valid phone number show here."
        case let .messages(phone, messages) where messages.isEmpty:
            "No messages to \(phone) yet."
        case let .messages(_, messages):
            messages.map { "\(Self.clockTime($0.sentAt)) \($0.text)" }.joined(separator: "\n")
        case let .failed(phone, reason):
            "The messages to \(phone) could not be read: \(reason)"
        }
    }

    /// `2026-11-25T01:31:42.989Z` as `2026-11-25 01:31:42 UTC`; any other text as it is.
    static func readable(_ timestamp: String) -> String {
        parts(of: timestamp).map { "\($0.date) \($0.time) UTC" } ?? timestamp
    }

    /// `2026-11-25T01:31:42.989Z` as `01:31:42`; any other text as it is.
    static func clockTime(_ timestamp: String) -> String {
        parts(of: timestamp).map { String($0.time) } ?? timestamp
    }

    /// The date and the time to the second of an ISO 8601 UTC timestamp.
    private static func parts(of timestamp: String) -> (date: Substring, time: Substring)? {
        guard timestamp.count >= 20, timestamp.hasSuffix("Z"), let separator = timestamp.firstIndex(of: "T") else { return nil }
        return (timestamp[..<separator], timestamp[timestamp.index(after: separator)...].prefix(8))
    }
}
