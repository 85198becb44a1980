import Foundation
import Ripple
import Testing

/// `SignalProducer` from an `async` closure: one task per start, one value then
/// `completed`, cancelled by disposal.
@MainActor
@Suite struct AsyncProducerTests {
    @Test func asyncClosureSendsItsValueThenCompletes() async {
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> {
            await Task.yield()
            return 42
        }
        producer.start(recorder.observer())
        #expect(await yieldUntil { recorder.entries.count == 2 })
        #expect(recorder.entries == ["VALUE 42", "COMPLETED"])
    }

    @Test func typedThrowingClosureFailsWithItsError() async {
        let recorder = Recorder<String>()
        let producer = SignalProducer { () async throws(WorkError) -> Int in
            await Task.yield()
            throw .failed
        }
        producer.start(recorder.observer())
        #expect(await yieldUntil { !recorder.entries.isEmpty })
        #expect(recorder.entries == ["FAILED failed"])
    }

    @Test func closureTypesSetTheErrorType() {
        let typed = SignalProducer { () async throws(WorkError) -> Int in 1 }
        let untyped = SignalProducer { () async throws -> Int in try await Task.sleep(for: .zero); return 1 }
        let neverFailing = SignalProducer { await Task.yield(); return 1 }
        #expect(type(of: typed) == SignalProducer<Int, WorkError>.self)
        #expect(type(of: untyped) == SignalProducer<Int, any Error>.self)
        #expect(type(of: neverFailing) == SignalProducer<Int, Never>.self)
    }

    @Test func closureWithoutAwaitRunsSynchronouslyOnStart() {
        let recorder = Recorder<String>()
        SignalProducer<Int, Never> { 7 }.start(recorder.observer())
        #expect(recorder.entries == ["VALUE 7", "COMPLETED"])
    }

    @Test func mainActorClosureSendsNothingUntilTheStarterSuspends() async {
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> {
            await Task.yield()
            return 1
        }
        producer.start(recorder.observer())
        #expect(recorder.entries.isEmpty)
        #expect(await yieldUntil { recorder.entries == ["VALUE 1", "COMPLETED"] })
    }

    @Test func everyStartRunsTheClosureInATaskOfItsOwn() async {
        var calls = 0
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> {
            calls += 1
            await Task.yield()
            return calls
        }
        producer.start(recorder.observer("a "))
        producer.start(recorder.observer("b "))
        #expect(await yieldUntil { recorder.entries.count == 4 })
        #expect(calls == 2)
        #expect(recorder.entries.filter { $0.hasSuffix("COMPLETED") }.count == 2)
    }

    @Test func disposingBeforeTheClosureFinishesCancelsItsTask() async throws {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        let log = Recorder<String>()
        let producer = SignalProducer { () async throws(WorkError) -> Int in
            do throws(WorkError) {
                try await checkpoint(scheduler)
            } catch {
                log.append("cancelled \(Task.isCancelled)")
                throw error
            }
            log.append("finished")
            return 1
        }
        let run = producer.start(recorder.observer())
        try #require(await yieldUntil { scheduler.hasPendingWork })
        run.dispose()
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(await yieldUntil { !log.entries.isEmpty })
        #expect(log.entries == ["cancelled true"])
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func aCancelledClosureThatReturnsAnywaySendsNothing() async throws {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        var returned = false
        let producer = SignalProducer<Int, Never> {
            try? await checkpoint(scheduler)
            returned = true
            return 99
        }
        let run = producer.start(recorder.observer())
        try #require(await yieldUntil { scheduler.hasPendingWork })
        run.dispose()
        #expect(await yieldUntil { returned })
        #expect(recorder.entries == ["INTERRUPTED"])
        #expect(run.isDisposed)
    }

    @Test func aRunDisposedBeforeItsTaskBeginsNeverCallsTheClosure() async {
        var calls = 0
        let recorder = Recorder<String>()
        let producer = SignalProducer<Int, Never> {
            calls += 1
            await Task.yield()
            return calls
        }
        producer.start(recorder.observer()).dispose()
        let control = Recorder<String>()
        producer.start(control.observer())
        #expect(await yieldUntil { control.entries.count == 2 })
        #expect(await !yieldUntil { calls > 1 })
        #expect(calls == 1)
        #expect(recorder.entries == ["INTERRUPTED"])
    }

    @Test func theClosureRunsAndSendsOnTheIsolationItWasWrittenIn() async {
        let threads = Recorder<Bool>()
        let producer = SignalProducer<Int, Never> {
            threads.append(runsOnMainActorQueue)
            await Task.yield()
            return 1
        }
        producer.startWithValues { _ in threads.append(runsOnMainActorQueue) }
        #expect(await yieldUntil { threads.entries.count == 2 })
        #expect(threads.entries == [true, true])
    }

    @Test func aNonisolatedClosureRunsOffTheMainActor() async {
        let threads = Recorder<Bool>()
        let producer = Self.nonisolatedProducer(threads)
        producer.startWithValues { _ in threads.append(runsOnMainActorQueue) }
        #expect(await yieldUntil { threads.entries.count == 2 })
        #expect(threads.entries == [false, false])
    }

    nonisolated private static func nonisolatedProducer(_ threads: Recorder<Bool>) -> SignalProducer<Int, Never> {
        SignalProducer {
            threads.append(runsOnMainActorQueue)
            await Task.yield()
            return 1
        }
    }

    @Test func theTaskReleasesWhatItCapturedWhenItEnds() async throws {
        let scheduler = TestScheduler()
        weak var weakWitness: Witness?
        var run: (any Disposable)?
        do {
            let witness = Witness()
            weakWitness = witness
            run = SignalProducer<Int, Never> {
                try? await checkpoint(scheduler)
                return withExtendedLifetime(witness) { 1 }
            }.start()
        }
        try #require(await yieldUntil { scheduler.hasPendingWork })
        #expect(weakWitness != nil)
        run?.dispose()
        #expect(await yieldUntil { weakWitness == nil })
    }

    // MARK: - A @MainActor ViewModel

    struct User: Sendable, Equatable {
        let name: String
    }

    final class API: Sendable {
        let scheduler: TestScheduler

        init(scheduler: TestScheduler) {
            self.scheduler = scheduler
        }

        func user(named name: String) async throws(WorkError) -> User {
            try await checkpoint(scheduler)
            if name.isEmpty { throw .failed }
            return User(name: name)
        }
    }

    @MainActor
    final class ProfileViewModel {
        let api: API
        let title = MutableProperty("")
        private(set) var requests = 0

        init(api: API) {
            self.api = api
        }

        func user(named name: String) -> SignalProducer<User, WorkError> {
            SignalProducer { () async throws(WorkError) -> User in
                self.requests += 1
                return try await self.api.user(named: name)
            }
        }

        @discardableResult
        func load(_ name: String) -> any Disposable {
            user(named: name).startWithResult { result in
                self.title.value = (try? result.get().name) ?? "failed"
            }
        }
    }

    @Test func mainActorViewModelLoadsThroughAnAsyncProducer() async throws {
        let scheduler = TestScheduler()
        let viewModel = ProfileViewModel(api: API(scheduler: scheduler))
        viewModel.load("ada")
        #expect(viewModel.requests == 0)
        try #require(await yieldUntil { scheduler.hasPendingWork })
        #expect(viewModel.requests == 1)
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { viewModel.title.value == "ada" })

        viewModel.load("")
        try #require(await yieldUntil { scheduler.hasPendingWork })
        await scheduler.advance(by: 1)
        #expect(await yieldUntil { viewModel.title.value == "failed" })
        #expect(viewModel.requests == 2)
    }
}
