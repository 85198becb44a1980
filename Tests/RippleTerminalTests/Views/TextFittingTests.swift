import RippleTerminal
import Testing

/// The one fitting routine: text cut with "…" or wrapped, by display width.
@Suite struct TextFittingTests {
    @Test(arguments: [
        ("importing 528 of 658", 20, "importing 528 of 658"),
        ("importing 528 of 658", 19, "importing 528 of 6…"),
        ("importing 528 of 658", 17, "importing 528 of…"),
        ("中文字幕", 5, "中文…"),
        ("中文字幕", 4, "中…"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
    ])
    func aLineThatDoesNotFitEndsWithAnEllipsisWithinItsColumns(text: String, columns: Int, fitted: String) {
        #expect(text.truncated(toColumns: columns) == fitted)
        #expect(fitted.displayWidth <= max(columns, 0))
    }

    @Test func wrappingBreaksAtSpacesAndDropsTheSpacesAtABreak() {
        #expect("Fix the tests before lunch".wrapped(toColumns: 12) == ["Fix the", "tests before", "lunch"])
        #expect("a\n\nb".wrapped(toColumns: 5) == ["a", "", "b"])
        #expect("".wrapped(toColumns: 5) == [""])
    }

    @Test func aWordWiderThanALineBreaksWhereTheLineIsFull() {
        #expect("abcdefghij xy".wrapped(toColumns: 4) == ["abcd", "efgh", "ij", "xy"])
    }

    @Test func wideCharactersWrapBetweenAnyTwoAndAreNeverSplit() {
        #expect("中文字幕测试".wrapped(toColumns: 5) == ["中文", "字幕", "测试"])
    }

    @Test func closingPunctuationStaysWithTheCharacterBeforeIt() {
        #expect("修复了问题。".wrapped(toColumns: 10) == ["修复了问", "题。"])
        #expect("修复了大端机器上的问题".wrapped(toColumns: 9) == ["修复了大", "端机器上", "的问题"])
    }

    @Test func aLongURLBreaksWhereTheLineIsFull() {
        #expect("see https://www.kernel.org/pub".wrapped(toColumns: 10) == ["see", "https://ww", "w.kernel.o", "rg/pub"])
    }

    @Test func lineBreaksStartNewLinesAndMixedTextBreaksAtSpacesOrWideCharacters() {
        #expect("New upstream release:\n- fix CVE-2013-0340".wrapped(toColumns: 30)
            == ["New upstream release:", "- fix CVE-2013-0340"])
        #expect("Fix 大端 machines".wrapped(toColumns: 8) == ["Fix 大端", "machines"])
    }

    @Test func textLeftOutOfTheLastLineEndsItWithAnEllipsis() {
        #expect("Fix the tests before lunch".wrapped(toColumns: 12, maximumLines: 2) == ["Fix the", "tests befor…"])
        #expect("one two".wrapped(toColumns: 4, maximumLines: 1) == ["one…"])
        #expect("one two".wrapped(toColumns: 3, maximumLines: 1) == ["on…"])
        #expect("one".wrapped(toColumns: 3, maximumLines: 0) == [])
        #expect("abcdefghijklmnop".wrapped(toColumns: 5, maximumLines: 2) == ["abcde", "fghi…"])
        #expect("一二三四五六七八".wrapped(toColumns: 6, maximumLines: 1) == ["一二…"])
    }

    @Test func everyWrappedLineFitsItsColumnsAtEveryWidth() {
        let text = "Could not reach the server: 服务器没有回应 after 3 tries (HTTP 503, over capacity)"
        for columns in 1...40 {
            for line in text.wrapped(toColumns: columns, maximumLines: 3) {
                #expect(line.displayWidth <= max(columns, 2), "\(columns): \(line)")
            }
        }
    }
}
