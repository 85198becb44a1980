import Ripple
import Testing

@Suite struct ActionTests {
    // MARK: - One execution at a time

    @Test func aSecondApplyWhileExecutingFailsWithDisabledWithoutCallingExecute() {
        let calls = AtomicCounter()
        let (work, finish) = Signal<Int, TestError>.pipe()
        let action = Action<Int, Int, TestError> { _ in
            calls.increment()
            return SignalProducer(work)
        }
        let first = Recorder<String>()
        let second = Recorder<String>()
        action.apply(1).start(first.observer())
        action.apply(2).start(second.observer())
        #expect(calls.value == 1)
        #expect(second.entries == ["FAILED disabled"])

        finish.send(value: 7)
        finish.sendCompleted()
        #expect(first.entries == ["VALUE 7", "COMPLETED"])
        action.apply(3).start()
        #expect(calls.value == 2)
    }

    @Test func disabledErrorsSendsOnceForEveryRefusedRun() {
        let action = Action<Void, Int, Never> { SignalProducer.never }
        let refused = AtomicCounter()
        action.disabledErrors.observeValues { refused.increment() }
        action.apply().start()
        action.apply().start()
        action.apply().start()
        #expect(refused.value == 2)
    }

    @Test func aRunThatIsNeverStartedDoesNotExecute() {
        let calls = AtomicCounter()
        let action = Action<Void, Int, Never> { _ in
            calls.increment()
            return SignalProducer(value: 1)
        }
        let run = action.apply()
        #expect(calls.value == 0)
        #expect(events(of: run) == ["VALUE 1", "COMPLETED"])
        #expect(events(of: run) == ["VALUE 1", "COMPLETED"])
        #expect(calls.value == 2)
    }

    // MARK: - isExecuting and isEnabled

