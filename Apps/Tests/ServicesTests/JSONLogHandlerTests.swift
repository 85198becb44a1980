import Foundation
import Logging
import Services
import Synchronization
import Testing

/// ``JSONLogHandler``: one JSON object per line, whatever the message and metadata hold.
@Suite("JSON log lines")
struct JSONLogHandlerTests {
    @Test("an entry is one line: time, level, label, message, metadata beside them; a newline in the message stays escaped")
    func entryIsOneJSONLine() throws {
        let logs = LogCapture()
        var logger = logs.logger(level: .info)
        logger[metadataKey: "request"] = "7"
        logger.info("two\nlines \"quoted\"", metadata: ["nested": ["a": "1", "list": ["x", "y"]], "level": "spoofed"])
        logger.debug("below the level")

        let lines = logs.rawLines
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasSuffix("}\n"))
        #expect(line.dropLast().contains("\n") == false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "two\nlines \"quoted\"")
        #expect(object["level"] as? String == "info")
        #expect(object["metadata.level"] as? String == "spoofed")
        #expect(object["label"] as? String == "todo-server")
        #expect(object["request"] as? String == "7")
        let nested = try #require(object["nested"] as? [String: Any])
        #expect(nested["a"] as? String == "1")
        #expect(nested["list"] as? [String] == ["x", "y"])
        #expect(isTimestamp(object["time"] as? String ?? ""))
    }

    @Test("the time is the handler's clock, UTC with milliseconds")
    func timeComesFromTheClock() throws {
        let line = Mutex<String>("")
        let handler = JSONLogHandler(
            label: "clocked", output: LogLineOutput { data in line.withLock { $0 = String(decoding: data, as: UTF8.self) } },
            now: { Date(timeIntervalSince1970: 1_767_225_600.25) }
        )
        Logger(label: "clocked") { _ in handler }.notice("tick")
        #expect(line.withLock { $0 } == #"{"label":"clocked","level":"notice","message":"tick","time":"2026-01-01T00:00:00.250Z"}"# + "\n")
    }
}
