import Foundation
import LauncherCore
import Ripple
import RippleTerminal
import RippleTesting
import SeedApp
import Testing
@testable import Launcher

/// The launcher on a VirtualTerminal: the menu, a digit or Enter opening an app,
/// Esc going back, a coming app opening nothing, q quitting, and the status line.
@MainActor
@Suite struct LauncherScreenTests {
    let scheduler = TestScheduler()
    let catalog = echoCatalog()

    func launcher(columns: Int = 50, rows: Int = 14) -> (VirtualTerminal, LauncherScreen) {
        let viewModel = LauncherViewModel(
            entries: catalog.entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: { .ready(tweets: 12) },
            scheduler: scheduler
        )
        let environment = SeedAppEnvironment(
            servicesURL: URL(string: "http://127.0.0.1:9")!, dataDirectory: nil, scheduler: scheduler
        )
        let screen = LauncherScreen(viewModel: viewModel) { [catalog] entry in
            catalog.makeScreen(for: entry, environment: environment)
        }
        return (VirtualTerminal(columns: columns, rows: rows, root: screen), screen)
    }

    @Test func theMenuShowsItsTitleOnceTheIntroWrappedTheAppsTheKeysAndTheStatusLine() {
        let (terminal, _) = launcher()
        #expect(terminal.lines == [
            "              Ripple: the seed apps",
            "──────────────────────────────────────────────────",
            "┌────────────────────────────────────────────────┐",
            "│The apps of the seed documents, built on Ripple │",
            "│and RippleTerminal, running against local       │",
            "│services.                                       │",
            "│                                                │",
            "│1 Echo                                          │",
            "│2 Gallery (coming)                              │",
            "│                                                │",
            "│                                                │",
            "│1–2 or ↑↓ Enter: open · q: quit                 │",
            "└────────────────────────────────────────────────┘",
            "services: http://127.0.0.1:9 · tweet index: 12 tw…",
        ])
        #expect(terminal.reversedText == ["1 Echo                                          "])
    }

    @Test func aDigitOpensItsAppWithTheFocusInItAndEscGoesBack() {
        let (terminal, screen) = launcher()
        terminal.type("1")
        #expect(screen.isShowingApp)
        #expect(terminal.lines.first == "┌ Echo ──────────────────────────────────────────┐",
                "the app covers the menu and its bar")
        #expect(terminal.lines.last == "services: http://127.0.0.1:9 · tweet index: 12 tw…", "the status line stays")
        terminal.type("12")
        #expect(terminal.lines.contains("│You typed: 12                                   │"),
                "digits typed in the app go to the app, not the menu")
        terminal.press(.escape)
        #expect(!screen.isShowingApp)
        #expect(screen.viewModel.openedApp.value == nil)
        #expect(terminal.lines[0] == "              Ripple: the seed apps")
    }

    @Test func enterOpensTheSelectedAppAndEachOpeningIsANewScreen() {
        let (terminal, screen) = launcher()
        terminal.press(.enter)
        let first = screen.navigation.presentedScreen as? EchoScreen
        #expect(first != nil)
        terminal.type("abc")
        terminal.press(.escape)
        terminal.press(.enter)
        let second = screen.navigation.presentedScreen as? EchoScreen
        #expect(second != nil && second !== first)
        #expect(second?.field.text == "", "closing an app ended it; opening starts afresh")
    }

    @Test func aComingAppOpensNothingAndTheMessageSaysSoWithoutSpeakingOfIssues() {
        let (terminal, screen) = launcher(columns: 70)
        terminal.type("2")
        #expect(!screen.isShowingApp)
        #expect(terminal.lines.contains("│Gallery is not ready yet: it cannot be opened.                      │"))
    }

    @Test func qInTheMenuAsksToQuitButNotInAnApp() {
        let (terminal, screen) = launcher()
        var quits = 0
        screen.viewModel.didQuit.observeValues { quits += 1 }
        terminal.type("1q")
        #expect(quits == 0, "q typed in the app's field is text")
        terminal.press(.escape)
        terminal.type("q")
        #expect(quits == 1)
    }

    @Test func anAppsOwnNavigationTakesEscFirst() {
        let catalog = SeedAppCatalog([SeedAppCatalog.Item(number: 1, title: "Deep", app: DeepApp())])
        let viewModel = LauncherViewModel(
            entries: catalog.entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: { .unknown }, scheduler: scheduler
        )
        let environment = SeedAppEnvironment(servicesURL: URL(string: "http://127.0.0.1:9")!, dataDirectory: nil, scheduler: scheduler)
        let screen = LauncherScreen(viewModel: viewModel) { entry in catalog.makeScreen(for: entry, environment: environment) }
        let terminal = VirtualTerminal(columns: 40, rows: 8, root: screen)
        terminal.type("1")
        let stack = try? #require(screen.navigation.presentedScreen as? NavigationStack)
        stack?.push(Label("the second page"))
        #expect(terminal.lines.contains { $0.hasPrefix("‹ Back") }, "the app's own bar, not the launcher's")
        terminal.press(.escape)
        #expect(screen.isShowingApp && stack?.canPop == false, "the first Esc pops inside the app")
        terminal.press(.escape)
        #expect(!screen.isShowingApp && viewModel.openedApp.value == nil, "the next goes back to the menu")
    }
}

/// The catalog's screens: an app's own, and for a coming app a screen that says so.
@MainActor
@Suite struct SeedAppCatalogTests {
    @Test func aComingAppsScreenSaysItIsComing() {
        let catalog = echoCatalog()
        let environment = SeedAppEnvironment(
            servicesURL: URL(string: "http://127.0.0.1:9")!, dataDirectory: nil, scheduler: TestScheduler()
        )
        let gallery = catalog.entries[1]
        let terminal = VirtualTerminal(columns: 40, rows: 1, root: catalog.makeScreen(for: gallery, environment: environment))
        #expect(terminal.lines == ["Gallery is not ready yet."])
        #expect(catalog.makeScreen(for: catalog.entries[0], environment: environment) is EchoScreen)
    }

    @Test func theStandardCatalogListsTheFiveSeedAppsInOrder() {
        #expect(SeedAppCatalog.standard.entries.map(\.menuText) == [
            "1 Twitter Search", "2 Todos", "3 Registration", "4 500px Gallery", "5 Flickr Search",
        ])
    }
}
