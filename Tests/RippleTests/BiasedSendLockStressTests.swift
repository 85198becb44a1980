import Dispatch
import Foundation
@testable import Ripple
import Synchronization
import Testing

/// The send lock is biased to the first thread that takes it, which then holds it
/// with plain stores; a second thread revokes the bias (see `SendLock`). These tests
/// revoke it at the moments that matter — while the owner sends at full speed,
/// while it holds the lock inside a delivery and sends recursively, while another
/// thread changes the observers — and check that deliveries stay serial, complete,
/// in order, and de-recursed. Also run under the thread sanitizer by `.ci/run`.
@Suite struct BiasedSendLockStressTests {
    /// Whether `signal`'s send lock is biased to `thread` and not revoked; where the
    /// system offers no process-wide barrier, no lock is biased, and the tests check
    /// the same behaviours of the unbiased lock.
    private static func isBiased<Value, Failure>(_ signal: Signal<Value, Failure>, to thread: UInt) -> Bool {
        signal.core.sendLock.bias.load(ordering: .acquiring) == thread || !ProcessBarrier.isAvailable
    }

    /// Whether `signal`'s send lock has been revoked (always, for a lock never biased).
    private static func isRevoked<Value, Failure>(_ signal: Signal<Value, Failure>) -> Bool {
        signal.core.sendLock.bias.load(ordering: .acquiring) & SendLock.revokedBit != 0
    }

    static let rounds = 60
    static let sendsPerThread = 2_000
    static let foreignSenders = 3

