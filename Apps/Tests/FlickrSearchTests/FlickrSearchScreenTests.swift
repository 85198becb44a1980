import FlickrSearchCore
import FlickrSearchStubs
import Foundation
import Ripple
import RippleTerminal
import RippleTesting
import Testing
@testable import FlickrSearch

/// The app's screens in a VirtualTerminal, its ViewModels on stub services in
/// virtual time (a marble frame is a second): the search screen empty, searching,
/// with recent searches and with the store's note; the results pushed by the
/// ViewModel, their counts once a row stays a second, Esc back; the alert of a
/// failed search; rows reporting their visibility as the list scrolls and dropping
/// their bindings on reuse; at 80 × 24 and 120 × 30.
@MainActor
@Suite struct FlickrSearchScreenTests {
    let scheduler = TestScheduler()
    let service: StubFlickrServices
    let store = StubRecentSearchStore()

    init() throws {
        service = StubFlickrServices(scheduler: scheduler)
        try service.answer("flower", "-r|", total: 1234, photos: [
            StubFlickrServices.photo("A red flower in a blue vase, drawn with a thick pen over a pale yellow background", id: "1"),
            StubFlickrServices.photo("Sunflower", id: "2"),
            StubFlickrServices.photo("", id: "3"),
        ])
        try service.favourites("1", "-v|", 12)
        try service.comments("1", "--v|", 3)
        try service.favourites("2", "-v|", 0)
        try service.comments("2", "-v|", 1)
        try service.favourites("3", "-#")
        try service.fail("broken", "-#", with: .unreachable)
        try service.answer("many", "-r|", total: 40, photos: (1...40).map { StubFlickrServices.photo("Photo \($0)", id: "m\($0)") })
    }

    func terminal(columns: Int = 80, rows: Int = 24, store: StubRecentSearchStore? = nil) -> (VirtualTerminal, FlickrSearchScreen) {
        let screen = FlickrSearchApp.makeScreen(search: service, metadata: service, store: store ?? self.store, scheduler: scheduler)
        return (VirtualTerminal(columns: columns, rows: rows, root: screen), screen)
    }

    /// Advances virtual time, then lets the views apply what it produced.
    func advance(by seconds: Double, _ terminal: VirtualTerminal) async {
        await scheduler.advance(by: seconds)
        await terminal.settle()
    }

    @Test func printEverything() async {
        let (terminal, screen) = terminal()
        await advance(by: 0, terminal)
        print(terminal.snapshot)
        terminal.type("flower")
        terminal.press(.enter)
        await advance(by: 0, terminal)
        print(terminal.snapshot)
        await advance(by: 1, terminal)
        print(terminal.snapshot)
        await advance(by: 3, terminal)
        print(terminal.snapshot)
        terminal.press(.escape)
        await advance(by: 0, terminal)
        print(terminal.snapshot)
        for _ in 0..<6 { terminal.press(.backspace) }
        terminal.type("broken")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        print(terminal.snapshot)
        terminal.press(.enter)
        await advance(by: 0, terminal)
        print(terminal.snapshot)
        _ = screen
        let broken = StubRecentSearchStore(loadFailure: RecentSearchStoreError(reason: "/home/ada/.local/share/ripple/flickr-recent-searches.json is not a list of searches"))
        let (wide, _) = self.terminal(columns: 120, rows: 30, store: broken)
        await advance(by: 0, wide)
        print(wide.snapshot)
        wide.type("many")
        wide.press(.enter)
        await advance(by: 3, wide)
        print(wide.snapshot)
        wide.press(.pageDown)
        await advance(by: 0.5, wide)
        print(wide.snapshot)
    }
}
