import Ripple
import Testing

/// An operator's stream argument written by context (`.init(value:)`, `.empty`,
/// `.init(result:)`, `.init(error:)`), as ReactiveSwift code writes it, and a signal or
/// a property passed where a producer is taken. Each expression is written without a
/// type annotation around it, so that the overload it picks is the one a porter's
/// code gets; its type and its events are checked.
@Suite struct StreamArgumentsByContextTests {
    // MARK: then

    @Test func thenWithAnEmptyReplacementWrittenByContextCompletesAfterTheReceiver() {
        let fallible = SignalProducer<Int, TestError>(values: 1, 2).then(.empty)
        #expect(type(of: fallible) == SignalProducer<Int, TestError>.self)
        #expect(events(of: fallible) == ["COMPLETED"])

        let infallible = SignalProducer<Int, Never>(values: 1, 2).then(.empty)
        #expect(type(of: infallible) == SignalProducer<Int, Never>.self)
        #expect(events(of: infallible) == ["COMPLETED"])
    }

    @Test func thenWithAValueWrittenByContextKeepsTheReceiversErrorType() {
        let fallible = SignalProducer<Int, TestError>(value: 1).then(.init(value: "a"))
        #expect(type(of: fallible) == SignalProducer<String, TestError>.self)
        #expect(events(of: fallible) == ["VALUE a", "COMPLETED"])

        let infallible = SignalProducer<Int, Never>(value: 1).then(.init(value: "a"))
        #expect(type(of: infallible) == SignalProducer<String, Never>.self)
        #expect(events(of: infallible) == ["VALUE a", "COMPLETED"])
    }

    @Test func thenWithAResultWrittenByContextTakesItsErrorAfterAReceiverThatCannotFail() {
        let failing = SignalProducer<Int, Never>(value: 1)
            .then(.init(result: Result<String, TestError>.failure(TestError(code: 1))))
        #expect(type(of: failing) == SignalProducer<String, TestError>.self)
        #expect(events(of: failing) == ["FAILED TestError(code: 1)"])

        let succeeding = SignalProducer<Int, TestError>.empty
            .then(.init(result: Result<String, TestError>.success("b")))
        #expect(type(of: succeeding) == SignalProducer<String, TestError>.self)
        #expect(events(of: succeeding) == ["VALUE b", "COMPLETED"])
    }

    @Test func signalThenWithAReplacementWrittenByContextStartsItWhenTheSignalCompletes() {
        let empty = events(of: { (signal: Signal<Int, TestError>) in signal.then(.empty) }, sending: [.value(1), .completed])
        #expect(empty == ["COMPLETED"])
        let failing = events(
            of: { (signal: Signal<Int, Never>) in signal.then(.init(error: TestError(code: 4)) as SignalProducer<String, TestError>) },
            sending: [.completed]
        )
        #expect(failing == ["FAILED TestError(code: 4)"])
    }

    // MARK: flatMap and flatMapError

    @Test func producerFlatMapWithAProducerWrittenByContextFlattensItsValues() {
        let infallible = SignalProducer<Int, Never>(values: 1, 2).flatMap(.concat) { .init(value: $0 * 10) }
        #expect(type(of: infallible) == SignalProducer<Int, Never>.self)
        #expect(events(of: infallible) == ["VALUE 10", "VALUE 20", "COMPLETED"])

        let fallible = SignalProducer<Int, TestError>(values: 1, 2).flatMap(.merge) { .init(value: $0 * 10) }
        #expect(type(of: fallible) == SignalProducer<Int, TestError>.self)
        #expect(events(of: fallible) == ["VALUE 10", "VALUE 20", "COMPLETED"])
    }

    @Test func producerFlatMapWithAFailureWrittenByContextFailsTheResult() {
        let sameError = SignalProducer<Int, TestError>(value: 1)
            .flatMap(.latest) { _ in .init(error: TestError(code: 5)) } as SignalProducer<Int, TestError>
        #expect(events(of: sameError) == ["FAILED TestError(code: 5)"])

        let fromInfallible = SignalProducer<Int, Never>(value: 1)
            .flatMap(.latest) { _ in .init(result: Result<Int, TestError>.failure(TestError(code: 6))) }
        #expect(type(of: fromInfallible) == SignalProducer<Int, TestError>.self)
        #expect(events(of: fromInfallible) == ["FAILED TestError(code: 6)"])
    }

    @Test func signalFlatMapWithAProducerWrittenByContextFlattensItsValues() {
        let infallible = events(
            of: { (signal: Signal<Int, Never>) in signal.flatMap(.latest) { .init(value: $0 + 1) } },
            sending: [.value(1), .value(2), .completed]
        )
        #expect(infallible == ["VALUE 2", "VALUE 3", "COMPLETED"])

        let fallible = events(
            of: { (signal: Signal<Int, TestError>) in signal.flatMap(.latest) { .init(value: $0 + 1) } },
            sending: [.value(1), .failed(TestError(code: 7))]
        )
        #expect(fallible == ["VALUE 2", "FAILED TestError(code: 7)"])

        let (source, _) = Signal<Int, Never>.pipe()
        let promoted = source.flatMap(.latest) { _ in .init(result: Result<Int, TestError>.failure(TestError(code: 8))) }
        #expect(type(of: promoted) == Signal<Int, TestError>.self)
    }

