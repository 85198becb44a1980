import Dispatch
import Foundation
import GRDB

/// One message of the SMS outbox: what a real service would have sent by SMS.
/// JSON keys `phone`, `sentAt`, `text`, sorted.
public struct SMSMessage: Codable, Sendable, Equatable {
    /// The phone number it went to.
    public var phone: String
    /// When it was sent: ISO-8601 UTC with milliseconds.
    public var sentAt: String
    /// The message.
    public var text: String

    /// Makes a message.
    public init(phone: String, sentAt: String, text: String) {
        self.phone = phone
        self.sentAt = sentAt
        self.text = text
    }
}

/// A registered account as `POST /register` answers it: `account`, `createdAt`.
public struct UserAccount: Codable, Sendable, Equatable {
    /// The account: the phone number it was registered with.
    public var account: String
    /// When it was registered: ISO-8601 UTC with milliseconds.
    public var createdAt: String

    /// Makes an account.
    public init(account: String, createdAt: String) {
        self.account = account
        self.createdAt = createdAt
    }
}

/// The users, their verification codes and the SMS outbox in SQLite (`users.sqlite`
/// under the data directory), through a GRDB `DatabasePool`: WAL,
/// `synchronous=NORMAL`, two readers, schema by migrations, every statement
/// parameterised.
///
/// - A phone has at most one code: a new one replaces the last. A code lives 5 minutes
///   (``UsersService/codeLifetime``), is used once, and is spent after
///   ``maximumCodeAttempts`` wrong tries (so its million values cannot be walked
///   through in its lifetime). Codes are kept in plain text: the outbox holds them
///   in plain text anyway (it stands for the SMS), and a hash of 6 digits is undone
///   by trying the million.
/// - The time of a phone's last code is kept after the code is used, so the minute
///   between two codes holds across a registration and across a restart.
/// - Passwords are ``PasswordHash``es, made off Swift's cooperative pool (PBKDF2 is
///   tenths of a second of CPU) and outside any transaction.
public final class UserStore: AccountVerifying {
    /// Wrong tries after which a code is spent.
    public static let maximumCodeAttempts = 5

    private let pool: DatabasePool
    private let iterations: Int
    /// Checked against when an account does not exist, so that a wrong account costs
    /// the same time as a wrong password.
    private let absentAccountHash: PasswordHash

    /// The database file.
    public let path: String

