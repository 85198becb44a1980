// The Users service's error shape, `{"code": C, "message": M}`, which
// the registration app maps to `APIError(code, info: message)` and toasts as
// `error.reason` (the message, since no code here is one the app names: 102, 104,
// 105, 106). The messages are the app's language; where the app has a message of
// its own for the same fault (`手机号格式不正确`, …) the service says the same. A
// `field` names the request field at fault, when there is one.
//
// | Status | Code | Message | When |
// |---|---|---|---|
// | 400 | 40000 | 请求格式不正确 | a body that is not a form or a JSON object, a field given twice, a bad `?phone=` encoding |
// | 400 | 40001 | 手机号格式不正确 | `phone` or `account` missing, not a string, not a phone number |
// | 400 | 40002 | 密码格式不正确 | `password` missing, not a string, not 6–16 characters of the app's rule |
// | 400 | 40003 | 验证码格式不正确 | `verifyCode` missing, not a string, not 6 digits |
// | 400 | 40004 | 验证码错误或已过期 | no code sent to the account, a wrong, expired or used code |
// | 409 | 40901 | 该手机号已注册 | the account exists |
// | 413 | 41300 | 请求内容过大 | a body over the size limit |
// | 415 | 41500 | 请求内容类型不支持 | neither a form nor JSON |
// | 429 | 42900 | 获取验证码太频繁，请 N 秒后再试 | a code asked again within 60 s (with `Retry-After: N`) |
import Foundation
import Hummingbird

/// An error of the Users service: `{"code":…,"field":…,"message":…}`, keys sorted.
public struct UserError: HTTPResponseError, Sendable, Equatable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The error code the app reads.
    public var code: Int
    /// A sentence for the app's user.
    public var message: String
    /// The request field at fault, if one is.
    public var field: String?
    /// Extra response headers (`Retry-After` on a 429).
    public var headers: HTTPFields

    /// Makes an error.
    public init(_ status: HTTPResponse.Status, code: Int, message: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    /// 400, 40000: the body is not a form or a JSON object (or names a field twice).
    public static func malformed(field: String? = nil) -> UserError {
        UserError(.badRequest, code: 40000, message: "请求格式不正确", field: field)
    }

    /// 400, 40001: the phone number (`phone` or `account`) is missing or invalid.
    public static func invalidPhone(field: String) -> UserError {
        UserError(.badRequest, code: 40001, message: "手机号格式不正确", field: field)
    }

    /// 400, 40002: the password is missing or breaks the form's rule.
    public static let invalidPassword = UserError(.badRequest, code: 40002, message: "密码格式不正确", field: "password")

    /// 400, 40003: the code is missing or not 6 digits.
    public static let malformedCode = UserError(.badRequest, code: 40003, message: "验证码格式不正确", field: "verifyCode")

    /// 400, 40004: the code is wrong, expired or used, or none was sent.
    public static let wrongCode = UserError(.badRequest, code: 40004, message: "验证码错误或已过期", field: "verifyCode")

    /// 409, 40901: the account exists.
    public static let accountTaken = UserError(.conflict, code: 40901, message: "该手机号已注册", field: "account")

    /// 413, 41300: the body is over the size limit.
    public static let tooLarge = UserError(.contentTooLarge, code: 41300, message: "请求内容过大")

    /// 415, 41500: the body is neither a form nor JSON.
    public static let unsupportedMediaType = UserError(.unsupportedMediaType, code: 41500, message: "请求内容类型不支持")

    /// 429, 42900: a code was sent to this phone less than a minute ago; `Retry-After`
    /// says in how many seconds the next may be asked.
    public static func tooSoon(retryAfter seconds: Int) -> UserError {
        UserError(
            .tooManyRequests, code: 42900, message: "获取验证码太频繁，请 \(seconds) 秒后再试", field: "phone",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// The same fault as a ``ServiceError`` of the shared body parsing, in this shape.
    static func from(_ error: ServiceError) -> UserError {
        switch error.status {
        case .contentTooLarge: .tooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        default: .malformed(field: error.context["field"])
        }
    }

    /// The JSON body.
    public var body: Data {
        struct Body: Encodable {
            let code: Int
            let field: String?
            let message: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // An integer and strings always encode.
        return (try? encoder.encode(Body(code: code, field: field, message: message)))
            ?? Data(#"{"code":50000,"message":"请求失败了~"}"#.utf8)
    }

    /// Renders the error (the error middleware calls this).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response.json(status: status, body)
        for field in headers {
            response.headers.append(field)
        }
        return response
    }
}
