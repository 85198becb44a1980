#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

// Marble expectations: compare a stream's recorded marble line with the one the
// test expected, and when they differ, fail with a picture of both.
//
//     expected: -a--b-|
//     actual:   -a---b|
//                   ^ first difference at frame 4
//
// Comparison is frame by frame: each line is cut into frames (`-`, one event, or
// one parenthesised group such as `(ab|)`; spaces are ignored), and frame n of one
// line is compared, as text, with frame n of the other. Past the end of a line
// every frame counts as `-`, so `"-a--"` matches `"-a"` (a recording prints no
// trailing `-`), but `"-a|"` does not match `"-a"` (the terminal is missing).
//
// Alignment: both lines are printed frame by frame, each frame padded with spaces
// to the width of the wider of its two texts, so frame n starts in the same column
// in both lines even when one of them holds a group there. The caret points at the
// first column of the first frame that differs. Frames count from 0; trailing
// spaces are trimmed from every line of the picture.
//
// The comparison sees the marble text only: two failures print the same `#`
// whatever their errors, so check the error itself through the recording's
// `terminalEvent`.

/// The picture of how two marble lines differ, or `nil` when they describe the same
/// frames.
///
/// ```swift
/// marbleMismatch(expected: "-a--b-|", actual: "-a---b|")
/// // expected: -a--b-|
/// // actual:   -a---b|
/// //               ^ first difference at frame 4
///
/// marbleMismatch(expected: "-(ab)-c", actual: "-(ab)c")
/// // expected: -(ab)-c
/// // actual:   -(ab)c
/// //                ^ first difference at frame 2
///
/// marbleMismatch(expected: "-a-b|--", actual: "-a-b|")   // nil
/// ```
///
/// Spaces are ignored and empty frames past the end of a line compare equal to
/// `-`; frames are compared as text, so `(ab)` and `(ba)` differ. The text is not
/// checked as marble notation: a stray `)` is simply a frame that differs.
public func marbleMismatch(expected: String, actual: String) -> String? {
    let expectedFrames = marbleFrames(expected)
    let actualFrames = marbleFrames(actual)
    let frameCount = max(expectedFrames.count, actualFrames.count)
    func frame(_ frames: [String], _ index: Int) -> String {
        index < frames.count ? frames[index] : "-"
    }
    guard let difference = (0..<frameCount).first(where: { frame(expectedFrames, $0) != frame(actualFrames, $0) }) else {
        return nil
    }
    let widths = (0..<frameCount).map { index in
        max(expectedFrames.dropFirst(index).first?.count ?? 0, actualFrames.dropFirst(index).first?.count ?? 0)
    }
    func line(_ label: String, _ frames: [String]) -> String {
        var text = label
        for (index, frame) in frames.enumerated() {
            text += frame + String(repeating: " ", count: widths[index] - frame.count)
        }
        return trimmingTrailingSpaces(text)
    }
    let caretColumn = marbleLabelWidth + widths.prefix(difference).reduce(0, +)
    return [
        line("expected: ", expectedFrames),
        line("actual:   ", actualFrames),
        String(repeating: " ", count: caretColumn) + "^ first difference at frame \(difference)",
    ].joined(separator: "\n")
}

/// The width of `"expected: "` and `"actual:   "`.
private let marbleLabelWidth = 10

/// Cuts marble text into frames: `-`, a single event, or a whole group from `(` to
/// `)` (to the end of the text when it never closes). Spaces are dropped.
private func marbleFrames(_ marbles: String) -> [String] {
    var frames: [String] = []
    var group: String?
    for character in marbles where character != " " {
        if var open = group {
            open.append(character)
            if character == ")" {
                frames.append(open)
                group = nil
            } else {
                group = open
            }
        } else if character == "(" {
            group = "("
        } else {
            frames.append(String(character))
        }
    }
    if let open = group { frames.append(open) }
    return frames
}

private func trimmingTrailingSpaces(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
}

// MARK: - Assertions

/// What `#` stands for while checking an expected diagram's notation.
private struct AnyFailure: Swift.Error {}

/// Why `expected` is not met: the notation is malformed (values named by `value`),
/// or it differs from the marbles `actual` prints, given how many frames
/// `expected` spans; `nil` when they match. `actual` runs only for well-formed
/// notation.
private func marbleFailure<Value>(
    expected: String,
    value: (Character) -> Value?,
    actual: (_ expectedFrameCount: Int) -> String
) -> String? {
    let frameCount: Int
    do {
        frameCount = try MarbleTimeline<Value, AnyFailure>.parse(expected, error: AnyFailure(), value: value).frameCount
    } catch {
        return "the expected marbles are malformed: \(error)"
    }
    return marbleMismatch(expected: expected, actual: actual(frameCount))
}

