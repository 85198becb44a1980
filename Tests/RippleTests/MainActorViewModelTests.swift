import Ripple
import Testing

/// A `@MainActor` ViewModel made of `MutableProperty`, `Property` and `Action`, bound
/// by a `@MainActor` view on the main scheduler: Swift 6 mode, no casts, no
/// `@Sendable`, no `nonisolated(unsafe)`.
@MainActor
@Suite struct MainActorViewModelTests {
    struct LoginError: Error {}

    @MainActor
    final class LoginViewModel {
        @MutableProperty var email: String
        let password = MutableProperty("")
        let canLogIn: Property<Bool>
        let logIn: Action<Void, String, LoginError>
        let status = MutableProperty("Please log in")
        private(set) var attempts = 0

        init(api: @escaping @Sendable (String, String) -> SignalProducer<String, LoginError>) {
            let email = MutableProperty("")
            _email = email
            let canLogIn = Property.combineLatest(email, password).map { email, password in
                email.contains("@") && password.count >= 6
            }
            self.canLogIn = canLogIn
            let credentials = Property.combineLatest(email, password)
            logIn = Action(state: credentials, enabledIf: { _ in canLogIn.value }) { credentials, _ in
                api(credentials.0, credentials.1)
            }
            status <~ logIn.values.map { "Welcome, \($0)" }
            logIn.errors.observeValues { [weak self] _ in
                self?.attempts += 1
                self?.status.value = "Wrong password"
            }
        }
    }

    @MainActor
    final class LoginView: ReactiveExtensionsProvider, LifetimeProvider {
        nonisolated let lifetime: Lifetime
        private let token: Lifetime.Token
        var statusText: String?
        var isLogInEnabled = true
        var isSpinning = false

        init(viewModel: LoginViewModel) {
            (lifetime, token) = Lifetime.make()
            reactive[\.statusText, on: UIScheduler()] <~ viewModel.status
            reactive[\.isLogInEnabled, on: UIScheduler()] <~ viewModel.logIn.isEnabled
            reactive[\.isSpinning, on: UIScheduler()] <~ viewModel.logIn.isExecuting
        }
    }

    /// A `@MainActor` control whose binding target is declared in a nonisolated
    /// `Reactive` extension.
    @MainActor
    final class Badge: ReactiveExtensionsProvider {
        var count = 0
    }

    @Test func aNonisolatedReactiveExtensionSetsAMainActorControlOnTheMainActor() async {
        let badge = Badge()
        let unread = MutableProperty(3)
        badge.reactive.count <~ unread
        #expect(await yieldUntil(within: 10) { badge.count == 3 })
        unread.value = 4
        #expect(await yieldUntil(within: 10) { badge.count == 4 })
    }

    nonisolated static func api(email: String, password: String) -> SignalProducer<String, LoginError> {
        password == "secret1" ? SignalProducer(value: String(email.prefix { $0 != "@" })) : SignalProducer(error: LoginError())
    }

    @Test func mainActorViewModelDrivesAMainActorViewThroughBindingsOnTheMainScheduler() async {
        let viewModel = LoginViewModel(api: Self.api)
        let view = LoginView(viewModel: viewModel)
        #expect(await yieldUntil(within: 10) { view.statusText == "Please log in" && !view.isLogInEnabled })

        viewModel.email = "ann@example.com"
        viewModel.password.value = "secret2"
        #expect(await yieldUntil(within: 10) { view.isLogInEnabled })
        viewModel.logIn.apply().start()
        #expect(await yieldUntil(within: 10) { view.statusText == "Wrong password" })
        #expect(viewModel.attempts == 1)

        viewModel.password.value = "secret1"
        viewModel.logIn.apply().start()
        #expect(await yieldUntil(within: 10) { view.statusText == "Welcome, ann" && !view.isSpinning })
    }

    @Test func viewBindingsEndWithTheViewAndTheViewModelWithItsOwner() {
        weak var weakViewModel: LoginViewModel?
        weak var weakView: LoginView?
        do {
            let viewModel = LoginViewModel(api: Self.api)
            let view = LoginView(viewModel: viewModel)
            weakViewModel = viewModel
            weakView = view
            viewModel.email = "ann@example.com"
        }
        #expect(weakView == nil)
        #expect(weakViewModel == nil)
    }
}

extension Reactive where Base: MainActorViewModelTests.Badge {
    /// Sets the badge's count, on the main actor.
    var count: BindingTarget<Int> {
        makeBindingTarget(on: MainActorScheduler()) { $0.count = $1 }
    }
}
