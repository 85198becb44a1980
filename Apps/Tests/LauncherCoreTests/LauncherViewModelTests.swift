import Ripple
import SeedAppCore
import Synchronization
import RippleTesting
import Testing
@testable import LauncherCore

/// The launcher's state in virtual time: opening apps by number (available,
/// coming, unknown), going back, quitting, and the status line following the tweet
/// index's first import.
@Suite struct LauncherViewModelTests {
    let scheduler = TestScheduler()
    let entries = [
        LauncherEntry(number: 1, title: "Twitter Search", isAvailable: true),
        LauncherEntry(number: 4, title: "500px Gallery", isAvailable: false),
    ]

    func viewModel(_ progress: @escaping @Sendable () -> TweetIndexProgress = { .unknown }) -> LauncherViewModel {
        LauncherViewModel(entries: entries, servicesAddress: "http://127.0.0.1:9", tweetIndex: progress, scheduler: scheduler)
    }

    @Test func anAvailableAppOpensByItsNumberAndBackClosesIt() {
        let viewModel = viewModel()
        #expect(viewModel.open(number: 1))
        #expect(viewModel.openedApp.value?.title == "Twitter Search")
        #expect(viewModel.message.value == "")
        viewModel.back()
        #expect(viewModel.openedApp.value == nil)
    }

    @Test func openedAppChangesOnlyWhenItDiffersSoTheStackMovesOncePerChange() {
        let viewModel = viewModel()
        var changes: [String?] = []
        viewModel.openedApp.signal.observeValues { changes.append($0?.title) }
        viewModel.back()
        viewModel.open(number: 1)
        viewModel.open(number: 1)
        viewModel.back()
        viewModel.back()
        #expect(changes == ["Twitter Search", nil])
    }

    @Test func theMenuKeysNameTheDigitsOfItsApps() {
        #expect(viewModel().keyHints.value.footerText == "1–4 or ↑↓ Enter: open · q: quit")
    }

    @Test func aComingAppOpensNothingAndTheHintSaysWhy() {
        let viewModel = viewModel()
        #expect(!viewModel.open(number: 4))
        #expect(viewModel.openedApp.value == nil)
        #expect(viewModel.message.value == "500px Gallery is not ready yet: it cannot be opened.")
        #expect(viewModel.open(number: 1), "a later choice clears the message")
        #expect(viewModel.message.value == "")
    }

    @Test func anUnknownNumberOpensNothingAndTheHintNamesTheRange() {
        let viewModel = viewModel()
        #expect(!viewModel.open(number: 7))
        #expect(viewModel.openedApp.value == nil)
        #expect(viewModel.message.value == "There is no app 7: the apps are numbered 1–4.")
    }

    @Test func quitSendsDidQuit() {
        let viewModel = viewModel()
        var quits = 0
        viewModel.didQuit.observeValues { quits += 1 }
        viewModel.quit()
        #expect(quits == 1)
    }

    @Test func servicesElsewhereShowOnlyTheirAddress() {
        #expect(viewModel().status.value == "services: http://127.0.0.1:9")
    }

    @Test func theStatusLineFollowsTheFirstImportEveryHalfSecondAndStopsWhenReady() {
        let progress = ProgressScript([.importing(read: 0, of: 400), .importing(read: 100, of: 400), .ready(tweets: 1_234)])
        let viewModel = viewModel(progress.next)
        #expect(viewModel.status.value == "building the tweet index: 0 % (0 of 400 changelogs) · services: http://127.0.0.1:9")
        scheduler.advance(by: .milliseconds(400))
        #expect(progress.reads == 1, "one read at start, none before the interval")
        scheduler.advance(by: .milliseconds(100))
        #expect(viewModel.status.value == "building the tweet index: 25 % (100 of 400 changelogs) · services: http://127.0.0.1:9")
        scheduler.advance(by: .milliseconds(500))
        #expect(viewModel.status.value == "services: http://127.0.0.1:9 · tweet index: 1,234 tweets")
        scheduler.advance(by: .seconds(5))
        #expect(progress.reads == 3, "no polling once the index is ready")
    }

    @Test func aFailedImportShowsWhyAndStopsPolling() {
        let progress = ProgressScript([.importing(read: 3, of: 9), .failed("the changelogs cannot be listed")])
        let viewModel = viewModel(progress.next)
        scheduler.advance(by: .seconds(3))
        #expect(viewModel.status.value == "services: http://127.0.0.1:9 · tweet index failed: the changelogs cannot be listed")
        #expect(progress.reads == 2)
    }
}

/// Answers the given progress values in turn, repeating the last; counts reads.
final class ProgressScript: Sendable {
    private let state: Mutex<(values: [TweetIndexProgress], reads: Int)>

    init(_ values: [TweetIndexProgress]) {
        state = Mutex((values, 0))
    }

    var reads: Int { state.withLock { $0.reads } }

    var next: @Sendable () -> TweetIndexProgress {
        { [self] in
            self.state.withLock { state in
                state.reads += 1
                return state.values.count > 1 ? state.values.removeFirst() : state.values[0]
            }
        }
    }
}
