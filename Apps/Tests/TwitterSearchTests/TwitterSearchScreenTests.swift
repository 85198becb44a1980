import Foundation
import Ripple
import RippleTerminal
import RippleTesting
import Testing
@testable import TwitterSearch
import TwitterSearchCore
import TwitterSearchTestSupport

/// The screen in a VirtualTerminal, its ViewModel on a stub service in virtual time:
/// each state's screen as text (empty, searching, results with CJK text, a search
/// that waits for the service, error), the dimming while searching, the footer of
/// key hints, and rows that never show another tweet's age; at 60 and 80 columns.
@MainActor
@Suite struct TwitterSearchScreenTests {
    let scheduler = TestScheduler()
    let service: StubTwitterService
    let posted: Date

    init() throws {
        service = StubTwitterService(scheduler: scheduler)
        posted = scheduler.currentDate.addingTimeInterval(-30)
        let red = try #require(AvatarImage(width: 2, height: 2, rgba: Array(repeating: [200, 40, 40, 255], count: 4).flatMap { $0 }))
        try service.avatar("http://127.0.0.1:1/avatars/alice.png", "-i|", image: red)
        try service.avatar("http://127.0.0.1:1/avatars/wang.png", "-#", image: nil)
        try service.answer("widgets", "-r|", tweets: [
            Tweet(id: 1, profileImageURL: "http://127.0.0.1:1/avatars/alice.png", username: "alice",
                  status: "Fix the frobnication of widgets on big-endian machines. Closes: #1001.", timestamp: posted),
            Tweet(id: 2, profileImageURL: "http://127.0.0.1:1/avatars/wang.png", username: "wang",
                  status: "修复了大端机器上部件的问题，并更新了文档和翻译。感谢所有测试者的帮助。", timestamp: posted.addingTimeInterval(-60)),
        ], responseTime: 0.002572)
        try service.answer("widgets!", "--r|", tweets: [], responseTime: 0.001)
        try service.fail("broken", "-#", with: .refused(status: 429, message: "Rate limit exceeded"))
        try service.answer("building", attempts: [
            ("-#", .notReady(progress: IndexProgress(read: 263, total: 658))), ("-r|", nil),
        ], tweets: [])
    }

    func terminal(columns: Int = 60, rows: Int = 14) -> (VirtualTerminal, TwitterSearchScreen) {
        let screen = TwitterSearchApp.makeScreen(client: service, scheduler: scheduler)
        let terminal = VirtualTerminal(columns: columns, rows: rows, root: screen)
        return (terminal, screen)
    }

    /// Advances virtual time, then lets the views apply what it produced.
    func advance(by seconds: Double, _ terminal: VirtualTerminal) async {
        await scheduler.advance(by: seconds)
        await terminal.settle()
    }

