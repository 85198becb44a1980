// Ripple's concurrency rules, as a Swift 6 client meets them (the Swift Concurrency article,
// "What runs where"):
//
//     Signal / SignalProducer / Property / MutableProperty   Sendable when Value is
//     Action                                                 Sendable when Input and Output are
//     Action { … } (synchronous body)                        @Sendable: runs on the applying thread
//     view.reactive[\.text], text on the main actor          set on the main actor, whatever thread sends
//     reactive.makeBindingTarget { … }                       @Sendable; @MainActor with on: MainActorScheduler() / UIScheduler()
//
// The compile probes show what the compiler refuses; the runtime tests show where
// code runs.

import Dispatch
import Ripple
import Synchronization
import Testing

/// A model object that is not Sendable.
final class Draft {
    var text = ""
}

/// A main-actor view with a binding-target property, as a terminal or UIKit
/// control is.
@MainActor
final class Headline: ReactiveExtensionsProvider {
    /// Whether every set ran on the main actor's executor.
    private(set) var setsOffTheMainQueue = 0
    private(set) var sets = 0

    var text = "" {
        didSet {
            MainActor.assertIsolated("a binding set a main-actor property off the main actor")
            sets += 1
            if !isOnMainQueue() { setsOffTheMainQueue += 1 }
            mainActorStateChanged()
        }
    }
}

extension Reactive where Base: Headline {
    /// The `@MainActor` form of `makeBindingTarget`, declared in a nonisolated
    /// extension.
    var title: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }

    /// The ReactiveCocoa spelling, `on: UIScheduler()`.
    var uiTitle: BindingTarget<String> {
        makeBindingTarget(on: UIScheduler()) { $0.text = $1 }
    }
}

/// The ViewModel of the Swift Concurrency article ("What runs where"): one synchronous action on
/// Sendable state, one `@MainActor` async action on main-actor state.
@MainActor
final class CounterViewModel {
    let count = MutableProperty(0)
    private(set) var resets = 0
    private(set) var resetsOffTheMainQueue = 0

    lazy var increment = Action<Void, Int, Never> { [count] in
        count.modify { $0 += 1 }
        return SignalProducer(value: count.value)
    }
    lazy var reset = Action<Void, Int, Never> { @MainActor [unowned self] () async in
        MainActor.assertIsolated("a @MainActor action body ran off the main actor")
        if !isOnMainQueue() { self.resetsOffTheMainQueue += 1 }
        self.resets += 1
        self.count.value = 0
        return 0
    }
}

