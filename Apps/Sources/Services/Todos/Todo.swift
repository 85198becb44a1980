import Foundation

/// One todo as the let.swift backend's `GET /todos/list` gave it (a LeanCloud
/// `Todo` object): JSON keys `content`, `createdAt`, `objectId`, `status`,
/// `updatedAt`, encoded in sorted order.
public struct Todo: Codable, Sendable, Equatable {
    /// The todo's text.
    public var content: String
    /// `"todo"` or `"finished"`.
    public var status: TodoStatus
    /// 24 lowercase hex characters.
    public var objectId: String
    /// ISO-8601 UTC with milliseconds, e.g. `2026-11-24T23:06:58.123Z`.
    public var createdAt: String
    /// ISO-8601 UTC with milliseconds; changes when the status does.
    public var updatedAt: String

    /// Makes a todo.
    public init(content: String, status: TodoStatus, objectId: String, createdAt: String, updatedAt: String) {
        self.content = content
        self.status = status
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The two statuses the let.swift client knows.
public enum TodoStatus: String, Codable, Sendable, CaseIterable {
    /// Not done yet (the client's `.Normal`); the default on create.
    case todo
    /// Done (the client's `.Finished`).
    case finished
}

/// Object ids and timestamps in the shapes LeanCloud gave them.
public enum TodoFormat {
    /// A new 24-hex object id: 4 bytes of seconds since 1970 then 8 random bytes,
    /// like a MongoDB/LeanCloud ObjectId.
    public static func newObjectId(now: Date = Date()) -> String {
        let seconds = UInt32(truncatingIfNeeded: Int64(now.timeIntervalSince1970))
        return hex(UInt64(seconds), width: 8) + hex(UInt64.random(in: .min ... .max), width: 16)
    }

    /// Whether a string is a well-formed object id (24 hex characters).
    public static func isObjectId(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }

    /// ISO-8601 in UTC with milliseconds: `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    public static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.floorDivided(by: 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let ms = Int(milliseconds - Int64(seconds) * 1000)
        return pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
            + "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
            + "." + pad(ms, 3) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func hex(_ value: UInt64, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
