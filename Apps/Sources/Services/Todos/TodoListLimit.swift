import Hummingbird

/// The `limit` query parameter of `GET /todos/list`: how many of the newest todos to
/// answer, a whole number from 1 to ``TodoStore/listLimit`` (100), written in
/// decimal digits only. Without it the list is the original's, the newest 100.
enum TodoListLimit {
    /// The limit the query asks for, or `nil` when it names none.
    /// - Throws: 400 naming `limit` when it is empty, not a whole number in range,
    ///   or given more than once.
    static func parse(_ request: Request) throws -> Int? {
        let values = request.uri.queryParameters[values: "limit"]
        guard let text = values.first else { return nil }
        guard values.count == 1 else {
            throw ServiceError.badRequest("limit is given more than once", field: "limit")
        }
        let range = 1...TodoStore.listLimit
        // Digits only: no sign, no spaces, no exponent; at most three of them.
        guard text.utf8.count <= 3, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }),
            let limit = Int(text), range.contains(limit)
        else {
            throw ServiceError(
                .badRequest, "limit must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                context: ["field": "limit", "limit": String(text.prefix(40))]
            )
        }
        return limit
    }
}
