import Dispatch
import Ripple
import Testing

/// `timeout` with a fallback, with the source sending on several threads while
/// another thread moves the scheduler past the deadline. Also run under the thread
/// sanitizer.
@Suite struct TimeoutStressTests {
    static let rounds = 300
    static let threads = 8
    static let sendsPerThread = 50

    /// The fallback sends -1 then completes; source values are positive, and one
    /// sending thread completes the source after its values, racing the deadline.
    /// Whichever side wins, the result ends exactly once, last, and no source value
    /// follows the fallback's.
    @Test func theSwitchToTheFallbackIsAtomic() {
        for _ in 0..<Self.rounds {
            let scheduler = TestScheduler()
            let recorder = Recorder<Signal<Int, Never>.Event>()
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.timeout(after: 0, on: scheduler, fallback: SignalProducer(value: -1)).observe(recorder.append)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                if thread == 0 {
                    scheduler.advance()
                } else {
                    for value in 1...Self.sendsPerThread { input.send(value: value) }
                    if thread == 1 { input.sendCompleted() }
                }
            }
            let events = recorder.entries
            #expect(events.filter(\.isTerminating).count == 1)
            #expect(events.last?.isCompleted == true)
            let values = events.compactMap(\.value)
            if let fallback = values.firstIndex(of: -1) {
                #expect(fallback == values.count - 1, "a source value followed the fallback's")
            }
        }
    }
}
