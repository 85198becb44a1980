import Foundation
import Ripple
import RippleTerminal
import RippleTesting
import Testing

// The Swift samples of the Migrating from RxSwift article, each run with the
// behaviour the article describes.

@Suite("Migrating from RxSwift: samples")
struct MigratingFromRxSwiftSamples {
    enum LoadError: Error, Equatable { case offline }

    @Test("the README's search box, ported: throttled, without repeats, the latest query's results")
    func searchBox() {
        let scheduler = TestScheduler()
        let query = MutableProperty("")
        let shownResults = MutableProperty<[String]>(["stale"])
        func searchRepositories(_ text: String) -> SignalProducer<[String], LoadError> {
            text == "fail" ? SignalProducer(error: .offline) : SignalProducer(value: [text + "-kit"])
        }

        let searchResults = query.producer
            .throttle(.milliseconds(300), on: scheduler)
            .skipRepeats()
            .flatMap(.latest) { text -> SignalProducer<[String], Never> in
                if text.isEmpty { return SignalProducer(value: []) }
                return searchRepositories(text).flatMapError { _ in SignalProducer(value: []) }
            }
            .observe(on: scheduler)

        shownResults <~ searchResults

        scheduler.advance()
        #expect(shownResults.value == [])
        query.value = "ripple"
        scheduler.advance(by: 0.3)
        #expect(shownResults.value == ["ripple-kit"])
        query.value = "fail"
        scheduler.advance(by: 0.3)
        #expect(shownResults.value == [])
    }

    @Test("a text field's edits feed a property, as rx.text.orEmpty bound to a relay does")
    @MainActor
    func controlPropertyBinding() {
        let field = TextField()
        let query = MutableProperty("")
        query <~ field.reactive.continuousTextValues     // field.rx.text.orEmpty.bind(to: query)
        _ = field.handlePaste("ripple")
        #expect(query.value == "ripple")
    }

    @Test("pipes and properties stand for subjects and relays; replayLazily for a replay subject")
    func subjectsAndRelays() {
        let (taps, tapInput) = Signal<Int, Never>.pipe()             // PublishRelay
        let count = MutableProperty(0)                               // BehaviorRelay
        count <~ taps.scan(0, +)
        tapInput.send(value: 1)
        tapInput.send(value: 2)
        #expect(count.value == 3)

        let (messages, messageInput) = Signal<String, Never>.pipe()
        let lastTwo = SignalProducer(messages).replayLazily(upTo: 2)  // ReplayRelay
        let recording = lastTwo.start()
        messageInput.send(value: "a")
        messageInput.send(value: "b")
        messageInput.send(value: "c")
        var replayed: [String] = []
        lastTwo.startWithValues { replayed.append($0) }
        #expect(replayed == ["b", "c"])
        recording.dispose()
    }

    @Test("an async subject: the last value, sent at completion to every start")
    func asyncSubject() {
        let (results, resultInput) = Signal<Int, Never>.pipe()
        let last = SignalProducer(results).take(last: 1).replayLazily(upTo: 1)
        let recording = last.start()
        resultInput.send(value: 1)
        resultInput.send(value: 2)
        resultInput.sendCompleted()
        var seen: [Int] = []
        last.startWithValues { seen.append($0) }
        #expect(seen == [2])
        recording.dispose()
    }

    @Test("one value, at most one value, no value: awaited from a producer")
    func singleMaybeCompletable() async throws {
        let user = SignalProducer<String, LoadError> { () async throws(LoadError) -> String in "Ada" }
        #expect(try await user.first() == "Ada")                     // Single

        let nothing = SignalProducer<String, LoadError>.empty
        #expect(try await nothing.first() == nil)                    // Maybe

        let upload = SignalProducer<Int, LoadError>(value: 201)
        let saved: SignalProducer<Never, LoadError> = upload.then(.empty)  // Completable
        #expect(try await saved.waitUntilCompleted())
    }

    @Test("a Driver: a property fed on the main scheduler from a stream that cannot fail")
    func driver() {
        let scheduler = TestScheduler()
        let loadName = SignalProducer<String, LoadError>(error: .offline)
        let nameText = Property(
            initial: "…",
            then: loadName
                .flatMapError { _ in SignalProducer(value: "unknown") }   // asDriver(onErrorJustReturn:)
                .observe(on: scheduler)
        )
        #expect(nameText.value == "…")
        scheduler.advance()
        #expect(nameText.value == "unknown")
    }

    @Test("a lifetime stands for a dispose bag")
    func disposeBag() {
        let (lifetime, token) = Lifetime.make()                      // a DisposeBag's owner
        let (ticks, tickInput) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        lifetime += ticks.observeValues { seen.append($0) }          // disposed(by: bag)
        tickInput.send(value: 1)
        token.dispose()                                              // the owner goes away
        tickInput.send(value: 2)
        #expect(seen == [1])
    }

    @Test("a scoped composite disposable is a bag that disposes when it goes away")
    func scopedBag() {
        let (ticks, tickInput) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        do {
            let bag = ScopedDisposable(CompositeDisposable())
            bag += ticks.observeValues { seen.append($0) }
            tickInput.send(value: 1)
        }
        tickInput.send(value: 2)
        #expect(seen == [1])
    }

    @Test("the operators RxSwift has and Ripple spells otherwise")
    func operatorsWrittenOtherwise() async {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 3, 4)
        #expect(await numbers.prefix(value: 0).collected() == [0, 1, 2, 3, 4])    // startWith(0)
        #expect(await numbers.skip(first: 2).take(first: 1).collected() == [3])  // element(at: 2)
        #expect(await numbers.collect().first() == [1, 2, 3, 4])                 // toArray()

        let offline = SignalProducer<[String], LoadError>(error: .offline)
        let rescued = offline.flatMapError { _ in SignalProducer(value: []) }  // catchAndReturn([])
        #expect(await rescued.collected() == [[]])

        var starts = 0
        let shared = SignalProducer<Int, Never> { observer, _ in
            starts += 1
            observer.send(value: 42)
        }.replayLazily(upTo: 1)                                                  // share(replay: 1)
        #expect(await shared.first() == 42)
        #expect(await shared.first() == 42)
        #expect(starts == 1)
    }

    @Test("RxTest's recorded events become a marble line")
    func marbles() throws {
        let scheduler = TestScheduler()
        let typing: Signal<String, Never> = try scheduler.hotSignal("-abc-----d|")
        let output = scheduler.record(typing.throttle(3, on: scheduler))
        scheduler.run()
        #expect(output.marbles() == "-a--c----d|")
    }
}
