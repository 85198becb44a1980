import Foundation
import Logging

/// A swift-log handler that writes each entry as one JSON object on one line, keys
/// sorted, for a log collector:
///
/// ```json
/// {"duration_ms":"0.412","hb.request.id":"be78ae2fdf5137cc94935e546ec23776","label":"todo-server","level":"info","message":"GET /todos/list 200 in 0.412 ms","method":"GET","path":"/todos/list","status":"200","time":"2026-11-29T07:02:11.123Z"}
/// ```
///
/// `time` (UTC, milliseconds), `level`, `label` and `message` are always there; the
/// metadata's keys sit beside them (a key that would replace one of the four is
/// written `metadata.KEY`). Strings inside values are JSON-escaped, so a newline in a
/// message never starts a second line.
public struct JSONLogHandler: LogHandler {
    /// The entries below this level are dropped.
    public var logLevel: Logger.Level
    /// The metadata every entry of this logger carries.
    public var metadata: Logger.Metadata = [:]
    /// What the entries are written to, a line at a time.
    private let output: LogLineOutput
    private let label: String
    private let now: @Sendable () -> Date

    /// A handler writing to `output` (standard error by default).
    /// - Parameters:
    ///   - label: The logger's label (the `label` key).
    ///   - level: The lowest level written (default `info`).
    ///   - output: Where the lines go.
    ///   - now: The time of an entry (the wall clock by default; tests pass their own).
    public init(
        label: String,
        level: Logger.Level = .info,
        output: LogLineOutput = .standardError,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.label = label
        self.logLevel = level
        self.output = output
        self.now = now
    }

    /// A metadata value of this logger.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one entry as one line.
    public func log(event: LogEvent) {
        var object: [String: Any] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            let name = Self.reserved.contains(key) ? "metadata.\(key)" : key
            object[name] = Self.json(value)
        }
        object["time"] = TodoFormat.timestamp(now())
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = event.message.description
        // Strings, arrays and dictionaries of strings always serialise.
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return
        }
        line.append(0x0A)
        output.write(line)
    }

    private static let reserved: Set<String> = ["time", "level", "label", "message"]

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }
}

/// Where log lines are written, one call per whole line.
public struct LogLineOutput: Sendable {
    private let sink: @Sendable (Data) -> Void

    /// Lines passed to `sink`, one call per line (from any thread).
    public init(_ sink: @escaping @Sendable (Data) -> Void) {
        self.sink = sink
    }

    /// The process's standard error, one `write(2)` per line: lines up to the pipe's
    /// atomic size (4 KiB) never interleave with another thread's.
    public static let standardError = LogLineOutput { line in
        line.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(2, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    func write(_ line: Data) {
        sink(line)
    }
}
