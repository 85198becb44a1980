import RippleTerminal
import Testing

@Suite struct DisplayWidthTests {
    @Test func printableASCIITakesOneColumnEach() {
        #expect("hello, world!".displayWidth == 13)
        #expect(Character("~").displayWidth == 1)
    }

    @Test func controlCharactersTakeNoColumn() {
        #expect(Character("\u{7}").displayWidth == 0)
        #expect(Character("\r\n").displayWidth == 0)
        #expect(Character("\u{7F}").displayWidth == 0)
        #expect(Character("\u{85}").displayWidth == 0)
        #expect("a\tb\n".displayWidth == 2)
    }

    @Test func eastAsianWideAndFullwidthCharactersTakeTwoColumns() {
        for wide in ["中", "文", "𠀀", "あ", "カ", "한", "가", "Ａ", "！", "　"] {
            #expect(Character(wide).displayWidth == 2, "\(wide)")
        }
        #expect("你好，世界".displayWidth == 10)
    }

    @Test func narrowAndAmbiguousCharactersTakeOneColumn() {
        for narrow in ["é", "ß", "Ж", "α", "±", "→", "ｱ", "€"] {
            #expect(Character(narrow).displayWidth == 1, "\(narrow)")
        }
    }

    @Test func combiningMarksStandingAloneTakeNoColumn() {
        #expect(Character("\u{301}").displayWidth == 0)
        #expect(Character("\u{200D}").displayWidth == 0)
        #expect(Character("\u{200B}").displayWidth == 0)
        #expect(Character("\u{FE0F}").displayWidth == 0)
        #expect(Character("\u{1160}").displayWidth == 0)
    }

    @Test func aCombiningMarkAddsNothingToItsBase() {
        #expect(Character("e\u{301}").displayWidth == 1)
        #expect(Character("中\u{301}").displayWidth == 2)
        #expect("cafe\u{301}".displayWidth == 4)
    }

    @Test func emojiPresentationTakesTwoColumns() {
        for emoji in ["😀", "🚀", "⌚", "👍"] {
            #expect(Character(emoji).displayWidth == 2, "\(emoji)")
        }
    }

    @Test func emojiSequencesAreOneTwoColumnCluster() {
        let sequences = [
            "🇯🇵",  // flag
            "1\u{FE0F}\u{20E3}",  // keycap
            "👍🏽",  // skin tone
            "👨\u{200D}👩\u{200D}👧",  // ZWJ family
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",  // tag sequence
        ]
        for sequence in sequences {
            #expect(sequence.count == 1)
            #expect(Character(sequence).displayWidth == 2, "\(sequence.unicodeScalars.map(\.value))")
        }
    }

    @Test func variationSelector16MakesATextDefaultEmojiWide() {
        #expect(Character("\u{2764}").displayWidth == 1)
        #expect(Character("\u{2764}\u{FE0F}").displayWidth == 2)
        #expect(Character("\u{263A}\u{FE0F}").displayWidth == 2)
    }

    @Test func aSkinToneModifierMakesATextDefaultEmojiWide() {
        #expect(Character("\u{261D}").displayWidth == 1)
        #expect(Character("\u{261D}\u{1F3FD}").displayWidth == 2)
    }

    @Test func aStringIsTheSumOfItsClusters() {
        #expect("ab中😀e\u{301}".displayWidth == 1 + 1 + 2 + 2 + 1)
        #expect("".displayWidth == 0)
        #expect("中文"[...].displayWidth == 4)
    }

    @Test func scalarsHaveTheirOwnWidth() {
        #expect(Unicode.Scalar(0x41)!.displayWidth == 1)
        #expect(Unicode.Scalar(0x4E2D)!.displayWidth == 2)
        #expect(Unicode.Scalar(0x0301)!.displayWidth == 0)
        #expect(Unicode.Scalar(0xAD)!.displayWidth == 0)
    }
}
