import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// No lock of the package is held while user code runs: releasing an observer, a
/// closure, a disposable or a value runs its captures' deinitialisers, which may
/// re-enter the very object that released them (dispose a sibling subscription,
/// send, observe, read a property, apply an action). Each test makes a deinit
/// re-enter one locked path; before the fix, each deadlocked (or lost an event).
@Suite struct ReentrantReleaseStressTests {
    /// Runs `body` on a thread of its own and waits for what it returns: `nil` if
    /// it has not returned within 10 s (a deadlock), so that a failure does not
    /// hang the run.
    func outcome(of body: @escaping @Sendable () -> Bool) -> Bool? {
        let result = Atomic<Int>(0)
        Thread { result.store(body() ? 1 : 2, ordering: .releasing) }.start()
        guard settles({ result.load(ordering: .acquiring) != 0 }) else { return nil }
        return result.load(ordering: .acquiring) == 1
    }

    @Test func disposingAnObserverWhoseCaptureDisposesASiblingSubscriptionReturns() {
        let outcome = outcome {
            let (signal, input) = Signal<Int, Never>.pipe()
            let sibling = signal.observeValues { _ in }
            let subscription = signal.observeValues { [tidy = OnDeinit { sibling?.dispose() }] _ in
                withExtendedLifetime(tidy) {}
            }
            subscription?.dispose()
            return withExtendedLifetime(input) { sibling?.isDisposed == true }
        }
        #expect(outcome == true)
    }

    @Test func disposingAnObserverWhoseCaptureSendsOnTheSignalReturns() {
        let outcome = outcome {
            let (signal, input) = Signal<Int, Never>.pipe()
            let received = Recorder<Int>()
            signal.observeValues { received.append($0) }
            let subscription = signal.observeValues { [farewell = OnDeinit { input.send(value: 1) }] _ in
                withExtendedLifetime(farewell) {}
            }
            subscription?.dispose()
            return received.entries == [1]
        }
        #expect(outcome == true)
    }

    @Test func disposingAnObserverWhoseCaptureObservesTheSignalReturns() {
        let outcome = outcome {
            let (signal, input) = Signal<Int, Never>.pipe()
            let received = Recorder<Int>()
            let subscription = signal.observeValues { [successor = OnDeinit { signal.observeValues { received.append($0) } }] _ in
                withExtendedLifetime(successor) {}
            }
            subscription?.dispose()
            input.send(value: 1)
            return received.entries == [1]
        }
        #expect(outcome == true)
    }

    @Test func disposingTheObserverHoldingTheLastReferenceToAnActionReturns() {
        let outcome = outcome {
            final class ViewModel {
                let save = Action<Int, Int, Never> { SignalProducer(value: $0) }
            }
            var viewModel: ViewModel? = ViewModel()
            let values = viewModel!.save.values
            let completed = Atomic<Bool>(false)
            values.observeCompleted { completed.store(true, ordering: .relaxed) }
            let subscription = values.observeValues { [viewModel] _ in withExtendedLifetime(viewModel) {} }
            viewModel = nil
            subscription?.dispose()
            return completed.load(ordering: .relaxed)
        }
        #expect(outcome == true)
    }

    @Test func aValueReleasedAfterARecursiveSendThatSendsAgainIsDelivered() {
        let outcome = outcome {
            let (signal, input) = Signal<Parcel, Never>.pipe()
            let received = Recorder<Int>()
            signal.observeValues { parcel in
                received.append(parcel.number)
                // Once delivered, the parcel (and the deinit it carries) lives in the
                // signal's queue of recursive sends only.
                if parcel.number == 1 { input.send(value: Parcel(2, onRelease: OnDeinit { input.send(value: Parcel(3)) })) }
            }
            input.send(value: Parcel(1))
            return received.entries == [1, 2, 3]
        }
        #expect(outcome == true)
    }

    @Test func removingAMemberOfACompositeWhoseCaptureAddsToItReturns() {
        let outcome = outcome {
            let composite = CompositeDisposable()
            let probe = Probe()
            let member = composite.add { [successor = OnDeinit { composite.add(probe) }] in
                withExtendedLifetime(successor) {}
            }
            member?.dispose()
            composite.dispose()
            return probe.isDisposed
        }
        #expect(outcome == true)
    }

