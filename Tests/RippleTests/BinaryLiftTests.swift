import Ripple
import Testing

/// `lift`, `liftLeft` and `liftRight` with a two-signal operator: one run of each
/// producer per start, the operator applied to both runs' signals.
@Suite struct BinaryLiftTests {
    /// A two-signal operator whose result never ends on its own and reports its
    /// release.
    static func neverEnding(onDisposed: @escaping () -> Void) -> (Signal<Int, Never>) -> (Signal<Int, Never>) -> Signal<Int, Never> {
        { _ in { _ in Signal<Int, Never>.never.on(disposed: onDisposed) } }
    }

    @Test func liftAppliesTheOperatorOncePerStart() {
        var applications = 0
        let zipped = SignalProducer<Int, Never>([1, 2]).lift { (left: Signal<Int, Never>) in
            { (right: Signal<Int, Never>) in
                applications += 1
                return Signal.zip(left, right)
            }
        }(SignalProducer([3, 4]))
        #expect(applications == 0)
        zipped.start()
        #expect(applications == 1)
        zipped.start()
        #expect(applications == 2)
    }

    @Test func liftPassesEveryEventOfBothRunsToTheOperator() {
        let sums = SignalProducer<Int, Never>([1, 2, 3])
            .lift { a in { b in Signal.zip(a, b).map { $0 + $1 } } }(SignalProducer([4, 5, 6]))
        #expect(events(of: sums) == ["VALUE 5", "VALUE 7", "VALUE 9", "COMPLETED"])
    }

    @Test func liftObservesASignalGivenAsTheOtherProducerFromEachStartOn() {
        let (other, otherInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder<String>()
        SignalProducer<Int, Never>([1, 2, 3])
            .lift { a in { b in Signal.zip(a, b).map { $0 + $1 } } }(SignalProducer(other))
            .start(recorder.observer())
        otherInput.send(value: 4)
        #expect(recorder.entries == ["VALUE 5"])
        otherInput.send(value: 5)
        otherInput.send(value: 6)
        #expect(recorder.entries == ["VALUE 5", "VALUE 7", "VALUE 9", "COMPLETED"])
    }

    @Test func liftAndLiftRightStartTheOtherProducerFirstAndLiftLeftThisOne() {
        var starts: [String] = []
        let this = SignalProducer<Int, Never> { _, _ in starts.append("this") }
        let other = SignalProducer<Int, Never> { _, _ in starts.append("other") }
        let merge = { (a: Signal<Int, Never>) in { (b: Signal<Int, Never>) in Signal.merge(a, b) } }

        this.lift(merge)(other).start()
        #expect(starts == ["other", "this"])
        starts = []
        this.liftRight(merge)(other).start()
        #expect(starts == ["other", "this"])
        starts = []
        this.liftLeft(merge)(other).start()
        #expect(starts == ["this", "other"])
    }

    @Test func disposingALeftLiftedRunInterruptsItAndReleasesTheOperatorsSignal() {
        var isReleased = false
        var lastEvent: Signal<Int, Never>.Event?
        let run = SignalProducer<Int, Never>.empty
            .liftLeft(Self.neverEnding { isReleased = true })(.empty)
            .start { lastEvent = $0 }
        #expect(lastEvent == nil)
        #expect(!isReleased)
        run.dispose()
        #expect(lastEvent == .interrupted)
        #expect(isReleased)
    }

    @Test func disposingARightLiftedRunInterruptsItAndReleasesTheOperatorsSignal() {
        var isReleased = false
        var lastEvent: Signal<Int, Never>.Event?
        let run = SignalProducer<Int, Never>.empty
            .liftRight(Self.neverEnding { isReleased = true })(.empty)
            .start { lastEvent = $0 }
        #expect(lastEvent == nil)
        #expect(!isReleased)
        run.dispose()
        #expect(lastEvent == .interrupted)
        #expect(isReleased)
    }
}