    /// The owner sends on alone for a while, then three other threads join in: the
    /// first of them revokes the bias while the owner is mid-stream. Every value
    /// arrives once, no two deliveries overlap, and each thread's values arrive in
    /// the order it sent them.
    @Test func threadsJoiningTheOwnerUnderLoadLoseReorderAndOverlapNothing() async {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let tally = SerialTally(senders: Self.foreignSenders + 1)
            let ownerStarted = Atomic<Bool>(false)
            signal.observeValues { value in
                tally.enter()
                let sender = value / 1_000_000
                tally.record(value % 1_000_000, from: sender)
                if sender == 0, value % 1_000_000 == 200 { ownerStarted.store(true, ordering: .releasing) }
                tally.leave()
            }
            let finished = await StressThreads.finish(onThreads: Self.foreignSenders + 1) { thread in
                if thread > 0 {
                    StressThreads.waitUntil("the owner has sent 200 values") { ownerStarted.load(ordering: .acquiring) }
                }
                for index in 0..<Self.sendsPerThread { input.send(value: thread * 1_000_000 + index) }
            }
            #expect(finished)
            #expect(Self.isRevoked(signal))
            #expect(tally.overlaps == 0)
            #expect(tally.received == (Self.foreignSenders + 1) * Self.sendsPerThread)
            #expect(tally.outOfOrder == 0)
        }
    }

    /// The bias is revoked while the owner holds the lock inside a delivery; the
    /// observer then sends recursively. That send is the owner's own (its hold began
    /// through the bias), so it is queued and delivered after the current event has
    /// reached every observer; the thread that revoked waits for the delivery to end
    /// and sends its own value after it.
    @Test func recursiveSendsMadeWhileTheBiasIsRevokedAreDeliveredAfterTheCurrentEvent() async {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let log = Mutex<[String]>([])
            let inside = Atomic<Bool>(false)
            let overlaps = Atomic<Int>(0)
            let revokeNow = Atomic<Bool>(false)
            let ownerThread = Atomic<UInt>(0)
            signal.observeValues { value in
                if inside.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
                log.withLock { $0.append("first \(value)") }
                if value == 1 {
                    // Inside the owner's hold through the bias: let the other thread
                    // revoke it, and wait until it has.
                    revokeNow.store(true, ordering: .releasing)
                    StressThreads.waitUntil("the other thread revokes the bias") { Self.isRevoked(signal) }
                    input.send(value: 2)
                }
                inside.store(false, ordering: .releasing)
            }
            signal.observeValues { value in
                log.withLock { $0.append("second \(value)") }
            }
            let finished = await StressThreads.finish(onThreads: 2) { thread in
                if thread == 0 {
                    ownerThread.store(currentThreadID(), ordering: .releasing)
                    input.send(value: 0)
                    #expect(Self.isBiased(signal, to: currentThreadID()))
                    input.send(value: 1)
                    input.send(value: 3)
                } else {
                    StressThreads.waitUntil("the owner delivers 1") { revokeNow.load(ordering: .acquiring) }
                    input.send(value: 10)
                }
            }
            #expect(finished)
            #expect(overlaps.load(ordering: .relaxed) == 0)
            let entries = log.withLock { $0 }
            // 0 and 1, then the recursive 2, each to both observers in turn; 10 and
            // 3 come after, in either order.
            #expect(Array(entries.prefix(6)) == ["first 0", "second 0", "first 1", "second 1", "first 2", "second 2"])
            #expect(Set(entries.dropFirst(6)) == ["first 10", "second 10", "first 3", "second 3"])
            #expect(entries.count == 10)
            for value in [3, 10] {
                let first = entries.firstIndex(of: "first \(value)")
                let second = entries.firstIndex(of: "second \(value)")
                #expect(first.map { $0 + 1 } == second, "\(value) reaches both observers before the next event")
            }
        }
    }

    /// Observers attached and detached on another thread while the owner holds the
    /// lock inside a delivery: asking whether a delivery is under way revokes the
    /// bias and finds the owner's hold, so the change waits for that delivery to end,
    /// and the next value reaches the observers as they are after it.
    @Test func observersChangedOnAnotherThreadDuringTheOwnersDeliveryAreSeenByTheNextOne() async {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let delivering = Atomic<Bool>(false)
            let changed = Atomic<Bool>(false)
            let leaving = Recorder<Int>()
            let joining = Recorder<Int>()
            let resident = Recorder<Int>()
            let leavingHandle = signal.observeValues { leaving.append($0) }
            signal.observeValues { value in
                resident.append(value)
                if value == 0 {
                    delivering.store(true, ordering: .releasing)
                    StressThreads.waitUntil("the other thread changes the observers") { changed.load(ordering: .acquiring) }
                }
            }
            let joiningHandle = Mutex<(any Disposable)?>(nil)
            let finished = await StressThreads.finish(onThreads: 2) { thread in
                if thread == 0 {
                    input.send(value: 0)
                    input.send(value: 1)
                } else {
                    StressThreads.waitUntil("the owner delivers 0") { delivering.load(ordering: .acquiring) }
                    leavingHandle?.dispose()
                    let handle = signal.observeValues { joining.append($0) }
                    joiningHandle.withLock { $0 = handle }
                    #expect(Self.isRevoked(signal))
                    changed.store(true, ordering: .releasing)
                }
            }
            #expect(finished)
            #expect(resident.entries == [0, 1])
            #expect(leaving.entries == [0])
            #expect(joining.entries == [1])
            joiningHandle.withLock { $0?.dispose() }
        }
    }

    /// A disposal on another thread while the owner holds the lock inside a
    /// delivery does not wait for it: it leaves the interruption, which the owner
    /// delivers when its hold through the (now revoked) bias ends.
    @Test func anInterruptionLeftDuringTheOwnersDeliveryIsDeliveredWhenItEnds() async {
        for _ in 0..<Self.rounds {
            let (signal, input) = Signal<Int, Never>.pipe()
            let recorder = Recorder<String>()
            let delivering = Atomic<Bool>(false)
            let interruptionLeft = Atomic<Bool>(false)
            let deliveringThread = Atomic<UInt>(0)
            let interruptedThread = Atomic<UInt>(0)
            signal.observe { event in
                recorder.append(event.description)
                if case .interrupted = event { interruptedThread.store(currentThreadID(), ordering: .releasing) }
                if case .value(0) = event {
                    deliveringThread.store(currentThreadID(), ordering: .releasing)
                    delivering.store(true, ordering: .releasing)
                    StressThreads.waitUntil("the interruption is left") { interruptionLeft.load(ordering: .acquiring) }
                }
            }
            let finished = await StressThreads.finish(onThreads: 2) { thread in
                if thread == 0 {
                    input.send(value: 0)
                } else {
                    StressThreads.waitUntil("the owner delivers 0") { delivering.load(ordering: .acquiring) }
                    input.sendInterrupted()
                    interruptionLeft.store(true, ordering: .releasing)
                }
            }
            #expect(finished)
            #expect(recorder.entries == ["VALUE 0", "INTERRUPTED"])
            #expect(interruptedThread.load(ordering: .acquiring) == deliveringThread.load(ordering: .acquiring))
        }
    }
}