/// Expects `recording`, printed on frames of `frameDuration` seconds with each value
/// named by its key in `values`, to read `expected`; otherwise fails the running
/// test — a Swift Testing test or an XCTest test case — at the call site, with the
/// picture of both lines and the first difference (see
/// ``marbleMismatch(expected:actual:)``).
///
/// ```swift
/// let recording = scheduler.record(query.debounce(2, on: scheduler))
/// scheduler.run()
/// expectMarbles(recording, toEqual: "---x--y|", values: ["x": "sw", "y": "swift"])
/// ```
///
/// A malformed `expected`, or one naming a value missing from `values`, fails
/// saying where. Failures compare by `#` alone; check the error through
/// ``TimelineRecording/terminalEvent``.
public func expectMarbles<Value: Equatable, Error>(
    _ recording: TimelineRecording<Value, Error>,
    toEqual expected: String,
    values: [Character: Value],
    frameDuration: TimeInterval = 1,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let failure = marbleFailure(expected: expected, value: { values[$0] }) { _ in
        recording.marbles(frameDuration: frameDuration, values: values)
    }
    if let failure {
        reportFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Expects `recording`, printed on frames of `frameDuration` with each value named
/// by its key in `values`, to read `expected`, as the `TimeInterval` form does.
public func expectMarbles<Value: Equatable, Error>(
    _ recording: TimelineRecording<Value, Error>,
    toEqual expected: String,
    values: [Character: Value],
    frameDuration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    expectMarbles(recording, toEqual: expected, values: values, frameDuration: frameDuration.inSeconds, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Expects `recording`, printed on frames of `frameDuration` seconds with each value
/// named by the first character of its description, to read `expected`; otherwise
/// fails the running test — a Swift Testing test or an XCTest test case — at the
/// call site, with the picture of both lines and the first difference.
///
/// ```swift
/// let recording = scheduler.record(typing)
/// scheduler.advance(by: 5)
/// expectMarbles(recording, toEqual: "-a-b|")
/// ```
///
/// A malformed `expected` fails saying where.
public func expectMarbles<Value: CustomStringConvertible, Error>(
    _ recording: TimelineRecording<Value, Error>,
    toEqual expected: String,
    frameDuration: TimeInterval = 1,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let failure = marbleFailure(expected: expected, value: { $0 }) { _ in
        recording.marbles(frameDuration: frameDuration)
    }
    if let failure {
        reportFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Expects `recording`, printed on frames of `frameDuration` with each value named
/// by its description, to read `expected`, as the `TimeInterval` form does.
public func expectMarbles<Value: CustomStringConvertible, Error>(
    _ recording: TimelineRecording<Value, Error>,
    toEqual expected: String,
    frameDuration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    expectMarbles(recording, toEqual: expected, frameDuration: frameDuration.inSeconds, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Expectations written as marble diagrams, checked in virtual time.
extension TestScheduler {
    /// Starts `producer`, lets it run for the frames `expected` spans and one more,
    /// then expects what it sent, with each value named by its key in `values`, to
    /// read `expected`; otherwise fails the running test — a Swift Testing test or
    /// an XCTest test case — at the call site, picturing the difference. The run
    /// is then disposed.
    ///
    /// ```swift
    /// scheduler.expect(viewModel.search("sw"), toEmit: "--r|", values: ["r": ["swift"]])
    /// ```
    ///
    /// The extra frame shows an event that comes right after the expected end, or
    /// a `|` that never comes. Frame n is `n × frameDuration` seconds after the
    /// start, as in ``coldProducer(_:values:error:frameDuration:)-(_,_,_,TimeInterval)``.
    /// A malformed `expected` fails saying where, without starting `producer`.
    public func expect<Value: Equatable, Error>(
        _ producer: SignalProducer<Value, Error>,
        toEmit expected: String,
        values: [Character: Value],
        frameDuration: TimeInterval = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let failure = marbleFailure(expected: expected, value: { values[$0] }) { frameCount in
            let recording = record(producer)
            defer { recording.dispose() }
            advance(by: Double(frameCount) * frameDuration)
            return recording.marbles(frameDuration: frameDuration, values: values)
        }
        if let failure {
            reportFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Expects a run of `producer`, on frames of `frameDuration` with each value named
    /// by its key in `values`, to read `expected`, as the `TimeInterval` form does.
    public func expect<Value: Equatable, Error>(
        _ producer: SignalProducer<Value, Error>,
        toEmit expected: String,
        values: [Character: Value],
        frameDuration: Duration,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expect(producer, toEmit: expected, values: values, frameDuration: frameDuration.inSeconds, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Starts `producer`, lets it run for the frames `expected` spans and one more,
    /// then expects what it sent, with each value named by the first character of
    /// its description, to read `expected`; otherwise fails the running test — a
    /// Swift Testing test or an XCTest test case — at the call site, picturing the
    /// difference. The run is then disposed.
    ///
    /// ```swift
    /// let typing: SignalProducer<String, Never> = try scheduler.coldProducer("ab-c|")
    /// scheduler.expect(typing.map { $0.uppercased() }, toEmit: "AB-C|")
    /// ```
    public func expect<Value: CustomStringConvertible, Error>(
        _ producer: SignalProducer<Value, Error>,
        toEmit expected: String,
        frameDuration: TimeInterval = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let failure = marbleFailure(expected: expected, value: { $0 }) { frameCount in
            let recording = record(producer)
            defer { recording.dispose() }
            advance(by: Double(frameCount) * frameDuration)
            return recording.marbles(frameDuration: frameDuration)
        }
        if let failure {
            reportFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Expects a run of `producer`, on frames of `frameDuration` with each value named
    /// by its description, to read `expected`, as the `TimeInterval` form does.
    public func expect<Value: CustomStringConvertible, Error>(
        _ producer: SignalProducer<Value, Error>,
        toEmit expected: String,
        frameDuration: Duration,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expect(producer, toEmit: expected, frameDuration: frameDuration.inSeconds, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
