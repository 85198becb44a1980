import XCTest

/// A test case that can check deliberate failures: it captures what XCTest is
/// asked to record while `failures(in:)` runs (on Apple platforms through
/// `record(_:)`, elsewhere through corelibs XCTest's open
/// `recordFailure(withDescription:inFile:atLine:expected:)`); outside
/// `failures(in:)` every failure is recorded as usual, so the plain `XCTAssert…`
/// calls of a subclass still count.
class FailureCapturingTestCase: XCTestCase {
    /// A failure XCTest was asked to record, its description without XCTFail's
    /// `"failed - "` prefix.
    struct Failure: Equatable {
        let message: String
        let file: String
        let line: Int
    }

    private var captured: [Failure]?

    private func capture(description: String, file: String, line: Int) {
        let prefix = "failed - "
        let message = description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
        captured?.append(Failure(message: message, file: file, line: line))
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        capture(description: issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard captured != nil else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        capture(description: description, file: filePath, line: lineNumber)
    }
    #endif

    /// The failures `body` reports, captured instead of failing the test.
    func failures(in body: () throws -> Void) rethrows -> [Failure] {
        captured = []
        defer { captured = nil }
        try body()
        return captured ?? []
    }

    /// The failure expected at `line` of the calling file.
    func failure(_ message: String, line: Int, file: StaticString = #filePath) -> Failure {
        Failure(message: message, file: "\(file)", line: line)
    }
}
