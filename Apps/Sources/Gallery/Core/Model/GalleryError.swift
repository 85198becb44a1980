// GalleryError: why a request of the gallery failed, as its screens say it.

/// Why a request of the gallery failed.
public enum GalleryError: Error, Sendable, Equatable {
    /// No answer: the services are not running or did not answer in time.
    case unreachable(String)
    /// The photo service is still importing its photos (HTTP 503).
    case notReady
    /// Voting needs a logged-in user (HTTP 401 on a vote).
    case unauthorized
    /// The user has voted for this photo already (HTTP 403), with the service's words.
    case alreadyVoted(String)
    /// The name or password is wrong (HTTP 401 on log in), with the service's words.
    case badLogin(String)
    /// Another answer outside 2xx: its status and the service's message.
    case rejected(status: Int, message: String)
    /// An answer that is not what was expected, or a picture that cannot be decoded.
    case invalidResponse(String)

    /// The error as a sentence a user reads.
    public var message: String {
        switch self {
        case let .unreachable(reason): "The photo service did not answer: \(reason)"
        case .notReady: "The photo service is still importing its photos; try again in a few seconds."
        case .unauthorized: "Log in to vote."
        case let .alreadyVoted(message): message
        case let .badLogin(message): "Could not log in: \(message)."
        case let .rejected(status, message): "The photo service refused: \(message) (HTTP \(status))."
        case let .invalidResponse(reason): "The photo service's answer could not be read: \(reason)"
        }
    }
}
