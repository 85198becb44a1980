import Foundation
import LauncherCore
import Ripple
import RippleTerminal
import SeedApp
import Testing
@testable import Launcher

/// The walkthrough on the launcher: the menu, each app opened with its digit and
/// its steps' screens under their headings, coming apps shown as such, and back to
/// the menu. The limit only turns a hang into a failure: alone the test takes a
/// fraction of a second, but in the full suite it waits its turns on the main actor
/// behind every screen test, which on a loaded machine took over a minute.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WalkthroughRunnerTests {
    @Test func itPrintsTheMenuEachStepAndTheMenuAgain() async {
        let catalog = echoCatalog()
        let environment = SeedAppEnvironment(
            servicesURL: URL(string: "http://127.0.0.1:9")!, dataDirectory: nil, scheduler: QueueScheduler.main
        )
        let viewModel = LauncherViewModel(
            entries: catalog.entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: { .unknown },
            scheduler: QueueScheduler.main
        )
        var blocks: [String] = []
        let runner = WalkthroughRunner(catalog: catalog, viewModel: viewModel, environment: environment) { blocks.append($0) }
        let report = await runner.run()
        #expect(report.failures == [])
        #expect(report.headings == [
            "The menu",
            "1 Echo · opened from the menu with “1”",
            "1 Echo · Type “hello”",
            "1 Echo · Type “ there”",
            "2 Gallery · coming: the menu opens nothing",
            "Back to the menu",
        ])
        #expect(blocks.count == 6)
        let step = blocks[3].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(step[0].hasPrefix("── 1 Echo · Type “ there” ───"))
        #expect(step[0].displayWidth == WalkthroughRunner.columns)
        #expect(step.count == WalkthroughRunner.rows + 2, "heading, 30 rows, and the final newline")
        #expect(step.contains { $0.contains("You typed: hello there") })
        #expect(blocks[4].contains("Gallery is not ready yet"))
        #expect(blocks[5].contains("Ripple: the seed apps"))
    }
}
