import Foundation
import Ripple
import Testing

// The Migrating from ReactiveSwift article, "Where ReactiveSwift's less common names
// are": each row's ReactiveSwift code, written as a porter writes it, and the behaviour
// ReactiveSwift documents for it. The one-line comment above each test quotes the row.
// The rows on properties and actions are in MigratingGuidePropertyNamesTests, the
// stream-argument row in MigratingGuideStreamArgumentsTests, the interval rows in
// MigratingGuideIntervalsTests, the blocking forms in MigratingGuideConcurrencyTests.

// "`SignalProtocol`, `SignalProducerProtocol`, `OptionalProtocol` | the same | So generic extensions constrained on them port unchanged"
extension SignalProtocol where Value: OptionalProtocol {
    /// Forwards the wrapped values and drops the `nil`s: a helper in the style that
    /// ReactiveSwift code bases carry.
    func migratingSkipNils() -> Signal<Value.Wrapped, Error> {
        return signal.filter { $0.optional != nil }.map { $0.optional! }
    }
}

extension SignalProducerProtocol where Value: OptionalProtocol {
    /// The producer form of `migratingSkipNils()`.
    func migratingSkipNils() -> SignalProducer<Value.Wrapped, Error> {
        return producer.lift { $0.migratingSkipNils() }
    }
}

/// A progress bar: a plain object with a property to bind.
final class MigratingProgressBar: ReactiveExtensionsProvider {
    var fraction = 0.0
}

extension Reactive where Base: MigratingProgressBar {
    /// Sets the bar's fraction: a named target, as ReactiveCocoa declares them.
    var fraction: BindingTarget<Double> {
        makeBindingTarget { bar, fraction in bar.fraction = fraction }
    }
}

@Suite struct MigratingGuideNamesTests {
    // "`SignalProducer(_ action: () -> Result<Value, Error>)` … | the same"
    @Test func aResultClosureIsCalledOnEveryStartAndItsResultSent() {
        let starts = Recorder<Int>()
        let producer = SignalProducer<Int, TestError> { () -> Result<Int, TestError> in
            starts.append(1)
            return starts.entries.count == 1 ? .success(7) : .failure(TestError(code: 2))
        }
        #expect(starts.entries.isEmpty)
        #expect(events(of: producer) == ["VALUE 7", "COMPLETED"])
        #expect(events(of: producer) == ["FAILED TestError(code: 2)"])
    }

    // "`SignalProducer(_ action: () -> Value)` | the same"
    @Test func aValueClosureIsCalledOnEveryStartAndItsValueSent() {
        let starts = Recorder<Int>()
        let producer = SignalProducer<Int, TestError> { () -> Int in
            starts.append(1)
            return starts.entries.count * 10
        }
        #expect(starts.entries.isEmpty)
        #expect(events(of: producer) == ["VALUE 10", "COMPLETED"])
        #expect(events(of: producer) == ["VALUE 20", "COMPLETED"])
    }

    // "also `SignalProducer { () throws(E) -> Value in … }`"
    @Test func aTypedThrowingClosureSendsItsValueOrFailsWithWhatItThrows() {
        let answers = Recorder<Int>()
        let producer = SignalProducer { () throws(TestError) -> Int in
            answers.append(1)
            guard answers.entries.count == 1 else { throw TestError(code: 3) }
            return 5
        }
        #expect(events(of: producer) == ["VALUE 5", "COMPLETED"])
        #expect(events(of: producer) == ["FAILED TestError(code: 3)"])
    }

    // "`SignalProducer(_ base: SignalProducerConvertible)` | the same | A property's, a signal's or a producer's producer"
    @Test func aProducerMadeFromAPropertyASignalOrAProducer() {
        let property = MutableProperty(1)
        let fromProperty = Recorder<String>()
        SignalProducer(property).start(fromProperty.observer())
        property.value = 2
        #expect(fromProperty.entries == ["VALUE 1", "VALUE 2"])

        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 0)
        let fromSignal = Recorder<String>()
        SignalProducer(signal).start(fromSignal.observer())
        input.send(value: 3)
        input.sendCompleted()
        #expect(fromSignal.entries == ["VALUE 3", "COMPLETED"])

