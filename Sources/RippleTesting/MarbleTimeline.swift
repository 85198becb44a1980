import Ripple

// MarbleTimeline: a stream's events on a grid of frames, read from and written as
// marble text.
//
//     "-a-(bc)-|"   →   a at frame 1, b and c at frame 3, completed at frame 5
//
// Notation, one frame per character:
//
//     -        a frame where nothing happens
//     a 7 …    a value, named by a letter or a digit
//     |  #  !  completed, failed, interrupted (nothing may follow but `-`)
//     (ab|)    several events in the same frame; the whole group is ONE frame,
//              so in "(ab)c" the value c is at frame 1 (RxJS would put it at 4)
//     space    ignored, for alignment
//
// A frame lasts `frameDuration` seconds when the timeline becomes a stream (one
// second unless the test says otherwise). Parsing then printing gives back the text
// without its spaces; printing then parsing gives back the timeline.

/// A stream's events placed on frames: what a marble diagram such as `"-a-b|"`
/// describes.
///
/// ```swift
/// let timeline = try MarbleTimeline<String, Never>(parsing: "-a-(bc)|")
/// timeline.entries.map(\.frame)   // [1, 3, 3, 4]
/// timeline.marbles()               // "-a-(bc)|"
/// ```
///
/// The entries are in frame order and follow the stream grammar: values, then at
/// most one terminal event, last.
public struct MarbleTimeline<Value, Error: Swift.Error> {
    /// One event and the frame it happens in.
    public struct Entry {
        /// The frame, counted from 0.
        public let frame: Int
        /// The event.
        public let event: Signal<Value, Error>.Event

        /// Creates an entry for `event` at `frame`.
        public init(frame: Int, event: Signal<Value, Error>.Event) {
            self.frame = frame
            self.event = event
        }
    }

    /// The events, in frame order; events of the same frame in the order they happen.
    public let entries: [Entry]

    /// How many frames the timeline spans: at least one past the last event's frame,
    /// more when the diagram ends with empty frames.
    public let frameCount: Int

    /// Creates a timeline from `entries`, spanning `frameCount` frames (by default,
    /// up to and including the last event's frame).
    ///
    /// - Precondition: frames are not negative and do not decrease, nothing follows
    ///   a terminal event, and `frameCount` covers the last entry.
    public init(_ entries: [Entry], frameCount: Int? = nil) {
        let span = entries.last.map { $0.frame + 1 } ?? 0
        precondition(entries.first.map { $0.frame >= 0 } ?? true, "a frame cannot be negative")
        precondition(zip(entries, entries.dropFirst()).allSatisfy { $0.frame <= $1.frame }, "entries must be in frame order")
        precondition(entries.dropLast().allSatisfy { !$0.event.isTerminating }, "nothing may follow a terminal event")
        precondition((frameCount ?? span) >= span, "frameCount \(frameCount ?? span) does not cover the last event's frame")
        self.entries = entries
        self.frameCount = frameCount ?? span
    }

    /// The events without their frames.
    public var events: [Signal<Value, Error>.Event] {
        entries.map(\.event)
    }

    /// The frames that hold events, each with its events in order.
    var framesWithEvents: [(frame: Int, events: [Signal<Value, Error>.Event])] {
        var frames: [(frame: Int, events: [Signal<Value, Error>.Event])] = []
        for entry in entries {
            if frames.last?.frame == entry.frame {
                frames[frames.count - 1].events.append(entry.event)
            } else {
                frames.append((entry.frame, [entry.event]))
            }
        }
        return frames
    }
}

extension MarbleTimeline.Entry: Equatable where Value: Equatable, Error: Equatable {}

extension MarbleTimeline.Entry: Sendable where Value: Sendable {}

extension MarbleTimeline: Equatable where Value: Equatable, Error: Equatable {}

extension MarbleTimeline: Sendable where Value: Sendable {}

// MARK: - Parsing

extension MarbleTimeline {
    /// Reads a marble diagram whose value characters name values in `values`.
    ///
    /// ```swift
    /// let timeline = try MarbleTimeline<Int, TestError>(parsing: "-x-y#", values: ["x": 10, "y": 20], error: TestError())
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: the diagram; see ``MarbleTimeline`` for the notation.
    ///   - values: the value each letter or digit stands for.
    ///   - error: what `#` fails with; a `#` without one is an error.
    /// - Throws: ``MarbleError`` naming the first problem and its column.
    public init(parsing marbles: String, values: [Character: Value], error: Error? = nil) throws(MarbleError) {
        self = try Self.parse(marbles, error: error) { values[$0] }
    }

    /// Reads `marbles`, turning each value character into a value with `value`
    /// (returning `nil` for a character that names no value).
    static func parse(
        _ marbles: String,
        error: Error?,
        value: (Character) -> Value?
    ) throws(MarbleError) -> MarbleTimeline {
        var parser = MarbleParser<Value, Error>(marbles: marbles)
        for (offset, character) in marbles.enumerated() {
            try parser.read(character, column: offset + 1, error: error, value: value)
        }
        return try parser.finish()
    }
}

