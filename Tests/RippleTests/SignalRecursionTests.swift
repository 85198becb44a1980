import Dispatch
import Foundation
import Ripple
import Synchronization
import Testing

/// Contract 3: events sent from inside an observer of the same signal are queued,
/// never delivered recursively, never deadlocked.
@Suite struct SignalRecursionTests {
    @Test func valueSentFromAnObserverIsDeliveredAfterTheCurrentEventReachesEveryObserver() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            recorder.append("A\(value)")
            if value == 1 { input.send(value: 2) }
        }
        signal.observeValues { recorder.append("B\($0)") }
        input.send(value: 1)
        #expect(recorder.entries == ["A1", "B1", "A2", "B2"])
    }

    @Test func recursiveSendReturnsBeforeItsEventIsDelivered() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            recorder.append("start \(value)")
            if value == 1 { input.send(value: 2) }
            recorder.append("end \(value)")
        }
        input.send(value: 1)
        #expect(recorder.entries == ["start 1", "end 1", "start 2", "end 2"])
    }

    @Test func terminalEventSentFromAnObserverIsQueuedLikeAValue() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observe { event in
            recorder.append("A \(event)")
            if event == .value(1) { input.sendCompleted() }
        }
        signal.observe(recorder.observer("B "))
        input.send(value: 1)
        #expect(recorder.entries == ["A VALUE 1", "B VALUE 1", "A COMPLETED", "B COMPLETED"])
    }

    @Test func valuesQueuedAfterARecursiveTerminalEventAreDropped() {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observe { event in
            recorder.append(event.description)
            if event == .value(1) {
                input.sendCompleted()
                input.send(value: 2)
            }
        }
        input.send(value: 1)
        #expect(recorder.entries == ["VALUE 1", "COMPLETED"])
    }

    @Test func queuedEventsKeepTheOrderTheyWereSentIn() {
        let recorder = Recorder<Int>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            recorder.append(value)
            if value == 0 {
                input.send(value: 1)
                input.send(value: 2)
            }
            if value == 1 { input.send(value: 3) }
        }
        input.send(value: 0)
        #expect(recorder.entries == [0, 1, 2, 3])
    }

    @Test func deepRecursionDoesNotGrowTheStack() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let count = Recorder<Int>()
        signal.observeValues { value in
            if value < 100_000 { input.send(value: value + 1) } else { count.append(value) }
        }
        input.send(value: 0)
        #expect(count.entries == [100_000])
    }

    @Test func sendFromADownstreamObserverToTheUpstreamIsQueued() {
        let recorder = Recorder<String>()
        let (upstream, input) = Signal<Int, Never>.pipe()
        let downstream = Signal<Int, Never> { observer, lifetime in
            lifetime += upstream.observe(observer)
        }
        downstream.observeValues { value in
            recorder.append("down A\(value)")
            if value == 1 { input.send(value: 2) }
        }
        downstream.observeValues { recorder.append("down B\($0)") }
        input.send(value: 1)
        #expect(recorder.entries == ["down A1", "down B1", "down A2", "down B2"])
    }

    @Test func sendFromAnotherThreadWaitsUntilTheCurrentDeliveryEnds() async {
        let recorder = Recorder<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let otherSendReturned = DispatchSemaphore(value: 0)
        let otherThreadWaitedForDelivery = Atomic<Bool>(false)

        signal.observeValues { value in
            recorder.append("start \(value)")
            if value == 1 {
                DispatchQueue.global().async {
                    input.send(value: 2)
                    otherSendReturned.signal()
                }
                // The other thread's send must block while this delivery runs.
                let returnedEarly = otherSendReturned.wait(timeout: .now() + .milliseconds(200)) == .success
                otherThreadWaitedForDelivery.store(!returnedEarly, ordering: .relaxed)
            }
            recorder.append("end \(value)")
        }
        input.send(value: 1)
        let finished = otherSendReturned.wait(timeout: .now() + .seconds(10)) == .success
        let waited = otherThreadWaitedForDelivery.load(ordering: .relaxed)
        #expect(finished)
        #expect(waited)
        #expect(recorder.entries == ["start 1", "end 1", "start 2", "end 2"])
    }
}
