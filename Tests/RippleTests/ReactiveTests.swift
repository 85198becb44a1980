import Ripple
import Testing

/// The `reactive` namespace: key-path and named binding targets on objects, and the
/// lifetime objects give their bindings.
@Suite struct ReactiveTests {
    /// Plain classes standing in for UI controls.
    final class Label: ReactiveExtensionsProvider {
        var text: String?
        var isHidden = false
    }

    /// A control whose bindings end at its deinit: it owns its lifetime.
    final class Button: ReactiveExtensionsProvider, LifetimeProvider {
        @Lifetime.Owned var lifetime
        var isEnabled = true
        var title: String?

        /// Ends the button's bindings before it is deinitialised.
        func close() {
            _lifetime.end()
        }
    }

    final class ViewModel {
        let title = MutableProperty("Inbox")
    }

    @Test func keyPathTargetSetsAPropertyOfAPlainClass() {
        let label = Label()
        let viewModel = ViewModel()
        label.reactive[\.text] <~ viewModel.title
        #expect(label.text == "Inbox")
        viewModel.title.value = "Archive"
        #expect(label.text == "Archive")
        label.reactive[\.isHidden] <~ viewModel.title.map(\.isEmpty)
        viewModel.title.value = ""
        #expect(label.isHidden)
    }

    @Test func namedTargetDeclaredWithMakeBindingTarget() {
        let label = Label()
        let button = Button()
        let name = MutableProperty("")
        label.reactive.text <~ name
        button.reactive.isEnabled <~ name.map { !$0.isEmpty }
        #expect(button.isEnabled == false)
        name.value = "Ripple"
        #expect(label.text == "Ripple")
        #expect(button.isEnabled)
    }

    @Test func bindingDoesNotKeepThePlainObjectAlive() {
        let title = MutableProperty("a")
        weak var weakLabel: Label?
        do {
            let label = Label()
            weakLabel = label
            label.reactive[\.text] <~ title
            #expect(label.text == "a")
        }
        #expect(weakLabel == nil)
    }

    /// A source whose run keeps `witness` alive and logs its end.
    static func source(_ signal: Signal<String, Never>, retaining witness: Witness, log: SharedLog) -> SignalProducer<String, Never> {
        signal.producer.on(disposed: { [witness] in
            _ = witness
            log.append("source released")
        })
    }

    @Test func bindingToAPlainObjectEndsAtTheNextValueAfterTheObjectIsGone() {
        let (signal, input) = Signal<String, Never>.pipe()
        let log = SharedLog()
        weak var weakLabel: Label?
        weak var weakWitness: Witness?
        let disposable: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            let label = Label()
            weakLabel = label
            let target = label.reactive.makeBindingTarget { (label: Label, text: String) in
                label.text = text
                log.append("applied \(text)")
            }
            disposable = target <~ Self.source(signal, retaining: witness, log: log)
            input.send(value: "a")
            #expect(label.text == "a")
        }
        #expect(weakLabel == nil)
        #expect(disposable?.isDisposed == false)
        input.send(value: "b")
        input.send(value: "c")
        #expect(disposable?.isDisposed == true)
        #expect(weakWitness == nil)
        #expect(log.entries == ["applied a", "source released"])
    }

    @Test func bindingToALifetimeProviderEndsWhenTheObjectIsDeinitialised() {
        let (signal, input) = Signal<String, Never>.pipe()
        let log = SharedLog()
        weak var weakButton: Button?
        weak var weakWitness: Witness?
        let disposable: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            let button = Button()
            weakButton = button
            let target = button.reactive.makeBindingTarget { (button: Button, title: String) in
                button.title = title
                log.append("applied \(title)")
            }
            disposable = target <~ Self.source(signal, retaining: witness, log: log)
            input.send(value: "a")
            #expect(button.title == "a")
        }
        #expect(weakButton == nil)
        #expect(disposable?.isDisposed == true)
        #expect(weakWitness == nil)
        #expect(log.entries == ["applied a", "source released"])
        input.send(value: "b")
        #expect(log.entries == ["applied a", "source released"])
    }

    @Test func reactiveLifetimeIsTheObjectsLifetimeAndEndsAtDeinit() {
        let log = Log()
        var button: Button? = Button()
        #expect(button?.reactive.lifetime === button?.lifetime)
        button?.reactive.lifetime.observeEnded { log.entries.append("ended") }
        #expect(log.entries.isEmpty)
        button = nil
        #expect(log.entries == ["ended"])
    }

    @Test func ownedLifetimeCanBeEndedBeforeDeinit() {
        final class Screen: ReactiveExtensionsProvider, LifetimeProvider {
            @Lifetime.Owned var lifetime
            var title: String?

            func close() {
                _lifetime.end()
            }
        }
        let screen = Screen()
        let title = MutableProperty("a")
        screen.reactive[\.title] <~ title
        screen.close()
        title.value = "b"
        #expect(screen.lifetime.hasEnded)
        #expect(screen.title == "a")
        #expect((screen.reactive[\.title] <~ title) == nil)
    }

    @Test func staticNamespaceIsTheReactiveTypeOfTheClass() {
        #expect(Label.reactive == Reactive<Label>.self)
        #expect(Label().reactive.base.text == nil)
    }

    @Test func keyPathTargetOnASchedulerAppliesValuesWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let label = Label()
        let title = MutableProperty("a")
        label.reactive[\.text, on: scheduler] <~ title
        title.value = "b"
        #expect(label.text == nil)
        scheduler.advance()
        #expect(label.text == "b")
    }

    @Test func valueWaitingOnTheSchedulerIsDroppedOnceTheLifetimeProviderIsGone() {
        let scheduler = TestScheduler()
        let applied = SharedLog()
        let title = MutableProperty("a")
        var button: Button? = Button()
        let disposable = button?.reactive.makeBindingTarget(on: scheduler) { (_, value: String) in
            applied.append(value)
        } <~ title
        scheduler.advance()
        title.value = "b"
        button = nil
        #expect(disposable?.isDisposed == true)
        scheduler.advance()
        #expect(applied.entries == ["a"])
    }

    @Test func valueWaitingOnTheSchedulerForAGonePlainObjectIsDroppedAndEndsTheBinding() {
        let scheduler = TestScheduler()
        let title = MutableProperty("a")
        weak var weakLabel: Label?
        let disposable: (any Disposable)?
        do {
            let label = Label()
            weakLabel = label
            disposable = label.reactive[\.text, on: scheduler] <~ title
            scheduler.advance()
            #expect(label.text == "a")
            title.value = "b"
        }
        #expect(weakLabel == nil)
        #expect(disposable?.isDisposed == false)
        scheduler.advance()
        #expect(disposable?.isDisposed == true)
    }

    @Test func optionalObjectThatIsGoneIsANoOp() {
        weak var weakLabel: Label?
        let title = MutableProperty("a")
        #expect((weakLabel?.reactive[\.text] <~ title) == nil)
        let label = Label()
        weakLabel = label
        weakLabel?.reactive[\.text] <~ title
        #expect(label.text == "a")
    }

    /// The phone-number form of the tutorial: the input is cut to 11 digits, and an
    /// error is shown while the number is not valid.
}

