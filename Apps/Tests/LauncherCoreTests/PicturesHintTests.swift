import Ripple
import RippleTesting
import Testing
import LauncherCore

/// The status line's hint on a machine without Debian's picture packages: one line
/// of 80 columns at most, naming the command that installs them.
@Suite struct PicturesHintTests {
    let scheduler = TestScheduler()
    let entries = [LauncherEntry(number: 1, title: "Twitter Search", isAvailable: true)]
    let allFour = ["openclipart-svg", "librsvg2-bin", "plasma-workspace-wallpapers", "gnome-backgrounds"]

    @Test func noMissingPackageMeansNoHint() {
        #expect(PicturesHint.text(missingPackages: []) == "")
        let viewModel = LauncherViewModel(
            entries: entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: { .ready(tweets: 12) }, scheduler: scheduler
        )
        #expect(viewModel.status.value == "services: http://127.0.0.1:9 · tweet index: 12 tweets")
    }

    @Test func theHintNamesTheMissingPackagesInTheAptGetCommand() {
        #expect(PicturesHint.text(missingPackages: ["gnome-backgrounds"]) == "more pictures: apt-get install gnome-backgrounds")
        #expect(PicturesHint.text(missingPackages: ["plasma-workspace-wallpapers", "gnome-backgrounds"])
            == "more pictures: apt-get install plasma-workspace-wallpapers gnome-backgrounds")
    }

    @Test func withEveryPackageMissingTheHintFitsEightyColumnsAndLeavesTheRestForLater() {
        let hint = PicturesHint.text(missingPackages: allFour)
        #expect(hint == "more pictures: apt-get install openclipart-svg librsvg2-bin gnome-backgrounds")
        #expect(hint.count <= PicturesHint.maximumWidth)
        #expect(PicturesHint.maximumWidth < 80)
    }

    @Test func onceTheIndexIsReadyTheHintComesFirstOnTheStatusLine() {
        let viewModel = LauncherViewModel(
            entries: entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: { .ready(tweets: 12) },
            missingPicturePackages: ["openclipart-svg", "librsvg2-bin"], scheduler: scheduler
        )
        #expect(viewModel.status.value
            == "more pictures: apt-get install openclipart-svg librsvg2-bin · services: http://127.0.0.1:9 · tweet index: 12 tweets")
    }

    @Test func whileTheIndexImportsItsProgressComesFirstAndTheHintLast() {
        let viewModel = LauncherViewModel(
            entries: entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: { .importing(read: 1, of: 4) },
            missingPicturePackages: ["gnome-backgrounds"], scheduler: scheduler
        )
        #expect(viewModel.status.value == "building the tweet index: 25 % (1 of 4 changelogs) · services: http://127.0.0.1:9"
            + " · more pictures: apt-get install gnome-backgrounds")
    }
}
