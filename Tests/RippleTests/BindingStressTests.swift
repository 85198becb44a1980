import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Bindings racing the deinit of their target: values are sent on one thread while
/// the last reference to the target is released on another. Also run under the
/// thread sanitizer by `.ci/run`.
@Suite struct BindingStressTests {
    static let rounds = 1_000
    static let sends = 50

    /// A target whose bindings end at its deinit.
    final class OwningTarget: ReactiveExtensionsProvider, LifetimeProvider {
        @Lifetime.Owned var lifetime
        var value = 0
    }

    /// A target whose bindings end at the first value that finds it gone.
    final class PlainTarget: ReactiveExtensionsProvider {
        var value = 0
    }

    /// Holds the only strong reference to an object, so that another thread can
    /// release it.
    final class Slot<Object: AnyObject>: @unchecked Sendable {  // `object` is guarded by `lock`
        private let lock = NSLock()
        private var object: Object?

        init(_ object: Object) {
            self.object = object
        }

        /// Releases the object; its deinit runs here unless a binding is applying a
        /// value to it at this moment.
        func release() {
            var released = lock.withLock { object.take() }
            released = nil
            _ = released
        }
    }

    /// What the rounds saw, counted with atomics.
    final class Tally: Sendable {
        let freed = Atomic<Int>(0)
        let endedBeforeLastSend = Atomic<Int>(0)
        let ended = Atomic<Int>(0)
    }

    /// Runs `rounds` races of `bind` against the release of a fresh target, on a
    /// background queue, waiting at most 60 seconds for all of them.
    ///
    /// - Parameters:
    ///   - extraSend: whether to send one more value after the race, so that a
    ///     binding to a plain object finds it gone.
    ///   - queue: the scheduler the binding applies values on, if any; the round
    ///     waits for it to run what was scheduled before looking at the target.
    static func race<Target: ReactiveExtensionsProvider & SendableMetatype>(
        _ makeTarget: @escaping @Sendable () -> Target,
        bind: @escaping @Sendable (Target, SignalProducer<Int, Never>) -> (any Disposable)?,
        extraSend: Bool = false,
        queue: QueueScheduler? = nil
    ) -> (finished: Bool, tally: Tally) {
        let tally = Tally()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for _ in 0..<rounds {
                let (signal, input) = Signal<Int, Never>.pipe()
                let sourceEnded = Atomic<Bool>(false)
                weak var weakTarget: Target?
                let slot: Slot<Target>
                do {
                    let target = makeTarget()
                    weakTarget = target
                    slot = Slot(target)
                    _ = bind(target, signal.producer.on(disposed: { sourceEnded.store(true, ordering: .releasing) }))
                }
                DispatchQueue.concurrentPerform(iterations: 2) { thread in
                    if thread == 0 {
                        for value in 1...sends { input.send(value: value) }
                    } else {
                        slot.release()
                    }
                }
                if sourceEnded.load(ordering: .acquiring) { tally.endedBeforeLastSend.add(1, ordering: .relaxed) }
                if extraSend { input.send(value: 0) }
                if let queue {
                    let drained = DispatchSemaphore(value: 0)
                    queue.schedule { drained.signal() }
                    drained.wait()
                }
                if weakTarget == nil { tally.freed.add(1, ordering: .relaxed) }
                if sourceEnded.load(ordering: .acquiring) { tally.ended.add(1, ordering: .relaxed) }
            }
            done.signal()
        }
        return (done.wait(timeout: .now() + 60) == .success, tally)
    }

    @Test func bindingToAnOwningTargetEndsAtItsDeinitWhileValuesArrive() {
        let (finished, tally) = Self.race({ OwningTarget() }, bind: { target, signal in
            target.reactive[\.value] <~ signal
        })
        #expect(finished)
        #expect(tally.freed.load(ordering: .relaxed) == Self.rounds)
        #expect(tally.endedBeforeLastSend.load(ordering: .relaxed) == Self.rounds)
    }

    @Test func bindingToAPlainTargetEndsAtTheNextValueAfterItIsReleased() {
        let (finished, tally) = Self.race({ PlainTarget() }, bind: { target, signal in
            target.reactive[\.value] <~ signal
        }, extraSend: true)
        #expect(finished)
        #expect(tally.freed.load(ordering: .relaxed) == Self.rounds)
        #expect(tally.ended.load(ordering: .relaxed) == Self.rounds)
    }

    @Test func bindingOnAQueueToAnOwningTargetEndsAtItsDeinit() {
        let scheduler = QueueScheduler(name: "BindingStressTests")
        let (finished, tally) = Self.race({ OwningTarget() }, bind: { target, signal in
            target.reactive[\.value, on: scheduler] <~ signal
        }, queue: scheduler)
        #expect(finished)
        #expect(tally.freed.load(ordering: .relaxed) == Self.rounds)
        // The last reference may be dropped on the queue, after the race.
        #expect(tally.ended.load(ordering: .relaxed) == Self.rounds)
    }
}