        let numbers = SignalProducer<Int, TestError>(values: 4, 5)
        #expect(events(of: SignalProducer(numbers)) == ["VALUE 4", "VALUE 5", "COMPLETED"])
    }

    // "`then` from a stream that cannot fail … | the same | The `Never` side takes the other side's error"
    @Test func thenFromAStreamThatCannotFailTakesTheReplacementsError() {
        let load: SignalProducer<String, TestError> = SignalProducer<Int, Never>(values: 1, 2)
            .then(SignalProducer<String, TestError>(error: TestError(code: 3)))
        #expect(events(of: load) == ["FAILED TestError(code: 3)"])

        let (signal, input) = Signal<Int, Never>.pipe()
        let replaced: Signal<String, TestError> = signal.then(SignalProducer<String, TestError>(value: "next"))
        let seen = Recorder<String>()
        replaced.observe(seen.observer())
        input.send(value: 1)
        input.sendCompleted()
        #expect(seen.entries == ["VALUE next", "COMPLETED"])
    }

    // "`then` … or to one that cannot | the same | The `Never` side takes the other side's error"
    @Test func thenToAStreamThatCannotFailKeepsTheReceiversError() {
        let done: SignalProducer<String, TestError> = SignalProducer<Int, TestError>(values: 1, 2)
            .then(SignalProducer<String, Never>(value: "done"))
        #expect(events(of: done) == ["VALUE done", "COMPLETED"])
        let failed = SignalProducer<Int, TestError>(error: TestError(code: 4)).then(SignalProducer<String, Never>(value: "never"))
        #expect(events(of: failed) == ["FAILED TestError(code: 4)"])

        let (signal, input) = Signal<Int, TestError>.pipe()
        let replaced: Signal<String, TestError> = signal.then(SignalProducer<String, Never>(value: "next"))
        let seen = Recorder<String>()
        replaced.observe(seen.observer())
        input.send(error: TestError(code: 5))
        #expect(seen.entries == ["FAILED TestError(code: 5)"])
    }

    // "`concat(error:)`, `concat(value:)`, `prefix(value:)` | the same"
    @Test func concatErrorConcatValueAndPrefixValue() {
        let numbers = SignalProducer<Int, TestError>(values: 1, 2)
        #expect(events(of: numbers.concat(value: 3)) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(events(of: numbers.concat(error: TestError(code: 9))) == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 9)"])
        #expect(events(of: numbers.prefix(value: 0)) == ["VALUE 0", "VALUE 1", "VALUE 2", "COMPLETED"])
    }

    // "`take(until: (Value) -> Bool)` | the same"
    @Test func takeUntilAPredicateForwardsTheStoppingValueThenCompletes() {
        let progress = SignalProducer<Double, Never>(values: 0.2, 0.7, 1.0, 0.1)
        #expect(events(of: progress.take(until: { $0 < 1.0 })) == ["VALUE 0.2", "VALUE 0.7", "VALUE 1.0", "COMPLETED"])
    }

    // "`Signal.all(…)`, `Signal.any(…)` … | the same | A sequence or a variadic list"
    @Test func signalAllAndAnyTakeASequenceOrAVariadicList() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let seen = Recorder<String>()
        Signal.all([a, b]).observeValues { seen.append("all[] \($0)") }
        Signal.all(a, b).observeValues { seen.append("all \($0)") }
        Signal.any([a, b]).observeValues { seen.append("any[] \($0)") }
        Signal.any(a, b).observeValues { seen.append("any \($0)") }
        aInput.send(value: true)
        #expect(seen.entries.isEmpty)
        bInput.send(value: false)
        bInput.send(value: true)
        #expect(seen.entries == [
            "all[] false", "all false", "any[] true", "any true",
            "all[] true", "all true", "any[] true", "any true",
        ])
    }

    // "`SignalProducer.all/any` | the same | A sequence or a variadic list" (producers; signals are not accepted yet)
    @Test func signalProducerAllAndAnyTakeASequenceOrAVariadicList() {
        let yes = SignalProducer<Bool, Never>(value: true)
        let no = SignalProducer<Bool, Never>(value: false)
        #expect(SignalProducer.all([yes, no]).last() == .success(false))
        #expect(SignalProducer.all(yes, yes).last() == .success(true))
        #expect(SignalProducer.any([no, yes]).last() == .success(true))
        #expect(SignalProducer.any(no, no).last() == .success(false))
        #expect(SignalProducer<Bool, Never>.all([]).last() == .success(true))
        #expect(SignalProducer<Bool, Never>.any([]).last() == .success(false))
    }

    // "`logEvents(identifier:events:fileName:functionName:lineNumber:logger:)`, `EventLogger`, `defaultEventLog` | the same"
    @Test func logEventsWithEveryLabelCallsAnEventLoggerWithWhatItWasGiven() {
        let calls = Recorder<String>()
        let logger: EventLogger = { identifier, event, file, function, line in
            calls.append("[\(identifier)] \(event) \(file) \(function) \(line)")
        }
        let logged = SignalProducer<Int, TestError>(values: 1)
            .logEvents(identifier: "load", events: [.starting, .value, .completed], fileName: "App.swift", functionName: "load()", lineNumber: 12, logger: logger)
        logged.start()
        #expect(calls.entries == [
            "[load] starting App.swift load() 12",
            "[load] value 1 App.swift load() 12",
            "[load] completed App.swift load() 12",
        ])
    }

    // "`BindingTarget(lifetime:object:keyPath:)` | the same | With a `Sendable` key path"
    @Test func aKeyPathBindingTargetSetsTheObjectsPropertyUntilTheLifetimeEnds() {
        let bar = MigratingProgressBar()
        let (lifetime, token) = Lifetime.make()
        let progress = MutableProperty(0.5)
        BindingTarget(lifetime: lifetime, object: bar, keyPath: \.fraction) <~ progress
        #expect(bar.fraction == 0.5)
        progress.value = 1
        #expect(bar.fraction == 1)
        token.dispose()
        progress.value = 0.2
        #expect(bar.fraction == 1)
    }

    // "`BindingTarget(on:lifetime:object:keyPath:)` | the same | With a `Sendable` key path"
    @Test func aKeyPathBindingTargetOnASchedulerSetsThePropertyWhenTheSchedulerRuns() {
        let bar = MigratingProgressBar()
        let scheduler = TestScheduler()
        let progress = MutableProperty(0.5)
        let (lifetime, token) = Lifetime.make()
        BindingTarget(on: scheduler, lifetime: lifetime, object: bar, keyPath: \.fraction) <~ progress
        #expect(bar.fraction == 0)
        scheduler.advance()
        #expect(bar.fraction == 0.5)
        progress.value = 0.9
        #expect(bar.fraction == 0.5)
        scheduler.advance()
        #expect(bar.fraction == 0.9)
        token.dispose()
    }

    // "an optional `BindingTargetProvider` (`weakView?.reactive.text <~ …`) | the same | A `nil` target is a binding that is over at once"
    @Test func anOptionalTargetBindsWhileThereIsOneAndANilOneIsOverAtOnce() {
        weak var weakBar: MigratingProgressBar?
        var bar: MigratingProgressBar? = MigratingProgressBar()
        weakBar = bar
        let starts = Recorder<Int>()
        let source = SignalProducer<Double, Never> { observer, _ in
            starts.append(1)
            observer.send(value: 0.75)
        }
        weakBar?.reactive.fraction <~ source
        #expect(bar?.fraction == 0.75)
        bar = nil
        let binding = weakBar?.reactive.fraction <~ source
        #expect(binding == nil)
        #expect(starts.entries.count == 1)
    }

    // "`ScopedDisposable(_ disposable: Disposable)` | the same (`ScopedDisposable<AnyDisposable>`)"
    @Test func aScopedDisposableDisposesWhatItWrapsWhenItGoesAway() {
        let inner: any Disposable = SerialDisposable()
        var scoped: ScopedDisposable<AnyDisposable>? = ScopedDisposable(inner)
        #expect(scoped?.isDisposed == false)
        #expect(!inner.isDisposed)
        scoped = nil
        #expect(inner.isDisposed)
    }

    // "`filterMap` (ReactiveSwift 3) | the same; `compactMap` is the current name"
    @Test func filterMapIsCompactMap() {
        let texts = SignalProducer<String, Never>(values: "1", "x", "3")
        #expect(events(of: texts.filterMap { Int($0) }) == ["VALUE 1", "VALUE 3", "COMPLETED"])
        #expect(events(of: texts.filterMap { Int($0) }) == events(of: texts.compactMap { Int($0) }))
        let fromSignal = events(of: { $0.filterMap { Int($0) } }, sending: [.value("2"), .value("y")] as [Signal<String, Never>.Event])
        #expect(fromSignal == ["VALUE 2"])
    }

    // "`SignalProtocol`, `SignalProducerProtocol`, `OptionalProtocol` | the same | So generic extensions constrained on them port unchanged"
    @Test func genericExtensionsOnTheProtocolsPortUnchanged() {
        let (signal, input) = Signal<Int?, Never>.pipe()
        let seen = Recorder<Int>()
        signal.migratingSkipNils().observeValues { seen.append($0) }
        input.send(value: nil)
        input.send(value: 1)
        #expect(seen.entries == [1])
        #expect(events(of: SignalProducer<Int?, Never>(values: 2, nil, 3).migratingSkipNils()) == ["VALUE 2", "VALUE 3", "COMPLETED"])
    }
}
