import Foundation
import Ripple
import Testing

// The Migrating from ReactiveSwift article, "Swift 6 concurrency is checked" and "The
// blocking `first()`, `last()`, `single()` and `wait()` are for tests and scripts".
// What the compiler refuses (a non-`Sendable` stream shared with a task, main-actor
// state in a synchronous `Action` body, a `@MainActor` key path given to
// `BindingTarget`, a blocking form in async code) is checked by the compile probes of
// ConcurrencyRulesTests in RippleClientTests; the tests below check that what the guide
// gives instead works. A blocking form called on the main thread for a producer whose
// events go through the main queue never returns, which no test can wait for.

/// Main-actor state, as a screen or a view model holds it.
@MainActor final class MigratingMainActorLog {
    var entries: [Int] = []
}

/// A main-actor control with a main-actor property to bind.
@MainActor final class MigratingSearchField: ReactiveExtensionsProvider {
    /// Whether each write of `text` ran on the main actor's queue.
    var writesOnMainActorQueue: [Bool] = []
    var text = "" {
        didSet { writesOnMainActorQueue.append(runsOnMainActorQueue) }
    }
}

@Suite struct MigratingGuideConcurrencyTests {
    // MARK: Swift 6 concurrency is checked

    // "Streams, properties and actions are `Sendable` only when their values are" (the Sendable case: they cross into another task)
    @Test func streamsPropertiesAndActionsOfSendableValuesCrossIntoAnotherTask() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = MutableProperty(0)
        let double = Action<Int, Int, Never> { SignalProducer(value: $0 * 2) }
        let producer = SignalProducer<Int, Never>(value: 7)
        let seen = Recorder<Int>()
        signal.observeValues { seen.append($0) }
        double.values.observeValues { seen.append($0) }
        await Task.detached {
            input.send(value: 1)
            property.value = 5
            double.apply(3).start()
            producer.startWithValues { seen.append($0) }
        }.value
        #expect(seen.entries == [1, 6, 7])
        #expect(property.value == 5)
    }

    // "An `Action`'s synchronous execute and `enabledIf` closures are `@Sendable` … (read `Sendable` state"
    @Test func aSynchronousActionReadsSendableState() {
        let limit = MutableProperty(3)
        let clamp = Action<Int, Int, Never>(state: limit, enabledIf: { $0 > 0 }) { limit, input in
            SignalProducer(value: min(input, limit))
        }
        #expect(clamp.apply(5).first() == .success(3))
        limit.value = 4
        #expect(clamp.apply(5).first() == .success(4))
        limit.value = 0
        #expect(!clamp.isEnabled.value)
        #expect(clamp.apply(5).first() == .failure(.disabled))
    }

    // "or use the `async` form, which runs on the closure's actor"
    @Test @MainActor func anAsyncActionBodyRunsOnTheActorItIsWrittenIn() async throws {
        let log = MigratingMainActorLog()
        let record = Action { (value: Int) async -> Int in
            log.entries.append(value)
            return value * 10
        }
        let output = try await record.apply(4).first()
        #expect(output == 40)
        #expect(log.entries == [4])
    }

    // "bind such a property with `view.reactive[\.text] <~ source`, which sets it on the main actor"
    @Test @MainActor func aMainActorPropertyBoundThroughReactiveIsSetOnTheMainActor() async {
        let field = MigratingSearchField()
        let (titles, input) = Signal<String, Never>.pipe()
        field.reactive[\.text] <~ titles
        input.send(value: "on the main actor")
        #expect(field.text == "on the main actor")
        await Task.detached { input.send(value: "from another thread") }.value
        #expect(await yieldUntil { field.text == "from another thread" })
        #expect(field.writesOnMainActorQueue == [true, true])
    }

    // MARK: The blocking forms

    // "They answer as ReactiveSwift's do"; table: "`first()`, `last()`, `single()`, `wait()` | the same"
    @Test func theBlockingFormsAnswerAsReactiveSwiftsDo() {
        let numbers = SignalProducer<Int, TestError>(values: 1, 2, 3)
        #expect(numbers.first() == .success(1))
        #expect(numbers.last() == .success(3))
        #expect(numbers.single() == nil)
        #expect(SignalProducer<Int, TestError>(value: 7).single() == .success(7))
        #expect(SignalProducer<Int, TestError>.empty.first() == nil)
        #expect(SignalProducer<Int, TestError>.empty.last() == nil)
        #expect(SignalProducer<Int, TestError>.empty.single() == nil)
        let failing = SignalProducer<Int, TestError>(error: TestError(code: 1))
        #expect(failing.first() == .failure(TestError(code: 1)))
        #expect(failing.last() == .failure(TestError(code: 1)))
        #expect(failing.single() == .failure(TestError(code: 1)))
        let failed = failing.wait()
        let completed = numbers.wait()
        #expect(throws: TestError(code: 1)) { try failed.get() }
        #expect(throws: Never.self) { try completed.get() }
    }

    // "(`wait()` counts an interruption as success)"
    @Test func waitCountsAnInterruptionAsSuccess() {
        let interrupted = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        let waited = interrupted.wait()
        #expect(throws: Never.self) { try waited.get() }
        #expect(interrupted.first() == .success(1))
        #expect(interrupted.last() == nil)
        #expect(interrupted.single() == .success(1))
    }

    // "and block the calling thread"
    @Test func theBlockingFormsWaitForARunOnAnotherThread() {
        let elsewhere = SignalProducer<Int, TestError>(values: 5, 6).start(on: QueueScheduler(name: "migrating.blocking"))
        #expect(elsewhere.first() == .success(5))
        #expect(elsewhere.last() == .success(6))
        let waited = elsewhere.wait()
        #expect(throws: Never.self) { try waited.get() }
    }

    // "`try await first()` (and `last()`, `collected()`, `waitUntilCompleted()`) answer instead"
    @Test func theAsyncFormsAnswerInAsyncCode() async throws {
        let numbers = SignalProducer<Int, TestError>(values: 1, 2, 3)
        #expect(try await numbers.first() == 1)
        #expect(try await numbers.last() == 3)
        #expect(try await numbers.collected() == [1, 2, 3])
        #expect(try await numbers.waitUntilCompleted())
    }

    // "throwing the stream's error type"
    @Test func theAsyncFormsThrowTheStreamsOwnErrorType() async {
        let failing = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: TestError(code: 4))
        }
        do throws(TestError) {
            _ = try await failing.last()
            Issue.record("last() answered instead of throwing")
        } catch {
            #expect(error == TestError(code: 4))
        }
        do throws(TestError) {
            _ = try await failing.waitUntilCompleted()
            Issue.record("waitUntilCompleted() answered instead of throwing")
        } catch {
            #expect(error == TestError(code: 4))
        }
    }

    // "answering `nil` (or `false`) for an interruption"
    @Test func theAsyncFormsAnswerNilOrFalseForAnInterruption() async throws {
        let interrupted = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        let interruptedFirst = SignalProducer<Int, TestError> { observer, _ in observer.sendInterrupted() }
        #expect(try await interruptedFirst.first() == nil)
        #expect(try await interrupted.last() == nil)
        #expect(try await interrupted.collected() == nil)
        #expect(try await interrupted.waitUntilCompleted() == false)
    }
}
