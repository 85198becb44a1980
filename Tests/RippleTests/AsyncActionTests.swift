import Ripple
import Testing

/// `Action` whose work is an `async` closure: one task per execution, executing
/// until the closure returns, cancelled when the run of `apply` is disposed.
@MainActor
@Suite struct AsyncActionTests {
    /// An action that doubles its input after waiting for `scheduler` to advance
    /// by one second, failing for negative inputs.
    private func doubling(after scheduler: TestScheduler, log: Recorder<String>? = nil) -> Action<Int, Int, WorkError> {
        Action { (input: Int) async throws(WorkError) -> Int in
            log?.append("execute \(input)")
            do throws(WorkError) {
                try await checkpoint(scheduler)
            } catch {
                log?.append("cancelled \(Task.isCancelled)")
                throw error
            }
            if input < 0 { throw .failed }
            return input * 2
        }
    }

    @Test func isExecutingWhileTheClosureAwaitsAndNotAfterItReturns() async throws {
        let scheduler = TestScheduler()
        let action = doubling(after: scheduler)
        let executing = Recorder<Bool>()
        action.isExecuting.producer.startWithValues(executing.append)
        let run = Recorder<String>()
        action.apply(21).start(run.observer())
        #expect(action.isExecuting.value && !action.isEnabled.value)
        try #require(await yieldUntil { scheduler.hasPendingWork })
        #expect(action.isExecuting.value)

        await scheduler.advance(by: 1)
        #expect(await yieldUntil { run.entries.count == 2 })
        #expect(run.entries == ["VALUE 42", "COMPLETED"])
        #expect(!action.isExecuting.value && action.isEnabled.value)
        #expect(executing.entries == [false, true, false])
    }

    @Test func isExecutingEndsWhenTheClosureThrows() async throws {
        let scheduler = TestScheduler()
        let action = doubling(after: scheduler)
        let errors = Recorder<WorkError>()
        action.errors.observeValues(errors.append)
        let run = Recorder<String>()
        action.apply(-1).start(run.observer())
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { !run.entries.isEmpty })
        #expect(run.entries == ["FAILED producerFailed(failed)"])
        #expect(errors.entries == [.failed])
        #expect(!action.isExecuting.value)
    }

    @Test func disposingTheApplyRunCancelsTheTaskAndEndsTheExecution() async throws {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let action = doubling(after: scheduler, log: log)
        let events = Recorder<String>()
        action.events.observeValues { events.append($0.description) }
        let run = Recorder<String>()
        let disposable = action.apply(5).start(run.observer())
        try #require(await yieldUntil { scheduler.hasPendingWork })

        disposable.dispose()
        #expect(!action.isExecuting.value && action.isEnabled.value)
        #expect(run.entries == ["INTERRUPTED"])
        #expect(await yieldUntil { log.entries.count == 2 })
        #expect(log.entries == ["execute 5", "cancelled true"])
        #expect(events.entries == ["INTERRUPTED"])
        #expect(run.entries == ["INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func onlyOneExecutionRunsAtATime() async throws {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let action = doubling(after: scheduler, log: log)
        let first = Recorder<String>()
        let second = Recorder<String>()
        action.apply(1).start(first.observer())
        action.apply(2).start(second.observer())
        #expect(second.entries == ["FAILED disabled"])
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { first.entries.count == 2 })

        let third = Recorder<String>()
        action.apply(3).start(third.observer())
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { third.entries.count == 2 })
        #expect(log.entries == ["execute 1", "execute 3"])
        #expect(third.entries == ["VALUE 6", "COMPLETED"])
    }

    @Test func enabledIfGatesAnAsyncAction() async {
        let enabled = MutableProperty(false)
        let action = Action(enabledIf: enabled) { (name: String) async -> String in
            await Task.yield()
            return name.uppercased()
        }
        let refused = Recorder<String>()
        action.apply("ada").start(refused.observer())
        #expect(refused.entries == ["FAILED disabled"])

        enabled.value = true
        let run = Recorder<String>()
        action.apply("ada").start(run.observer())
        #expect(await yieldUntil { run.entries.count == 2 })
        #expect(run.entries == ["VALUE ADA", "COMPLETED"])
    }

    @Test func stateActionReadsTheStateWhenTheExecutionStarts() async {
        let greeting = MutableProperty("hello")
        let action = Action(state: greeting) { (greeting: String, name: String) async -> String in
            await Task.yield()
            return "\(greeting), \(name)"
        }
        let run = Recorder<String>()
        action.apply("ada").start(run.observer())
        greeting.value = "bye"
        #expect(await yieldUntil { run.entries.count == 2 })
        #expect(run.entries == ["VALUE hello, ada", "COMPLETED"])

        let gated = Action(state: greeting, enabledIf: { $0 == "hello" }) { (greeting: String, _: Void) async in greeting }
        #expect(!gated.isEnabled.value)
    }

    @Test func aClosureReturningAProducerStillPicksTheProducerInit() {
        let action = Action { (input: Int) in SignalProducer<Int, Never>(value: input + 1) }
        #expect(type(of: action) == Action<Int, Int, Never>.self)
        #expect(events(of: action.apply(1)) == ["VALUE 2", "COMPLETED"])
    }

    @Test func theActionLivesUntilItsTaskEnds() async throws {
        let scheduler = TestScheduler()
        weak var weakAction: Action<Int, Int, WorkError>?
        let run = Recorder<String>()
        do {
            let action = doubling(after: scheduler)
            weakAction = action
            action.apply(4).start(run.observer())
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        #expect(weakAction != nil)
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { run.entries.count == 2 })
        #expect(await yieldUntil { weakAction == nil })
    }

    // MARK: - A @MainActor ViewModel

    @MainActor
    final class LoginViewModel {
        let name = MutableProperty("")
        let message = MutableProperty("")
        let login: Action<String, String, WorkError>
        private(set) var attempts = 0
        private let lifetime: Lifetime
        private let token: Lifetime.Token

        init(scheduler: TestScheduler) {
            (lifetime, token) = Lifetime.make()
            let nameIsValid = name.map { !$0.isEmpty }
            login = Action(enabledIf: nameIsValid) { (name: String) async throws(WorkError) -> String in
                try await checkpoint(scheduler)
                return "welcome \(name)"
            }
            message <~ login.values
            lifetime += login.errors.observeValues { [weak self] _ in self?.message.value = "failed" }
        }

        func submit() {
            attempts += 1
            login.apply(name.value).start()
        }

        /// An action whose closure uses the ViewModel's main-actor state directly.
        func retrying() -> Action<Void, Int, Never> {
            Action { [unowned self] in
                await Task.yield()
                self.attempts += 1
                return self.attempts
            }
        }
    }

    @Test func mainActorViewModelDrivesAnAsyncAction() async throws {
        let scheduler = TestScheduler()
        let viewModel = LoginViewModel(scheduler: scheduler)
        #expect(!viewModel.login.isEnabled.value)
        viewModel.name.value = "ada"
        #expect(viewModel.login.isEnabled.value)
        viewModel.submit()
        #expect(viewModel.login.isExecuting.value)
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { viewModel.message.value == "welcome ada" })
        #expect(!viewModel.login.isExecuting.value)

        let retried = Recorder<Int>()
        let retry = viewModel.retrying()
        retry.apply().startWithResult { retried.append((try? $0.get()) ?? -1) }
        #expect(await yieldUntil { retried.entries == [2] })
        #expect(viewModel.attempts == 2)
    }
}
