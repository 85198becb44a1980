import RegistrationCore

// The Users service's JSON that the model's values do not decode themselves: the
// requests' bodies, and the English of its error messages (its errors arrive as
// AppClients' `ServiceErrorDocument`, `{"code","message","field"}`).
//
//     POST /verify-code  {"phone"}                          → {"expiresIn","phone","resendIn"}
//     POST /register     {"account","password","verifyCode"} → {"account","createdAt"} (201)
//     GET  /sms-outbox?phone=                                → [{"phone","sentAt","text"}]
//     any error                                              → {"code","message"} (+ "field")

struct VerifyCodeRequestJSON: Encodable {
    let phone: String
}

struct RegisterRequestJSON: Encodable {
    let account: String
    let password: String
    let verifyCode: String
}

/// The Users service's error messages in the app's language (the service speaks the
/// original app's Chinese; the originals are in Apps/docs/Registration.md).
enum UserServiceMessages {
    /// The message of the error `code` in English; a code this app does not know
    /// keeps the service's words.
    static func english(code: Int, message: String) -> String {
        switch code {
        case 40000: "Malformed request"
        case 40001: RegistrationRules.invalidPhone
        case 40002: RegistrationRules.invalidPassword
        case 40003: RegistrationRules.invalidVerifyCode
        case 40004: "Wrong or expired verification code"
        case 40901: "This phone number is already registered"
        case 41300: "The request is too large"
        case 41500: "Unsupported content type"
        case 42900: retryDelay(in: message).map { "Codes are asked too often: try again in \($0) s" } ?? "Codes are asked too often: try again later"
        case 42901: "Too many requests: try again later"
        case 50300: "The service is unavailable: try again later"
        default: message
        }
    }

    /// The seconds in "获取验证码太频繁，请 N 秒后再试".
    private static func retryDelay(in message: String) -> Int? {
        let digits = message.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }
}
