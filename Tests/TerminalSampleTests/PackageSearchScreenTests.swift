import Ripple
import RippleTerminal
import RippleTesting
import Testing
import TerminalSample

/// The sample's screen in a VirtualTerminal: what a person sees as they type, move
/// through the list and reload — in ASCII and with CJK text.
@MainActor
@Suite struct PackageSearchScreenTests {
    static let packages = [
        Package(name: "curl", version: "7.88.1", summary: "command line tool for transferring data", installedKibibytes: 500),
        Package(name: "fonts-noto-cjk", version: "1:20220127", summary: "中日韩统一表意文字字体", installedKibibytes: 92_000),
        Package(name: "libcurl4", version: "7.88.1", summary: "easy-to-use client-side URL transfer library"),
        Package(name: "tmux", version: "3.3a", summary: "终端复用器 terminal multiplexer", installedKibibytes: 1_100),
    ]

    struct StubCatalog: PackageCatalog {
        let scheduler: TestScheduler
        let answer: Result<[Package], CatalogError>

        func packages() -> SignalProducer<[Package], CatalogError> {
            SignalProducer(result: answer).delay(.seconds(1), on: scheduler)
        }
    }

    let scheduler = TestScheduler()

    func terminal(answer: Result<[Package], CatalogError> = .success(Self.packages)) async -> VirtualTerminal {
        let viewModel = PackageSearchViewModel(catalog: StubCatalog(scheduler: scheduler, answer: answer))
        let terminal = VirtualTerminal(columns: 64, rows: 10, root: PackageSearchScreen(viewModel: viewModel, scheduler: scheduler))
        await scheduler.advance(by: .seconds(1))
        await terminal.settle()
        return terminal
    }

    @Test func theFirstScreenShowsTheFieldTheCountAndThePackages() async {
        let terminal = await terminal()
        #expect(terminal.lines == [
            "┌ Packages on this machine ────────────────────────────────────┐",
            "│Search: type to search                            [ Reload ]  │",
            "│4 packages                                                    │",
            "│curl                     7.88.1             command line tool…│",
            "│fonts-noto-cjk           1:20220127         中日韩统一表意文… │",
            "│libcurl4                 7.88.1             easy-to-use clien…│",
            "│tmux                     3.3a               终端复用器 termin…│",
            "│Select a package to see its details.                          │",
            "│Tab: next · ↑↓: select · Esc: clear · Ctrl-C: quit            │",
            "└──────────────────────────────────────────────────────────────┘",
        ])
        #expect(terminal.cursor == Position(column: 9, row: 1), "the field has the focus")
    }

    @Test func typingFiltersTheListAndUpdatesTheCountAtOnce() async {
        let terminal = await terminal()
        terminal.type("curl")
        await terminal.settle()
        #expect(terminal.lines[1] == "│Search: curl                                      [ Reload ]  │")
        #expect(terminal.lines[2] == "│2 of 4 packages                                               │")
        #expect(terminal.lines[3].hasPrefix("│curl "))
        #expect(terminal.lines[4].hasPrefix("│libcurl4 "))
        #expect(terminal.lines[5] == "│                                                              │")
    }

    @Test func cjkQueriesMatchCjkSummaries() async {
        let terminal = await terminal()
        terminal.paste("终端")
        await terminal.settle()
        #expect(terminal.lines[1] == "│Search: 终端                                      [ Reload ]  │")
        #expect(terminal.lines[2] == "│1 of 4 packages                                               │")
        #expect(terminal.lines[3] == "│tmux                     3.3a               终端复用器 termin…│")
    }

    @Test func selectingARowShowsItsDetails() async {
        let terminal = await terminal()
        terminal.press(.tab)   // the Reload button
        terminal.press(.tab)   // the list, which selects its first row
        terminal.press(.down)
        await terminal.settle()
        #expect(terminal.reversedText == ["fonts-noto-cjk           1:20220127         中日韩统一表意文… "])
        #expect(terminal.lines[7] == "│fonts-noto-cjk 1:20220127 · 89.8 MiB — 中日韩统一表意文字字体 │")
    }

    @Test func clickingARowSelectsItAndEscClearsTheSearch() async {
        let terminal = await terminal()
        terminal.type("c")
        terminal.click(column: 5, row: 4)
        await terminal.settle()
        #expect(terminal.lines[7].hasPrefix("│fonts-noto-cjk 1:20220127"))
        terminal.press(.escape)
        await terminal.settle()
        #expect(terminal.lines[1] == "│Search: type to search                            [ Reload ]  │")
        #expect(terminal.lines[2] == "│4 packages                                                    │")
    }

    @Test func reloadSpinsWhileLoadingAndIsDisabledMeanwhile() async {
        let terminal = await terminal()
        terminal.press(.tab)
        terminal.press(.enter)
        await terminal.settle()
        #expect(terminal.lines[1] == "│Search: type to search                            [ Reload ] |│")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ Reload ]"))
        await scheduler.advance(by: .milliseconds(100))
        await terminal.settle()
        #expect(terminal.lines[1] == "│Search: type to search                            [ Reload ] /│")
        await scheduler.advance(by: .seconds(1))
        await terminal.settle()
        #expect(terminal.lines[1] == "│Search: type to search                            [ Reload ]  │")
        #expect(terminal.reversedText == ["[ Reload ]"], "enabled and focused again")
    }

    @Test func aFailedLoadShowsTheWholeMessageWrappedInItsOwnLines() async {
        let terminal = await terminal(answer: .failure(.unreadable(path: "/var/lib/dpkg/status", reason: "No such file or directory")))
        #expect(terminal.lines[2] == "│No packages                                                   │")
        #expect(terminal.lines[3] == "│No matching packages                                          │")
        #expect(terminal.lines[5] == "│Could not load the packages: cannot read /var/lib/dpkg/status:│")
        #expect(terminal.lines[6] == "│No such file or directory                                     │")
    }
}
