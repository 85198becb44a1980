import SeedAppCore
import Testing

@Suite struct AgeTextTests {
    @Test(arguments: [
        (0, "0 s"), (12, "12 s"), (59, "59 s"),
        (60, "1 min"), (299, "4 min"), (3_599, "59 min"),
        (3_600, "1 h"), (86_399, "23 h"),
        (86_400, "1 d"), (364 * 86_400, "364 d"),
        (365 * 86_400, "1 y"), (166_389_865, "5 y"),
    ])
    func agesAreWrittenInTheLargestWholeUnit(seconds: Int, text: String) {
        #expect(AgeText.text(seconds: seconds) == text)
    }

    @Test func aNegativeAgeReadsAsNow() {
        #expect(AgeText.text(seconds: -30) == "0 s")
    }
}

@Suite struct KeyHintTests {
    @Test func hintsAreJoinedAsTheFooterWritesThem() {
        let hints = [KeyHint("Enter", "search"), KeyHint("Esc", "back")]
        #expect(hints.footerText == "Enter: search · Esc: back")
        #expect([KeyHint]().footerText == "")
    }
}

@Suite struct TrimmingTests {
    @Test(arguments: [
        ("  zlib \t", "zlib"), ("\n\nfix it\n", "fix it"), ("    ", ""), ("", ""), ("a b", "a b"),
        ("\u{3000}全角\u{3000}", "全角"),
    ])
    func leadingAndTrailingWhitespaceGo(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace == trimmed)
    }
}

@Suite struct CountTextTests {
    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1,000"), (1_234, "1,234"), (29_856, "29,856"),
        (1_234_567, "1,234,567"), (-4_200, "-4,200"),
    ])
    func countsAreGroupedByThousands(number: Int, text: String) {
        #expect(CountText.grouped(number) == text)
    }
}
