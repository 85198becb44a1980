import RippleTerminal
import Testing

@Suite struct InputDecoderTests {
    // MARK: Text

    @Test func asciiTextArrivesOneCharacterPerEventWithTheCaseTyped() {
        #expect(decodeAll("Hi there") == typed("Hi there"))
        #expect(decodeAll(" ") == [key(.character(" "))])
    }

    @Test func cjkAndAccentedTextDecodeAsCharacters() {
        #expect(decodeAll("你好，世界") == typed("你好，世界"))
        #expect(decodeAll("café") == typed("café"))
    }

    @Test func anEmojiWithModifiersOrZWJArrivesAsOneCharacter() {
        let emoji = ["👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "🏳️‍🌈"]
        for text in emoji {
            #expect(decodeAll(text) == [key(.character(Character(text)))], "\(text)")
        }
        #expect(decodeAll("👍🏽🇫🇷🇩🇪") == typed("👍🏽🇫🇷🇩🇪"))
    }

    @Test func aCharacterSplitBetweenChunksDecodesOnce() {
        var decoder = InputDecoder()
        let bytes = Array("a你".utf8)
        #expect(decoder.decode(bytes[0..<2]) == typed("a"))
        #expect(decoder.decode(bytes[2..<3]).isEmpty)
        #expect(decoder.decode(bytes[3...]).isEmpty, "held: the next chunk may extend it")
        #expect(decoder.needsFlush)
        #expect(decoder.flush() == typed("你"))
        #expect(!decoder.needsFlush)
    }

    @Test func anEmojiWhoseModifierArrivesInTheNextChunkIsStillOneCharacter() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("👍".utf8)).isEmpty)
        #expect(decoder.decode(Array("🏽x".utf8)) == typed("👍🏽x"))
        var zwj = InputDecoder()
        #expect(zwj.decode(Array("👨‍".utf8)).isEmpty)
        #expect(zwj.decode(Array("👩‍👧".utf8)).isEmpty)
        #expect(zwj.decode([0x0D]) == [key(.character("👨‍👩‍👧")), key(.enter)])
    }

    @Test func asciiIsNeverHeldBack() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("你a".utf8)) == typed("你a"))
        #expect(!decoder.needsFlush)
    }

    // MARK: Control keys

    @Test func enterIsCarriageReturnOrLineFeed() {
        #expect(decodeAll([0x0D, 0x0A]) == [key(.enter), key(.enter)])
    }

    @Test func backspaceIsDeleteOrBackspaceByte() {
        #expect(decodeAll([0x7F, 0x08]) == [key(.backspace), key(.backspace)])
    }

    @Test func tabAndShiftTab() {
        #expect(decodeAll("\t\u{1B}[Z") == [key(.tab), key(.tab, .shift)])
        #expect(decodeAll("\u{1B}[Z").map(\.description) == ["shift-tab"])
    }

    @Test func controlLettersArriveAsTheLetterWithControl() {
        #expect(decodeAll([0x03]) == [ctrl("c")])
        #expect(decodeAll([0x01, 0x1A, 0x11]) == [ctrl("a"), ctrl("z"), ctrl("q")])
        #expect(decodeAll([0x00, 0x1C, 0x1D, 0x1E, 0x1F]) == [ctrl(" "), ctrl("\\"), ctrl("]"), ctrl("^"), ctrl("_")])
        #expect(decodeAll([0x03]).map(\.description) == ["ctrl-c"])
    }

    // MARK: Escape and alt

    @Test func aLoneEscapeWaitsForTheFlush() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.needsFlush)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.needsFlush)
        #expect(decoder.flush().isEmpty)
    }

    @Test func escapeFollowedByAKeyIsThatKeyWithAlt() {
        #expect(decodeAll("\u{1B}x") == [key(.character("x"), .alt)])
        #expect(decodeAll("\u{1B}你") == [key(.character("你"), .alt)])
        #expect(decodeAll([0x1B, 0x7F]) == [key(.backspace, .alt)])
        #expect(decodeAll([0x1B, 0x03]) == [key(.character("c"), [.alt, .control])])
        #expect(decodeAll("\u{1B}\u{1B}[A") == [key(.up, .alt)])
        #expect(decodeAll([0x1B, 0x1B]) == [key(.escape, .alt)])
        #expect(decodeAll("\u{1B}x").map(\.description) == ["alt-x"])
    }

    @Test func anUnfinishedIntroducerAtTheFlushIsAltBracketOrAltO() {
        #expect(decodeAll("\u{1B}[") == [key(.character("["), .alt)])
        #expect(decodeAll("\u{1B}O") == [key(.character("O"), .alt)])
    }

    // MARK: Cursor and editing keys

    @Test func arrowsInNormalAndApplicationMode() {
        #expect(decodeAll("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [key(.up), key(.down), key(.right), key(.left)])
        #expect(decodeAll("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [key(.up), key(.down), key(.right), key(.left)])
    }

    @Test func homeAndEndInEveryForm() {
        for home in ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"] {
            #expect(decodeAll(home) == [key(.home)], "\(Array(home.utf8))")
        }
        for end in ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"] {
            #expect(decodeAll(end) == [key(.end)], "\(Array(end.utf8))")
        }
    }

    @Test func pageKeysInsertAndDelete() {
        #expect(decodeAll("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~") == [key(.pageUp), key(.pageDown), key(.insert), key(.delete)])
    }

    @Test func functionKeysOneToTwelve() {
        let sequences = [
            "\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS", "\u{1B}[15~", "\u{1B}[17~",
            "\u{1B}[18~", "\u{1B}[19~", "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~",
        ]
        #expect(decodeAll(sequences.joined()) == (1...12).map { key(.function($0)) })
        #expect(decodeAll("\u{1B}[11~\u{1B}[12~\u{1B}[13~\u{1B}[14~") == (1...4).map { key(.function($0)) })
        #expect(decodeAll("\u{1B}[[A\u{1B}[[E") == [key(.function(1)), key(.function(5))])
    }

    @Test func modifierParametersAddShiftAltAndControl() {
        #expect(decodeAll("\u{1B}[1;5C") == [key(.right, .control)])
        #expect(decodeAll("\u{1B}[1;2A") == [key(.up, .shift)])
        #expect(decodeAll("\u{1B}[1;3D") == [key(.left, .alt)])
        #expect(decodeAll("\u{1B}[1;8H") == [key(.home, [.shift, .alt, .control])])
        #expect(decodeAll("\u{1B}[3;5~") == [key(.delete, .control)])
        #expect(decodeAll("\u{1B}[1;2P") == [key(.function(1), .shift)])
        #expect(decodeAll("\u{1B}[15;6~") == [key(.function(5), [.shift, .control])])
        #expect(decodeAll("\u{1B}[1;5C\u{1B}[1;8H").map(\.description) == ["ctrl-right", "ctrl-alt-shift-home"])
    }

    // MARK: Bracketed paste

    @Test func aBracketedPasteIsOneEventWithTheTextVerbatim() {
        let text = "line one\rline two\nsecond ESC-free line\t你好 👍🏽"
        #expect(decodeAll("\u{1B}[200~\(text)\u{1B}[201~x") == [.paste(text)] + typed("x"))
        #expect(decodeAll("\u{1B}[200~hello world!\u{1B}[201~").map(\.description) == ["paste(12 chars)"])
        #expect(decodeAll("\u{1B}[200~\u{1B}[201~") == [.paste("")])
    }

    @Test func aPasteKeepsEscapeSequencesAndControlBytesAsText() {
        let text = "a\u{1B}[Ab\u{03}c"
        #expect(decodeAll("\u{1B}[200~\(text)\u{1B}[201~") == [.paste(text)])
    }

    @Test func aPasteSpanningManyChunksAndQuietFlushesIsStillOneEvent() {
        var decoder = InputDecoder()
        var events = decoder.decode(Array("\u{1B}[200~".utf8))
        for byte in Array("first\r你\u{1B}[201~".utf8) {
            events += decoder.decode([byte])
            #expect(!decoder.needsFlush, "a paste is open until its end marker")
            events += decoder.flush()
        }
        #expect(events == [.paste("first\r你")])
    }

    @Test func invalidUTF8InsideAPasteIsDropped() {
        #expect(decodeAll([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0x61, 0xFF, 0x62, 0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]) == [.paste("ab")])
    }

    // MARK: Mouse

    @Test func sgrMousePressAndReleaseUseZeroBasedCells() {
        #expect(decodeAll("\u{1B}[<0;1;1M\u{1B}[<0;1;1m") == [mouse(.press(.left), 0, 0), mouse(.release(.left), 0, 0)])
        #expect(decodeAll("\u{1B}[<2;10;5M") == [mouse(.press(.right), 9, 4)])
        #expect(decodeAll("\u{1B}[<1;80;24m") == [mouse(.release(.middle), 79, 23)])
        #expect(decodeAll("\u{1B}[<0;4;5M").map(\.description) == ["left-press at 3,4"])
    }

    @Test func sgrMouseDragMoveAndWheel() {
        #expect(decodeAll("\u{1B}[<32;3;4M") == [mouse(.drag(.left), 2, 3)])
        #expect(decodeAll("\u{1B}[<35;3;4M") == [mouse(.move, 2, 3)])
        #expect(decodeAll("\u{1B}[<64;1;2M\u{1B}[<65;1;2M") == [mouse(.scrollUp, 0, 1), mouse(.scrollDown, 0, 1)])
        #expect(decodeAll("\u{1B}[<66;1;2M\u{1B}[<67;1;2M") == [mouse(.scrollLeft, 0, 1), mouse(.scrollRight, 0, 1)])
    }

    @Test func sgrMouseModifiers() {
        #expect(decodeAll("\u{1B}[<4;1;1M") == [mouse(.press(.left), 0, 0, .shift)])
        #expect(decodeAll("\u{1B}[<8;1;1M") == [mouse(.press(.left), 0, 0, .alt)])
        #expect(decodeAll("\u{1B}[<16;1;1M") == [mouse(.press(.left), 0, 0, .control)])
        #expect(decodeAll("\u{1B}[<81;7;9M").map(\.description) == ["ctrl-scroll-down at 6,8"])
    }

    @Test func meaninglessMouseReportsAreDropped() {
        let reports = ["\u{1B}[<0;0;1M", "\u{1B}[<0;1M", "\u{1B}[<128;1;1M", "\u{1B}[<3;1;1m", "\u{1B}[<64;1;1m", "\u{1B}[<0;1;1;1M"]
        for report in reports {
            #expect(decodeAll(report + "k") == typed("k"), "\(Array(report.utf8))")
        }
    }

    // MARK: Garbage

    @Test func unknownSequencesAreDroppedWhole() {
        let unknown = ["\u{1B}[99~", "\u{1B}[12;40R", "\u{1B}[?1;2c", "\u{1B}[1 q", "\u{1B}[1;5;3C", "\u{1B}Ox", "\u{1B}[[Z", "\u{1B}[I"]
        for sequence in unknown {
            #expect(decodeAll(sequence + "k") == typed("k"), "\(Array(sequence.utf8))")
        }
    }

    @Test func aSequenceBrokenByAnotherByteIsDroppedAndDecodingResumesThere() {
        #expect(decodeAll("\u{1B}[12\u{03}") == [ctrl("c")])
        #expect(decodeAll("\u{1B}[1;\u{1B}[B") == [key(.down)])
        #expect(decodeAll("\u{1B}O\u{1B}[B") == [key(.down)])
    }

    @Test func anUnfinishedSequenceAtTheFlushIsDropped() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;5".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("A".utf8)) == typed("A"))
    }

    @Test func overlongParametersAreDroppedInsteadOfHeld() {
        let digits = String(repeating: "1", count: 200)
        let events = decodeAll("\u{1B}[\(digits)A")
        #expect(events.count < 200)
        #expect(events.last == key(.character("A")))
    }

    @Test func invalidUTF8IsDroppedAndTheTextAroundItSurvives() {
        #expect(decodeAll([0x61, 0xFF, 0x62]) == typed("ab"))
        #expect(decodeAll([0x61, 0xC0, 0xAF, 0x62]) == typed("ab"), "overlong")
        #expect(decodeAll([0x61, 0xED, 0xA0, 0x80, 0x62]) == typed("ab"), "surrogate")
        #expect(decodeAll([0x61, 0xE4, 0xBD, 0x62]) == typed("ab"), "cut short")
        #expect(decodeAll([0x61, 0xE4, 0xBD]) == typed("a"), "cut short by the flush")
        #expect(decodeAll([0x80, 0x80, 0xE4, 0xBD, 0xA0]) == typed("你"), "stray continuations")
    }
}
