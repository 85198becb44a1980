import Ripple
import Testing

@Suite struct SideEffectsTests {
    @Test func signalOnRunsEveryHandlerInOrderBeforeForwarding() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.on(recorder: recorder).observe(recorder.observer("observer "))
        input.send(value: 1)
        input.send(error: TestError(code: 3))
        #expect(recorder.entries == [
            "event VALUE 1", "value 1", "observer VALUE 1",
            "event FAILED TestError(code: 3)", "failed TestError(code: 3)", "terminated", "observer FAILED TestError(code: 3)",
            "disposed",
        ])
    }

    @Test(arguments: [Signal<Int, TestError>.Event.completed, .interrupted])
    func signalOnReportsEachKindOfEnd(terminal: Signal<Int, TestError>.Event) {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.on(recorder: recorder).observe(recorder.observer("observer "))
        input.send(terminal)
        let kind = terminal.isCompleted ? "completed" : "interrupted"
        #expect(recorder.entries == ["event \(terminal)", kind, "terminated", "observer \(terminal)", "disposed"])
    }

    @Test func signalOnDisposedRunsOnceWhenTheSignalIsDroppedUnobserved() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposals = Counter()
        _ = signal.on(disposed: { disposals.value += 1 })
        #expect(disposals.value == 1)
        input.sendCompleted()
        #expect(disposals.value == 1)
    }

    @Test func signalOnDisposedRunsOnceAfterTheTerminalEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposals = Counter()
        let observed = signal.on(disposed: { disposals.value += 1 })
        observed.observeValues { _ in }
        input.send(value: 1)
        #expect(disposals.value == 0)
        input.sendCompleted()
        #expect(disposals.value == 1)
        withExtendedLifetime(observed) {}
    }

    @Test func signalOnATerminatedSignalReportsAnInterruption() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.sendCompleted()
        let recorder = Recorder<String>()
        _ = signal.on(recorder: recorder)
        #expect(recorder.entries == ["event INTERRUPTED", "interrupted", "terminated", "disposed"])
    }

    @Test func producerOnRunsStartingAndStartedAroundTheStartHandler() {
        let recorder = Recorder<String>()
        let source = SignalProducer<Int, TestError> { observer, _ in
            recorder.append("start handler")
            observer.send(value: 1)
        }
        let run = source.on(recorder: recorder).start(recorder.observer("observer "))
        #expect(recorder.entries == ["starting", "start handler", "event VALUE 1", "value 1", "observer VALUE 1", "started"])
        run.dispose()
        // Disposal interrupts the source run; the interruption reaches the handlers,
        // then the consumer.
        #expect(recorder.entries.suffix(5) == ["event INTERRUPTED", "interrupted", "terminated", "observer INTERRUPTED", "disposed"])
    }

    /// Sources whose run, disposed inside `startWithSignal`'s setup, never runs
    /// its start handler.
    enum SourceOfARunDisposedBeforeItsStart: CaseIterable, Sendable {
        case startHandler, emitting, liftedAsynchronously, combined

        func producer(recording recorder: Recorder<String>, on scheduler: TestScheduler) -> SignalProducer<Int, Never> {
            let handler = SignalProducer<Int, Never> { _, _ in recorder.append("start handler") }
            switch self {
            case .startHandler: return handler
            case .emitting: return SignalProducer { () -> Int in recorder.append("start handler"); return 1 }
            case .liftedAsynchronously: return handler.observe(on: scheduler)
            case .combined: return handler.combineLatest(with: handler).map { $0 + $1 }
            }
        }
    }

    @Test(arguments: SourceOfARunDisposedBeforeItsStart.allCases)
    func producerOnRunsNeitherStartingNorStartedForARunDisposedBeforeItsStart(source: SourceOfARunDisposedBeforeItsStart) {
        let recorder = Recorder<String>()
        let scheduler = TestScheduler()
        source.producer(recording: recorder, on: scheduler)
            .on(starting: { recorder.append("starting") }, started: { recorder.append("started") })
            .startWithSignal { signal, interrupter in
                signal.observe(recorder.observer("observer "))
                interrupter.dispose()
            }
        // An asynchronous operator delivers the interruption on its scheduler.
        scheduler.run()
        #expect(recorder.entries == ["observer INTERRUPTED"])
    }

    @Test func producerOnPassesEveryEventUnchanged() {
        let source: [Signal<Int, TestError>.Event] = [.value(1), .value(2), .failed(TestError(code: 1))]
        #expect(events(of: { $0.on() }, sending: source) == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 1)"])
        #expect(events(of: { $0.on() }, starting: source) == ["VALUE 1", "VALUE 2", "FAILED TestError(code: 1)"])
    }

    @Test func producerOnDisposedRunsOncePerRun() {
        let disposals = Counter()
        let starts = Counter()
        let producer = SignalProducer<Int, TestError> { observer, _ in
            starts.value += 1
            switch starts.value {
            case 1: observer.sendCompleted()
            case 2: observer.send(error: TestError(code: 1))
            default: observer.send(value: 3)
            }
        }
        .on(disposed: { disposals.value += 1 })

        producer.start()
        #expect(disposals.value == 1)
        producer.start()
        #expect(disposals.value == 2)
        let third = producer.start()
        #expect(disposals.value == 2)
        third.dispose()
        #expect(disposals.value == 3)
        third.dispose()
        #expect(disposals.value == 3)
    }

    @Test func disposingARunWithSideEffectsDisposesTheUpstreamRun() {
        let probe = Probe()
        let source = SignalProducer<Int, Never> { _, lifetime in lifetime += probe }
        let run = source.on(value: { _ in }).start()
        #expect(!probe.isDisposed)
        run.dispose()
        #expect(probe.disposeCount == 1)
    }

    @Test func logEventsWritesOneLinePerSignalEvent() {
        let lines = Recorder<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.logEvents(identifier: "numbers", logger: lines.append).observe { _ in }
        input.send(value: 1)
        input.send(error: TestError(code: 4))
        #expect(lines.entries == [
            "[numbers] value 1",
            "[numbers] failed TestError(code: 4)",
            "[numbers] terminated",
            "[numbers] disposed",
        ])
    }

    @Test func logEventsWritesTheRunsStartAndEndForAProducer() {
        let lines = Recorder<String>()
        let load = SignalProducer<String, Never>(value: "page").logEvents(identifier: "load", logger: lines.append)
        #expect(events(of: load) == ["VALUE page", "COMPLETED"])
        #expect(lines.entries == [
            "[load] starting",
            "[load] value page",
            "[load] completed",
            "[load] terminated",
            "[load] disposed",
            "[load] started",
        ])
    }

    @Test func logEventsWritesOnlyTheChosenEvents() {
        let lines = Recorder<String>()
        let source: [Signal<Int, Never>.Event] = [.value(1), .interrupted]
        let logged = events(of: { $0.logEvents(events: [.value, .interrupted], logger: lines.append) }, starting: source)
        #expect(logged == ["VALUE 1", "INTERRUPTED"])
        #expect(lines.entries == ["[] value 1", "[] interrupted"])
    }

    @Test func logEventsWithReactiveSwiftsLoggerReceivesTheEventAndWhereLogEventsWasCalled() {
        let calls = Recorder<String>()
        let line = #line + 2
        let load = SignalProducer<Int, TestError>(values: 1)
            .logEvents(identifier: "load", events: [.starting, .value, .completed]) { identifier, event, file, function, lineNumber in
                calls.append("\(identifier)|\(event)|\(file)|\(function)|\(lineNumber)")
            }
        #expect(events(of: load) == ["VALUE 1", "COMPLETED"])
        let place = "\(#file)|\(#function)|\(line)"
        #expect(calls.entries == ["load|starting|\(place)", "load|value 1|\(place)", "load|completed|\(place)"])

        let (signal, input) = Signal<Int, TestError>.pipe()
        let signalCalls = Recorder<String>()
        signal.logEvents(identifier: "numbers") { _, event, _, _, _ in signalCalls.append(event) }.observe { _ in }
        input.send(value: 2)
        input.send(error: TestError(code: 5))
        #expect(signalCalls.entries == ["value 2", "failed TestError(code: 5)", "terminated", "disposed"])
    }

    @Test func defaultEventLogPrintsReactiveSwiftsLine() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            defaultEventLog(identifier: "load", event: "value 1", fileName: "App.swift", functionName: "load()", lineNumber: 7)
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output == "[load] value 1 fileName: App.swift, functionName: load(), lineNumber: 7\n")
    }

    @Test func logEventsOnASignalNeverWritesStartingOrStarted() {
        let lines = Recorder<String>()
        let source: [Signal<Int, Never>.Event] = [.completed]
        _ = events(of: { $0.logEvents(identifier: "s", logger: lines.append) }, sending: source)
        #expect(lines.entries == ["[s] completed", "[s] terminated", "[s] disposed"])
    }
}

private extension Signal {
    /// Every side effect of `on`, recorded as `<handler> <payload>`.
    func on(recorder: Recorder<String>) -> Signal {
        on(
            event: { recorder.append("event \($0)") },
            failed: { recorder.append("failed \($0)") },
            completed: { recorder.append("completed") },
            interrupted: { recorder.append("interrupted") },
            terminated: { recorder.append("terminated") },
            disposed: { recorder.append("disposed") },
            value: { recorder.append("value \($0)") }
        )
    }
}

private extension SignalProducer {
    /// Every side effect of `on`, recorded as `<handler> <payload>`.
    func on(recorder: Recorder<String>) -> SignalProducer {
        on(
            starting: { recorder.append("starting") },
            started: { recorder.append("started") },
            event: { recorder.append("event \($0)") },
            failed: { recorder.append("failed \($0)") },
            completed: { recorder.append("completed") },
            interrupted: { recorder.append("interrupted") },
            terminated: { recorder.append("terminated") },
            disposed: { recorder.append("disposed") },
            value: { recorder.append("value \($0)") }
        )
    }
}