    @Test func flatMapErrorWithAValueWrittenByContextCannotFailAnyMore() {
        let recovered = SignalProducer<Int, TestError>(error: TestError(code: 1)).flatMapError { _ in .init(value: 0) }
        #expect(type(of: recovered) == SignalProducer<Int, Never>.self)
        #expect(events(of: recovered) == ["VALUE 0", "COMPLETED"])

        let silenced = SignalProducer<Int, TestError>(error: TestError(code: 1)).flatMapError { _ in .empty }
        #expect(type(of: silenced) == SignalProducer<Int, Never>.self)
        #expect(events(of: silenced) == ["COMPLETED"])

        let signal = events(
            of: { (signal: Signal<Int, TestError>) in signal.flatMapError { _ in .init(value: 0) } },
            sending: [.value(1), .failed(TestError(code: 2))]
        )
        #expect(signal == ["VALUE 1", "VALUE 0", "COMPLETED"])
    }

    @Test func flatMapErrorContinuesWithAPropertyOrASignal() {
        let withProperty = SignalProducer<Int, TestError>(error: TestError(code: 1)).flatMapError { _ in Property(value: 9) }
        #expect(type(of: withProperty) == SignalProducer<Int, Never>.self)
        #expect(events(of: withProperty) == ["VALUE 9", "COMPLETED"])

        let (fallback, fallbackInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        SignalProducer<Int, TestError>(error: TestError(code: 1)).flatMapError { _ in fallback }.start(recorder.observer())
        fallbackInput.send(value: 3)
        fallbackInput.sendCompleted()
        #expect(recorder.entries == ["VALUE 3", "COMPLETED"])
    }

    // MARK: Properties

    @Test func propertyFromAProducerWrittenByContextTakesItsValue() {
        let count = Property(initial: 0, then: .init(value: 1))
        #expect(count.value == 1)

        let selection = Property(initial: Optional(0), then: .init(value: 2))
        #expect(type(of: selection) == Property<Int?>.self)
        #expect(selection.value == 2)

        let unchanged = Property(initial: 5, then: .empty)
        #expect(unchanged.value == 5)
    }

    // MARK: Samplers, triggers and replacements

    @Test func withLatestFromAProducerWrittenByContextPairsEveryValue() {
        let signal = events(
            of: { (signal: Signal<Int, Never>) in signal.withLatest(from: .init(value: "x")) },
            sending: [.value(1), .value(2), .completed]
        )
        #expect(signal == ["VALUE (1, \"x\")", "VALUE (2, \"x\")", "COMPLETED"])

        let producer = SignalProducer<Int, TestError>(values: 1, 2).withLatest(from: .init(value: "y"))
        #expect(events(of: producer) == ["VALUE (1, \"y\")", "VALUE (2, \"y\")", "COMPLETED"])
    }

    @Test func sampleWithASamplerWrittenByContextSendsTheLatestValueOnItsTicks() {
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        SignalProducer(source).sample(with: .init(values: "a", "b")).start(recorder.observer())
        sourceInput.send(value: 1)
        sourceInput.sendCompleted()
        // The sampler's ticks arrive before the source has a value: nothing to pair.
        #expect(recorder.entries == ["COMPLETED"])

        let onTicks = events(
            of: { (signal: Signal<Int, Never>) in signal.sample(on: .never) },
            sending: [.value(1), .completed]
        )
        #expect(onTicks.isEmpty)

        let paired = SignalProducer<Int, Never>(value: 7).sample(with: SignalProducer<String, Never>.never.prefix(value: "t"))
        #expect(events(of: paired) == ["VALUE (7, \"t\")"])
    }

    @Test func triggersWrittenByContextEndOrOpenTheStream() {
        let taken = SignalProducer<Int, Never>(values: 1, 2).take(until: .init(value: ()))
        #expect(events(of: taken) == ["COMPLETED"])

        let skipped = SignalProducer<Int, Never>(values: 1, 2).skip(until: .init(value: ()))
        #expect(events(of: skipped) == ["VALUE 1", "VALUE 2", "COMPLETED"])

        let replaced = SignalProducer<Int, Never>.never.take(untilReplacement: .init(value: 9))
        #expect(events(of: replaced) == ["VALUE 9", "COMPLETED"])
    }

    @Test func triggersAndReplacementsMayBeSignals() {
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        let skipping = Recorder<String>()
        let replacing = Recorder<String>()
        SignalProducer(source).skip(until: trigger).start(skipping.observer())
        SignalProducer(source).take(untilReplacement: replacement).start(replacing.observer())
        sourceInput.send(value: 1)
        triggerInput.send(value: ())
        replacementInput.send(value: 10)
        sourceInput.send(value: 2)
        #expect(skipping.entries == ["VALUE 2"])
        #expect(replacing.entries == ["VALUE 1", "VALUE 10"])
    }

    // MARK: Combining

    @Test func instanceFormsTakeAProducerWrittenByContext() {
        let merged = SignalProducer<Int, Never>(value: 1).merge(with: .init(value: 0))
        #expect(events(of: merged) == ["VALUE 1", "VALUE 0", "COMPLETED"])

        let mergedWithNothing = SignalProducer<Int, TestError>(value: 1).merge(with: .empty)
        #expect(events(of: mergedWithNothing) == ["VALUE 1", "COMPLETED"])

        let combined = SignalProducer<Int, Never>(value: 1).combineLatest(with: .init(value: "a"))
        #expect(type(of: combined) == SignalProducer<(Int, String), Never>.self)
        #expect(events(of: combined) == ["VALUE (1, \"a\")", "COMPLETED"])

        let zipped = SignalProducer<Int, Never>(values: 1, 2).zip(with: .init(value: "a"))
        #expect(events(of: zipped) == ["VALUE (1, \"a\")", "COMPLETED"])
    }

    @Test func concatAndPrefixTakeAProducerWrittenByContext() {
        let concatenated = SignalProducer<Int, Never>(value: 1).concat(.init(value: 2))
        #expect(events(of: concatenated) == ["VALUE 1", "VALUE 2", "COMPLETED"])

        let prefixed = SignalProducer<Int, Never>(value: 1).prefix(.init(value: 0))
        #expect(events(of: prefixed) == ["VALUE 0", "VALUE 1", "COMPLETED"])
    }

    // MARK: Bool operators

    @Test func andAndOrTakeASignalOrAProducerWrittenByContext() {
        let (other, otherInput) = Signal<Bool, Never>.pipe()
        let both = Recorder<String>()
        let either = Recorder<String>()
        SignalProducer<Bool, Never>(value: true).and(other).start(both.observer())
        SignalProducer<Bool, Never>(value: false).or(other).start(either.observer())
        otherInput.send(value: true)
        otherInput.send(value: false)
        otherInput.sendCompleted()
        #expect(both.entries == ["VALUE true", "VALUE false", "COMPLETED"])
        #expect(either.entries == ["VALUE true", "VALUE false", "COMPLETED"])

        let andConstant = SignalProducer<Bool, Never>(value: true).and(.init(value: false))
        #expect(events(of: andConstant) == ["VALUE false", "COMPLETED"])
        let orConstant = SignalProducer<Bool, Never>(value: false).or(.init(value: true))
        #expect(events(of: orConstant) == ["VALUE true", "COMPLETED"])
    }

    @Test func andAndOrReferencedOnTheTypeTakeTheirReceiverByContext() {
        let andWithTrue = SignalProducer<Bool, Never>.and(.init(value: true))
        #expect(events(of: andWithTrue(SignalProducer(value: false))) == ["VALUE false", "COMPLETED"])
        let orWithTrue = SignalProducer<Bool, Never>.or(.init(value: true))
        #expect(events(of: orWithTrue(SignalProducer(value: false))) == ["VALUE true", "COMPLETED"])
    }

    @Test func allAndAnyTakeSignalsAndProperties() {
        let (first, firstInput) = Signal<Bool, Never>.pipe()
        let (second, secondInput) = Signal<Bool, Never>.pipe()
        let all = Recorder<String>()
        let any = Recorder<String>()
        SignalProducer.all([first, second]).start(all.observer())
        SignalProducer.any([first, second]).start(any.observer())
        firstInput.send(value: true)
        secondInput.send(value: false)
        secondInput.send(value: true)
        #expect(all.entries == ["VALUE false", "VALUE true"])
        #expect(any.entries == ["VALUE true", "VALUE true"])

        let flags = [MutableProperty(true), MutableProperty(false)]
        let allFlags = SignalProducer.all(flags)
        #expect(type(of: allFlags) == SignalProducer<Bool, Never>.self)
        var latest: [Bool] = []
        allFlags.startWithValues { latest.append($0) }
        flags[1].value = true
        #expect(latest == [false, true])
    }

    // MARK: Result

    @Test func aResultIsAProducerOfItsValueOrItsFailure() {
        let success = SignalProducer(Result<Int, TestError>.success(1))
        #expect(type(of: success) == SignalProducer<Int, TestError>.self)
        #expect(events(of: success) == ["VALUE 1", "COMPLETED"])
        #expect(events(of: SignalProducer(Result<Int, TestError>.failure(TestError(code: 3)))) == ["FAILED TestError(code: 3)"])

        let validated = SignalProducer<Int, TestError>(values: 1, -1, 2).flatMap(.concat) { value in
            value < 0 ? Result<Int, TestError>.failure(TestError(code: value)) : .success(value * 10)
        }
        #expect(events(of: validated) == ["VALUE 10", "FAILED TestError(code: -1)"])
    }
}
