// What the Users service accepts, by the registration form's own rules (those of
// its `RegisterViewModel`), so that the service never refuses what the app let
// through and never accepts what the app would not send:
//
// - A phone number (the `phone` of `POST /verify-code`, the `account` of
//   `POST /register`) is what any of the app's four patterns accepts. They overlap;
//   together they accept exactly `1` + (`3x` | `5x` but `54` | `80`, `82`, `85`–`89`) + 8
//   digits: 11 digits of a mainland China mobile number of the app's time. The app's
//   ICU `\d` would take other scripts' digits too; the service takes ASCII digits
//   only (an SMS gateway would).
// - A password is the app's rule, its regular expression taken as it is:
//   6 to 16 characters, at least one ASCII letter or digit, at least one letter or
//   non-word character, at least one digit or non-word character.
// - A verification code is 6 ASCII digits (what the service sends; the app's own
//   rule, `\w+` within 6 characters, is looser).
import Foundation

/// The registration form's rules for phone numbers, passwords and codes.
public enum UserRules {
    /// Whether `text` is a phone number the registration form accepts.
    public static func isPhoneNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /1(?:3[0-9]|5[0-35-9]|8[025-9])[0-9]{8}/.asciiOnlyDigits()) != nil
    }

    /// Whether `text` is a password the registration form accepts.
    public static func isPassword(_ text: String) -> Bool {
        text.wholeMatch(of: /(?=.*[a-zA-Z0-9].*)(?=.*[a-zA-Z\W].*)(?=.*[0-9\W].*).{6,16}/) != nil
    }

    /// Whether `text` has the shape of a code the service sends: 6 ASCII digits.
    public static func isVerifyCode(_ text: String) -> Bool {
        text.utf8.count == VerifyCode.length && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}

/// The verification codes the service sends.
public enum VerifyCode {
    /// Digits per code.
    public static let length = 6

    /// A new code: 6 digits, uniformly from the system's CSPRNG (`getrandom` on
    /// Linux, `arc4random` on Apple platforms).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = Int.random(in: 0..<1_000_000, using: &generator)
        let digits = String(value)
        return String(repeating: "0", count: length - digits.count) + digits
    }

    /// The text of the SMS that carries a code, in the apps' language:
    /// `[Ripple] Your verification code is 873700. It is valid for 5 minutes; do not
    /// share it.` (the seed's Chinese original is in Apps/docs/Registration.md).
    public static func smsText(_ code: String, lifetime: Duration) -> String {
        "[Ripple] Your verification code is \(code). It is valid for \(lifetime.components.seconds / 60) minutes; do not share it."
    }
}
