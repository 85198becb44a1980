import Ripple
import Testing

/// Swift 6 client code: a `@MainActor` ViewModel observes signals and captures
/// `self` without casts, `@Sendable` annotations or `nonisolated(unsafe)`.
@MainActor
@Suite struct MainActorClientTests {
    @MainActor
    final class SearchViewModel {
        private(set) var title = ""
        private(set) var log: [String] = []
        private let lifetime: Lifetime
        private let token: Lifetime.Token

        init(queries: Signal<String, Never>) {
            (lifetime, token) = Lifetime.make()
            lifetime += queries.observeValues { [weak self] query in
                self?.title = "Results for \(query)"
            }
            queries.observeCompleted { [weak self] in self?.log.append("done") }
        }
    }

    @Test func mainActorViewModelCapturesSelfInObservers() {
        let (queries, input) = Signal<String, Never>.pipe()
        let viewModel = SearchViewModel(queries: queries)
        input.send(value: "swift")
        #expect(viewModel.title == "Results for swift")
        input.sendCompleted()
        #expect(viewModel.log == ["done"])
    }

    @Test func viewModelBindingsEndWithTheViewModel() {
        let (queries, input) = Signal<String, Never>.pipe()
        weak var weakViewModel: SearchViewModel?
        do {
            let viewModel = SearchViewModel(queries: queries)
            weakViewModel = viewModel
            input.send(value: "a")
        }
        #expect(weakViewModel == nil)
        input.send(value: "b")
    }
}
