// MarbleError: why a marble diagram could not be read, and where.
//
//     "-a(b"   →   column 3: a group opened here is never closed, in "-a(b"
//
// The column counts characters from 1, spaces included, so it points into the text
// exactly as the test wrote it.

/// A malformed marble diagram: the problem and the column where it is.
///
/// ```swift
/// do {
///     _ = try MarbleTimeline<String, Never>(parsing: "-a|b")
/// } catch {
///     print(error)   // column 4: an event after the stream has ended, in "-a|b"
/// }
/// ```
public struct MarbleError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with a marble diagram.
    public enum Problem: Equatable, Sendable {
        /// A `(` without its `)`.
        case unclosedGroup
        /// A `(` inside a group: groups do not nest.
        case nestedGroup
        /// A `)` without a `(` before it.
        case unopenedGroup
        /// `()`: a group must hold at least one event.
        case emptyGroup
        /// An event after `|`, `#` or `!`: nothing follows a terminal event.
        case eventAfterTerminal
        /// A value character with no entry in the `values` dictionary, or that the
        /// value type cannot be made from.
        case unknownValue(Character)
        /// A character that is neither a frame, an event, a group bracket nor a space.
        case unexpectedCharacter(Character)
        /// A `#` with no error to fail with.
        case failureWithoutError
    }

    /// What is wrong.
    public let problem: Problem

    /// Where: the position of the offending character, counting characters from 1,
    /// spaces included.
    public let column: Int

    /// The whole diagram, as given.
    public let marbles: String

    /// Creates an error for `problem` at `column` of `marbles`.
    public init(_ problem: Problem, column: Int, in marbles: String) {
        self.problem = problem
        self.column = column
        self.marbles = marbles
    }

    /// `column 3: a group opened here is never closed, in "-a(b"`.
    public var description: String {
        "column \(column): \(explanation), in \"\(marbles)\""
    }

    private var explanation: String {
        switch problem {
        case .unclosedGroup: "a group opened here is never closed"
        case .nestedGroup: "a group cannot open inside another group"
        case .unopenedGroup: "a group closes here but was never opened"
        case .emptyGroup: "an empty group; a group holds at least one event"
        case .eventAfterTerminal: "an event after the stream has ended"
        case let .unknownValue(character): "no value for \"\(character)\""
        case let .unexpectedCharacter(character): "\"\(character)\" is not marble notation"
        case .failureWithoutError: "a failure, but no error was given to fail with"
        }
    }
}
