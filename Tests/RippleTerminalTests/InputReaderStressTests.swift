import Dispatch
import Ripple
import RippleTerminal
import Synchronization
import Testing

/// InputReader's lock under load: chunks from many threads while flushes run on
/// another; every event is delivered once, one at a time, and a finish delivers
/// the completion last. Also run under the thread sanitizer.
@Suite struct InputReaderStressTests {
    @Test func chunksFromManyThreadsAreEachDeliveredOnceNeverConcurrently() {
        let threads = 8
        let chunksPerThread = 2_000
        let scheduler = QueueScheduler(name: "InputReaderStressTests.flush")
        let reader = InputReader(escapeTimeout: .microseconds(1), scheduler: scheduler)
        let delivering = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let keys = Atomic<Int>(0)
        let completions = Atomic<Int>(0)
        let lateEvents = Atomic<Int>(0)
        reader.events.observe { event in
            if delivering.add(1, ordering: .acquiringAndReleasing).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
            switch event {
            // A "k" right after another thread's ESC is alt-k: still the k.
            case let .value(.key(key)) where key.key == .character("k"): keys.add(1, ordering: .relaxed)
            case .completed: completions.add(1, ordering: .relaxed)
            default: break
            }
            if completions.load(ordering: .relaxed) > 0, event.value != nil { lateEvents.add(1, ordering: .relaxed) }
            delivering.subtract(1, ordering: .acquiringAndReleasing)
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<chunksPerThread {
                reader.receive(Array("k".utf8))
                // Some threads leave a lone ESC, so flushes race with chunks.
                if thread.isMultiple(of: 2), index.isMultiple(of: 50) { reader.receive([0x1B]) }
            }
        }
        reader.finish()
        scheduler.queue.sync {}
        #expect(keys.load(ordering: .acquiring) == threads * chunksPerThread)
        #expect(overlaps.load(ordering: .acquiring) == 0)
        #expect(completions.load(ordering: .acquiring) == 1)
        #expect(lateEvents.load(ordering: .acquiring) == 0)
    }
}