extension MarbleTimeline where Value: LosslessStringConvertible {
    /// Reads a marble diagram whose value characters are the values themselves:
    /// `"a"` for a `String`, `7` for an `Int`.
    ///
    /// ```swift
    /// let words = try MarbleTimeline<String, Never>(parsing: "-a-b|")
    /// let digits = try MarbleTimeline<Int, Never>(parsing: "-1-2|")
    /// ```
    ///
    /// - Throws: ``MarbleError``, also for a character the value type cannot be made
    ///   from (a letter for `Int`).
    public init(parsing marbles: String, error: Error? = nil) throws(MarbleError) {
        self = try Self.parse(marbles, error: error) { Value(String($0)) }
    }
}

/// Reads marble text one character at a time.
struct MarbleParser<Value, Error: Swift.Error> {
    typealias Entry = MarbleTimeline<Value, Error>.Entry

    private let marbles: String
    private var entries: [Entry] = []
    private var frame = 0
    /// The column of the `(` of the group being read, and how many events it holds.
    private var group: (column: Int, events: Int)?
    private var terminated = false

    init(marbles: String) {
        self.marbles = marbles
    }

    mutating func read(
        _ character: Character,
        column: Int,
        error: Error?,
        value: (Character) -> Value?
    ) throws(MarbleError) {
        switch character {
        case " ":
            return
        case "-":
            guard group == nil else { throw failure(.unexpectedCharacter(character), column) }
            frame += 1
        case "(":
            guard group == nil else { throw failure(.nestedGroup, column) }
            group = (column, 0)
        case ")":
            guard let open = group else { throw failure(.unopenedGroup, column) }
            guard open.events > 0 else { throw failure(.emptyGroup, open.column) }
            group = nil
            frame += 1
        case "|":
            try append(.completed, column: column)
        case "!":
            try append(.interrupted, column: column)
        case "#":
            guard !terminated else { throw failure(.eventAfterTerminal, column) }
            guard let error else { throw failure(.failureWithoutError, column) }
            try append(.failed(error), column: column)
        case _ where character.isLetter || character.isNumber:
            guard !terminated else { throw failure(.eventAfterTerminal, column) }
            guard let named = value(character) else { throw failure(.unknownValue(character), column) }
            try append(.value(named), column: column)
        default:
            throw failure(.unexpectedCharacter(character), column)
        }
    }

    func finish() throws(MarbleError) -> MarbleTimeline<Value, Error> {
        if let open = group { throw failure(.unclosedGroup, open.column) }
        return MarbleTimeline(entries, frameCount: frame)
    }

    private mutating func append(_ event: Signal<Value, Error>.Event, column: Int) throws(MarbleError) {
        guard !terminated else { throw failure(.eventAfterTerminal, column) }
        entries.append(Entry(frame: frame, event: event))
        terminated = event.isTerminating
        if group != nil {
            group!.events += 1
        } else {
            frame += 1
        }
    }

    private func failure(_ problem: MarbleError.Problem, _ column: Int) -> MarbleError {
        MarbleError(problem, column: column, in: marbles)
    }
}

// MARK: - Printing

extension MarbleTimeline {
    /// Writes the timeline as marble text, naming each value with `character`.
    ///
    /// ```swift
    /// timeline.marbles { $0 > 9 ? "x" : "y" }   // "-x-(yy)|"
    /// ```
    ///
    /// Every frame becomes one character, or one parenthesised group when it holds
    /// several events; the text ends at the last frame, `frameCount`.
    public func marbles(_ character: (Value) -> Character) -> String {
        var text = ""
        var frames = framesWithEvents[...]
        for frame in 0..<frameCount {
            guard let next = frames.first, next.frame == frame else {
                text.append("-")
                continue
            }
            frames.removeFirst()
            let symbols = next.events.map { Self.symbol(for: $0, character) }
            text += symbols.count == 1 ? String(symbols) : "(\(String(symbols)))"
        }
        return text
    }

    private static func symbol(for event: Signal<Value, Error>.Event, _ character: (Value) -> Character) -> Character {
        switch event {
        case let .value(value): character(value)
        case .completed: "|"
        case .failed: "#"
        case .interrupted: "!"
        }
    }
}

extension MarbleTimeline where Value: Equatable {
    /// Writes the timeline as marble text, naming each value by its key in `values`
    /// (the first key in character order when several name the same value); a
    /// value with no key is written `?`.
    public func marbles(values: [Character: Value]) -> String {
        let names = values.sorted { $0.key < $1.key }
        return marbles { value in names.first { $0.value == value }?.key ?? "?" }
    }
}

extension MarbleTimeline where Value: CustomStringConvertible {
    /// Writes the timeline as marble text, naming each value by the first character
    /// of its description (`"apple"` → `a`, `7` → `7`; an empty description is `?`).
    public func marbles() -> String {
        marbles { $0.description.first ?? "?" }
    }
}

extension MarbleTimeline: CustomStringConvertible where Value: CustomStringConvertible {
    /// The marble text, as ``marbles()`` writes it.
    public var description: String {
        marbles()
    }
}
