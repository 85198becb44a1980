import Dispatch
import Ripple
import Testing

/// `Atomic`: ReactiveSwift's lock-guarded variable. This file imports Ripple and not
/// Synchronization, as a porter's file does, so `Atomic` is Ripple's.
@Suite struct AtomicTests {
    @Test func valueReadsAndWritesTheVariable() {
        let atomic = Atomic(1)
        #expect(atomic.value == 1)
        atomic.value = 2
        #expect(atomic.value == 2)
    }

    @Test func swapReplacesTheValueAndReturnsTheOldOne() {
        let atomic = Atomic(1)
        #expect(atomic.swap(2) == 1)
        #expect(atomic.value == 2)
    }

    @Test func modifyChangesTheValueInPlaceAndReturnsWhatTheClosureReturns() {
        let atomic = Atomic([1])
        let count = atomic.modify { values -> Int in
            values.append(2)
            return values.count
        }
        #expect(count == 2)
        #expect(atomic.value == [1, 2])
    }

    @Test func modifyKeepsTheChangesMadeBeforeTheClosureThrows() {
        let atomic = Atomic(1)
        #expect(throws: TestError(code: 1)) {
            try atomic.modify { value throws(TestError) in
                value += 1
                throw TestError(code: 1)
            }
        }
        #expect(atomic.value == 2)
    }

    @Test func withValueRunsTheClosureWithTheValueAndLeavesItUnchanged() {
        let atomic = Atomic(1)
        let isOne: Bool = atomic.withValue { $0 == 1 }
        #expect(isOne)
        #expect(atomic.value == 1)
    }

    @Test func modificationsFromManyThreadsAreNeverLost() {
        let counter = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1_000 { counter.modify { $0 += 1 } }
        }
        #expect(counter.value == 8_000)
    }

    @Test func aReplacedValueIsReleasedAfterTheLock() {
        // The replaced value's deinitialiser reads the variable: it would never
        // return if it ran under the (non-recursive) lock.
        final class Reader {
            let atomic: Atomic<Reader?>
            let onDeinit: (Reader?) -> Void
            init(_ atomic: Atomic<Reader?>, onDeinit: @escaping (Reader?) -> Void) {
                self.atomic = atomic
                self.onDeinit = onDeinit
            }
            deinit { onDeinit(atomic.value) }
        }
        let atomic = Atomic<Reader?>(nil)
        var seenByDeinit: [Bool] = []
        atomic.value = Reader(atomic) { current in seenByDeinit.append(current == nil) }
        atomic.value = nil
        #expect(seenByDeinit == [true])
        atomic.value = Reader(atomic) { current in seenByDeinit.append(current == nil) }
        atomic.swap(nil)
        #expect(seenByDeinit == [true, true])
    }
}
