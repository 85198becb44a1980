import Hummingbird

/// The methods every route serves, by path or path pattern, for telling an unknown
/// path (404) from a known path asked with a method it does not serve (405).
///
/// A key is an exact path (`/todos/list`) or a pattern whose parameter segments start
/// with `:` (`/v1/photos/:id/vote`), as the routes were declared. A parameter matches
/// any one non-empty segment. A trailing slash is ignored, as the router ignores it.
///
/// ```swift
/// let table = RouteTable(["/v1/photos": [.get], "/v1/photos/:id": [.get]])
/// table.methods(for: "/v1/photos/7")   // [.get]
/// table.methods(for: "/v1/photos/7/x") // []
/// ```
struct RouteTable: Sendable {
    private let exact: [String: Set<HTTPRequest.Method>]
    private let patterns: [(segments: [Substring], methods: Set<HTTPRequest.Method>)]

    /// Makes a table from exact paths and patterns.
    init(_ routes: [String: Set<HTTPRequest.Method>]) {
        var exact: [String: Set<HTTPRequest.Method>] = [:]
        var patterns: [(segments: [Substring], methods: Set<HTTPRequest.Method>)] = []
        for (path, methods) in routes {
            let segments = Self.segments(path)
            if segments.contains(where: { $0.hasPrefix(":") }) {
                patterns.append((segments, methods))
            } else {
                exact["/" + segments.joined(separator: "/"), default: []].formUnion(methods)
            }
        }
        self.exact = exact
        self.patterns = patterns
    }

    /// Every method served at `path`: the union over the exact path and every
    /// pattern that matches it (empty for an unknown path).
    func methods(for path: String) -> Set<HTTPRequest.Method> {
        let segments = Self.segments(path)
        var methods = exact["/" + segments.joined(separator: "/")] ?? []
        for pattern in patterns where Self.matches(pattern.segments, segments) {
            methods.formUnion(pattern.methods)
        }
        return methods
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/")
    }

    private static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        guard pattern.count == segments.count else { return false }
        return zip(pattern, segments).allSatisfy { expected, given in
            expected.hasPrefix(":") ? !given.isEmpty : expected == given
        }
    }
}