@Suite struct ConcurrencyRulesTests {
    static let probes = [
        CompileProbe(
            name: "aMutablePropertyOfANonSendableValueCannotBeSharedWithADetachedTask",
            refused: """
            import Ripple
            final class Draft { var text = "" }
            func edit() {
                let draft = MutableProperty(Draft())
                Task.detached { draft.value.text = "from a task" }
                draft.value.text = "from here"
            }
            """,
            expectedErrors: ["risks causing data races"],
            accepted: """
            import Ripple
            func edit() {
                let draft = MutableProperty("")
                Task.detached { draft.value = "from a task" }
                draft.value = "from here"
            }
            """
        ),
        CompileProbe(
            name: "streamsPropertiesAndActionsAreSendableOnlyForSendableValues",
            refused: """
            import Ripple
            final class Draft {}
            func share(_ value: any Sendable) {}
            func probe(action: Action<Draft, Int, Never>, output: Action<Int, Draft, Never>) {
                share(Signal<Draft, Never>.never)
                share(SignalProducer<Draft, Never>.never)
                share(Property(value: Draft()))
                share(MutableProperty(Draft()))
                share(action)
                share(output)
            }
            """,
            expectedErrors: Array(repeating: "does not conform to the 'Sendable' protocol", count: 6),
            accepted: """
            import Ripple
            func share(_ value: any Sendable) {}
            func probe(action: Action<String, Int, Never>) {
                share(Signal<Int, Never>.never)
                share(SignalProducer<Int, Never>.never)
                share(Property(value: 1))
                share(MutableProperty(1))
                share(action)
            }
            """
        ),
        CompileProbe(
            name: "anActionBodyCannotTouchMainActorState",
            refused: """
            import Ripple
            @MainActor final class CounterViewModel {
                var count = 0
                lazy var increment = Action<Void, Int, Never> { [unowned self] in
                    self.count += 1
                    return SignalProducer(value: self.count)
                }
            }
            """,
            expectedErrors: ["can not be mutated from a Sendable closure", "can not be referenced from a Sendable closure"],
            // The example of the Swift Concurrency article ("What runs where"), verbatim.
            accepted: """
            import Ripple
            @MainActor final class CounterViewModel {
                let count = MutableProperty(0)
                var resets = 0

                lazy var increment = Action<Void, Int, Never> { [count] in     // @Sendable: Sendable state only
                    count.modify { $0 += 1 }
                    return SignalProducer(value: count.value)
                }
                lazy var reset = Action<Void, Int, Never> { @MainActor [unowned self] () async in
                    self.resets += 1                                            // runs on the main actor
                    self.count.value = 0
                    return 0
                }
            }
            """
        ),
        CompileProbe(
            name: "aPlainBindingTargetCannotSetMainActorState",
            refused: """
            import Ripple
            @MainActor final class Headline: ReactiveExtensionsProvider { var text = "" }
            extension Reactive where Base: Headline {
                var text: BindingTarget<String> { makeBindingTarget { $0.text = $1 } }
            }
            """,
            expectedErrors: ["can not be mutated from a Sendable closure"],
            accepted: """
            import Ripple
            @MainActor final class Headline: ReactiveExtensionsProvider { var text = "" }
            extension Reactive where Base: Headline {
                var text: BindingTarget<String> { makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 } }
            }
            """
        ),
        CompileProbe(
            name: "aKeyPathToMainActorStateIsBoundOnlyFromTheMainActor",
            refused: """
            import Ripple
            @MainActor final class Headline: ReactiveExtensionsProvider { var text = "" }
            nonisolated func bind(_ headline: Headline, to title: Property<String>) {
                headline.reactive[\\.text] <~ title
            }
            """,
            expectedErrors: ["main actor-isolated"],
            accepted: """
            import Ripple
            @MainActor final class Headline: ReactiveExtensionsProvider { var text = "" }
            final class Gauge: ReactiveExtensionsProvider { var text = "" }
            @MainActor func bind(_ headline: Headline, to title: Property<String>) {
                headline.reactive[\\.text] <~ title
                headline.reactive[\\.text, on: UIScheduler()] <~ title
                headline.reactive[\\.text, on: MainActorScheduler()] <~ title
            }
            @MainActor func bindOnTheMainActor(_ gauge: Gauge, to title: Property<String>) {
                gauge.reactive[\\.text] <~ title
                gauge.reactive[\\.text, on: UIScheduler()] <~ title
                gauge.reactive[\\.text, on: MainActorScheduler()] <~ title
            }
            func bind(_ gauge: Gauge, to title: Property<String>) {
                gauge.reactive[\\.text] <~ title
                gauge.reactive[\\.text, on: UIScheduler()] <~ title
                gauge.reactive[\\.text, on: QueueScheduler.main] <~ title
            }
            """
        ),
        // `BindingTarget(lifetime:object:keyPath:)` applies values on the sending
        // thread: a key path to main-actor state is refused (it is not Sendable);
        // the `reactive` subscript applies such a key path on the main actor.
        CompileProbe(
            name: "aKeyPathBindingTargetCannotSetMainActorState",
            refused: """
            import Ripple
            @MainActor final class Headline { var text = "" }
            @MainActor func target(_ headline: Headline, lifetime: Lifetime) -> BindingTarget<String> {
                BindingTarget(lifetime: lifetime, object: headline, keyPath: \\.text)
            }
            """,
            expectedErrors: ["does not conform to the 'Sendable' protocol"],
            accepted: """
            import Ripple
            @MainActor final class Headline: ReactiveExtensionsProvider { var text = "" }
            final class Gauge { var level = 0 }
            @MainActor func target(_ headline: Headline) -> BindingTarget<String> {
                headline.reactive[\\.text]
            }
            func target(_ gauge: Gauge, lifetime: Lifetime) -> BindingTarget<Int> {
                BindingTarget(on: QueueScheduler.main, lifetime: lifetime, object: gauge, keyPath: \\.level)
            }
            """
        ),
        // The blocking `first()`, `last()`, `single()` and `wait()` would hold a
        // thread of the cooperative pool: async code gets the `async` forms.
        CompileProbe(
            name: "theBlockingFormsAreRefusedInAsyncCode",
            refused: """
            import Ripple
            func load(_ producer: SignalProducer<Int, Never>) async {
                let answer: Result<Int, Never>? = producer.first()
                _ = producer.wait()
                _ = answer
            }
            """,
            expectedErrors: ["unavailable from asynchronous contexts"],
            accepted: """
            import Ripple
            func load(_ producer: SignalProducer<Int, Never>) async -> Int? {
                await producer.first()
            }
            func loadInAScript(_ producer: SignalProducer<Int, Never>) -> Int? {
                guard case let .success(value)? = producer.first() else { return nil }
                return value
            }
            """
        ),
        // Why `signal.merge(with:)`, `combineLatest(with:)` and `zip(with:)` are
        // callable values rather than methods (swiftlang/swift#80146, Swift 6.3):
        // next to a conditional Sendable conformance, a method that shares its
        // name with a static one keeps the static call from inferring the type's
        // generic arguments. Once this probe's `refused` program compiles, the
        // workaround can go.
        CompileProbe(
            name: "aMethodNamedLikeAStaticOneBreaksInferenceNextToAConditionalSendable",
            refused: """
            final class Stream<Value> {
                init() {}
                static func merge(_ streams: Stream...) -> Stream { Stream() }
                func merge(with other: Stream) -> Stream { Stream.merge(self, other) }
            }
            extension Stream: @unchecked Sendable where Value: Sendable {}
            let merged = Stream.merge(Stream<Int>(), Stream<Int>())
            """,
            expectedErrors: ["could not be inferred", "cannot convert value"],
            accepted: """
            import Ripple
            let (a, b) = (Signal<Int, Never>.never, Signal<Int, Never>.never)
            let merged = Signal.merge(a, b)
            let pairs = Signal.combineLatest(a, b)
            let zipped = Signal.zip(a, b)
            let instanceForms = (a.merge(with: b), a.combineLatest(with: b), a.zip(with: b))
            let producers = SignalProducer.combineLatest(SignalProducer<Int, Never>(value: 1), SignalProducer<String, Never>(value: ""))
            let properties = Property.combineLatest(MutableProperty(1), Property(value: ""))
            let propertyPairs = MutableProperty(1).combineLatest(with: Property(value: ""))
            """
        ),
    ]

