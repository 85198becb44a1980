// How the Users service stores passwords: PBKDF2-HMAC-SHA256 (RFC 8018) with a
// random salt per user and a high iteration count, through swift-crypto's
// `KDF.Insecure.PBKDF2` (BoringSSL's PKCS5_PBKDF2_HMAC on Linux, CommonCrypto on
// Apple platforms). swift-crypto files PBKDF2 under "Insecure" because newer
// functions (scrypt, Argon2) resist GPUs better; PBKDF2-HMAC-SHA256 is RFC 8018's
// password-based derivation, and OWASP still accepts it at 600,000 iterations.
//
// - A password is hashed as its NFC-normalised UTF-8 bytes, so the same text typed
//   with precomposed or combining accents logs in alike.
// - The stored form is one text, `pbkdf2-sha256$<iterations>$<salt>$<key>` (salt and
//   key in base64): the iteration count travels with each hash, so raising the
//   configured count later leaves every stored password readable.
// - Keys are compared in time independent of where they differ.
import Crypto
import CryptoExtras
import Foundation

/// A password as stored: PBKDF2-HMAC-SHA256 of the password with a salt of its own.
public struct PasswordHash: Sendable, Equatable {
    /// The algorithm's name in the stored form.
    public static let algorithm = "pbkdf2-sha256"
    /// The iteration count a new hash gets unless configured otherwise (OWASP's
    /// figure for PBKDF2-HMAC-SHA256, 2023).
    public static let defaultIterations = 600_000
    /// The most iterations a stored hash may name (BoringSSL counts in 32 bits; a
    /// larger figure in the database is read as a corrupt hash).
    public static let maximumIterations = 100_000_000
    /// Bytes of random salt per password.
    public static let saltByteCount = 16
    /// Bytes of derived key (SHA-256's output size).
    public static let keyByteCount = 32

    /// PBKDF2's iteration count.
    public var iterations: Int
    /// The salt.
    public var salt: [UInt8]
    /// The derived key.
    public var key: [UInt8]

    /// A hash from its parts.
    public init(iterations: Int, salt: [UInt8], key: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.key = key
    }

    /// Hashes a password with a new random salt (from the system's CSPRNG).
    /// - Parameter iterations: PBKDF2's iteration count (at least 1).
    public init(password: String, iterations: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<Self.saltByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.init(iterations: iterations, salt: salt, key: try Self.derive(password: password, salt: salt, iterations: iterations))
    }

    /// Whether `password` is the password this hash was made from (the keys compared
    /// in constant time).
    public func matches(_ password: String) throws -> Bool {
        let candidate = try Self.derive(password: password, salt: salt, iterations: iterations)
        return Self.equalInConstantTime(candidate, key)
    }

    /// `pbkdf2-sha256$<iterations>$<salt, base64>$<key, base64>`.
    public var encoded: String {
        "\(Self.algorithm)$\(iterations)$\(Data(salt).base64EncodedString())$\(Data(key).base64EncodedString())"
    }

    /// Reads the stored form; `nil` when it is not one this type writes.
    public init?(encoded: String) {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.algorithm,
            let iterations = Int(parts[1]), (1...Self.maximumIterations).contains(iterations),
            let salt = Data(base64Encoded: String(parts[2])), !salt.isEmpty,
            let key = Data(base64Encoded: String(parts[3])), key.count == Self.keyByteCount
        else { return nil }
        self.init(iterations: iterations, salt: Array(salt), key: Array(key))
    }

    /// PBKDF2-HMAC-SHA256 of a password's NFC-normalised UTF-8 bytes.
    static func derive(password: String, salt: [UInt8], iterations: Int) throws -> [UInt8] {
        try pbkdf2SHA256(
            password: Array(password.precomposedStringWithCanonicalMapping.utf8), salt: salt,
            iterations: iterations, byteCount: keyByteCount
        )
    }

    /// PBKDF2-HMAC-SHA256 (RFC 8018 §5.2) of raw bytes.
    /// - Throws: `ServiceError` 500 for an iteration count outside
    ///   1...``maximumIterations``; swift-crypto's error if the derivation fails.
    public static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) throws -> [UInt8] {
        guard (1...maximumIterations).contains(iterations) else {
            throw ServiceError(.internalServerError, "PBKDF2 iteration count \(iterations) is out of range")
        }
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: password, salt: salt, using: .sha256, outputByteCount: byteCount, unsafeUncheckedRounds: iterations
        )
        return key.withUnsafeBytes { Array($0) }
    }

    /// Whether two byte strings are equal, in time that depends only on their lengths.
    static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
