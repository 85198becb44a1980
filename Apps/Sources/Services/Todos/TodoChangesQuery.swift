import Hummingbird

/// The query of `GET /todos/changes` and `GET /todos/changes/stream`: `since`, a
/// cursor from an earlier answer (0, the beginning, when absent), and `limit`, how
/// many changes one answer holds (1…1000, 500 when absent). Decimal digits only.
struct TodoChangesQuery: Equatable {
    /// The most changes one answer holds.
    static let maximumLimit = 1000
    /// The changes one answer holds when the query names no limit.
    static let defaultLimit = 500

    /// The changes asked for are after this cursor.
    var since: Int64
    /// At most this many changes.
    var limit: Int

    /// Reads `since` and `limit`.
    /// - Throws: 400 naming the field when one is empty, given twice, not a
    ///   non-negative whole number (that fits 64 bits, for `since`), or out of range.
    static func parse(_ request: Request) throws -> TodoChangesQuery {
        var query = TodoChangesQuery(since: 0, limit: defaultLimit)
        if let text = try digits("since", in: request, maximumLength: 19) {
            guard let since = Int64(text) else { throw sinceError(text) }
            query.since = since
        }
        if let text = try digits("limit", in: request, maximumLength: 4) {
            guard let limit = Int(text), (1...maximumLimit).contains(limit) else { throw limitError(text) }
            query.limit = limit
        }
        return query
    }

    /// The parameter's text when given once and made of at most `maximumLength`
    /// decimal digits; `nil` when absent.
    private static func digits(_ name: String, in request: Request, maximumLength: Int) throws -> String? {
        let values = request.uri.queryParameters[values: Substring(name)]
        guard let value = values.first else { return nil }
        guard values.count == 1 else {
            throw ServiceError.badRequest("\(name) is given more than once", field: name)
        }
        let text = String(value)
        guard !text.isEmpty, text.utf8.count <= maximumLength, text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw name == "limit" ? limitError(text) : sinceError(text)
        }
        return text
    }

    private static func sinceError(_ text: String) -> ServiceError {
        ServiceError(
            .badRequest, "since must be a cursor: a whole number from 0 to \(Int64.max)",
            context: ["field": "since", "since": String(text.prefix(40))]
        )
    }

    private static func limitError(_ text: String) -> ServiceError {
        ServiceError(
            .badRequest, "limit must be a whole number from 1 to \(maximumLimit)",
            context: ["field": "limit", "limit": String(text.prefix(40))]
        )
    }
}