/// Binding to `@MainActor` objects from main-actor code: no casts, no annotations.
@MainActor
@Suite struct MainActorBindingTests {
    @MainActor
    final class TitleView: ReactiveExtensionsProvider, LifetimeProvider {
        nonisolated let lifetime: Lifetime
        private let token: Lifetime.Token
        var title: String?

        init() {
            (lifetime, token) = Lifetime.make()
        }
    }

    /// The one-line form, with a main-actor-isolated conformance.
    @MainActor
    final class BadgeView: ReactiveExtensionsProvider, @MainActor LifetimeProvider {
        @Lifetime.Owned var lifetime
        var badge: String?
    }

    @MainActor
    final class ViewModel {
        @MutableProperty var title = "Inbox"
    }

    // A key path to a main-actor property is applied on the main actor: at once
    // unless other work waits on the main queue (tests running in parallel may
    // have queued some), so the tests wait for it.
    @Test func mainActorViewBindsToAViewModel() async {
        let view = TitleView()
        let viewModel = ViewModel()
        view.reactive[\.title] <~ viewModel.$title
        viewModel.title = "Archive"
        #expect(await yieldUntil(within: 10) { view.title == "Archive" })
    }

    @Test func mainActorViewBindingEndsAtDeinit() {
        let viewModel = ViewModel()
        weak var weakView: TitleView?
        let disposable: (any Disposable)?
        do {
            let view = TitleView()
            weakView = view
            disposable = view.reactive[\.title] <~ viewModel.$title
        }
        #expect(weakView == nil)
        #expect(disposable?.isDisposed == true)
    }

    @Test func mainActorViewWithAnOwnedLifetimeEndsItsBindingsAtDeinit() async {
        let viewModel = ViewModel()
        let recorder = Recorder<String>()
        var view: BadgeView? = BadgeView()
        let disposable = view?.reactive[\.badge] <~ viewModel.$title
        viewModel.$title.signal.take(duringLifetimeOf: view!).observe(recorder.observer())
        #expect(await yieldUntil(within: 10) { view?.badge == "Inbox" })
        view = nil
        #expect(disposable?.isDisposed == true)
        #expect(recorder.entries == ["COMPLETED"])
    }
}

extension Reactive where Base: ReactiveTests.Label {
    /// Sets the label's text.
    var text: BindingTarget<String?> {
        makeBindingTarget { $0.text = $1 }
    }
}

extension Reactive where Base: ReactiveTests.Button {
    /// Sets whether the button is enabled.
    var isEnabled: BindingTarget<Bool> {
        makeBindingTarget { $0.isEnabled = $1 }
    }
}
