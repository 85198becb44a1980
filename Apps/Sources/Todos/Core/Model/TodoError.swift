// The app's errors. The original had none to show: every failure was silent (its
// `ReqStatus` was `.Success` or `.Failed`, and a missing field crashed the client).
// Here each failure says what happened, in one sentence for the error line.

/// Why a request to the todo service, or a todo typed by the user, failed.
public enum TodoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user asked to add a todo with no text (only white space).
    case emptyTitle
    /// The request got no response: the connection was refused or lost.
    case noResponse(reason: String)
    /// No answer came within this many seconds; the request was abandoned.
    case timedOut(seconds: Double)
    /// The service answered with a failing status, and this message (its JSON
    /// `error`, else the start of its body).
    case rejected(status: Int, message: String)
    /// The service answered 2xx with something that is not the expected answer: a
    /// missing field, a status it does not know, not JSON, or an update it did not
    /// confirm.
    case invalidResponse(reason: String)

    /// One sentence for the error line.
    public var description: String {
        switch self {
        case .emptyTitle:
            "Type a todo first: an empty todo is not added."
        case let .noResponse(reason):
            "No answer from the todo service: \(reason)"
        case let .timedOut(seconds):
            "The todo service did not answer within \(Self.format(seconds)) s."
        case let .rejected(status, message):
            message.isEmpty ? "The todo service refused (HTTP \(status))." : "The todo service refused (HTTP \(status)): \(message)"
        case let .invalidResponse(reason):
            "The todo service's answer could not be read: \(reason)"
        }
    }

    /// `10`, `0.5`: whole seconds without a fraction.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

extension TodoError {
    /// Whether sending the same change again can never succeed: a 4xx refusal
    /// (but 408 and 429, which ask to try again later), or a success the app
    /// cannot read (a server that saved an add under another id would save it
    /// again on each retry). The sync drops such a change and says so; every other
    /// failure is retried.
    public var isPermanentRefusal: Bool {
        switch self {
        case let .rejected(status, _): (400..<500).contains(status) && status != 408 && status != 429
        case .invalidResponse: true
        case .emptyTitle, .noResponse, .timedOut: false
        }
    }
}
