import FlickrSearchCore
import FlickrSearchStubs
import Foundation
import Ripple
import RippleTerminal
import RippleTesting
import Testing
@testable import FlickrSearch

/// The app's screens in a VirtualTerminal, its ViewModels on stub services in
/// virtual time (a marble frame is a second), thumbnails decoded from a tiny PNG:
/// the search screen empty, searching, with recent searches and with the store's
/// note; the results pushed by the ViewModel, their counts once a row stays a
/// second, Esc back; the alert of a failed search; rows reporting their visibility
/// as the list scrolls and showing nothing of their previous photo once reused; at
/// 80 × 24 and 120 × 30.
@MainActor
@Suite struct FlickrSearchScreenTests {
    let scheduler = TestScheduler()
    let service: StubFlickrServices
    let store = StubRecentSearchStore()

    init() throws {
        service = StubFlickrServices(scheduler: scheduler)
        try service.answer("flower", "-(r|)", total: 1234, photos: [
            StubFlickrServices.photo("A red flower in a blue vase, drawn with a thick pen over a pale yellow background", id: "1"),
            StubFlickrServices.photo("Sunflower", id: "2"),
            FlickrPhoto(id: "3", title: "", thumbnailURL: URL(string: "http://127.0.0.1:1/farm1/1/3_broken__m.jpg")),
        ])
        try service.favourites("1", "-v|", 12)
        try service.comments("1", "--v|", 3)
        try service.favourites("2", "-v|", 0)
        try service.comments("2", "-v|", 1)
        try service.favourites("3", "-#")
        try service.fail("broken", "-#", with: .unreachable)
        try service.answer("many", "-(r|)", total: 40, photos: (1...40).map { StubFlickrServices.photo("Photo \($0)", id: "m\($0)") })
    }

    func terminal(columns: Int = 80, rows: Int = 24, store: StubRecentSearchStore? = nil) -> (VirtualTerminal, FlickrSearchScreen) {
        let screen = FlickrSearchApp.makeScreen(search: service, metadata: service, store: store ?? self.store,
                                                thumbnails: blueThumbnails(), scheduler: scheduler)
        return (VirtualTerminal(columns: columns, rows: rows, root: screen), screen)
    }

    /// Advances virtual time, then lets the views apply what it produced.
    func advance(by seconds: Double, _ terminal: VirtualTerminal) async {
        await scheduler.advance(by: seconds)
        await terminal.settle()
    }

    /// Lets the main queue run until `condition` holds (at most 200 rounds): the
    /// thumbnails reach their views through main-actor hops, which other suites'
    /// work on the main actor can outnumber on a loaded machine.
    func settle(_ terminal: VirtualTerminal, until condition: () -> Bool) async {
        for _ in 0..<200 where !condition() {
            await terminal.settle()
        }
    }

