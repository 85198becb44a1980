import Foundation
import LauncherCore
import Ripple
import RippleTerminal
import RippleTesting
import SeedApp
import Testing
@testable import Launcher

/// The status line on a machine without Debian's picture packages: the hint is one
/// line, whole at 80 columns, cut with "…" where the rest does not fit.
@MainActor
@Suite struct PicturesHintScreenTests {
    let scheduler = TestScheduler()

    func statusLine(columns: Int) -> String {
        let catalog = echoCatalog()
        let viewModel = LauncherViewModel(
            entries: catalog.entries, servicesAddress: "http://127.0.0.1:41234 (in process)", tweetIndex: { .ready(tweets: 12) },
            missingPicturePackages: ["openclipart-svg", "librsvg2-bin", "plasma-workspace-wallpapers", "gnome-backgrounds"],
            scheduler: scheduler
        )
        let environment = SeedAppEnvironment(servicesURL: URL(string: "http://127.0.0.1:9")!, dataDirectory: nil, scheduler: scheduler)
        let screen = LauncherScreen(viewModel: viewModel) { [catalog] entry in catalog.makeScreen(for: entry, environment: environment) }
        let terminal = VirtualTerminal(columns: columns, rows: 24, root: screen)
        return terminal.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    @Test func atEightyColumnsTheHintIsWholeAndTheRestEndsInAnEllipsis() {
        let line = statusLine(columns: 80).trimmingCharacters(in: .whitespaces)
        #expect(line.hasPrefix("more pictures: apt-get install openclipart-svg librsvg2-bin gnome-backgrounds"))
        #expect(line.hasSuffix("…"))
        #expect(line.count <= 80)
    }

    @Test func atOneHundredFortyColumnsTheAddressFollowsTheHint() {
        let line = statusLine(columns: 140).trimmingCharacters(in: .whitespaces)
        #expect(line.hasPrefix("more pictures: apt-get install openclipart-svg librsvg2-bin gnome-backgrounds · services: http://127.0.0.1:41234"))
        #expect(line.hasSuffix("…"))
        #expect(line.count <= 140)
    }
}
