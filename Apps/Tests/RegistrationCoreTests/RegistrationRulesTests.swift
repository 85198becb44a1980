import RegistrationCore
import Testing

/// The form's input rules as pure functions: what each field keeps, and which
/// values the seed's expressions accept.
@Suite struct RegistrationRulesTests {
    @Test func thePhoneKeepsItsAsciiDigitsCutToEleven() {
        #expect(RegistrationRules.phone("138-0013 8000") == "13800138000")
        #expect(RegistrationRules.phone("1380013800099") == "13800138000")
        #expect(RegistrationRules.phone("abc") == "")
        #expect(RegistrationRules.phone("１３８") == "", "full-width digits are not ASCII digits")
    }

    @Test func passwordsAreCutToSixteenAndCodesToSix() {
        #expect(RegistrationRules.password("abcdefgh12345678XYZ") == "abcdefgh12345678")
        #expect(RegistrationRules.password("密码密码密码密码密码密码密码密码密码") == String(repeating: "密码", count: 8))
        #expect(RegistrationRules.verifyCode("1234567") == "123456")
        #expect(RegistrationRules.verifyCode("12") == "12")
    }

    @Test(arguments: [
        ("13800138000", true), ("15912345678", true), ("18012345678", true), ("18912345678", true),
        ("13491234567", true), ("15312345678", true), ("15412345678", false), ("18112345678", false),
        ("18412345678", false), ("12812345678", false), ("23800138000", false), ("1380013800", false), ("", false),
    ])
    func aPhoneIsValidWhenOneOfTheSeedsPatternsMatches(phone: String, isValid: Bool) {
        #expect(RegistrationRules.isValidPhone(phone) == isValid)
    }

    @Test(arguments: [
        ("abc123", true), ("abc!@#", true), ("123!!!", true), ("Passw0rd", true), ("abcdefgh12345678", true),
        ("abcdef", false), ("123456", false), ("!!!!!!", false), ("ab1", false), ("", false),
        ("abcdefgh123456789", false),
    ])
    func aPasswordIsValidWhenTheSeedsExpressionMatches(password: String, isValid: Bool) {
        #expect(RegistrationRules.isValidPassword(password) == isValid)
    }

    @Test func thePasswordRuleIsStatedOnceAsTheViewModelSaysIt() {
        #expect(RegistrationRules.passwordRule == "6–16, two of: letters, digits, symbols")
        #expect(RegisterViewModel.passwordRule == RegistrationRules.passwordRule)
    }

    /// The rule as stated, counted by hand: 6 to 16 characters, among which at least
    /// two of the three kinds: ASCII letters, digits, symbols (what is not a word
    /// character: punctuation, spaces).
    static func followsTheStatedRule(_ password: String) -> Bool {
        let kinds = [
            password.contains { $0.isASCII && $0.isLetter },
            password.contains { $0.isASCII && $0.isNumber },
            password.contains { String($0).wholeMatch(of: /\W/) != nil },
        ].filter { $0 }.count
        return (6...16).contains(password.count) && kinds >= 2
    }

    @Test(arguments: [
        "abc123", "abc!@#", "123!!!", "Passw0rd", "abcdef", "123456", "!!!!!!", "ab1", "abcdefgh123456789",
        "abc 12", "a b c d", "abc___", "___123", "密码密码12", "密码!!!!!", "ABCDEF", "Abc-def", "12.34.56",
    ])
    func theStatedRuleIsTheSeedsExpression(password: String) {
        #expect(RegistrationRules.isValidPassword(password) == Self.followsTheStatedRule(password))
    }

    @Test(arguments: [("123456", true), ("a", true), ("ab_12", true), ("12 45", false), ("12-45", false), ("", false)])
    func aCodeIsValidWhenItIsWordCharacters(code: String, isValid: Bool) {
        #expect(RegistrationRules.isValidVerifyCode(code) == isValid)
    }

    @Test func errorsComeInTheSeedsOrder() {
        func first(_ phone: String, _ password: String, _ confirmation: String, _ code: String) -> String {
            RegistrationRules.firstError(phone: phone, password: password, confirmation: confirmation, verifyCode: code)
        }
        #expect(first("", "", "x", "") == "Invalid phone number")
        #expect(first("13800138000", "abc", "x", "") == "Invalid password")
        #expect(first("13800138000", "abc123", "abc124", "") == "The passwords do not match")
        #expect(first("13800138000", "abc123", "abc123", "") == "Invalid verification code")
        #expect(first("13800138000", "abc123", "abc123", "123456") == "")
    }
}
