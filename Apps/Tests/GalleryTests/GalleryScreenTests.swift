import Gallery
import GalleryCore
import GalleryStubs
import Ripple
import RippleTerminal
import Testing

/// Every screen of the gallery in a VirtualTerminal, on the stub services in virtual
/// time, at 80 × 24 and 140 × 40: the wall, the pager, the detail, the log-in form and
/// their errors; every text whole or ended with "…", every screen with its keys.
@MainActor
@Suite struct GalleryScreenTests {
    let scheduler = TestScheduler()
    let stub: StubGalleryService

    init() {
        stub = StubGalleryService(photoCount: 45, latency: 0.1, scheduler: scheduler)
    }

    func open(columns: Int = 80, rows: Int = 24) async -> (VirtualTerminal, GalleryScreen) {
        let screen = GalleryApp.makeScreen(services: imageServices(stub), scheduler: scheduler)
        let terminal = VirtualTerminal(columns: columns, rows: rows, root: screen)
        await advance(terminal)
        return (terminal, screen)
    }

    /// Lets virtual time run its answers, then the views apply them (twice: an answer
    /// can start another request, a picture after a page).
    func advance(_ terminal: VirtualTerminal) async {
        for _ in 0..<4 {
            await scheduler.advance(by: 0.1)
            await terminal.settle()
        }
    }

    /// Every line fits the terminal.
    func expectFits(_ terminal: VirtualTerminal, columns: Int) {
        for line in terminal.lines {
            #expect(line.count <= columns, "\(line)")
        }
    }