    @Test func isExecutingAndIsEnabledFlipBackAfterSuccess() {
        let (work, finish) = Signal<Int, TestError>.pipe()
        let action = Action<Void, Int, TestError> { SignalProducer(work) }
        let log = Recorder<String>()
        action.isExecuting.producer.startWithValues { log.append("executing \($0)") }
        action.isEnabled.producer.startWithValues { log.append("enabled \($0)") }

        action.apply().start()
        #expect(action.isExecuting.value && !action.isEnabled.value)
        finish.sendCompleted()
        #expect(!action.isExecuting.value && action.isEnabled.value)
        #expect(log.entries == [
            "executing false", "enabled true",
            "executing true", "enabled false",
            "executing false", "enabled true",
        ])
    }

    @Test func isExecutingAndIsEnabledFlipBackAfterFailure() {
        let action = Action<Void, Int, TestError> { SignalProducer(error: TestError(code: 1)) }
        let executing = Recorder<Bool>()
        action.isExecuting.producer.startWithValues { executing.append($0) }
        let run = Recorder<String>()
        action.apply().start(run.observer())
        #expect(run.entries == ["FAILED producerFailed(TestError(code: 1))"])
        #expect(executing.entries == [false, true, false])
        #expect(action.isEnabled.value)
    }

    @Test func disposingTheRunInterruptsTheExecutionAndFlipsBack() {
        let scheduler = TestScheduler()
        let action = Action<Void, Int, TestError> { SignalProducer(value: 1).delay(5, on: scheduler) }
        let log = Recorder<String>()
        action.events.observe { log.append("events \($0)") }
        action.isExecuting.signal.observeValues { log.append("executing \($0)") }

        let run = action.apply().start(log.observer("run "))
        run.dispose()
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
        scheduler.advance(by: 10)
        #expect(log.entries == [
            "executing true", "run INTERRUPTED", "events VALUE INTERRUPTED", "executing false",
        ])
    }

    @Test func disposingTheRunEndsTheExecutionsWork() {
        let ended = AtomicCounter()
        let action = Action<Void, Int, Never> {
            SignalProducer { _, lifetime in lifetime.observeEnded { ended.increment() } }
        }
        action.apply().start().dispose()
        #expect(ended.value == 1)
        #expect(!action.isExecuting.value)
    }

    @Test func anObserverOfIsExecutingCanApplyAgainOnceAnExecutionEnds() {
        let inputs = AtomicCounter()
        let action = Action<Int, Int, Never> { input in
            inputs.increment()
            return SignalProducer(value: input)
        }
        let log = Recorder<String>()
        action.events.observe { log.append("\($0)") }
        action.isExecuting.signal.observeValues { isExecuting in
            if !isExecuting, inputs.value < 3 { action.apply(inputs.value + 1).start() }
        }
        action.apply(1).start()
        #expect(log.entries == [
            "VALUE VALUE 1", "VALUE COMPLETED",
            "VALUE VALUE 2", "VALUE COMPLETED",
            "VALUE VALUE 3", "VALUE COMPLETED",
        ])
        #expect(!action.isExecuting.value)
    }

    @Test func anApplyFromInsideTheTerminalEventIsRefused() {
        let action = Action<Void, Int, Never> { SignalProducer(value: 1) }
        let inner = Recorder<String>()
        action.completed.observeValues { action.apply().start(inner.observer()) }
        action.apply().start()
        #expect(inner.entries == ["FAILED disabled"])
        #expect(action.isEnabled.value)
    }

    // MARK: - Signals

    @Test func completedSendsOnlyForSuccessfulExecutions() {
        let action = Action<Int, Int, TestError> { input in
            switch input {
            case ..<0: SignalProducer(error: TestError(code: input))
            case 0: SignalProducer.never
            default: SignalProducer(value: input)
            }
        }
        let completions = AtomicCounter()
        action.completed.observeValues { completions.increment() }
        action.apply(1).start()
        action.apply(-1).start()
        #expect(completions.value == 1)
        action.apply(0).start().dispose()
        action.apply(3).start()
        #expect(completions.value == 2)
    }

    @Test func errorsCarriesTheRawErrorWhileTheRunWrapsIt() {
        let action = Action<Int, Int, TestError> { SignalProducer(error: TestError(code: $0)) }
        let errors = Recorder<TestError>()
        action.errors.observeValues { errors.append($0) }
        let runErrors = Recorder<ActionError<TestError>>()
        action.apply(4).startWithFailed { runErrors.append($0) }
        action.apply(5).startWithFailed { runErrors.append($0) }
        #expect(errors.entries == [TestError(code: 4), TestError(code: 5)])
        #expect(runErrors.entries == [.producerFailed(TestError(code: 4)), .producerFailed(TestError(code: 5))])
        #expect(runErrors.entries.map(\.producerError) == [TestError(code: 4), TestError(code: 5)])
    }

    @Test func eventsReportEveryExecutionInOrderBeforeTheRunObserver() {
        let action = Action<Int, Int, TestError> { input in
            input < 0 ? SignalProducer(error: TestError(code: 9)) : SignalProducer(values: input, input * 10)
        }
        let log = Recorder<String>()
        action.events.observe { log.append("events \($0)") }
        action.values.observeValues { log.append("values \($0)") }
        action.errors.observeValues { log.append("errors \($0)") }
        action.completed.observeValues { log.append("completed") }
        action.apply(1).start(log.observer("run "))
        action.apply(-1).start(log.observer("run "))
        #expect(log.entries == [
            "values 1", "events VALUE VALUE 1", "run VALUE 1",
            "values 10", "events VALUE VALUE 10", "run VALUE 10",
            "completed", "events VALUE COMPLETED", "run COMPLETED",
            "errors TestError(code: 9)", "events VALUE FAILED TestError(code: 9)",
            "run FAILED producerFailed(TestError(code: 9))",
        ])
    }

    // MARK: - Enabling state

    @Test func applyIsRefusedWhileEnabledIfIsFalse() {
        let enabled = MutableProperty(false)
        let calls = AtomicCounter()
        let action = Action<Void, Int, Never>(enabledIf: enabled) { _ in
            calls.increment()
            return SignalProducer(value: 1)
        }
        #expect(events(of: action.apply()) == ["FAILED disabled"])
        #expect(calls.value == 0)
        #expect(!action.isEnabled.value)

        enabled.value = true
        #expect(action.isEnabled.value)
        #expect(events(of: action.apply()) == ["VALUE 1", "COMPLETED"])
        #expect(calls.value == 1)
    }

    @Test func isEnabledFollowsTheStateAndTheExecution() {
        let enabled = MutableProperty(true)
        let (work, finish) = Signal<Int, Never>.pipe()
        let action = Action<Void, Int, Never>(enabledIf: enabled) { SignalProducer(work) }
        let log = Recorder<Bool>()
        action.isEnabled.signal.observeValues { log.append($0) }
        enabled.value = false
        enabled.value = true
        action.apply().start()
        enabled.value = false  // no change while executing
        finish.sendCompleted()  // still disabled by the state
        enabled.value = true
        #expect(log.entries == [false, true, false, true])
    }

    @Test func feedingIsExecutingBackIntoTheEnablingStateNeitherDeadlocksNorLoops() {
        let enabled = MutableProperty(true)
        let (work, finish) = Signal<Int, Never>.pipe()
        let action = Action<Void, Int, Never>(enabledIf: enabled) { SignalProducer(work) }
        enabled <~ action.isExecuting.map { !$0 }
        let stateLog = Recorder<Bool>()
        enabled.signal.observeValues { stateLog.append($0) }
        let enabledLog = Recorder<Bool>()
        action.isEnabled.signal.observeValues { enabledLog.append($0) }

        action.apply().start()
        #expect(!enabled.value)
        #expect(!action.isEnabled.value)
        #expect(events(of: action.apply()) == ["FAILED disabled"])

        finish.sendCompleted()
        #expect(enabled.value)
        #expect(action.isEnabled.value)
        #expect(stateLog.entries == [false, true])
        #expect(enabledLog.entries == [false, true])
    }

    @Test func settingTheEnablingStateFromAnObserverOfIsExecutingConverges() {
        let enabled = MutableProperty(true)
        let action = Action<Void, Int, Never>(enabledIf: enabled) { SignalProducer(value: 1) }
        let changes = AtomicCounter()
        action.isExecuting.signal.observeValues { isExecuting in
            changes.increment()
            enabled.value = !isExecuting
        }
        action.apply().start()
        action.apply().start()
        #expect(changes.value == 4)
        #expect(enabled.value && action.isEnabled.value && !action.isExecuting.value)
    }

    @Test func stateActionExecutesWithTheLatestStateValue() {
        let query = MutableProperty("a")
        let action = Action<Int, String, Never>(state: query) { query, page in
            SignalProducer(value: "\(query)#\(page)")
        }
        let results = Recorder<String>()
        action.values.observeValues { results.append($0) }
        action.apply(1).start()
        query.value = "b"
        action.apply(2).start()
        #expect(results.entries == ["a#1", "b#2"])
    }

    @Test func stateActionIsEnabledWhenTheConditionHoldsForTheState() {
        let count = MutableProperty(0)
        let action = Action<Void, Int, Never>(state: count, enabledIf: { $0 > 1 }) { count, _ in
            SignalProducer(value: count)
        }
        #expect(events(of: action.apply()) == ["FAILED disabled"])
        count.value = 2
        #expect(events(of: action.apply()) == ["VALUE 2", "COMPLETED"])
    }

    @Test func unwrappingActionIsEnabledOnlyWhileTheStateHoldsAValue() {
        let selection = MutableProperty<String?>(nil)
        let action = Action<Int, String, Never>(unwrapping: selection) { item, times in
            SignalProducer(value: String(repeating: item, count: times))
        }
        #expect(!action.isEnabled.value)
        #expect(events(of: action.apply(2)) == ["FAILED disabled"])
        selection.value = "ab"
        #expect(action.isEnabled.value)
        #expect(events(of: action.apply(2)) == ["VALUE abab", "COMPLETED"])
        selection.value = nil
        #expect(events(of: action.apply(2)) == ["FAILED disabled"])
    }

    @Test func validatedActionIsEnabledOnlyWhileTheValueIsValidAndExecutesWithIt() {
        struct TooShort: Error {}
        let code = ValidatingProperty<String, TooShort>("") { $0.count >= 4 ? .valid : .invalid(TooShort()) }
        let action = Action<Void, String, Never>(validated: code) { value, _ in SignalProducer(value: "sent \(value)") }
        #expect(!action.isEnabled.value)
        #expect(events(of: action.apply()) == ["FAILED disabled"])
        code.value = "8888"
        #expect(action.isEnabled.value)
        #expect(events(of: action.apply()) == ["VALUE sent 8888", "COMPLETED"])
        code.value = "88"
        #expect(!action.isEnabled.value)
    }

    @Test func anInputlessActionOverStateTakesAOneArgumentBody() {
        let draft = MutableProperty("first")
        let save = Action<Void, String, Never>(state: draft) { text in SignalProducer(value: "saved \(text)") }
        #expect(events(of: save.apply()) == ["VALUE saved first", "COMPLETED"])
        draft.value = "second"
        #expect(events(of: save.apply()) == ["VALUE saved second", "COMPLETED"])
    }

    @Test func anInputlessUnwrappingActionIsEnabledOnlyWhileThereIsAValue() {
        let selection = MutableProperty<String?>(nil)
        let open = Action<Void, String, Never>(unwrapping: selection) { item in SignalProducer(value: "open \(item)") }
        #expect(!open.isEnabled.value)
        #expect(events(of: open.apply()) == ["FAILED disabled"])
        selection.value = "notes"
        #expect(open.isEnabled.value)
        #expect(events(of: open.apply()) == ["VALUE open notes", "COMPLETED"])
    }

    @Test func anInputlessValidatedActionIsEnabledOnlyWhileTheValueIsValid() {
        struct TooShort: Error {}
        let code = ValidatingProperty<String, TooShort>("") { $0.count >= 4 ? .valid : .invalid(TooShort()) }
        let send = Action<Void, String, Never>(validated: code) { value in SignalProducer(value: "sent \(value)") }
        #expect(events(of: send.apply()) == ["FAILED disabled"])
        code.value = "8888"
        #expect(events(of: send.apply()) == ["VALUE sent 8888", "COMPLETED"])
    }

    // MARK: - Lifetime

    @Test func actionRetainsItsStateUntilDeinitialised() {
        weak var weakState: MutableProperty<Bool>?
        var action: Action<Void, Int, Never>?
        do {
            let state = MutableProperty(true)
            weakState = state
            action = Action(enabledIf: state) { SignalProducer(value: 1) }
        }
        #expect(weakState != nil)
        #expect(events(of: action!.apply()) == ["VALUE 1", "COMPLETED"])
        action = nil
        #expect(weakState == nil)
    }

    @Test func signalsAndPropertiesCompleteAndLifetimeEndsWhenTheActionIsDeinitialised() {
        let log = Recorder<String>()
        weak var weakAction: Action<Void, Int, TestError>?
        do {
            let action = Action<Void, Int, TestError> { SignalProducer(value: 1) }
            weakAction = action
            action.apply().start()
            action.events.observe(log.observer("events "))
            action.values.observe(log.observer("values "))
            action.errors.observe(log.observer("errors "))
            action.completed.observe(log.observer("completed "))
            action.disabledErrors.observe(log.observer("disabledErrors "))
            action.isExecuting.signal.observe(log.observer("isExecuting "))
            action.isEnabled.signal.observe(log.observer("isEnabled "))
            action.lifetime.observeEnded { log.append("lifetime ended") }
        }
        #expect(weakAction == nil)
        #expect(log.entries == [
            "values COMPLETED", "errors COMPLETED", "completed COMPLETED", "events COMPLETED",
            "disabledErrors COMPLETED", "lifetime ended", "isExecuting COMPLETED", "isEnabled COMPLETED",
        ])
    }

    @Test func aRunningExecutionKeepsTheActionAliveUntilItEnds() {
        let (work, finish) = Signal<Int, Never>.pipe()
        weak var weakAction: Action<Void, Int, Never>?
        do {
            let action = Action<Void, Int, Never> { SignalProducer(work) }
            weakAction = action
            action.apply().start()
        }
        #expect(weakAction != nil)
        finish.sendCompleted()
        #expect(weakAction == nil)
    }

    // MARK: - Binding

    @Test func bindingInputsAppliesAndStartsTheActionForEveryValue() {
        let action = Action<Int, Int, Never> { SignalProducer(value: $0 * 10) }
        let values = Recorder<Int>()
        action.values.observeValues { values.append($0) }
        let (inputs, input) = Signal<Int, Never>.pipe()
        action <~ inputs
        input.send(value: 1)
        input.send(value: 2)
        #expect(values.entries == [10, 20])
    }

    @Test func boundInputsWhileExecutingAreRefused() {
        let (work, finish) = Signal<Int, Never>.pipe()
        let action = Action<Int, Int, Never> { _ in SignalProducer(work) }
        let refused = AtomicCounter()
        action.disabledErrors.observeValues { refused.increment() }
        let (inputs, input) = Signal<Int, Never>.pipe()
        action <~ inputs
        input.send(value: 1)
        input.send(value: 2)
        finish.sendCompleted()
        #expect(refused.value == 1)
        #expect(!action.isExecuting.value)
    }

    @Test func bindingEndsWhenTheActionIsDeinitialisedAndDoesNotKeepItAlive() {
        let (inputs, input) = Signal<Int, Never>.pipe()
        weak var weakAction: Action<Int, Int, Never>?
        let calls = AtomicCounter()
        do {
            let action = Action<Int, Int, Never> { value in
                calls.increment()
                return SignalProducer(value: value)
            }
            weakAction = action
            action <~ inputs
            input.send(value: 1)
        }
        #expect(weakAction == nil)
        input.send(value: 2)
        #expect(calls.value == 1)
    }

    // MARK: - ActionError

    @Test func actionErrorDescribesItselfAndComparesByCase() {
        let disabled = ActionError<TestError>.disabled
        let failed = ActionError<TestError>.producerFailed(TestError(code: 3))
        #expect(disabled.description == "disabled")
        #expect(failed.description == "producerFailed(TestError(code: 3))")
        #expect(disabled == .disabled)
        #expect(failed != disabled)
        #expect(disabled.producerError == nil)
    }
}
