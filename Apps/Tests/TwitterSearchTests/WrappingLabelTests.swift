import RippleTerminal
import Testing
@testable import TwitterSearch

/// The tweet text's wrapping: by display width, at spaces, between wide
/// characters, long words cut, line breaks kept, and "…" when lines run out.
@MainActor
@Suite struct WrappingLabelTests {
    func lines(_ text: String, _ columns: Int, _ maximumLines: Int = 10) -> [String] {
        WrappingLabel.lines(of: text, columns: columns, maximumLines: maximumLines)
    }

    @Test func wordsGoWholeOntoALineWhileTheyFit() {
        #expect(lines("Fix the frobnication of widgets", 12) == ["Fix the", "frobnication", "of widgets"])
        #expect(lines("a  b   c", 3) == ["a b", "c"], "runs of spaces are one space; spaces at a break go")
    }

    @Test func aWordLongerThanALineIsCut() {
        #expect(lines("see https://www.kernel.org/pub", 10) == ["see", "https://ww", "w.kernel.o", "rg/pub"])
    }

    @Test func wideCharactersBreakBetweenThemselvesAndCountTwoColumns() {
        #expect(lines("修复了大端机器上的问题", 9) == ["修复了大", "端机器上", "的问题"])
        #expect(lines("Fix 大端 machines", 8) == ["Fix 大端", "machines"])
    }

    @Test func lineBreaksStartNewLines() {
        #expect(lines("New upstream release:\n- fix CVE-2013-0340", 30) == ["New upstream release:", "- fix CVE-2013-0340"])
        #expect(lines("a\n\nb", 5) == ["a", "", "b"])
    }

    @Test func textThatNeedsMoreLinesEndsWithAnEllipsis() {
        #expect(lines("one two three four five six", 9, 2) == ["one two", "three…"])
        #expect(lines("abcdefghijklmnop", 5, 2) == ["abcde", "fghi…"], "the last character makes room")
        #expect(lines("一二三四五六七八", 6, 1) == ["一二…"])
        #expect(lines("fits", 9, 1) == ["fits"])
    }

    @Test func nothingFitsInNoColumns() {
        #expect(lines("text", 0).isEmpty)
        #expect(lines("text", 4, 0).isEmpty)
    }

    @Test func theViewDrawsAtMostItsLinesAndFitsItsText() {
        let label = WrappingLabel("one two three four five six", maximumLines: 2)
        #expect(label.sizeThatFits(Size(columns: 9, rows: 5)) == Size(columns: 7, rows: 2))
        let terminal = VirtualTerminal(columns: 9, rows: 3, root: label)
        #expect(terminal.lines == ["one two", "three…", ""])
    }
}
