import Foundation
import Ripple
import Testing

// The Migrating from ReactiveSwift article, the row "`combineLatest`, `zip`,
// `merge(with:)`, `concat`, `prefix`, `then`, `take(until:)`, `sample`,
// `withLatest(from:)` with a property or a signal on a producer | the same | Every
// stream argument is any `SignalProducerConvertible`". Each operator of the row, on a
// producer, is given a property, a signal and a producer, and behaves as ReactiveSwift
// documents: a property sends its current value when the run starts, then its changes;
// a signal is observed from the run's start on.

@Suite struct MigratingGuideStreamArgumentsTests {
    /// Starts `producer` and records what it sends (`VALUE 1a`, `COMPLETED`).
    private func record<V>(_ producer: SignalProducer<V, Never>) -> Recorder<String> {
        let recorder = Recorder<String>()
        producer.start(recorder.observer())
        return recorder
    }

    // "`combineLatest` … with a property or a signal on a producer | the same"
    @Test func combineLatestTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (letters, lettersInput) = Signal<String, Never>.pipe()
        let name = MutableProperty("a")
        let source = SignalProducer(numbers)
        let withProperty = record(source.combineLatest(with: name).map { "\($0)\($1)" })
        let staticProperty = record(SignalProducer.combineLatest(source, name).map { "\($0)\($1)" })
        let withSignal = record(source.combineLatest(with: letters).map { "\($0)\($1)" })
        let staticSignal = record(SignalProducer.combineLatest(source, letters).map { "\($0)\($1)" })
        let withProducer = record(source.combineLatest(with: SignalProducer(letters)).map { "\($0)\($1)" })
        numbersInput.send(value: 1)
        lettersInput.send(value: "x")
        name.value = "b"
        numbersInput.send(value: 2)
        #expect(withProperty.entries == ["VALUE 1a", "VALUE 1b", "VALUE 2b"])
        #expect(staticProperty.entries == withProperty.entries)
        #expect(withSignal.entries == ["VALUE 1x", "VALUE 2x"])
        #expect(staticSignal.entries == withSignal.entries)
        #expect(withProducer.entries == withSignal.entries)
    }

    // "`zip` … with a property or a signal on a producer | the same"
    @Test func zipTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (letters, lettersInput) = Signal<String, Never>.pipe()
        let name = MutableProperty("a")
        let source = SignalProducer(numbers)
        let withProperty = record(source.zip(with: name).map { "\($0)\($1)" })
        let staticProperty = record(SignalProducer.zip(source, name).map { "\($0)\($1)" })
        let withSignal = record(source.zip(with: letters).map { "\($0)\($1)" })
        let staticSignal = record(SignalProducer.zip(source, letters).map { "\($0)\($1)" })
        let withProducer = record(source.zip(with: SignalProducer(letters)).map { "\($0)\($1)" })
        numbersInput.send(value: 1)
        lettersInput.send(value: "x")
        name.value = "b"
        numbersInput.send(value: 2)
        #expect(withProperty.entries == ["VALUE 1a", "VALUE 2b"])
        #expect(staticProperty.entries == withProperty.entries)
        #expect(withSignal.entries == ["VALUE 1x"])
        #expect(staticSignal.entries == withSignal.entries)
        #expect(withProducer.entries == withSignal.entries)
    }

    // "`merge(with:)` … with a property or a signal on a producer | the same"
    @Test func mergeWithTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (others, othersInput) = Signal<Int, Never>.pipe()
        let counter = MutableProperty(10)
        let source = SignalProducer(numbers)
        let withProperty = record(source.merge(with: counter))
        let withSignal = record(source.merge(with: others))
        let withProducer = record(source.merge(with: SignalProducer(others)))
        numbersInput.send(value: 1)
        counter.value = 11
        othersInput.send(value: 5)
        #expect(withProperty.entries == ["VALUE 10", "VALUE 1", "VALUE 11"])
        #expect(withSignal.entries == ["VALUE 1", "VALUE 5"])
        #expect(withProducer.entries == withSignal.entries)
    }

    // "`concat` … with a property or a signal on a producer | the same"
    @Test func concatTakesAPropertyASignalOrAProducer() {
        let (others, othersInput) = Signal<Int, Never>.pipe()
        let counter = MutableProperty(10)
        let first = SignalProducer<Int, Never>(values: 1, 2)
        let withProperty = record(first.concat(counter))
        let withSignal = record(first.concat(others))
        let withProducer = record(first.concat(SignalProducer(value: 3)))
        counter.value = 11
        othersInput.send(value: 5)
        othersInput.sendCompleted()
        #expect(withProperty.entries == ["VALUE 1", "VALUE 2", "VALUE 10", "VALUE 11"])
        #expect(withSignal.entries == ["VALUE 1", "VALUE 2", "VALUE 5", "COMPLETED"])
        #expect(withProducer.entries == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
    }

    // "`prefix` … with a property or a signal on a producer | the same"
    @Test func prefixTakesAPropertyASignalOrAProducer() {
        let (others, othersInput) = Signal<Int, Never>.pipe()
        let rest = SignalProducer<Int, Never>(values: 1, 2)
        let withProperty = record(rest.prefix(Property(value: 0)))
        let withSignal = record(rest.prefix(others))
        let withProducer = record(rest.prefix(SignalProducer(value: 0)))
        #expect(withSignal.entries == [])
        othersInput.send(value: 5)
        othersInput.sendCompleted()
        #expect(withProperty.entries == ["VALUE 0", "VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(withSignal.entries == ["VALUE 5", "VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(withProducer.entries == withProperty.entries)
    }

    // "`then` … with a property or a signal on a producer | the same"
    @Test func thenTakesAPropertyASignalOrAProducer() {
        let (others, othersInput) = Signal<String, Never>.pipe()
        let status = MutableProperty("idle")
        let work = SignalProducer<Int, Never>(values: 1, 2)
        let withProperty = record(work.then(status))
        let withSignal = record(work.then(others))
        let withProducer = record(work.then(SignalProducer<String, Never>(value: "done")))
        status.value = "busy"
        othersInput.send(value: "next")
        #expect(withProperty.entries == ["VALUE idle", "VALUE busy"])
        #expect(withSignal.entries == ["VALUE next"])
        #expect(withProducer.entries == ["VALUE done", "COMPLETED"])
    }

    // "`take(until:)` … with a property or a signal on a producer | the same"
    @Test func takeUntilTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (stop, stopInput) = Signal<(), Never>.pipe()
        let source = SignalProducer(numbers)
        let withProperty = record(source.take(until: MutableProperty(())))
        let withSignal = record(source.take(until: stop))
        let withProducer = record(source.take(until: SignalProducer(stop)))
        numbersInput.send(value: 1)
        stopInput.send(value: ())
        numbersInput.send(value: 2)
        #expect(withProperty.entries == ["COMPLETED"])
        #expect(withSignal.entries == ["VALUE 1", "COMPLETED"])
        #expect(withProducer.entries == withSignal.entries)
    }

    // "`sample` … with a property or a signal on a producer | the same": sample(with:)
    @Test func sampleWithTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (letters, lettersInput) = Signal<String, Never>.pipe()
        let name = MutableProperty("a")
        let source = SignalProducer(numbers)
        let withProperty = record(source.sample(with: name).map { "\($0)\($1)" })
        let withSignal = record(source.sample(with: letters).map { "\($0)\($1)" })
        let withProducer = record(source.sample(with: SignalProducer(letters)).map { "\($0)\($1)" })
        numbersInput.send(value: 1)
        name.value = "b"
        lettersInput.send(value: "x")
        numbersInput.send(value: 2)
        lettersInput.send(value: "y")
        #expect(withProperty.entries == ["VALUE 1b"])
        #expect(withSignal.entries == ["VALUE 1x", "VALUE 2y"])
        #expect(withProducer.entries == withSignal.entries)
    }

    // "`sample` … with a property or a signal on a producer | the same": sample(on:)
    @Test func sampleOnTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (taps, tapsInput) = Signal<(), Never>.pipe()
        let refresh = MutableProperty(())
        let source = SignalProducer(numbers)
        let withProperty = record(source.sample(on: refresh))
        let withSignal = record(source.sample(on: taps))
        let withProducer = record(source.sample(on: SignalProducer(taps)))
        numbersInput.send(value: 1)
        refresh.value = ()
        tapsInput.send(value: ())
        numbersInput.send(value: 2)
        tapsInput.send(value: ())
        #expect(withProperty.entries == ["VALUE 1"])
        #expect(withSignal.entries == ["VALUE 1", "VALUE 2"])
        #expect(withProducer.entries == withSignal.entries)
    }

    // "`withLatest(from:)` … with a property or a signal on a producer | the same"
    @Test func withLatestFromTakesAPropertyASignalOrAProducer() {
        let (numbers, numbersInput) = Signal<Int, Never>.pipe()
        let (letters, lettersInput) = Signal<String, Never>.pipe()
        let name = MutableProperty("a")
        let source = SignalProducer(numbers)
        let withProperty = record(source.withLatest(from: name).map { "\($0)\($1)" })
        let withSignal = record(source.withLatest(from: letters).map { "\($0)\($1)" })
        let withProducer = record(source.withLatest(from: SignalProducer(letters)).map { "\($0)\($1)" })
        numbersInput.send(value: 1)
        name.value = "b"
        lettersInput.send(value: "x")
        numbersInput.send(value: 2)
        #expect(withProperty.entries == ["VALUE 1a", "VALUE 2b"])
        #expect(withSignal.entries == ["VALUE 2x"])
        #expect(withProducer.entries == withSignal.entries)
    }
}