extension BiasedSendLockStressTests {
    /// A property's update and value locks are send locks too, biased to the thread
    /// that sets it. Another thread that starts reading and setting while the owner
    /// sets at full speed revokes both: every set still reaches the observer once,
    /// serially, each thread's in the order it made them, and the value read last is
    /// the last one delivered.
    @Test func aPropertySetByItsOwnerWhileAnotherThreadJoinsKeepsEveryUpdateSerial() async {
        for _ in 0..<Self.rounds {
            let property = MutableProperty(0)
            let tally = SerialTally(senders: 2)
            let ownerStarted = Atomic<Bool>(false)
            let lastDelivered = Atomic<Int>(0)
            property.signal.observeValues { value in
                tally.enter()
                tally.record(value % 1_000_000 - 1, from: value / 1_000_000)
                lastDelivered.store(value, ordering: .relaxed)
                if value == 200 { ownerStarted.store(true, ordering: .releasing) }
                tally.leave()
            }
            let readsOutOfRange = Atomic<Int>(0)
            let finished = await StressThreads.finish(onThreads: 2) { thread in
                if thread == 1 {
                    StressThreads.waitUntil("the owner has set 200 values") { ownerStarted.load(ordering: .acquiring) }
                }
                for index in 1...Self.sendsPerThread {
                    property.value = thread * 1_000_000 + index
                    if thread == 1, property.value < 200 { readsOutOfRange.add(1, ordering: .relaxed) }
                }
            }
            #expect(finished)
            #expect(tally.overlaps == 0)
            #expect(tally.received == 2 * Self.sendsPerThread)
            #expect(tally.outOfOrder == 0)
            #expect(readsOutOfRange.load(ordering: .relaxed) == 0)
            #expect(property.value == lastDelivered.load(ordering: .relaxed))
        }
    }
}

/// What the observer of `threadsJoiningTheOwnerUnderLoad…` saw; its counters are
/// touched only inside deliveries, which the signal serialises (`enter()` and
/// `leave()` count the overlaps that would break that).
private final class SerialTally: @unchecked Sendable {
    private let inside = Atomic<Bool>(false)
    private let overlapCount = Atomic<Int>(0)
    private var lastIndex: [Int]
    private(set) var received = 0
    private(set) var outOfOrder = 0

    init(senders: Int) {
        lastIndex = Array(repeating: -1, count: senders)
    }

    var overlaps: Int { overlapCount.load(ordering: .relaxed) }

    func enter() {
        if inside.exchange(true, ordering: .acquiringAndReleasing) { overlapCount.add(1, ordering: .relaxed) }
    }

    func leave() {
        inside.store(false, ordering: .releasing)
    }

    func record(_ index: Int, from sender: Int) {
        received += 1
        if index != lastIndex[sender] + 1 { outOfOrder += 1 }
        lastIndex[sender] = index
    }
}
