import Foundation
import Services
import Testing

/// One PBKDF2-HMAC-SHA256 test vector.
struct PBKDF2Vector: Sendable, CustomTestStringConvertible {
    let password: [UInt8]
    let salt: [UInt8]
    let iterations: Int
    let key: String

    init(_ password: String, _ salt: String, _ iterations: Int, _ key: String) {
        self.password = Array(password.utf8)
        self.salt = Array(salt.utf8)
        self.iterations = iterations
        self.key = key
    }

    var testDescription: String {
        "P=\(String(decoding: password, as: UTF8.self).debugDescription) S=\(String(decoding: salt, as: UTF8.self).debugDescription) c=\(iterations) dkLen=\(key.count / 2)"
    }
}

/// RFC 7914 §11's two PBKDF2-HMAC-SHA256 vectors, and RFC 6070's inputs with
/// SHA-256 (their keys as every PBKDF2-HMAC-SHA256 gives them; checked here against
/// Python's `hashlib.pbkdf2_hmac`, OpenSSL's implementation).
let pbkdf2Vectors: [PBKDF2Vector] = [
    PBKDF2Vector("passwd", "salt", 1,
                 "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
    PBKDF2Vector("Password", "NaCl", 80_000,
                 "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"),
    PBKDF2Vector("password", "salt", 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
    PBKDF2Vector("password", "salt", 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
    PBKDF2Vector("password", "salt", 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    PBKDF2Vector("passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096,
                 "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
    PBKDF2Vector("pass\0word", "sa\0lt", 4096, "89b69d0516f829893c696226650a8687"),
]

@Suite("Users: passwords and rules")
struct UsersPasswordTests {
    @Test("PBKDF2-HMAC-SHA256 test vectors", arguments: pbkdf2Vectors)
    func vectors(_ vector: PBKDF2Vector) throws {
        let key = try PasswordHash.pbkdf2SHA256(
            password: vector.password, salt: vector.salt, iterations: vector.iterations, byteCount: vector.key.count / 2
        )
        #expect(key.map { String(format: "%02x", $0) }.joined() == vector.key)
    }

    @Test("A hash matches its password only; a new hash of the same password has another salt")
    func matches() throws {
        let hash = try PasswordHash(password: "abc123", iterations: 1_000)
        #expect(hash.iterations == 1_000)
        #expect(hash.salt.count == PasswordHash.saltByteCount)
        #expect(hash.key.count == PasswordHash.keyByteCount)
        #expect(try hash.matches("abc123"))
        #expect(try hash.matches("abc124") == false)
        #expect(try hash.matches("abc1234") == false)
        #expect(try hash.matches("") == false)
        let again = try PasswordHash(password: "abc123", iterations: 1_000)
        #expect(again.salt != hash.salt)
        #expect(again.key != hash.key)
    }

    @Test("The stored form: pbkdf2-sha256$iterations$salt$key, read back")
    func encoded() throws {
        let hash = try PasswordHash(password: "abc123", iterations: 1_000)
        #expect(hash.encoded.wholeMatch(of: /pbkdf2-sha256\$1000\$[A-Za-z0-9+\/]{22}==\$[A-Za-z0-9+\/]{43}=/) != nil)
        #expect(PasswordHash(encoded: hash.encoded) == hash)
        let known = PasswordHash(iterations: 1, salt: Array("salt".utf8), key: try PasswordHash.pbkdf2SHA256(
            password: Array("password".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 32
        ))
        #expect(known.encoded == "pbkdf2-sha256$1$c2FsdA==$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=")
    }

    @Test(
        "A stored form that is not one is not read",
        arguments: [
            "", "pbkdf2-sha256", "pbkdf2-sha1$1000$c2FsdA==$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=",
            "pbkdf2-sha256$0$c2FsdA==$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=",
            "pbkdf2-sha256$-5$c2FsdA==$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=",
            "pbkdf2-sha256$999999999999$c2FsdA==$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=",
            "pbkdf2-sha256$1000$$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=",
            "pbkdf2-sha256$1000$c2FsdA==$c2FsdA==",
            "pbkdf2-sha256$1000$not base64$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=",
            "pbkdf2-sha256$1000$c2FsdA==$Eg+2z/z4syxD5yJSVsT4N6hlSMkszDVICAWYfLcL4Xs=$extra",
        ]
    )
    func malformedEncoded(_ text: String) {
        #expect(PasswordHash(encoded: text) == nil)
    }

    @Test("An iteration count out of range is refused, not passed to BoringSSL")
    func iterationsOutOfRange() {
        #expect(throws: ServiceError.self) {
            try PasswordHash.pbkdf2SHA256(password: [1], salt: [2], iterations: 0, byteCount: 32)
        }
        #expect(throws: ServiceError.self) {
            try PasswordHash.pbkdf2SHA256(password: [1], salt: [2], iterations: PasswordHash.maximumIterations + 1, byteCount: 32)
        }
    }

    @Test("Phone numbers: the union of the app's four patterns, ASCII digits")
    func phoneRule() {
        // Each of the app's patterns, one number each.
        for phone in ["13912345678", "13451234567", "13012345678", "13312345678", "15312345678", "18012345678", "18912345678", "13491234567"] {
            #expect(UserRules.isPhoneNumber(phone), "\(phone)")
        }
        for phone in ["15412345678", "18112345678", "18312345678", "18412345678", "14712345678", "1391234567", "139123456789", "23912345678",
                      "１３９１２３４５６７８", "1391234567８"] {
            #expect(UserRules.isPhoneNumber(phone) == false, "\(phone)")
        }
    }

    @Test("Verification codes: 6 ASCII digits")
    func codeRule() {
        #expect(UserRules.isVerifyCode("000000"))
        #expect(UserRules.isVerifyCode("123456"))
        for code in ["12345", "1234567", "12345a", "", "１２３４５６", " 12345"] {
            #expect(UserRules.isVerifyCode(code) == false, "\(code)")
        }
    }
}
