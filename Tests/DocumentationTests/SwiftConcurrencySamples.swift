import Ripple
import Testing

// The samples of the Swift Concurrency article (Ripple.docc/SwiftConcurrency.md). The
// code it shows refused by the compiler is fenced as text, with the compiler's message.

enum SwiftConcurrencySamples {
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

    @MainActor final class Headline: ReactiveExtensionsProvider {
        var text = ""
    }

    @MainActor final class Screen: ReactiveExtensionsProvider, @MainActor LifetimeProvider {
        @Lifetime.Owned var lifetime
    }

    // Compiles, and races: the article's example of what the compiler cannot see.
    actor Cache {
        var items: [String] = []
        func follow(_ signal: Signal<String, Never>) {
            signal.observeValues { item in self.items.append(item) }   // compiles; races
        }
    }
    actor Store {
        var count = 41
        func counter() -> SignalProducer<Int, Never> {
            SignalProducer { observer, _ in observer.send(value: self.count) }   // compiles; read off the actor
        }
    }
}

private typealias Headline = SwiftConcurrencySamples.Headline

extension Reactive where Base: Headline {
    var text: BindingTarget<String> { makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 } }
}

extension SwiftConcurrencySamples {
    @Suite("Swift Concurrency")
    struct Tests {
        @Test("a producer read from async code")
        func asyncValues() async {
            let pages = SignalProducer<String, Never>(["one", "two", "three"])

            var read: [String] = []
            for await page in pages.values { read.append(page) }   // each iteration starts a run
            let first = await pages.first()                        // "one"
            let all = await pages.collected()                      // ["one", "two", "three"]
            #expect(read == ["one", "two", "three"])
            #expect(first == "one")
            #expect(all == ["one", "two", "three"])
        }

        @Test("async work as a producer and as an action")
        func asyncWork() async throws {
struct LoadError: Error {}

let profile = SignalProducer { () async throws(LoadError) -> String in
    let name = await Task { "Ada" }.value
    guard !name.isEmpty else { throw LoadError() }
    return name
}
            let save = Action { (draft: String) async throws(LoadError) -> Int in draft.count }
            #expect(try await profile.first() == "Ada")
            #expect(try await save.apply("draft").first() == 5)
        }

        @MainActor
        @Test("the synchronous action reads Sendable state, the async one runs on the main actor")
        func counter() async throws {
            let viewModel = CounterViewModel()
            #expect(try await viewModel.increment.apply().first() == 1)
            #expect(try await viewModel.increment.apply().first() == 2)
            #expect(try await viewModel.reset.apply().first() == 0)
            #expect(viewModel.resets == 1)
            #expect(viewModel.count.value == 0)
        }

        @MainActor
        @Test("a binding target of main-actor state applies on the main actor")
        func headline() async {
            let headline = Headline()
            let title = MutableProperty("Inbox")
            headline.reactive.text <~ title
            // At once unless other work waits on the main queue (tests running in
            // parallel may have queued some): then after it. A mark scheduled behind
            // the binding's first value runs once that value has been applied.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                UIScheduler().schedule { done.resume() }
            }
            #expect(headline.text == "Inbox")
            _ = Screen().lifetime
        }
    }
}