    @Test func replacingAPropertyValueWhoseDeinitReadsThePropertyReturns() {
        let outcome = outcome {
            let property = MutableProperty<OnDeinit?>(nil)
            let read = Atomic<Bool>(false)
            property.value = OnDeinit { read.store(property.value != nil, ordering: .relaxed) }
            property.value = OnDeinit {}
            return read.load(ordering: .relaxed)
        }
        #expect(outcome == true)
    }

    @Test func anActionStateReleasingAValueWhoseDeinitAppliesTheActionReturns() {
        let outcome = outcome {
            let state = Passing<Parcel?>(nil)
            let action = Action(state: state) { _, input in SignalProducer<Int, Never>(value: input) }
            let applied = Recorder<Int>()
            // The action's execute closure, bound to that state, is the parcel's last
            // holder.
            state.pass(Parcel(1, onRelease: OnDeinit {
                action.apply(1).startWithResult { applied.append((try? $0.get()) ?? -1) }
            }))
            state.pass(nil)
            return applied.entries == [1]
        }
        #expect(outcome == true)
    }

    @Test func aReplayBufferPushingOutAValueWhoseDeinitStartsTheReplayReturns() {
        let outcome = outcome {
            let (signal, input) = Signal<OnDeinit, Never>.pipe()
            let replayed = SignalProducer(signal).replayLazily(upTo: 1)
            let restarted = Atomic<Int>(0)
            replayed.startWithValues { _ in }
            input.send(value: OnDeinit { replayed.startWithValues { _ in restarted.add(1, ordering: .relaxed) } })
            input.send(value: OnDeinit {})
            return restarted.load(ordering: .relaxed) == 1
        }
        #expect(outcome == true)
    }

    @Test func withLatestReplacingAValueWhoseDeinitSendsOnTheSourceReturns() {
        let outcome = outcome {
            let (source, sourceInput) = Signal<Int, Never>.pipe()
            let (samplee, sampleeInput) = Signal<OnDeinit, Never>.pipe()
            let received = Recorder<Int>()
            source.withLatest(from: samplee).observeValues { received.append($0.0) }
            sampleeInput.send(value: OnDeinit { sourceInput.send(value: 1) })
            sampleeInput.send(value: OnDeinit {})
            return received.entries == [1]
        }
        #expect(outcome == true)
    }

    @Test func sampleReplacingAValueWhoseDeinitSendsOnTheSamplerReturns() {
        let outcome = outcome {
            let (source, sourceInput) = Signal<OnDeinit, Never>.pipe()
            let (sampler, samplerInput) = Signal<Int, Never>.pipe()
            let received = Recorder<Int>()
            source.sample(with: sampler).observeValues { received.append($0.1) }
            sourceInput.send(value: OnDeinit { samplerInput.send(value: 1) })
            sourceInput.send(value: OnDeinit {})
            return received.entries == [1]
        }
        #expect(outcome == true)
    }

    @Test func lazyMapReplacingAWaitingValueWhoseDeinitRunsTheDrainReturns() {
        let outcome = outcome {
            let scheduler = TestScheduler()
            let (source, input) = Signal<OnDeinit, Never>.pipe()
            let transformed = AtomicCounter()
            source.lazyMap(on: scheduler) { _ in transformed.increment() }.observeValues { _ in }
            // Waits for the scheduler, which the replacing value's deinit runs.
            input.send(value: OnDeinit { scheduler.advance() })
            input.send(value: OnDeinit {})
            return transformed.value == 1
        }
        #expect(outcome == true)
    }

    @Test func throttleReplacingAWaitingValueWhoseDeinitRunsTheEmissionReturns() {
        let outcome = outcome {
            let scheduler = TestScheduler()
            let (source, input) = Signal<OnDeinit, Never>.pipe()
            let sent = AtomicCounter()
            source.throttle(1, on: scheduler).observeValues { _ in sent.increment() }
            input.send(value: OnDeinit {})
            scheduler.advance()
            // Waits for the next emission, which the replacing value's deinit runs.
            input.send(value: OnDeinit { scheduler.advance(by: 1) })
            input.send(value: OnDeinit {})
            return sent.value == 2
        }
        #expect(outcome == true)
    }

