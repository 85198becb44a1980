import Dispatch
import Foundation
import Ripple
import Testing

@MainActor
@Suite struct MainActorSchedulerTests {
    /// A `@MainActor` ViewModel that schedules work on the main actor in every way
    /// client code does, without annotations.
    @MainActor
    final class CounterViewModel {
        private(set) var log: [String] = []
        let scheduler = MainActorScheduler()
        let onRefresh: @MainActor () -> Void

        init(onRefresh: @escaping @MainActor () -> Void) {
            self.onRefresh = onRefresh
        }

        func refresh() {
            log.append("refresh")
        }

        func scheduleFromTheMainActor() {
            scheduler.schedule { self.log.append("closure") }
            scheduler.schedule(refresh)
            scheduler.schedule(onRefresh)
        }

        /// Runs off the main actor, yet its closures touch main-actor state.
        nonisolated func scheduleFromOffTheMainActor(_ word: String) {
            scheduler.schedule { self.log.append(word) }
            scheduler.schedule(self.refresh)
        }
    }

    @Test func workScheduledFromAnotherThreadRunsOnTheMainActor() async {
        let scheduler = MainActorScheduler()
        let ranOnTheMainQueue = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                scheduler.schedule {
                    MainActor.assertIsolated()
                    continuation.resume(returning: Self.isOnTheMainQueue)
                }
            }
        }
        #expect(ranOnTheMainQueue)
    }

    /// Whether the caller runs on the main queue, which on Linux programs with an
    /// async entry point is drained by a worker thread rather than the main thread.
    nonisolated static var isOnTheMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Waits until the work `scheduler` has queued so far has run.
    private func drain(_ scheduler: MainActorScheduler) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule { continuation.resume() }
        }
    }

    @Test func workRunsAtOnceExactlyWhenNothingIsLeftToCancel() async {
        let scheduler = MainActorScheduler()
        var ran = false
        let disposable = scheduler.schedule { ran = true }
        #expect(ran == (disposable == nil))
        await drain(scheduler)
        #expect(ran)
    }

    @Test func workRunsInTheOrderScheduledFromAnyThread() async {
        let scheduler = MainActorScheduler()
        let order = Recorder<String>()
        scheduler.schedule { order.append("A") }
        DispatchQueue.global().sync {
            scheduler.schedule { order.append("B") }
            UIScheduler().schedule { order.append("C") }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule {
                order.append("D")
                continuation.resume()
            }
        }
        #expect(order.entries == ["A", "B", "C", "D"])
    }

    @Test func disposingWaitingWorkCancelsIt() async {
        let scheduler = MainActorScheduler()
        let order = Recorder<String>()
        let cancelled = DispatchQueue.global().sync {
            scheduler.schedule { order.append("cancelled") }
        }
        cancelled?.dispose()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scheduler.schedule {
                order.append("after")
                continuation.resume()
            }
        }
        #expect(order.entries == ["after"])
    }

    @Test func mainActorClosuresScheduleWithoutAnnotations() async {
        let viewModel = CounterViewModel(onRefresh: { })
        viewModel.scheduleFromTheMainActor()
        await drain(viewModel.scheduler)
        #expect(viewModel.log == ["closure", "refresh"])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                viewModel.scheduleFromOffTheMainActor("from a queue")
                viewModel.scheduler.schedule { continuation.resume() }
            }
        }
        #expect(viewModel.log == ["closure", "refresh", "from a queue", "refresh"])
    }

    @Test func storedMainActorCallbacksScheduleAsTheyAre() async {
        let log = Recorder<String>()
        let viewModel = CounterViewModel(onRefresh: { log.append("callback") })
        viewModel.scheduleFromTheMainActor()
        await drain(viewModel.scheduler)
        #expect(log.entries == ["callback"])
    }

    @Test func operatorsObserveOnTheMainActorScheduler() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
            var received: [Int] = []
            signal.observe(on: MainActorScheduler()).observe { event in
                MainActor.assertIsolated()
                switch event {
                case .value(let value): received.append(value)
                case .completed, .failed, .interrupted: continuation.resume(returning: received)
                }
            }
            DispatchQueue.global().async {
                for value in 1...3 { input.send(value: value) }
                input.sendCompleted()
            }
        }
        #expect(values == [1, 2, 3])
    }
}