    @Test(arguments: probes)
    func compilerRefusesTheMistakeAndAcceptsTheCorrection(_ probe: CompileProbe) async throws {
        let errors = try await CompileProbe.diagnostics(compiling: probe.refused, named: probe.name).errors
        #expect(!errors.isEmpty, "\(probe.name) compiled; it must not")
        for error in errors {
            #expect(probe.expectedErrors.contains { error.contains($0) }, "unexpected error: \(error)")
        }
        for expected in probe.expectedErrors {
            #expect(errors.contains { $0.contains(expected) }, "missing error: \(expected)")
        }
        #expect(errors.count >= probe.expectedErrors.count, "errors: \(errors)")
        let corrected = try await CompileProbe.diagnostics(compiling: probe.accepted, named: probe.name)
        #expect(corrected.errors.isEmpty, "the corrected \(probe.name) does not compile: \(corrected.errors)")
        #expect(corrected.warnings.isEmpty, "the corrected \(probe.name) has warnings: \(corrected.warnings)")
    }

    @MainActor
    @Test(.timeLimit(.minutes(2))) func aKeyPathBindingSetsAMainActorPropertyOnTheMainActorWhateverThreadSends() async {
        let headline = Headline()
        let (titles, input) = Signal<String, Never>.pipe()
        headline.reactive[\.text] <~ titles
        await Task.detached { input.send(value: "from a detached task") }.value
        #expect(await waitUntil { headline.text == "from a detached task" })
        DispatchQueue.global().async { input.send(value: "from a global queue") }
        #expect(await waitUntil { headline.text == "from a global queue" })
        #expect(headline.sets == 2)
        #expect(headline.setsOffTheMainQueue == 0)
    }

    @MainActor
    @Test(.timeLimit(.minutes(2))) func actionsAppliedFromAnotherThreadRunTheirBodiesWhereTheRulesSay() async {
        let viewModel = CounterViewModel()
        let (increment, reset) = (viewModel.increment, viewModel.reset)
        await Task.detached {
            increment.apply().start()
            increment.apply().start()
        }.value
        #expect(viewModel.count.value == 2)
        // The run completes once the body has run on the main actor.
        #expect(await Task.detached { (try? await reset.apply().waitUntilCompleted()) == true }.value)
        #expect(viewModel.resets == 1)
        #expect(viewModel.resetsOffTheMainQueue == 0)
        #expect(viewModel.count.value == 0)
    }

    // "At once" holds only while nothing else waits on the main queue, which
    // tests running in parallel may fill (the Swift Concurrency article, "Where the compiler cannot help"): wait for it.
    @MainActor
    @Test(.timeLimit(.minutes(2))) func aKeyPathBindingFormedOnTheMainActorAppliesTheCurrentValueAndEveryChange() async {
        let headline = Headline()
        let title = MutableProperty("first")
        headline.reactive[\.text] <~ title
        #expect(await waitUntil { headline.text == "first" })
        title.value = "second"
        #expect(await waitUntil { headline.text == "second" })
        #expect(headline.setsOffTheMainQueue == 0)
    }

    @MainActor
    @Test(.timeLimit(.minutes(2))) func mainActorBindingTargetsApplyOnTheMainActorWhateverThreadSends() async {
        let headline = Headline()
        let title = MutableProperty("")
        let uiTitle = MutableProperty("")
        headline.reactive.title <~ title
        headline.reactive.uiTitle <~ uiTitle
        await Task.detached { title.value = "main actor scheduler" }.value
        #expect(await waitUntil { headline.text == "main actor scheduler" })
        await Task.detached { uiTitle.value = "UI scheduler" }.value
        #expect(await waitUntil { headline.text == "UI scheduler" })
        #expect(headline.setsOffTheMainQueue == 0)
    }

    @MainActor
    @Test func aKeyPathToANonisolatedPropertyIsSetOnTheSendingThread() async {
        final class Gauge: ReactiveExtensionsProvider {
            var level = 0
        }
        let gauge = Gauge()
        let (levels, input) = Signal<Int, Never>.pipe()
        gauge.reactive[\.level] <~ levels
        let wasOnMainQueue = await Task.detached {
            input.send(value: 3)
            return isOnMainQueue()
        }.value
        #expect(!wasOnMainQueue)
        #expect(gauge.level == 3)
    }
}
