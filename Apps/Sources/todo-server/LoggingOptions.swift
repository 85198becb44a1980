import ArgumentParser
import Logging
import Services

/// How the log lines look (`--log-format`).
enum LogFormat: String, CaseIterable, ExpressibleByArgument {
    /// swift-log's line: time, level, label, metadata, message.
    case text
    /// One JSON object per line (``JSONLogHandler``).
    case json
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// The process's log: every logger writes to standard error (standard output keeps
/// the lines a script reads: the data directory, the address, `stopped`).
enum ServerLogging {
    /// Makes every logger of the process write `format` lines at `level` and above to
    /// standard error. Call once, before the first logger is made.
    static func bootstrap(format: LogFormat, level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            switch format {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            case .json:
                return JSONLogHandler(label: label, level: level)
            }
        }
    }
}