    @Test func theEmptyScreen() async {
        let (terminal, _) = terminal()
        await advance(by: 0, terminal)
        #expect(terminal.lines == [
            "┌ Twitter Search ──────────────────────────────────────────┐",
            "│Search: type more than 3 characters                       │",
            "│                                                          │",
            "│No tweets                                                 │",
        ] + Array(repeating: "│                                                          │", count: 8) + [
            "│Esc: back to the menu                                     │",
            "└──────────────────────────────────────────────────────────┘",
        ])
        #expect(terminal.cursor == Position(column: 9, row: 1), "the field has the focus")
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["type more than 3 characters", "No tweets", "Esc: back to the menu"])
    }

    @Test func theResultsShowAvatarsAuthorsAgesAndWrappedTextCJKIncluded() async {
        let (terminal, _) = terminal()
        terminal.type("widgets")
        await advance(by: 1, terminal)
        // The answer is in; the avatars are on their way (a box meanwhile).
        #expect(terminal.lines == [
            "┌ Twitter Search ──────────────────────────────────────────┐",
            "│Search: widgets                                           │",
            "│Execution time: 0.002572                                  │",
            "│┌──────┐ @alice                                       31 s│",
            "││      │ Fix the frobnication of widgets on big-endian    │",
            "││      │ machines. Closes: #1001.                         │",
            "│└──────┘                                                  │",
            "│┌──────┐ @wang                                       1 min│",
            "││      │ 修复了大端机器上部件的问题，并更新了文档和翻译。 │",
            "││      │ 感谢所有测试者的帮助。                           │",
            "│└──────┘                                                  │",
            "│                                                          │",
            "│Tab: results and back · ↑↓: scroll · Esc: back to the menu│",
            "└──────────────────────────────────────────────────────────┘",
        ])
        await advance(by: 1, terminal)
        // A second later: alice's avatar drawn in half blocks, wang's could not be
        // read (the box stays), and both ages ticked.
        #expect(Array(terminal.lines[3...10]) == [
            "│▀▀▀▀▀▀▀▀ @alice                                       32 s│",
            "│▀▀▀▀▀▀▀▀ Fix the frobnication of widgets on big-endian    │",
            "│▀▀▀▀▀▀▀▀ machines. Closes: #1001.                         │",
            "│▀▀▀▀▀▀▀▀                                                  │",
            "│┌──────┐ @wang                                       1 min│",
            "││      │ 修复了大端机器上部件的问题，并更新了文档和翻译。 │",
            "││      │ 感谢所有测试者的帮助。                           │",
            "│└──────┘                                                  │",
        ])
        #expect(terminal.screen[1, 3].style.foreground == .rgb(200, 40, 40), "the avatar's colour")
        #expect(terminal.runs { $0.attributes.contains(.bold) } == ["@alice", "@wang"])
        #expect(terminal.runs { $0.attributes.contains(.dim) } == [
            "32 s", "┌──────┐", "1 min", "│", "│", "│", "│", "└──────┘", "Tab: results and back · ↑↓: scroll · Esc: back to the menu",
        ], "the ages, the placeholder box and the footer are dim, nothing else")
    }

    @Test func whileSearchingTheSpinnerTurnsAndTheResultsAreDimmed() async {
        let (terminal, _) = terminal()
        terminal.type("widgets")
        await advance(by: 0, terminal)
        #expect(terminal.lines[1] == "│Search: widgets                                          |│", "the spinner")
        await advance(by: 1, terminal)   // the answer
        await advance(by: 1, terminal)   // alice's avatar
        #expect(terminal.lines[1] == "│Search: widgets                                           │", "stopped with the answer")
        #expect(!terminal.runs { $0.attributes.contains(.dim) }.contains { $0.contains("Fix the frobnication") })

        terminal.type("!")
        await advance(by: 0, terminal)
        #expect(terminal.lines[1] == "│Search: widgets!                                         |│")
        // Every cell of every row is dim while the search runs (alpha 0.5 in the original).
        #expect(terminal.runs { $0.attributes.contains(.dim) } == [
            "▀▀▀▀▀▀▀▀ @alice                                       32 s",
            "▀▀▀▀▀▀▀▀ Fix the frobnication of widgets on big-endian    ",
            "▀▀▀▀▀▀▀▀ machines. Closes: #1001.                         ",
            "▀▀▀▀▀▀▀▀                                                  ",
            "┌──────┐ @wang                                       1 min",
            "│      │ 修复了大端机器上部件的问题，并更新了文档和翻译。 ",
            "│      │ 感谢所有测试者的帮助。                           ",
            "└──────┘                                                  ",
            "Tab: results and back · ↑↓: scroll · Esc: back to the menu",
        ])
        await advance(by: 0.1, terminal)
        #expect(terminal.lines[1] == "│Search: widgets!                                         /│", "the spinner turns")
        await advance(by: 2, terminal)
        // "widgets!" found nothing.
        #expect(terminal.lines[1...3] == [
            "│Search: widgets!                                          │",
            "│Execution time: 0.001                                     │",
            "│No tweets                                                 │",
        ])
    }

    @Test func anErrorShowsAsASentenceWrappedInItsOwnLinesAndTheNextSearchClearsIt() async {
        let (terminal, _) = terminal()
        terminal.type("broken")
        await advance(by: 1, terminal)
        #expect(terminal.lines[0...5] == [
            "┌ Twitter Search ──────────────────────────────────────────┐",
            "│Search: broken                                            │",
            "│                                                          │",
            "│The tweet service could not answer: Rate limit exceeded   │",
            "│(HTTP 429).                                               │",
            "│No tweets                                                 │",
        ])
        #expect(terminal.runs { $0.foreground == .red && $0.attributes.contains(.bold) }
            == ["The tweet service could not answer: Rate limit exceeded", "(HTTP 429)."])

        for _ in 0..<6 { terminal.press(.backspace) }
        terminal.type("widgets")
        await advance(by: 1, terminal)
        #expect(terminal.lines[1...3] == [
            "│Search: widgets                                           │",
            "│Execution time: 0.002572                                  │",
            "│┌──────┐ @alice                                       32 s│",
        ])
        #expect(terminal.runs { $0.foreground == .red }.isEmpty, "the error is gone")
    }

    @Test func aSearchThatWaitsForTheIndexSaysHowFarItIsAndRunsWhenItIsReady() async {
        let (terminal, _) = terminal()
        terminal.type("building")
        await advance(by: 1, terminal)
        #expect(terminal.lines[0...5] == [
            "┌ Twitter Search ──────────────────────────────────────────┐",
            "│Search: building                                         -│",
            "│                                                          │",
            "│Building the tweet index: 39 %. Your search runs when it  │",
            "│is ready.                                                 │",
            "│No tweets                                                 │",
        ], "the spinner turns while the search waits")
        #expect(terminal.runs { $0.foreground == .red }.isEmpty, "waiting is not an error")
        await advance(by: 2, terminal)   // sent again at 2, answered at 3
        #expect(terminal.lines[1...3] == [
            "│Search: building                                          │",
            "│Execution time: 0.25                                      │",
            "│No tweets                                                 │",
        ])
    }

    @Test func atEightyColumnsASearchThatWaitsShowsItsWholeNotice() async {
        let (terminal, _) = terminal(columns: 80, rows: 24)
        terminal.type("building")
        await advance(by: 1, terminal)
        #expect(terminal.lines == [
            "┌ Twitter Search ──────────────────────────────────────────────────────────────┐",
            "│Search: building                                                             -│",
            "│                                                                              │",
            "│Building the tweet index: 39 %. Your search runs when it is ready.            │",
            "│No tweets                                                                     │",
        ] + Array(repeating: "│                                                                              │", count: 17) + [
            "│Esc: back to the menu                                                         │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
        ])
    }

    @Test func atEightyColumnsTheResultsShowEveryTextWhole() async {
        let (terminal, _) = terminal(columns: 80, rows: 24)
        terminal.type("widgets")
        await advance(by: 1, terminal)
        await advance(by: 1, terminal)
        #expect(terminal.lines == [
            "┌ Twitter Search ──────────────────────────────────────────────────────────────┐",
            "│Search: widgets                                                               │",
            "│Execution time: 0.002572                                                      │",
            "│▀▀▀▀▀▀▀▀ @alice                                                           32 s│",
            "│▀▀▀▀▀▀▀▀ Fix the frobnication of widgets on big-endian machines. Closes:      │",
            "│▀▀▀▀▀▀▀▀ #1001.                                                               │",
            "│▀▀▀▀▀▀▀▀                                                                      │",
            "│┌──────┐ @wang                                                           1 min│",
            "││      │ 修复了大端机器上部件的问题，并更新了文档和翻译。感谢所有测试者的帮   │",
            "││      │ 助。                                                                 │",
            "│└──────┘                                                                      │",
        ] + Array(repeating: "│                                                                              │", count: 11) + [
            "│Tab: results and back · ↑↓: scroll · Esc: back to the menu                    │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
        ])
    }

    @Test func atEightyColumnsAnErrorIsOneWholeSentence() async {
        let (terminal, _) = terminal(columns: 80, rows: 24)
        terminal.type("broken")
        await advance(by: 1, terminal)
        #expect(terminal.lines == [
            "┌ Twitter Search ──────────────────────────────────────────────────────────────┐",
            "│Search: broken                                                                │",
            "│                                                                              │",
            "│The tweet service could not answer: Rate limit exceeded (HTTP 429).           │",
            "│No tweets                                                                     │",
        ] + Array(repeating: "│                                                                              │", count: 17) + [
            "│Esc: back to the menu                                                         │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
        ])
    }

    @Test func tabMovesBetweenTheFieldAndTheResults() async {
        let (terminal, _) = terminal()
        terminal.type("widgets")
        await advance(by: 1, terminal)
        terminal.press(.tab)
        await terminal.settle()
        #expect(terminal.cursor != Position(column: 16, row: 1), "the list has the focus")
        terminal.press(.tab)
        await terminal.settle()
        #expect(terminal.cursor == Position(column: 16, row: 1), "the field has it again, as the footer says")
    }

    @Test func aReusedRowShowsOnlyItsOwnTweetsAge() async throws {
        // Twelve tweets, 10 s apart; two and a half rows show. Scrolling to the end
        // and back reuses the rows; a row bound to the tweet it showed before (the
        // original's cells) would show that tweet's age after the next tick.
        let many = (1...12).map { index in
            Tweet(id: Int64(index), profileImageURL: "http://127.0.0.1:1/avatars/none.png", username: "user\(index)",
                  status: "Tweet number \(index).", timestamp: scheduler.currentDate.addingTimeInterval(-Double(index * 10)))
        }
        try service.answer("many tweets", "-r|", tweets: many)
        let (terminal, _) = terminal()
        terminal.type("many tweets")
        await advance(by: 1, terminal)
        terminal.press(.tab)   // the list
        terminal.press(.end)
        await advance(by: 1, terminal)
        #expect(terminal.lines.contains { $0.contains("@user12") })
        terminal.press(.home)
        await advance(by: 1, terminal)

        // Three seconds after the start, each tweet i is 10 × i + 3 seconds old.
        let shown = terminal.lines.compactMap { line -> (user: Int, age: Int)? in
            guard let match = line.firstMatch(of: /@user(\d+) +(\d+) s/) else { return nil }
            return (Int(match.1)!, Int(match.2)!)
        }
        #expect(shown.map(\.user) == [1, 2, 3])
        for row in shown {
            #expect(row.age == row.user * 10 + 3, "@user\(row.user)")
        }
    }
}
