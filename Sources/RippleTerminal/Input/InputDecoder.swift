// InputDecoder: terminal input bytes, as they arrive in chunks, into input events.
//
//     decode("a你")                → a 你          (non-ASCII last character held, see below)
//     decode("\u{1B}[1;5C")        → ctrl-right
//     decode("\u{1B}")             → (nothing yet: Esc, or the start of a sequence?)
//     flush()                      → esc
//     decode("\u{1B}[200~a\rb\u{1B}[201~") → paste("a\rb")
//
// State carries across chunks: bytes split anywhere between two `decode` calls give
// the same events as in one call, with one exception: an ASCII character whose
// combining mark arrives in a later chunk (terminals send a grapheme cluster in one
// write; keeping every typed ASCII letter back would delay typing). A lone ESC, an
// unfinished sequence and the last character of a chunk when it is non-ASCII (an
// emoji whose modifier or ZWJ continuation may be in the next chunk) are held until
// more bytes decide them, or until `flush()`, which the caller calls once no byte
// has arrived for a short quiet time (`InputReader` does, 25 ms by default).
// A bracketed paste is one event, however many chunks it spans; `flush()` does not
// end it. Invalid UTF-8, malformed and unknown sequences are dropped: decoding
// resynchronises on the next byte that can start something, and never traps.

/// Decodes the bytes a terminal sends (keys, text, bracketed pastes, SGR mouse
/// reports) into ``InputEvent``s, keeping state between chunks.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.decode(Array("\u{1B}[A".utf8))   // [up]
/// decoder.decode([0x1B])                   // []: Esc, or the start of a sequence
/// decoder.flush()                          // [esc]: nothing followed it
/// ```
public struct InputDecoder: Sendable {
    /// Bytes not decoded yet: the start of a sequence, or a UTF-8 prefix.
    private var pending: [UInt8] = []
    /// The last character of the previous chunk, held because the next chunk may
    /// extend it (non-ASCII only, see the file's introduction).
    private var heldCharacter: String = ""
    /// The bytes of a bracketed paste in progress, without its start marker.
    private var paste: [UInt8]?

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether ``flush()`` would decide something: a lone ESC, an unfinished
    /// sequence or a held character is waiting. False during a bracketed paste,
    /// which only its end marker ends.
    public var needsFlush: Bool {
        paste == nil && !(pending.isEmpty && heldCharacter.isEmpty)
    }

    /// Decodes the next chunk of input, in the order its bytes arrived.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return decodePending(atEnd: false)
    }

    /// Decides what is pending as if no more bytes were coming: a lone ESC is the
    /// Esc key, `ESC [` is alt-[, a held character goes out, an unfinished sequence
    /// is dropped. Call it once the input has been quiet for a short while (about
    /// 25 ms). A bracketed paste in progress stays open.
    public mutating func flush() -> [InputEvent] {
        decodePending(atEnd: true)
    }

    private mutating func decodePending(atEnd: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count || (atEnd && !heldCharacter.isEmpty && paste == nil) {
            if paste != nil {
                index = consumePaste(from: index, into: &events)
                if paste != nil { break }
                continue
            }
            guard index < pending.count, isText(pending[index]) else {
                releaseHeldCharacter(into: &events)
                guard index < pending.count else { break }
                let step = pending[index] == EscapeSequence.escape
                    ? EscapeSequence.step(pending, at: index, atEnd: atEnd)
                    : .event(.key(ControlCharacter.keyEvent(for: pending[index])), next: index + 1)
                switch step {
                case let .event(event, next):
                    events.append(event)
                    index = next
                case let .dropped(next):
                    index = next
                case let .pasteStart(next):
                    paste = []
                    index = next
                case .needMore:
                    pending.removeFirst(index)
                    return events
                }
                continue
            }
            index = decodeText(from: index, atEnd: atEnd, into: &events)
            // A run of text stops at a non-text byte, or at an unfinished scalar.
            if index < pending.count, isText(pending[index]) { break }
        }
        pending.removeFirst(index)
        return events
    }

    /// Whether `byte` belongs to text: printable ASCII or any byte of UTF-8 beyond it.
    private func isText(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F
    }

    /// Decodes the run of text at `start`; returns the index after it, or, unless
    /// `atEnd`, the index of an unfinished UTF-8 sequence at the end of the bytes.
    private mutating func decodeText(from start: Int, atEnd: Bool, into events: inout [InputEvent]) -> Int {
        var scalars = heldCharacter.unicodeScalars
        heldCharacter = ""
        var index = start
        var reachedEnd = true
        scanning: while index < pending.count {
            guard isText(pending[index]) else {
                reachedEnd = false
                break
            }
            switch UTF8Scalar.read(pending, at: index) {
            case let .scalar(scalar, length):
                scalars.append(scalar)
                index += length
            case let .invalid(length):
                index += length
            case .incomplete:
                if atEnd { index = pending.count }
                break scanning
            }
        }
        var characters = Array(String(scalars))
        if !atEnd, reachedEnd, let last = characters.last, !last.isASCII {
            heldCharacter = String(characters.removeLast())
        }
        events.append(contentsOf: characters.map { .key(KeyEvent(.character($0))) })
        return index
    }

    private mutating func releaseHeldCharacter(into events: inout [InputEvent]) {
        guard !heldCharacter.isEmpty else { return }
        events.append(.key(KeyEvent(.character(Character(heldCharacter)))))
        heldCharacter = ""
    }

    /// Moves the bytes of the paste in progress out of `pending`, up to its end
    /// marker if it is there (then the paste event goes out); returns the index
    /// where decoding goes on. Keeps back a tail that may be the start of the marker.
    private mutating func consumePaste(from start: Int, into events: inout [InputEvent]) -> Int {
        let rest = pending[start...]
        if let end = rest.firstRange(of: Self.pasteEnd) {
            paste?.append(contentsOf: pending[start..<end.lowerBound])
            events.append(.paste(UTF8Scalar.decodeDroppingInvalid(paste ?? [])))
            paste = nil
            return end.upperBound
        }
        let kept = (1..<Self.pasteEnd.count).reversed().first { length in
            rest.count >= length && rest.suffix(length).elementsEqual(Self.pasteEnd.prefix(length))
        } ?? 0
        let end = pending.count - kept
        paste?.append(contentsOf: pending[start..<end])
        return end
    }
}

/// What decoding found at one position of the pending bytes.
enum DecodingStep {
    /// An event, and the index after its bytes.
    case event(InputEvent, next: Int)
    /// Bytes that mean nothing, dropped up to `next`.
    case dropped(next: Int)
    /// The start marker of a bracketed paste, ending before `next`.
    case pasteStart(next: Int)
    /// The bytes end inside a sequence: wait for more.
    case needMore
}