    /// The screen's lines, also written to a file of the temporary directory for
    /// reading when a comparison fails.
    func lines(_ terminal: VirtualTerminal, _ name: String) -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flickr-screen-\(name).txt")
        try? terminal.lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return terminal.lines
    }

    static let blank80 = "│" + String(repeating: " ", count: 78) + "│"

    /// `text` in a line of a 120-column screen's border.
    static func row120(_ text: String) -> String {
        "│" + text + String(repeating: " ", count: 118 - text.count) + "│"
    }

    @Test func theSearchScreenAtEightyColumns() async {
        let (terminal, _) = terminal()
        await advance(by: 0, terminal)
        #expect(lines(terminal, "empty") == [
            "                                 Flickr Search",
            "────────────────────────────────────────────────────────────────────────────────",
            "┌──────────────────────────────────────────────────────────────────────────────┐",
            "│Search: type more than 3 characters                               [ Search ]  │",
            "│Recent searches                                                               │",
            "│No recent searches                                                            │",
        ] + Array(repeating: Self.blank80, count: 16) + [
            "│Tab: next · Esc: back to the menu                                             │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
        ])
        #expect(terminal.cursor == Position(column: 9, row: 3), "the field has the focus")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ Search ]"), "disabled until there is text")
    }

    @Test func searchingTurnsTheSpinnerAndDisablesTheButton() async {
        let (terminal, _) = terminal()
        terminal.type("flower")
        await advance(by: 0, terminal)
        #expect(!terminal.runs { $0.attributes.contains(.dim) }.contains("[ Search ]"), "enabled")
        #expect(terminal.lines.last(where: { $0.contains("Enter") }) == "│Enter: search · Tab: next · Esc: back to the menu                             │")
        terminal.press(.enter)
        await advance(by: 0, terminal)
        #expect(terminal.lines[3] == "│Search: flower                                                    [ Search ] |│")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ Search ]"), "disabled while searching")
    }

    @Test func theResultsArePushedWithThumbnailsAndEachRowsCountsComeOnceItStaysASecond() async {
        let (terminal, screen) = terminal()
        terminal.type("flower")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        await settle(terminal) { terminal.lines.filter { $0.contains("▀▀▀▀▀▀▀▀") }.count == 8 }
        #expect(screen.resultsView != nil)
        #expect(lines(terminal, "results") == [
            "‹ Back                               flower",
            "────────────────────────────────────────────────────────────────────────────────",
            "┌──────────────────────────────────────────────────────────────────────────────┐",
            "│1,234 photos, the first 3 shown                                               │",
            "│ ▀▀▀▀▀▀▀▀  A red flower in a blue vase, drawn with a thick pen over a pale    │",
            "│ ▀▀▀▀▀▀▀▀  yellow background                                                  │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│ ▀▀▀▀▀▀▀▀  Sunflower                                                          │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│┌────────┐ Untitled                                                           │",
            "││        │                                                                    │",
            "││        │                                                                    │",
            "│└────────┘                                                                    │",
        ] + Array(repeating: Self.blank80, count: 6) + [
            "│↑↓ PgUp PgDn: scroll · Esc: back to the search                                │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
        ])
        await advance(by: 3, terminal)
        #expect(Array(lines(terminal, "results-counts")[4...15]) == [
            "│ ▀▀▀▀▀▀▀▀  A red flower in a blue vase, drawn with a thick pen over a pale    │",
            "│ ▀▀▀▀▀▀▀▀  yellow background                                                  │",
            "│ ▀▀▀▀▀▀▀▀  ♥ 12  ✉ 3                                                          │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│ ▀▀▀▀▀▀▀▀  Sunflower                                                          │",
            "│ ▀▀▀▀▀▀▀▀  ♥ 0  ✉ 1                                                           │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│ ▀▀▀▀▀▀▀▀                                                                     │",
            "│┌────────┐ Untitled                                                           │",
            "││        │                                                                    │",
            "││        │                                                                    │",
            "│└────────┘                                                                    │",
        ], "photo 3's favourites failed: its counts stay hidden")
        #expect(terminal.screen[3, 4].style.foreground == .rgb(40, 90, 200), "the thumbnail's colour")
    }

    @Test func escGoesBackToTheSearchWithTheSearchOnTopOfTheRecentOnes() async {
        let (terminal, screen) = terminal()
        terminal.type("flower")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        terminal.press(.escape)
        await advance(by: 0, terminal)
        #expect(screen.resultsView == nil)
        #expect(screen.viewModel.shownResults.value == nil, "the ViewModel decided")
        #expect(Array(lines(terminal, "back")[3...7]) == [
            "│Search: flower                                                    [ Search ]  │",
            "│Recent searches                                                               │",
            "│▀▀▀▀▀▀ flower                                                                 │",
            "│▀▀▀▀▀▀ 1,234 photos                                                           │",
            "│▀▀▀▀▀▀                                                                        │",
        ])
        #expect(terminal.lines[22] == "│Enter: search · Tab: next · ↑↓ Enter: search again · Esc: back to the menu    │")
        #expect(store.searches.map(\.searchText) == ["flower"])

        // Tab, Tab: to the list; Enter runs the search again.
        terminal.press(.tab)
        terminal.press(.tab)
        terminal.press(.enter)
        await advance(by: 1, terminal)
        #expect(screen.resultsView?.viewModel.title == "flower")
    }

    @Test func aFailedSearchShowsTheAlertAndOKGivesTheFieldBackForTheNextSearch() async {
        let (terminal, screen) = terminal()
        terminal.type("broken")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        #expect(Array(lines(terminal, "alert")[9...14]) == [
            "│                   ┌ Connection Error ────────────────────┐                   │",
            "│                   │ There was a problem reaching Flickr. │                   │",
            "│                   │                                      │                   │",
            "│                   │                [ OK ]                │                   │",
            "│                   └──────────────────────────────────────┘                   │",
            Self.blank80,
        ])
        terminal.press(.enter)
        await advance(by: 0, terminal)
        #expect(!terminal.lines.contains { $0.contains("Connection Error") })
        #expect(terminal.cursor == Position(column: 15, row: 3), "the field has the focus again")
        for _ in 0..<6 { terminal.press(.backspace) }
        terminal.type("flower")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        #expect(screen.resultsView?.viewModel.title == "flower", "the search works again")
    }

    @Test func atAHundredAndTwentyColumnsTheStoresNoteShowsWhole() async {
        let broken = StubRecentSearchStore(loadFailure: RecentSearchStoreError(
            reason: "/home/ada/.local/share/ripple/flickr-recent-searches.json is not a list of searches"))
        let (terminal, _) = terminal(columns: 120, rows: 30, store: broken)
        await advance(by: 0, terminal)
        let blank = "│" + String(repeating: " ", count: 118) + "│"
        #expect(lines(terminal, "note-120") == [
            "                                                     Flickr Search",
            String(repeating: "─", count: 120),
            "┌" + String(repeating: "─", count: 118) + "┐",
            "│Search: type more than 3 characters                                                                       [ Search ]  │",
            "│The recent searches could not be read (/home/ada/.local/share/ripple/flickr-recent-searches.json is not a list of     │",
            "│searches): starting with none.                                                                                        │",
            "│Recent searches                                                                                                       │",
            "│No recent searches                                                                                                    │",
        ] + Array(repeating: blank, count: 20) + [
            "│Tab: next · Esc: back to the menu                                                                                     │",
            "└" + String(repeating: "─", count: 118) + "┘",
        ])
        #expect(terminal.runs { $0.foreground == .yellow }.count == 2)
    }

    @Test func atAHundredAndTwentyColumnsTheResultsAndTheAlertFitWithTheirKeys() async {
        let (terminal, _) = terminal(columns: 120, rows: 30)
        terminal.type("flower")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        await advance(by: 3, terminal)
        let results = lines(terminal, "results-120")
        #expect(results[0] == "‹ Back" + String(repeating: " ", count: 51) + "flower")
        #expect(Array(results[3...7]) == [
            Self.row120("1,234 photos, the first 3 shown"),
            Self.row120(" ▀▀▀▀▀▀▀▀  A red flower in a blue vase, drawn with a thick pen over a pale yellow background"),
            Self.row120(" ▀▀▀▀▀▀▀▀  ♥ 12  ✉ 3"),
            Self.row120(" ▀▀▀▀▀▀▀▀"),
            Self.row120(" ▀▀▀▀▀▀▀▀"),
        ])
        #expect(results[28] == Self.row120("↑↓ PgUp PgDn: scroll · Esc: back to the search"))
        terminal.press(.escape)
        for _ in 0..<6 { terminal.press(.backspace) }
        terminal.type("broken")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        let alert = lines(terminal, "alert-120")
        #expect(alert.contains(Self.row120(String(repeating: " ", count: 39) + "┌ Connection Error ────────────────────┐")))
        #expect(alert[28] == Self.row120("Enter: search · Tab: next · ↑↓ Enter: search again · Esc: back to the menu"))
    }

    @Test func rowsReportTheirVisibilityAsTheListScrollsAndOnlyShownRowsFetch() async throws {
        let (terminal, screen) = terminal()
        let requests = scheduler.record(service.metadataRequests)
        terminal.type("many")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        let results = try #require(screen.resultsView)
        let items = results.viewModel.items
        // 18 lines of list: four rows and a half.
        #expect(items.filter(\.isVisible.value).map(\.id) == ["m1", "m2", "m3", "m4", "m5"])
        terminal.press(.pageDown)
        await advance(by: 0, terminal)
        let shown = items.filter(\.isVisible.value).map(\.id)
        #expect(!shown.contains("m1") && !shown.isEmpty)
        await advance(by: 2, terminal)
        // The first five were hidden before their second: only the rows shown now fetched.
        #expect(Set(requests.values) == Set(shown.flatMap { ["f:\($0)", "c:\($0)"] }))
    }

    @Test func aReusedRowShowsNothingOfItsPreviousPhoto() async throws {
        let (terminal, screen) = terminal()
        terminal.type("many")
        terminal.press(.enter)
        await advance(by: 1, terminal)   // the answer, the results pushed and drawn
        await advance(by: 2, terminal)   // a second on screen, and both counts
        let list = try #require(screen.resultsView?.list)
        let firstRow = try #require(list.row(at: ListIndexPath(row: 0, section: 0)))
        #expect(firstRow.title.text == "Photo 1")
        #expect(!firstRow.favourites.isHidden && firstRow.favourites.text == "♥ 0")
        for _ in 0..<3 { terminal.press(.pageDown) }
        await advance(by: 0, terminal)
        // The row now shows another photo, whose counts are not known yet.
        #expect(firstRow.title.text != "Photo 1")
        #expect(firstRow.favourites.isHidden && firstRow.comments.isHidden)
        let reused = try #require(list.viewModelShown(by: firstRow))
        #expect(reused.favourites.value == nil)
    }
}

extension ListView where Item == SearchResultsItemViewModel, Row == PhotoRow {
    /// The photo `row` shows now, if it is in use.
    func viewModelShown(by row: PhotoRow) -> SearchResultsItemViewModel? {
        indexPathsForVisibleRows.first { self.row(at: $0) === row }.map(item(at:))
    }
}
