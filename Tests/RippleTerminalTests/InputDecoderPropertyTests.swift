import RippleTerminal
import Testing

/// Properties of `InputDecoder` over thousands of generated inputs, from a fixed seed
/// so that a failure replays.
@Suite struct InputDecoderPropertyTests {
    /// Inputs whose events are known; any concatenation decodes to the concatenation
    /// of their events (no token is a lone ESC, and no text token can extend its
    /// neighbour).
    static let tokens: [(bytes: String, events: [InputEvent])] = [
        ("a", typed("a")), ("Z", typed("Z")), (" ", typed(" ")), ("你好", typed("你好")),
        ("👍🏽", typed("👍🏽")), ("👨‍👩‍👧", typed("👨‍👩‍👧")), ("🇫🇷", typed("🇫🇷")), ("é", typed("é")),
        ("\r", [key(.enter)]), ("\u{7F}", [key(.backspace)]), ("\u{03}", [ctrl("c")]), ("\t", [key(.tab)]),
        ("\u{1B}[A", [key(.up)]), ("\u{1B}OH", [key(.home)]), ("\u{1B}[1;5C", [key(.right, .control)]),
        ("\u{1B}[3~", [key(.delete)]), ("\u{1B}[24~", [key(.function(12))]), ("\u{1B}[Z", [key(.tab, .shift)]),
        ("\u{1B}x", [key(.character("x"), .alt)]), ("\u{1B}\u{1B}[B", [key(.down, .alt)]),
        ("\u{1B}[<0;12;3M", [mouse(.press(.left), 11, 2)]), ("\u{1B}[<65;1;1M", [mouse(.scrollDown, 0, 0)]),
        ("\u{1B}[200~pasted\r\u{1B}[A你\u{1B}[201~", [.paste("pasted\r\u{1B}[A你")]),
        ("\u{1B}[99~", []), ("\u{1B}[12;40R", []),
    ]

    @Test func bytesSplitAnywhereBetweenChunksDecodeAsInOneChunk() {
        var generator = SeededRandom(seed: 19)
        for _ in 0..<2_000 {
            let chosen = (0..<Int.random(in: 1...8, using: &generator)).map { _ in Self.tokens.randomElement(using: &generator)! }
            let bytes = Array(chosen.map(\.bytes).joined().utf8)
            let expected = chosen.flatMap(\.events)
            #expect(decodeAll(bytes) == expected)

            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...6, using: &generator))
                events += decoder.decode(bytes[start..<end])
                start = end
            }
            events += decoder.flush()
            #expect(events == expected, "\(bytes)")
        }
    }

    @Test func everySingleSplitPointDecodesTheSame() {
        let bytes = Array(Self.tokens.map(\.bytes).joined().utf8)
        let expected = Self.tokens.flatMap(\.events)
        for split in 0...bytes.count {
            var decoder = InputDecoder()
            let events = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...]) + decoder.flush()
            #expect(events == expected, "split at \(split)")
        }
    }

    /// Bytes biased towards the ones that start and continue sequences and UTF-8.
    static func garbage(using generator: inout SeededRandom) -> [UInt8] {
        let interesting: [UInt8] = Array("\u{1B}[O<;:?~MmZ0123456789".utf8) + [0x00, 0x0D, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE4, 0xED, 0xF0, 0xF4, 0xF8, 0xFF]
        return (0..<Int.random(in: 0...40, using: &generator)).map { _ in
            Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
        }
    }

    @Test func randomGarbageNeverTrapsAndTextAfterAQuietFlushDecodes() {
        var generator = SeededRandom(seed: 2_019)
        let pasteStart = Array("\u{1B}[200~".utf8)
        var cases = 0
        while cases < 5_000 {
            let garbage = Self.garbage(using: &generator)
            // After a paste's start marker everything is pasted text, by design.
            if garbage.firstRange(of: pasteStart) != nil { continue }
            cases += 1
            var decoder = InputDecoder()
            var start = 0
            var events: [InputEvent] = []
            while start < garbage.count {
                let end = min(garbage.count, start + Int.random(in: 1...8, using: &generator))
                events += decoder.decode(garbage[start..<end])
                start = end
            }
            events += decoder.flush()
            #expect(!decoder.needsFlush)
            for case let .mouse(event) in events {
                #expect(event.column >= 0 && event.row >= 0)
            }
            #expect(decoder.decode(Array("ok 你好\r".utf8)) == typed("ok 你好") + [key(.enter)], "after \(garbage)")
        }
    }

    @Test func randomGarbageFollowedByAnEscapeSequenceResynchronises() {
        var generator = SeededRandom(seed: 7)
        let pasteStart = Array("\u{1B}[200~".utf8)
        var cases = 0
        while cases < 2_000 {
            let garbage = Self.garbage(using: &generator)
            if garbage.firstRange(of: pasteStart) != nil { continue }
            cases += 1
            var decoder = InputDecoder()
            _ = decoder.decode(garbage)
            _ = decoder.flush()
            #expect(decoder.decode(Array("\u{1B}[1;5Cx".utf8)) == [key(.right, .control)] + typed("x"), "after \(garbage)")
        }
    }
}