    /// Opens (creating on first use) the users database in a directory.
    /// - Parameter passwordIterations: PBKDF2's iteration count for new passwords.
    public init(directory: URL, passwordIterations: Int = PasswordHash.defaultIterations) throws {
        path = directory.appendingPathComponent("users.sqlite").path
        iterations = passwordIterations
        absentAccountHash = PasswordHash(
            iterations: passwordIterations, salt: Array(repeating: 0, count: PasswordHash.saltByteCount),
            key: Array(repeating: 0, count: PasswordHash.keyByteCount)
        )
        pool = try ServiceDatabase.open(path: path, migrator: Self.migrator)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createUsers") { db in
            try db.execute(sql: """
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    account TEXT NOT NULL UNIQUE,
                    password TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE verify_codes (
                    phone TEXT PRIMARY KEY NOT NULL,
                    code TEXT NOT NULL,
                    sent_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    used INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE sms_outbox (
                    id INTEGER PRIMARY KEY,
                    phone TEXT NOT NULL,
                    text TEXT NOT NULL,
                    sent_at TEXT NOT NULL
                );
                CREATE INDEX sms_outbox_by_phone ON sms_outbox (phone, id);
                """)
        }
        return migrator
    }

    // MARK: Codes

    /// What asking for a code did.
    public enum CodeIssue: Sendable, Equatable {
        /// The code was stored and its SMS put in the outbox.
        case sent(SMSMessage)
        /// The phone's last code is younger than the resend interval; the next may be
        /// asked after this wait.
        case tooSoon(retryAfter: Duration)
    }

    /// Stores `code` as the phone's code and puts its SMS in the outbox, unless the
    /// phone's last code was sent less than `resendInterval` before `now`. One
    /// transaction: two requests at once send one code.
    public func issueCode(
        _ code: String, to phone: String, text: String, now: Date, lifetime: Duration, resendInterval: Duration
    ) async throws -> CodeIssue {
        let nowMilliseconds = Self.milliseconds(now)
        let message = SMSMessage(phone: phone, sentAt: TodoFormat.timestamp(now), text: text)
        return try await pool.write { db in
            let lastSent = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT sent_at FROM verify_codes WHERE phone = ?"), arguments: [phone]
            )
            if let lastSent {
                let wait = lastSent + Self.milliseconds(resendInterval) - nowMilliseconds
                if wait > 0 {
                    return .tooSoon(retryAfter: .milliseconds(wait))
                }
            }
            try db.cachedStatement(sql: """
                INSERT INTO verify_codes (phone, code, sent_at, expires_at, attempts, used) VALUES (?, ?, ?, ?, 0, 0)
                ON CONFLICT (phone) DO UPDATE SET
                    code = excluded.code, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0, used = 0
                """)
                .execute(arguments: [phone, code, nowMilliseconds, nowMilliseconds + Self.milliseconds(lifetime)])
            try db.cachedStatement(sql: "INSERT INTO sms_outbox (phone, text, sent_at) VALUES (?, ?, ?)")
                .execute(arguments: [message.phone, message.text, message.sentAt])
            return .sent(message)
        }
    }

    /// Whether `code` is the phone's code, unused and unexpired at `now`. A wrong try
    /// is counted (the code is spent at the ``maximumCodeAttempts``th); an expired
    /// code is spent.
    public func checkCode(_ code: String, for phone: String, now: Date) async throws -> Bool {
        let nowMilliseconds = Self.milliseconds(now)
        return try await pool.write { db in
            guard let row = try Self.activeCode(db, phone: phone) else { return false }
            if nowMilliseconds >= row.expiresAt {
                try db.cachedStatement(sql: "UPDATE verify_codes SET used = 1 WHERE phone = ?").execute(arguments: [phone])
                return false
            }
            if Self.codesMatch(row.code, code) { return true }
            try db.cachedStatement(sql: "UPDATE verify_codes SET attempts = attempts + 1, used = (attempts + 1 >= ?) WHERE phone = ?")
                .execute(arguments: [Self.maximumCodeAttempts, phone])
            return false
        }
    }

    /// Whether the phone has a code that is neither used, spent nor expired at `now`.
    public func hasUsableCode(for phone: String, now: Date) async throws -> Bool {
        let nowMilliseconds = Self.milliseconds(now)
        return try await pool.read { db in
            guard let row = try Self.activeCode(db, phone: phone) else { return false }
            return nowMilliseconds < row.expiresAt
        }
    }

    /// The SMS outbox, newest first (in the order sent), at most `limit`; only one
    /// phone's messages when `phone` is given.
    public func outbox(phone: String?, limit: Int) async throws -> [SMSMessage] {
        try await pool.read { db in
            let rows: [Row]
            if let phone {
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT phone, text, sent_at FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT ?"),
                    arguments: [phone, limit]
                )
            } else {
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT phone, text, sent_at FROM sms_outbox ORDER BY id DESC LIMIT ?"),
                    arguments: [limit]
                )
            }
            return rows.map { SMSMessage(phone: $0["phone"], sentAt: $0["sent_at"], text: $0["text"]) }
        }
    }

    // MARK: Accounts

    /// What a registration did.
    public enum Registration: Sendable, Equatable {
        /// The account was created (and the code used).
        case created(UserAccount)
        /// The code is not the account's usable code (any more).
        case wrongCode
        /// The account exists (the code was right, and is used).
        case taken
    }

    /// Hashes a password for storage with the configured iteration count, on a thread
    /// outside Swift's cooperative pool.
    public func hashPassword(_ password: String) async throws -> PasswordHash {
        let iterations = self.iterations
        return try await Self.offPool { try PasswordHash(password: password, iterations: iterations) }
    }

    /// Creates the account if `code` is still its phone's usable code at `now`, using
    /// the code; one transaction, so a code makes one account at most.
    public func register(account: String, code: String, password: PasswordHash, now: Date) async throws -> Registration {
        let nowMilliseconds = Self.milliseconds(now)
        let createdAt = TodoFormat.timestamp(now)
        return try await pool.write { db in
            guard let row = try Self.activeCode(db, phone: account), nowMilliseconds < row.expiresAt,
                Self.codesMatch(row.code, code)
            else { return .wrongCode }
            try db.cachedStatement(sql: "UPDATE verify_codes SET used = 1 WHERE phone = ?").execute(arguments: [account])
            let exists = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM users WHERE account = ?)"), arguments: [account]
            ) ?? false
            if exists { return .taken }
            try db.cachedStatement(sql: "INSERT INTO users (account, password, created_at) VALUES (?, ?, ?)")
                .execute(arguments: [account, password.encoded, createdAt])
            return .created(UserAccount(account: account, createdAt: createdAt))
        }
    }

    /// The account, if it exists.
    public func account(_ account: String) async throws -> UserAccount? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT account, created_at FROM users WHERE account = ?"), arguments: [account]
            ).map { UserAccount(account: $0["account"], createdAt: $0["created_at"]) }
        }
    }

    /// How many accounts exist.
    public func accountCount() async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") ?? 0 }
    }

    /// Whether `account` exists and `password` is its password. An unknown account
    /// costs one PBKDF2 as a known one does, so the time does not tell which it was.
    public func verify(account: String, password: String) async throws -> Bool {
        let stored = try await pool.read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT password FROM users WHERE account = ?"), arguments: [account])
        }
        let hash = stored.flatMap(PasswordHash.init(encoded:))
        let candidate = hash ?? absentAccountHash
        let matches = try await Self.offPool { try candidate.matches(password) }
        return hash != nil && matches
    }

    // MARK: Helpers

    private struct ActiveCode {
        let code: String
        let expiresAt: Int64
    }

    /// The phone's code if it is neither used nor spent (it may have expired).
    private static func activeCode(_ db: Database, phone: String) throws -> ActiveCode? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT code, expires_at FROM verify_codes WHERE phone = ? AND used = 0"),
            arguments: [phone]
        ).map { ActiveCode(code: $0["code"], expiresAt: $0["expires_at"]) }
    }

    private static func codesMatch(_ stored: String, _ given: String) -> Bool {
        PasswordHash.equalInConstantTime(Array(stored.utf8), Array(given.utf8))
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Runs CPU-heavy work (PBKDF2) on a Dispatch thread, so that it does not hold one
    /// of the cooperative pool's threads (2 on this machine) that every route runs on.
    private static func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
