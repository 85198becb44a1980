import Foundation
import Hummingbird
import NIOCore

/// The fields of a request body, read from either encoding the original backends
/// accepted: `application/x-www-form-urlencoded` or a JSON object.
///
/// Reading fails with a ``ServiceError``: 413 over the size limit, 415 for another
/// content type, 400 for malformed bodies, a JSON value that is not an object, or a
/// form or JSON object that names a field twice.
public struct RequestFields: Sendable {
    /// A field's value: a string, or the JSON type it had instead.
    public enum Value: Sendable, Equatable {
        /// A string (every form value is one).
        case string(String)
        /// A JSON value of another type, by its JSON type name (`number`, `null`, …).
        case other(String)
    }

    /// The fields by name.
    public var values: [String: Value]

    /// Makes fields from values (for tests and callers that already parsed).
    public init(_ values: [String: Value]) {
        self.values = values
    }

    /// A string field, or `nil` when absent.
    /// - Throws: 400 when the field is present with another JSON type.
    public func string(_ name: String) throws -> String? {
        switch values[name] {
        case nil: return nil
        case .string(let value): return value
        case .other(let type): throw ServiceError.badRequest("\(name) must be a string, not \(type)", field: name)
        }
    }

    /// A string field that must be present.
    /// - Throws: 400 when the field is absent or not a string.
    public func requiredString(_ name: String) throws -> String {
        guard let value = try string(name) else {
            throw ServiceError.badRequest("\(name) is required", field: name)
        }
        return value
    }

    /// Reads and parses the request body.
    /// - Parameters:
    ///   - request: The request; its body is consumed.
    ///   - limit: The largest body accepted, in bytes.
    public static func read(from request: Request, limit: Int) async throws -> RequestFields {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw ServiceError(.contentTooLarge, "request body is larger than \(limit) bytes", context: ["limit": String(limit)])
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ServiceError(.contentTooLarge, "request body is larger than \(limit) bytes", context: ["limit": String(limit)])
        }
        let mediaType = request.headers[.contentType]?
            .split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        switch mediaType {
        case "application/x-www-form-urlencoded":
            return try parseForm(buffer)
        case "application/json":
            return try parseJSON(buffer)
        case nil where buffer.readableBytes == 0:
            return RequestFields([:])
        default:
            throw ServiceError(
                .unsupportedMediaType,
                "send application/x-www-form-urlencoded or application/json",
                context: ["contentType": request.headers[.contentType] ?? ""]
            )
        }
    }

    /// Parses an `application/x-www-form-urlencoded` body.
    static func parseForm(_ buffer: ByteBuffer) throws -> RequestFields {
        guard let text = buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes, encoding: .utf8) else {
            throw ServiceError.badRequest("form body is not UTF-8")
        }
        var values: [String: Value] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(parts[0]), !name.isEmpty,
                let value = decodeComponent(parts.count > 1 ? parts[1] : "")
            else {
                throw ServiceError.badRequest("malformed form encoding")
            }
            guard values[name] == nil else {
                throw ServiceError.badRequest("\(name) is given more than once", field: name)
            }
            values[name] = .string(value)
        }
        return RequestFields(values)
    }

    private static func decodeComponent(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Parses a JSON object body.
    static func parseJSON(_ buffer: ByteBuffer) throws -> RequestFields {
        let data = Data(buffer.readableBytesView)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ServiceError.badRequest("body is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ServiceError.badRequest("body must be a JSON object")
        }
        if let name = JSONObjectKeys.firstDuplicate(in: data) {
            throw ServiceError.badRequest("\(name) is given more than once", field: name)
        }
        var values: [String: Value] = [:]
        for (name, value) in dictionary {
            values[name] = jsonValue(value)
        }
        return RequestFields(values)
    }

    private static func jsonValue(_ value: Any) -> Value {
        switch value {
        case let string as String: return .string(string)
        case is NSNull: return .other("null")
        case is [Any]: return .other("array")
        case is [String: Any]: return .other("object")
        case is NSNumber:
            // JSONSerialization gives booleans as NSNumber too, so the two are not told apart.
            return .other("number or boolean")
        default: return .other("value")
        }
    }
}
