// APIError: the registration app's one error (TSwift's `APIError`), a
// code and the service's words, and the sentence a toast shows for it.
//
// | code            | reason (English)        | the original's       |
// |-----------------|-------------------------|----------------------|
// | 102 timeout     | The request timed out   | 请求超时~            |
// | 104 noNetwork   | No network connection   | 未检测到网络连接~    |
// | 105 noData      | Nothing here            | 空空如也~            |
// | 106 noMoreData  | No more                 | 没有更多了~          |
// | anything else   | `info`, or "The request failed" when empty | `info`, or 请求失败了~ |

/// A failed request of the registration app: the service's code and message.
///
/// ```swift
/// APIError(code: 40004, info: "Wrong or expired verification code").reason   // the info
/// APIError(code: APIError.timeout).reason                                   // "The request timed out"
/// ```
public struct APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request got no answer in time.
    public static let timeout = 102
    /// The request reached no service.
    public static let noNetwork = 104
    /// The answer was empty.
    public static let noData = 105
    /// There was no more to load.
    public static let noMoreData = 106

    /// The reason of an error whose `info` is empty and whose code has no sentence
    /// of its own (the original's 请求失败了~).
    public static let defaultReason = "The request failed"

    /// The error's code: one of the four above, or the service's (`40004`), or the
    /// coin flip's (`489489`, `789465`).
    public var code: Int
    /// What the service said, for a person; may be empty.
    public var info: String

    /// An error with `code` and the service's `info`.
    public init(code: Int, info: String = "") {
        self.code = code
        self.info = info
    }

    /// The sentence a toast shows: the fixed one of codes 102, 104, 105 and 106,
    /// otherwise ``info``, or ``defaultReason`` when it is empty.
    public var reason: String {
        switch code {
        case Self.timeout: "The request timed out"
        case Self.noNetwork: "No network connection"
        case Self.noData: "Nothing here"
        case Self.noMoreData: "No more"
        default: info.isEmpty ? Self.defaultReason : info
        }
    }

    /// `APIError(40004): Wrong or expired verification code`.
    public var description: String {
        "APIError(\(code)): \(reason)"
    }
}
