// Generic helpers that hand signals, producers, observers and properties to other
// isolation domains (detached tasks, task groups, an actor), constrained on
// `Sendable` values only: Ripple's streams and properties are Sendable themselves.
//
//     main actor      property ──▶ Task.detached { property.value / <~ / start }
//     task group      input.send(value:) × 4 tasks ──▶ one serial observer
//
// The idioms on trial: `Task.detached` capturing a `Property`, a `MutableProperty`
// and a `SignalProducer`; an `Observer` shared by a task group; a
// `ValidatingProperty` (Sendable only for Sendable values) passed to a generic
// function that asks for `PropertyProtocol & Sendable`; a signal handed to an
// actor method.

import Ripple
import Synchronization
import Testing

/// Runs `producer` to its end in a detached task, and returns what it sent.
func outcome<Value: Sendable, Failure: Error>(of producer: SignalProducer<Value, Failure>) async -> Result<[Value], Failure> {
    await Task.detached {
        await withCheckedContinuation { continuation in
            producer.collect().startWithResult { continuation.resume(returning: $0) }
        }
    }.value
}

/// The value of `property`, read in a detached task.
func valueOffTheMainActor<P: PropertyProtocol & Sendable>(of property: P) async -> P.Value where P.Value: Sendable {
    await Task.detached { property.value }.value
}

/// Binds `source` to `target` from a detached task; returns the binding.
func bindOffTheMainActor<Value: Sendable>(_ target: MutableProperty<Value>, to source: Property<Value>) async -> (any Disposable)? {
    await Task.detached { target <~ source }.value
}

/// Sends `batches` to `input` from one child task per batch, concurrently.
func send<Value: Sendable>(_ batches: [[Value]], concurrentlyTo input: Signal<Value, Never>.Observer) async {
    await withTaskGroup(of: Void.self) { group in
        for batch in batches {
            group.addTask {
                for value in batch { input.send(value: value) }
            }
        }
    }
}

/// Counts values and notices if two deliveries ever overlap.
final class SerialityProbe: Sendable {
    private let inside = Atomic<Bool>(false)
    private let overlapped = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)

    /// Call from an observer.
    func deliver() {
        if inside.exchange(true, ordering: .acquiringAndReleasing) {
            overlapped.store(true, ordering: .relaxed)
        }
        count.add(1, ordering: .relaxed)
        inside.store(false, ordering: .releasing)
    }

    var deliveries: Int { count.load(ordering: .relaxed) }
    var didOverlap: Bool { overlapped.load(ordering: .relaxed) }
}

/// Sums what a signal sends, on the actor.
actor Tally {
    private(set) var total = 0

    private func add(_ value: Int) {
        total += value
    }

    /// Follows `signal` from now on; the task ends once every value up to its
    /// termination is added. The observer only hands values over: it runs on the
    /// sending thread, so it must not touch the actor's state itself.
    func follow(_ signal: Signal<Int, Never>) -> Task<Void, Never> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        signal.observe { event in
            if let value = event.value { continuation.yield(value) } else { continuation.finish() }
        }
        return Task {
            for await value in stream { add(value) }
        }
    }
}

@MainActor
@Suite struct CrossIsolationTests {
    struct Failure: Error, Equatable {}

    @Test func aProducerMadeOnTheMainActorRunsInADetachedTask() async {
        let numbers = MutableProperty(3)
        let countdown = numbers.producer.take(first: 1).flatMap(.concat) { SignalProducer((1...$0).reversed()) }
        #expect(await outcome(of: countdown) == .success([3, 2, 1]))
        #expect(await outcome(of: SignalProducer<Int, Failure>(error: Failure())) == .failure(Failure()))
    }

    @Test func propertiesOfSendableValuesAreReadInADetachedTask() async {
        let name = MutableProperty("Ripple")
        let greeting = name.map { "Hello, \($0)" }
        let password = ValidatingProperty<String, Failure>("abc") { $0.count >= 6 ? .valid : .invalid(Failure()) }
        #expect(await valueOffTheMainActor(of: greeting) == "Hello, Ripple")
        #expect(await valueOffTheMainActor(of: name) == "Ripple")
        #expect(await valueOffTheMainActor(of: password.result).isInvalid)
        #expect(await valueOffTheMainActor(of: password) == "abc")
    }

    @Test func aBindingMadeInADetachedTaskFollowsTheMainActorSource() async {
        let source = MutableProperty(1)
        let target = MutableProperty(0)
        let binding = await bindOffTheMainActor(target, to: Property(source))
        #expect(target.value == 1)
        source.value = 2
        #expect(target.value == 2)
        binding?.dispose()
        source.value = 3
        #expect(target.value == 2)
    }

    @Test func anObserverSharedByATaskGroupDeliversSerially() async {
        let (numbers, input) = Signal<Int, Never>.pipe()
        let probe = SerialityProbe()
        numbers.observeValues { _ in probe.deliver() }
        await send(Array(repeating: Array(0..<500), count: 4), concurrentlyTo: input)
        #expect(probe.deliveries == 2_000)
        #expect(!probe.didOverlap)
    }

    @Test func aSignalHandedToAnActorIsFollowedThere() async {
        let tally = Tally()
        let (numbers, input) = Signal<Int, Never>.pipe()
        let following = await tally.follow(numbers)
        await send([Array(1...10), Array(11...20)], concurrentlyTo: input)
        input.sendCompleted()
        await following.value
        #expect(await tally.total == 210)
    }
}
