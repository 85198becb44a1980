import Ripple
import RippleTesting
import Testing
import TerminalSample

/// The sample's ViewModel, headless and in virtual time: a stub catalogue answers
/// after a delay on a TestScheduler.
@Suite struct PackageSearchViewModelTests {
    static let packages = [
        Package(name: "libswift-dev", version: "1.0", summary: "Swift runtime headers"),
        Package(name: "swiftlang", version: "6.3", summary: "the Swift toolchain", installedKibibytes: 3_500),
        Package(name: "tmux", version: "3.3a", summary: "terminal multiplexer", installedKibibytes: 512),
        Package(name: "zlib1g", version: "1.2.13", summary: "compression library - runtime"),
    ]

    /// Answers each load after one second, with `packages` or `error`.
    struct StubCatalog: PackageCatalog {
        let scheduler: TestScheduler
        let answer: MutableProperty<Result<[Package], CatalogError>>

        func packages() -> SignalProducer<[Package], CatalogError> {
            SignalProducer(result: answer.value).delay(.seconds(1), on: scheduler)
        }
    }

    let scheduler = TestScheduler()
    let answer = MutableProperty<Result<[Package], CatalogError>>(.success(Self.packages))

    func makeViewModel() -> PackageSearchViewModel {
        PackageSearchViewModel(catalog: StubCatalog(scheduler: scheduler, answer: answer))
    }

    @Test func itLoadsAtOnceShowingLoadingUntilThePackagesArrive() async {
        let viewModel = makeViewModel()
        #expect(viewModel.reload.isExecuting.value)
        #expect(viewModel.summary.value == "Loading…")
        #expect(viewModel.results.value.isEmpty)
        await scheduler.advance(by: .seconds(1))
        #expect(!viewModel.reload.isExecuting.value)
        #expect(viewModel.summary.value == "4 packages")
        #expect(viewModel.results.value == Self.packages)
    }

    @Test func theQueryFiltersByEveryWordInNameOrSummaryIgnoringCase() async {
        let viewModel = makeViewModel()
        await scheduler.advance(by: .seconds(1))
        viewModel.query.value = "SWIFT"
        #expect(viewModel.results.value.map(\.name) == ["swiftlang", "libswift-dev"])
        #expect(viewModel.summary.value == "2 of 4 packages")
        viewModel.query.value = "swift toolchain"
        #expect(viewModel.results.value.map(\.name) == ["swiftlang"])
        #expect(viewModel.summary.value == "1 of 4 packages")
        viewModel.query.value = "   "
        #expect(viewModel.summary.value == "4 packages")
        viewModel.query.value = "nothing-matches"
        #expect(viewModel.results.value.isEmpty)
        #expect(viewModel.summary.value == "0 of 4 packages")
    }

    @Test func aQueryTypedWhileLoadingAppliesWhenThePackagesArrive() async {
        let viewModel = makeViewModel()
        viewModel.query.value = "tmux"
        await scheduler.advance(by: .seconds(1))
        #expect(viewModel.results.value.map(\.name) == ["tmux"])
    }

    @Test func theSelectionShowsItsDetails() async {
        let viewModel = makeViewModel()
        #expect(viewModel.details.value == "Select a package to see its details.")
        await scheduler.advance(by: .seconds(1))
        viewModel.selection.value = Self.packages[1]
        #expect(viewModel.details.value == "swiftlang 6.3 · 3.4 MiB — the Swift toolchain")
        viewModel.selection.value = Self.packages[2]
        #expect(viewModel.details.value == "tmux 3.3a · 512 KiB — terminal multiplexer")
        viewModel.selection.value = Self.packages[0]
        #expect(viewModel.details.value == "libswift-dev 1.0 — Swift runtime headers")
    }

    @Test func reloadIsDisabledWhileItRunsAndReplacesThePackages() async {
        let viewModel = makeViewModel()
        #expect(!viewModel.reload.isEnabled.value)
        await scheduler.advance(by: .seconds(1))
        #expect(viewModel.reload.isEnabled.value)
        answer.value = .success(Array(Self.packages.prefix(2)))
        viewModel.reload.apply().start()
        #expect(viewModel.summary.value == "4 packages", "the old list stays while reloading")
        await scheduler.advance(by: .seconds(1))
        #expect(viewModel.summary.value == "2 packages")
    }

    @Test func aFailedLoadShowsAMessageUntilALoadSucceeds() async {
        answer.value = .failure(.unreadable(path: "/var/lib/dpkg/status", reason: "Permission denied"))
        let viewModel = makeViewModel()
        await scheduler.advance(by: .seconds(1))
        #expect(viewModel.message.value == "Could not load the packages: cannot read /var/lib/dpkg/status: Permission denied")
        #expect(viewModel.summary.value == "No packages")
        #expect(viewModel.reload.isEnabled.value, "the command stays usable after an error")
        answer.value = .success(Self.packages)
        viewModel.reload.apply().start()
        await scheduler.advance(by: .seconds(1))
        #expect(viewModel.message.value == nil)
        #expect(viewModel.summary.value == "4 packages")
    }
}
