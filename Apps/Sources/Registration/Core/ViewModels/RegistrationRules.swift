// The registration form's input rules (the original's), as pure functions the
// ViewModel maps each edit through, and the error messages in their priority order.
//
//     phone          ASCII digits only (the original took any character), cut to
//                    11, valid if any of the seed's four patterns matches the whole
//                    text
//     password       cut to 16, valid if the seed's expression matches the whole text:
//                    6–16 characters, one letter or digit, one letter or non-word
//                    character, one digit or non-word character; that is, at least
//                    two of the three kinds: ASCII letters, digits, symbols (non-word
//                    characters: punctuation, spaces; `_` and other scripts' letters
//                    count as none of them). The form states it as `passwordRule`.
//     confirmation   cut to 16, no rule of its own (it must equal the password)
//     code           cut to 6, valid if it is 1–6 word characters (`\w+`)
//
// Lengths are in Characters, as Swift's `String.prefix` counts them. The expressions
// are Swift `Regex`, so the ViewModel needs no Foundation.

/// The registration form's rules and messages.
public enum RegistrationRules {
    /// The longest phone number kept.
    public static let phoneLength = 11
    /// The longest password (and confirmation) kept.
    public static let passwordLength = 16
    /// The longest verification code kept.
    public static let verifyCodeLength = 6

    /// The password rule as the form states it, once (the original's label said
    /// "letters and digits" and its placeholder "letters, digits and symbols"):
    /// what ``isValidPassword(_:)`` accepts, in the form's 38 columns.
    public static let passwordRule = "6–16, two of: letters, digits, symbols"

    /// The phone error (手机号格式不正确).
    public static let invalidPhone = "Invalid phone number"
    /// The password error (密码格式不正确).
    public static let invalidPassword = "Invalid password"
    /// The confirmation error (两次输入的密码不一致).
    public static let passwordsDiffer = "The passwords do not match"
    /// The code error (验证码格式不正确).
    public static let invalidVerifyCode = "Invalid verification code"

    /// The phone as the form keeps it: its ASCII digits, the first 11.
    public static func phone(_ text: String) -> String {
        String(text.filter { ("0"..."9").contains($0) }.prefix(phoneLength))
    }

    /// A password (or its confirmation) as the form keeps it: the first 16 characters.
    public static func password(_ text: String) -> String {
        String(text.prefix(passwordLength))
    }

    /// A verification code as the form keeps it: the first 6 characters.
    public static func verifyCode(_ text: String) -> String {
        String(text.prefix(verifyCodeLength))
    }

    /// Whether `phone` matches one of the seed's four mobile number patterns.
    public static func isValidPhone(_ phone: String) -> Bool {
        phone.wholeMatch(of: /1(3[0-9]|5[0-35-9]|8[025-9])\d{8}/) != nil
            || phone.wholeMatch(of: /1(34[0-8]|(3[5-9]|5[017-9]|8[278])\d)\d{7}/) != nil
            || phone.wholeMatch(of: /1(3[0-2]|5[256]|8[56])\d{8}/) != nil
            || phone.wholeMatch(of: /1((33|53|8[09])[0-9]|349)\d{7}/) != nil
    }

    /// Whether `password` matches the seed's password expression.
    public static func isValidPassword(_ password: String) -> Bool {
        password.wholeMatch(of: /(?=.*[a-zA-Z0-9].*)(?=.*[a-zA-Z\W].*)(?=.*[0-9\W].*).{6,16}/) != nil
    }

    /// Whether `code` is one or more word characters.
    public static func isValidVerifyCode(_ code: String) -> Bool {
        code.wholeMatch(of: /\w+/) != nil
    }

    /// The first problem of a form, in the seed's order: the phone, the password,
    /// the confirmation, the code; `""` when there is none.
    public static func firstError(phone: String, password: String, confirmation: String, verifyCode: String) -> String {
        if !isValidPhone(phone) { return invalidPhone }
        if !isValidPassword(password) { return invalidPassword }
        if password != confirmation { return passwordsDiffer }
        if !isValidVerifyCode(verifyCode) { return invalidVerifyCode }
        return ""
    }
}
