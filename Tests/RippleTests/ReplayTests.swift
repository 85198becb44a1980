import Ripple
import Testing

@Suite struct ReplayTests {
    /// A producer whose every run forwards what `input` sends from then on,
    /// counting its starts and the ends of its runs.
    final class Source<Value> {
        let (signal, input) = Signal<Value, TestError>.pipe()
        let starts = Counter()
        let ends = Counter()

        var producer: SignalProducer<Value, TestError> {
            SignalProducer { [signal, starts, ends] observer, lifetime in
                starts.value += 1
                lifetime.observeEnded { ends.value += 1 }
                lifetime += signal.observe(observer)
            }
        }
    }

    @Test func replayLazilyStartsTheUnderlyingProducerOnceOnTheFirstStart() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 1)
        #expect(source.starts.value == 0)
        replayed.start()
        #expect(source.starts.value == 1)
        replayed.start()
        replayed.map { $0 + 1 }.start()
        #expect(source.starts.value == 1)
    }

    @Test func replayLazilySharesOneRunAmongSubscribers() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 0)
        let recorder = Recorder<String>()
        replayed.start(recorder.observer("A "))
        replayed.start(recorder.observer("B "))
        source.input.send(value: 1)
        source.input.send(value: 2)
        source.input.sendCompleted()
        #expect(recorder.entries == ["A VALUE 1", "B VALUE 1", "A VALUE 2", "B VALUE 2", "A COMPLETED", "B COMPLETED"])
        #expect(source.starts.value == 1)
    }

    @Test func replayLazilyReplaysTheLatestValuesToALateSubscriberThenTheLiveOnes() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 2)
        let recorder = Recorder<String>()
        replayed.start(recorder.observer("A "))
        source.input.send(value: 1)
        source.input.send(value: 2)
        source.input.send(value: 3)
        replayed.start(recorder.observer("B "))
        #expect(recorder.entries == ["A VALUE 1", "A VALUE 2", "A VALUE 3", "B VALUE 2", "B VALUE 3"])
        source.input.send(value: 4)
        #expect(recorder.entries.suffix(2) == ["A VALUE 4", "B VALUE 4"])
    }

    @Test func replayLazilyReplaysTheTerminalEventAfterTheBufferedValues() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.value += 1
            (1...3).forEach(observer.send(value:))
            observer.sendCompleted()
        }
        let replayed = producer.replayLazily(upTo: 2)
        #expect(events(of: replayed) == ["VALUE 1", "VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(events(of: replayed) == ["VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(events(of: replayed) == ["VALUE 2", "VALUE 3", "COMPLETED"])
        #expect(starts.value == 1)
    }

    @Test func replayLazilyReplaysAFailure() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 5)
        replayed.start()
        source.input.send(value: 1)
        source.input.send(error: TestError(code: 8))
        #expect(events(of: replayed) == ["VALUE 1", "FAILED TestError(code: 8)"])
    }

    @Test func replayLazilyWithoutCapacityReplaysOnlyTheTerminalEvent() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 0)
        let recorder = Recorder<String>()
        replayed.start(recorder.observer("A "))
        source.input.send(value: 1)
        replayed.start(recorder.observer("B "))
        source.input.send(value: 2)
        source.input.sendCompleted()
        #expect(recorder.entries == ["A VALUE 1", "A VALUE 2", "B VALUE 2", "A COMPLETED", "B COMPLETED"])
        #expect(events(of: replayed) == ["COMPLETED"])
    }

    @Test func replayLazilyWithUnboundedCapacityReplaysEverything() {
        let replayed = SignalProducer<Int, Never>(1...100).replayLazily(upTo: .max)
        #expect(events(of: replayed).count == 101)
        #expect(events(of: replayed) == (1...100).map { "VALUE \($0)" } + ["COMPLETED"])
    }

    @Test func replayLazilyKeepsTheOrderWhenTheSourceSendsDuringAReplay() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 2)
        let recorder = Recorder<String>()
        replayed.start(recorder.observer("A "))
        source.input.send(value: 1)
        source.input.send(value: 2)
        replayed.start { event in
            recorder.append("B \(event)")
            if event.value == 1 { source.input.send(value: 3) }
        }
        #expect(recorder.entries == ["A VALUE 1", "A VALUE 2", "B VALUE 1", "A VALUE 3", "B VALUE 2", "B VALUE 3"])
    }

    @Test func replayLazilyStartedFromAnObserverGetsEveryValueOnce() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 1)
        let recorder = Recorder<String>()
        replayed.start { event in
            recorder.append("A \(event)")
            if event.value == 1 { replayed.start(recorder.observer("B ")) }
        }
        source.input.send(value: 1)
        source.input.send(value: 2)
        source.input.sendCompleted()
        #expect(recorder.entries == ["A VALUE 1", "B VALUE 1", "A VALUE 2", "B VALUE 2", "A COMPLETED", "B COMPLETED"])
    }

    @Test func disposingASubscriberDetachesOnlyThatSubscriber() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 1)
        let recorder = Recorder<String>()
        let first = replayed.start(recorder.observer("A "))
        replayed.start(recorder.observer("B "))
        source.input.send(value: 1)
        first.dispose()
        source.input.send(value: 2)
        #expect(recorder.entries == ["A VALUE 1", "B VALUE 1", "A INTERRUPTED", "B VALUE 2"])
        #expect(source.ends.value == 0)
    }

    @Test func runGoesOnWithoutSubscribersWhileTheProducerLives() {
        let source = Source<Int>()
        let replayed = source.producer.replayLazily(upTo: 2)
        replayed.start().dispose()
        source.input.send(value: 1)
        #expect(source.ends.value == 0)
        #expect(source.starts.value == 1)
        replayed.start()
        source.input.sendCompleted()
        #expect(events(of: replayed) == ["VALUE 1", "COMPLETED"])
    }

    @Test func runIsDisposedWhenTheLastSubscriberEndsAfterTheProducerWasReleased() {
        let source = Source<Int>()
        var subscribers: [any Disposable] = []
        do {
            let replayed = source.producer.replayLazily(upTo: 1)
            subscribers.append(replayed.start())
            subscribers.append(replayed.start())
        }
        #expect(source.starts.value == 1)
        subscribers[0].dispose()
        #expect(source.ends.value == 0)
        subscribers[1].dispose()
        #expect(source.ends.value == 1)
    }

    @Test func runIsDisposedWhenTheProducerIsReleasedAfterTheLastSubscriber() {
        let source = Source<Int>()
        do {
            let replayed = source.producer.replayLazily(upTo: 1)
            do {
                let mapped = replayed.map { $0 * 2 }
                mapped.start().dispose()
            }
            withExtendedLifetime(replayed) {
                #expect(source.starts.value == 1)
                #expect(source.ends.value == 0)
            }
        }
        #expect(source.ends.value == 1)
    }

    @Test func replayLazilyReleasesValuesPushedOutOfTheBuffer() {
        let source = Source<Witness>()
        weak var first: Witness?
        weak var second: Witness?
        let replayedSecond = Recorder<Bool>()
        do {
            let replayed = source.producer.replayLazily(upTo: 1)
            let subscriber = replayed.start()
            do {
                let witness = Witness()
                first = witness
                source.input.send(value: witness)
            }
            #expect(first != nil)
            do {
                let witness = Witness()
                second = witness
                source.input.send(value: witness)
            }
            #expect(first == nil)
            #expect(second != nil)
            replayed.start { event in
                if let witness = event.value { replayedSecond.append(witness === second) }
            }.dispose()
            #expect(replayedSecond.entries == [true])
            subscriber.dispose()
        }
        #expect(second == nil)
        #expect(source.ends.value == 1)
    }

    @Test func replayLazilyReleasesTheBufferOfACompletedRunWithTheProducer() {
        weak var weakWitness: Witness?
        do {
            let producer = SignalProducer<Witness, Never> { observer, _ in
                let witness = Witness()
                weakWitness = witness
                observer.send(value: witness)
                observer.sendCompleted()
            }
            let replayed = producer.replayLazily(upTo: 1)
            #expect(events(of: replayed.map { _ in 1 }) == ["VALUE 1", "COMPLETED"])
            #expect(weakWitness != nil)
            #expect(events(of: replayed.map { _ in 2 }) == ["VALUE 2", "COMPLETED"])
        }
        #expect(weakWitness == nil)
    }
}