    @Test(arguments: [(80, 24), (140, 40)])
    func theWallShowsTheFirstPageItsThumbnailsAndItsKeys(columns: Int, rows: Int) async {
        let (terminal, screen) = await open(columns: columns, rows: rows)
        let text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("Popular on 500px"))
        #expect(text.contains("Photo 1") && text.contains("Photo 2"))
        #expect(text.contains("20 of 45 photos") || text.contains("40 of 45 photos"))
        #expect(terminal.lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?
            .contains("Enter: open") == true)
        #expect(text.contains("▀") || text.contains("▄"), "the thumbnails in half blocks")
        #expect(!text.contains("loading…"))
        #expect(screen.wall.viewModel.cells.value.count >= 20)
        expectFits(terminal, columns: columns)
    }

    @Test func scrollingDownTheWallLoadsTheNextPagesAndCancelsTheCellsGone() async {
        let (terminal, screen) = await open()
        for _ in 0..<12 {
            terminal.press(.down)
            await advance(terminal)
        }
        #expect(screen.wall.viewModel.cells.value.count == 45)
        #expect(terminal.lines.joined().contains("45 photos"))
        let images = stub.requests.filter { $0.hasPrefix("image") }
        #expect(images.count >= 12)
        #expect(stub.running.isEmpty, "no request left running for a cell that is gone")
    }

    @Test(arguments: [(80, 24), (140, 40)])
    func enterOpensThePagerAndArrowsTurnItsPagesAndTheWallFollows(columns: Int, rows: Int) async {
        let (terminal, screen) = await open(columns: columns, rows: rows)
        terminal.press(.enter)
        await advance(terminal)
        var text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("Photo 1") && text.contains("by Author 1 · rating 0.00 · 0 votes · 1 of 45"))
        #expect(text.contains("→: next · i: details · Esc: back to the wall"))
        terminal.press(.right)
        await advance(terminal)
        text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("· 2 of ") && text.contains("Photo 2"))
        #expect(stub.requests.contains("details 2") && stub.requests.contains("image http://px/photos/2/4.jpg"))
        terminal.press(.escape)
        await advance(terminal)
        #expect(screen.wall.viewModel.selectedIndex.value == 1)
        #expect(screen.wall.grid.selectedIndex == 1, "back on the wall, on the photo last viewed")
        expectFits(terminal, columns: columns)
    }

    @Test(arguments: [(80, 24), (140, 40)])
    func theDetailAsksToLogInThenVotes(columns: Int, rows: Int) async {
        let (terminal, _) = await open(columns: columns, rows: rows)
        terminal.press(.enter)
        await advance(terminal)
        terminal.type("i")
        await advance(terminal)
        var text = terminal.lines.joined(separator: "\n")
        #expect(terminal.lines[0].hasPrefix("Done ") && terminal.lines[0].contains("Photo 1"), "the sheet's bar")
        #expect(terminal.lines[1] == String(repeating: "─", count: columns))
        #expect(text.contains("Rating 0.00") && text.contains("by Author 1") && text.contains("0 votes"))
        #expect(text.contains("v: vote · Esc: done"))
        terminal.type("v")
        await advance(terminal)
        text = terminal.lines.joined(separator: "\n")
        #expect(terminal.lines[0].hasPrefix("Cancel ") && terminal.lines[0].contains("Log In"), "the sheet's bar")
        #expect(text.contains("Username") && text.contains("Esc: cancel"))
        terminal.type("ada")
        terminal.press(.tab)
        terminal.type("wrong")
        terminal.press(.enter)
        await advance(terminal)
        #expect(terminal.lines.joined().contains("Could not log in: Invalid username or password."))
        for _ in 0..<5 { terminal.press(.backspace) }
        terminal.type("secret")
        terminal.press(.enter)
        await advance(terminal)
        await advance(terminal)
        text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("Voted For!") && text.contains("Rating 1.00") && text.contains("1 vote"))
        #expect(stub.requests.suffix(2) == ["login ada", "vote 1"])
        expectFits(terminal, columns: columns)
    }

    @Test func aFailedPageIsShownOnTheWallWithItsKey() async {
        stub.fail("page", with: .unreachable("connection refused"))
        let (terminal, _) = await open()
        let text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("The photo service did not answer: connection refused"))
        #expect(text.contains("r: retry"))
        terminal.type("r")
        await advance(terminal)
        #expect(terminal.lines.joined().contains("Photo 1"))
    }

    @Test(arguments: [(80, 24), (140, 40)])
    func thePagerPagesThroughEveryPhotoAndTheWallIsOnTheLastOneViewed(columns: Int, rows: Int) async {
        let (terminal, screen) = await open(columns: columns, rows: rows)
        terminal.press(.enter)
        await advance(terminal)
        for _ in 0..<44 {
            terminal.press(.right)
            await advance(terminal)
        }
        var text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("Photo 45") && text.contains("· 45 of 45"))
        #expect(text.contains("←: previous · i: details · Esc: back to the wall"), "no → at the very end")
        #expect(stub.requests.filter { $0.hasPrefix("page") } == ["page 1", "page 2", "page 3"])
        terminal.press(.left)
        await advance(terminal)
        terminal.press(.escape)
        await advance(terminal)
        text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("45 photos"))
        #expect(screen.wall.grid.selectedIndex == 43, "back on the wall, on the photo last viewed")
        #expect(text.contains("Photo 44"))
        expectFits(terminal, columns: columns)
    }

    @Test func arrowOnTheLastLoadedPhotoSaysItLoadsAndMovesWhenThePageComes() async {
        let (terminal, screen) = await open()
        #expect(screen.wall.viewModel.cells.value.count == 20)
        stub.fail("page", with: .unreachable("connection refused"))
        screen.wall.viewModel.selectedIndex.value = 19   // page 2 asked for, to fail
        await terminal.settle()
        terminal.press(.enter)
        await terminal.settle()
        terminal.press(.right)
        await terminal.settle()
        #expect(terminal.lines.joined().contains("loading more photos…"))
        await advance(terminal)
        var text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("The photo service did not answer: connection refused"))
        #expect(text.contains("· 20 of 45") && text.contains("r: retry"))
        terminal.type("r")
        await advance(terminal)
        terminal.press(.right)
        await advance(terminal)
        text = terminal.lines.joined(separator: "\n")
        #expect(text.contains("· 21 of 45") && text.contains("Photo 21") && !text.contains("r: retry"))
    }
}