    @Test func throttleWhileReplacingAHeldValueWhoseDeinitEndsTheThrottleReturns() {
        let outcome = outcome {
            let isThrottling = MutableProperty(true)
            let (source, input) = Signal<OnDeinit, Never>.pipe()
            let sent = AtomicCounter()
            source.throttle(while: isThrottling, on: ImmediateScheduler()).observeValues { _ in sent.increment() }
            input.send(value: OnDeinit { isThrottling.value = false })
            input.send(value: OnDeinit {})
            return sent.value == 1
        }
        #expect(outcome == true)
    }

    @Test func debounceReplacingAWaitingValueWhoseDeinitRunsTheEmissionReturns() {
        let outcome = outcome {
            let scheduler = TestScheduler()
            let (source, input) = Signal<OnDeinit, Never>.pipe()
            let sent = AtomicCounter()
            source.debounce(1, on: scheduler).observeValues { _ in sent.increment() }
            input.send(value: OnDeinit { scheduler.advance(by: 1) })
            input.send(value: OnDeinit {})
            scheduler.advance(by: 1)
            return sent.value == 1
        }
        #expect(outcome == true)
    }

    @Test func collectEveryDroppingValuesWhoseDeinitRunsTheTickReturns() {
        let outcome = outcome {
            let scheduler = TestScheduler()
            let (source, input) = Signal<OnDeinit, Never>.pipe()
            let events = AtomicCounter()
            source.collect(every: 1, on: scheduler).observe { _ in events.increment() }
            // Dropped by the interruption: its deinit runs a tick, which sends nothing.
            input.send(value: OnDeinit { scheduler.advance(by: 1) })
            input.sendInterrupted()
            scheduler.advance()
            return events.value == 1
        }
        #expect(outcome == true)
    }

    @Test func concurrentDisposalsWhoseCapturesReenterTheSignalAllReturn() {
        let outcome = outcome {
            var allDisposed = true
            for _ in 0..<100 {
                let (signal, input) = Signal<Int, Never>.pipe()
                let pairs = 8
                var subscriptions: [any Disposable] = []
                for index in 0..<pairs {
                    let sibling = signal.observeValues { _ in }
                    let reentry = OnDeinit {
                        sibling?.dispose()
                        input.send(value: index)
                        signal.observeValues { _ in }?.dispose()
                    }
                    if let subscription = signal.observeValues({ [reentry] _ in withExtendedLifetime(reentry) {} }) {
                        subscriptions.append(subscription)
                    }
                }
                let handles = subscriptions
                DispatchQueue.concurrentPerform(iterations: 3) { thread in
                    if thread == 2 {
                        for value in 0..<50 { input.send(value: value) }
                    } else {
                        for (index, handle) in handles.enumerated() where index % 2 == thread { handle.dispose() }
                    }
                }
                allDisposed = allDisposed && handles.allSatisfy(\.isDisposed)
            }
            return allDisposed
        }
        #expect(outcome == true)
    }
}

/// Runs its action when deinitialised.
final class OnDeinit: @unchecked Sendable {  // `action` is immutable; tests call it from one thread at a time
    private let action: () -> Void

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    deinit {
        action()
    }
}

/// A value that may carry an ``OnDeinit``, released with its last copy.
struct Parcel {
    let number: Int
    let onRelease: OnDeinit?

    init(_ number: Int, onRelease: OnDeinit? = nil) {
        self.number = number
        self.onRelease = onRelease
    }
}

/// A property that keeps none of its values: each one lives only while it is
/// delivered (and in what its observers keep of it).
final class Passing<Value>: PropertyProtocol, @unchecked Sendable {  // immutable; `signal` serialises its own sends
    typealias Error = Never

    let value: Value
    let signal: Signal<Value, Never>
    private let input: Signal<Value, Never>.Observer

    init(_ initial: Value) {
        value = initial
        (signal, input) = Signal.pipe()
    }

    /// Its changes only: `value` stays the initial one.
    var producer: SignalProducer<Value, Never> {
        SignalProducer(signal)
    }

    func pass(_ value: Value) {
        input.send(value: value)
    }
}
