import Testing
#if canImport(XCTest)
import XCTest
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(WASILibc)
import WASILibc
#elseif canImport(Darwin)
import Darwin
#endif

// Failure reporting: where a failed RippleTesting assertion goes, so that one
// assertion API works in Swift Testing tests and in XCTest test cases alike.
//
//     inside a Swift Testing test (Test.current != nil)   →  Issue.record, at the caller's
//                                                            fileID, filePath, line, column
//     otherwise, where XCTest can be imported             →  XCTFail, at the caller's
//                                                            filePath and line
//     otherwise                                           →  a line on standard error
//
// The routing is explicit because the Swift 6.3 toolchain carries no failure
// across the two libraries: on it, an `Issue.record` in an XCTest test case and an
// `XCTFail` in a Swift Testing test are both silently dropped, whatever
// SWIFT_TESTING_XCTEST_INTEROP_MODE says. The interoperability of ST-0021 (due
// with Swift 6.4) forwards `Issue.record` to XCTest unless it is turned off, and
// flags `XCTFail` inside a Swift Testing test as API misuse; each library's own
// call, chosen here, is right in every mode. `Test.current` is task-local, so an
// assertion made from a detached task of a Swift Testing test goes to XCTest, which
// drops it when no XCTest case is running either: assert on the test's own task.

/// Reports `message` as a failure of the running test, at the call site given by
/// `fileID`, `filePath`, `line` and `column` (the caller's `#fileID`, `#filePath`,
/// `#line` and `#column`): as a Swift Testing issue inside a Swift Testing test,
/// otherwise through `XCTFail` where XCTest is available, otherwise on standard
/// error.
func reportFailure(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    if Test.current != nil {
        let location = SourceLocation(
            fileID: String(describing: fileID),
            filePath: String(describing: filePath),
            line: Int(line),
            column: Int(column)
        )
        Issue.record(Comment(rawValue: message), sourceLocation: location)
        return
    }
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #else
    writeToStandardError("\(filePath):\(line):\(column): error: \(message)\n")
    #endif
}

#if !canImport(XCTest)
/// Writes `text` to standard error, unbuffered.
private func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        _ = write(2, bytes.baseAddress, bytes.count)
    }
}
#endif
