import Foundation
import Ripple
import Testing

// The Migrating from ReactiveSwift article, "Deliberate differences": each test writes
// what a porter writes as the guide says it, and checks what the guide says happens.
// The one-line comment above each test quotes the claim it checks. Time intervals are
// in MigratingGuideIntervalsTests, Swift 6 concurrency and the blocking forms in
// MigratingGuideConcurrencyTests.

/// A form field's validation errors.
enum MigratingFormError: Error, Equatable {
    case negative
    case tooShort
    case mismatch
}

/// A screen that announces its own end, as the guide shows.
final class MigratingProfileScreen: ReactiveExtensionsProvider, LifetimeProvider {
    @Lifetime.Owned var lifetime
    var title = ""
}

/// A plain object with a property to bind: no `LifetimeProvider` conformance.
final class MigratingPlainLabel: ReactiveExtensionsProvider {
    var text = ""
}

@Suite struct MigratingGuideDifferencesTests {
    // MARK: Recursive sends are queued

    // "observers A and B, A sending 2 while handling 1, see A1, B1, A2, B2"
    // "A binding target on a scheduler stops with its lifetime": a value still waiting
    // on the scheduler when the lifetime ends is dropped.
    @Test func aBindingTargetOnASchedulerDropsWhatWaitsWhenItsLifetimeEnds() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let applied = Recorder<Int>()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { applied.append($0) }
        target.action(1)
        scheduler.advance()
        target.action(2)
        token.dispose()
        #expect(lifetime.hasEnded)
        scheduler.run()
        #expect(applied.entries == [1])
    }

    @Test func aValueSentFromAnObserverReachesEveryObserverAfterTheCurrentOne() {
        let seen = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            seen.append("A\(value)")
            if value == 1 { input.send(value: 2) }
        }
        signal.observeValues { seen.append("B\($0)") }
        input.send(value: 1)
        #expect(seen.entries == ["A1", "B1", "A2", "B2"])
    }

    // "So does a `MutableProperty` set from inside its own observer."
    @Test func aMutablePropertySetFromItsOwnObserverIsQueuedLikeASend() {
        let seen = Recorder<String>()
        let property = MutableProperty(0)
        property.signal.observeValues { [unowned property] value in
            seen.append("A\(value)")
            if value == 1 { property.value = 2 }
        }
        property.signal.observeValues { seen.append("B\($0)") }
        property.value = 1
        #expect(seen.entries == ["A1", "B1", "A2", "B2"])
        #expect(property.value == 2)
    }

    // MARK: Property.combineLatest and Property.zip over an empty sequence

    // "over an empty sequence are a constant property of `[]`, not `nil`: the result is not optional"
    @Test func combiningNoPropertiesIsAConstantPropertyOfAnEmptyArray() {
        let none: [MutableProperty<Int>] = []
        let latest: Property<[Int]> = Property.combineLatest(none)
        let zipped: Property<[Int]> = Property.zip(none)
        #expect(latest.value == [])
        #expect(zipped.value == [])
        #expect(events(of: latest.producer) == ["VALUE []", "COMPLETED"])
        #expect(events(of: zipped.producer) == ["VALUE []", "COMPLETED"])
    }

    // "Pass `emptySentinel:` to choose the constant"
    @Test func anEmptySentinelIsTheConstantOfAnEmptyCombination() {
        let none: [Property<Int>] = []
        #expect(Property.combineLatest(none, emptySentinel: [0]).value == [0])
        #expect(Property.zip(none, emptySentinel: [-1]).value == [-1])
    }

    // MARK: logEvents

    // "a set literal (`events: [.value, .failed]`) ports unchanged"
    @Test func logEventsTakesASetLiteralForSignalsAndProducers() {
        let lines = Recorder<String>()
        let logger: EventLogger = { identifier, event, _, _, _ in lines.append("[\(identifier)] \(event)") }
        let failing = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: TestError(code: 2))
        }
        failing.logEvents(identifier: "load", events: [.value, .failed], logger: logger).start()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.logEvents(identifier: "feed", events: [.value, .failed], logger: logger).observe { _ in }
        input.send(value: 3)
        input.send(error: TestError(code: 4))
        #expect(lines.entries == [
            "[load] value 1", "[load] failed TestError(code: 2)",
            "[feed] value 3", "[feed] failed TestError(code: 4)",
        ])
    }

    // "`LoggingEvent.Signal.allEvents` becomes the default (leave `events:` out)"
    @Test func leavingEventsOutLogsEveryEvent() {
        let lines = Recorder<String>()
        let logger: EventLogger = { _, event, _, _, _ in lines.append(event) }
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.logEvents(identifier: "feed", logger: logger).observe { _ in }
        input.send(value: 1)
        input.sendCompleted()
        #expect(lines.entries == ["value 1", "completed", "terminated", "disposed"])
    }

    // "a signal never reports `.starting` or `.started`"
    @Test func aSignalNeverLogsStartingOrStartedEvenWhenAskedTo() {
        let lines = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.logEvents(events: [.starting, .started, .value]) { _, event, _, _, _ in lines.append(event) }
            .observe { _ in }
        input.send(value: 1)
        #expect(lines.entries == ["value 1"])
    }

    // "Without a `logger:` it prints `[identifier] event` lines"
    @Test func withoutALoggerLogEventsPrintsIdentifierAndEventLines() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            SignalProducer<Int, Never>(value: 1).logEvents(identifier: "load", events: [.value, .completed]).start()
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output == "[load] value 1\n[load] completed\n")
    }

    // "`logger: defaultEventLog` … gives ReactiveSwift's signature and lines, with the file, function and line of the `logEvents` call"
    @Test func defaultEventLogPrintsTheFileFunctionAndLineOfTheLogEventsCall() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            SignalProducer<Int, Never>(value: 1)
                .logEvents(identifier: "load", events: [.value], fileName: "App.swift", functionName: "load()", lineNumber: 12, logger: defaultEventLog)
                .start()
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output == "[load] value 1 fileName: App.swift, functionName: load(), lineNumber: 12\n")
    }

    // "(or any `EventLogger`) gives ReactiveSwift's signature and lines, with the file, function and line of the `logEvents` call"
    @Test func anEventLoggerReceivesWhereLogEventsWasCalled() {
        let calls = Recorder<String>()
        let logger: EventLogger = { identifier, event, file, function, line in
            calls.append("\(identifier)|\(event)|\(file)|\(function)|\(line)")
        }
        let line = #line + 1
        let logged = SignalProducer<Int, Never>(value: 1).logEvents(identifier: "load", events: [.value], logger: logger)
        logged.start()
        #expect(calls.entries == ["load|value 1|\(#file)|\(#function)|\(line)"])
    }

    // MARK: ValidatingProperty

    // "`ValidatingProperty(inner, validator)` validates for a `MutableProperty`"
    @Test func aValidatingPropertyWritesOnlyValidProposalsToItsMutableProperty() {
        let inner = MutableProperty(1)
        let validated = ValidatingProperty<Int, MigratingFormError>(inner) { $0 >= 0 ? .valid : .invalid(.negative) }
        validated.value = 5
        #expect(inner.value == 5)
        validated.value = -1
        #expect(inner.value == 5)
        #expect(validated.value == 5)
        #expect(validated.result.value.error == .negative)
    }

    // "a change made to the inner property directly is validated on arrival and kept even if invalid"
    @Test func aDirectChangeOfTheInnerPropertyIsValidatedAndKept() {
        let inner = MutableProperty(1)
        let validated = ValidatingProperty<Int, MigratingFormError>(inner) { $0 >= 0 ? .valid : .invalid(.negative) }
        inner.value = -3
        #expect(inner.value == -3)
        #expect(validated.value == -3)
        #expect(validated.result.value.isInvalid)
        #expect(validated.result.value.error == .negative)
    }

    // "Validating against another `ValidatingProperty` (`with: other`) uses the other's `value` (its last valid value)"
    @Test func validatingAgainstAnotherValidatingPropertyUsesItsLastValidValue() {
        let password = ValidatingProperty<String, MigratingFormError>("secret") { $0.count >= 4 ? .valid : .invalid(.tooShort) }
        let confirmation = ValidatingProperty<String, MigratingFormError>("", with: password) { text, password in
            text == password ? .valid : .invalid(.mismatch)
        }
        password.value = "abc"
        #expect(password.value == "secret")
        confirmation.value = "abc"
        #expect(confirmation.result.value.error == .mismatch)
        confirmation.value = "secret"
        #expect(confirmation.result.value.error == nil)
    }

    // MARK: take

    // "A trailing closure after `take` means `take(while:)`."
    @Test func aTrailingClosureAfterTakeMeansTakeWhile() {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 3, 4)
        #expect(events(of: numbers.take { $0 < 3 }) == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(events(of: numbers.take { $0 < 3 }) == events(of: numbers.take(while: { $0 < 3 })))
        let fromSignal = events(of: { $0.take { $0 < 3 } }, sending: [.value(1), .value(3), .value(2)] as [Signal<Int, Never>.Event])
        #expect(fromSignal == ["VALUE 1", "COMPLETED"])
    }

    // "`take(until:)` with a predicate (ReactiveSwift's: the value that stops it is forwarded) is spelled with its label"
    @Test func takeUntilAPredicateForwardsTheValueThatStopsIt() {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 3, 4)
        #expect(events(of: numbers.take(until: { $0 < 3 })) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
        let fromSignal = events(of: { $0.take(until: { $0 < 3 }) }, sending: [.value(1), .value(3), .value(2)] as [Signal<Int, Never>.Event])
        #expect(fromSignal == ["VALUE 1", "VALUE 3", "COMPLETED"])
    }

    // MARK: Objects announce their own end

    // "`object.reactive.lifetime` exists only for objects that conform to `LifetimeProvider` (one line: `@Lifetime.Owned var lifetime`)"
    @Test func aLifetimeProviderEndsItsLifetimeAndItsBindingsAtItsDeinit() {
        var screen: MigratingProfileScreen? = MigratingProfileScreen()
        let lifetime = screen!.reactive.lifetime
        let (titles, input) = Signal<String, Never>.pipe()
        let binding = screen!.reactive[\.title] <~ titles
        input.send(value: "Profile")
        #expect(screen?.title == "Profile")
        #expect(!lifetime.hasEnded)
        screen = nil
        #expect(lifetime.hasEnded)
        #expect(binding?.isDisposed == true)
    }

    // "bindings into any other object end at the first value after the object is gone"
    @Test func aBindingIntoAnyOtherObjectEndsAtTheFirstValueAfterTheObjectIsGone() {
        var label: MigratingPlainLabel? = MigratingPlainLabel()
        let (texts, input) = Signal<String, Never>.pipe()
        let binding = label!.reactive[\.text] <~ texts
        input.send(value: "shown")
        #expect(label?.text == "shown")
        label = nil
        #expect(binding?.isDisposed == false)
        input.send(value: "dropped")
        #expect(binding?.isDisposed == true)
    }

    // MARK: merge(with:), combineLatest(with:) and zip(with:)

    // "`merge(with:)`, `combineLatest(with:)` and `zip(with:)` are callable values … called exactly as in ReactiveSwift"
    @Test func theInstanceFormsOfMergeCombineLatestAndZipOnSignals() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let merged = Recorder<Int>()
        let latest = Recorder<String>()
        let zipped = Recorder<String>()
        a.merge(with: b).observeValues { merged.append($0) }
        a.combineLatest(with: b).observeValues { latest.append("\($0)\($1)") }
        a.zip(with: b).observeValues { zipped.append("\($0)\($1)") }
        aInput.send(value: 1)
        aInput.send(value: 2)
        bInput.send(value: 3)
        aInput.send(value: 4)
        bInput.send(value: 5)
        #expect(merged.entries == [1, 2, 3, 4, 5])
        #expect(latest.entries == ["23", "43", "45"])
        #expect(zipped.entries == ["13", "25"])
    }

    // "`merge(with:)`, `combineLatest(with:)` and `zip(with:)` are callable values … called exactly as in ReactiveSwift"
    @Test func theInstanceFormsOfMergeCombineLatestAndZipOnProducersAndProperties() {
        let numbers = SignalProducer<Int, Never>(values: 1, 2)
        #expect(events(of: numbers.merge(with: SignalProducer(value: 3))) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
        let pairs = numbers.zip(with: SignalProducer<String, Never>(values: "a", "b")).map { "\($0)\($1)" }
        #expect(events(of: pairs) == ["VALUE 1a", "VALUE 2b", "COMPLETED"])
        let (letters, letterInput) = Signal<String, Never>.pipe()
        let latest = Recorder<String>()
        SignalProducer<Int, Never>(value: 9).combineLatest(with: letters).startWithValues { latest.append("\($0)\($1)") }
        letterInput.send(value: "z")
        #expect(latest.entries == ["9z"])

        let count = MutableProperty(1)
        let name = MutableProperty("a")
        let combined = count.combineLatest(with: name).map { "\($0)\($1)" }
        let zippedProperty = count.zip(with: name).map { "\($0)\($1)" }
        count.value = 2
        #expect(combined.value == "2a")
        #expect(zippedProperty.value == "1a")
        name.value = "b"
        #expect(combined.value == "2b")
        #expect(zippedProperty.value == "2b")
    }
}
