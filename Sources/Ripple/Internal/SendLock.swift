import Synchronization
internal import CRippleSystem

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The send lock of a signal core: a lock that records which thread holds it, so
/// that taking it, finding out whether the calling thread already holds it (a
/// recursive send) and telling other threads that a delivery is under way are one
/// step.
///
/// **Biased to one thread.** Most signals are sent on from one thread only (a
/// ViewModel's main thread, a producer's own queue). The first thread that takes
/// the lock becomes its *owner* (`bias`); while no other thread has touched the
/// lock, the owner takes and gives it back with plain stores to `biasedHold`, no
/// atomic read-modify-write and no fence in the processor. A second thread that
/// needs the lock, or needs to know whether it is held, *revokes* the bias once and
/// for all: it marks `bias` revoked and makes every thread of the process execute
/// a memory barrier (Linux's `membarrier`, `ProcessBarrier`); from then on every
/// thread, the owner included, uses the word below. The design and its proof are
/// in the Architecture article, "The biased send lock". Where the barrier is not
/// offered (another system, an old kernel, a sandbox that refuses it), no lock is
/// ever biased.
///
/// - `owner` is the holder's thread id (see `currentThreadID()`), 0 when free. It is
///   taken with a compare-and-exchange and given back with a store, both
///   sequentially consistent: the signal core reads the lock as its "delivering"
///   flag against changes of its observers (see `Signal.Core`).
/// - A thread that finds the lock held by another parks on a condition variable
///   (`Parking`, allocated at the first contention and kept until the lock goes
///   away), counted in `waiters`; a releasing thread wakes one if that count is not
///   0 (and not every sleeper has been signalled already). The waiter counts itself before it retries the word, and the releaser
///   writes the word before it reads the count (both sequentially consistent), so
///   a waiter never sleeps through the release it waits for.
/// - Not fair, like a default `pthread_mutex_t`: a releasing thread may take the
///   lock again before a woken waiter does.
/// - A thread that must not wait for the holder (a disposal, which may itself be
///   under way inside another delivery) leaves a request instead (`leaveRequest()`):
///   a flag in `waiters`, so that `release()`, which reads that word anyway, reports
///   it at no extra cost. The request is set before the requester tries the word,
///   and the holder writes the word before it reads the flag (both sequentially
///   consistent): either the requester takes the lock, or the holder learns of the
///   request when it gives the lock back. Only a holder takes the request out
///   (`takeRequest()`), so one left while the lock changes hands is never lost.
///
/// Uncontended and biased, a hold and a release are two plain stores and three
/// plain loads; unbiased, one compare-and-exchange and one store, with no call
/// into the C library; contended, waiters sleep on a pthread mutex and condition
/// variable (visible to the thread sanitizer, like the words themselves).
@usableFromInline
struct SendLock: ~Copyable, @unchecked Sendable {  // every field is atomic; `Parking` is guarded by its own mutex
    @usableFromInline let owner = Synchronization.Atomic<UInt>(0)
    /// How many threads wait for the lock, plus `requestFlag` while a request is left
    /// and `noticeFlag` while a notice is.
    @usableFromInline let waiters = Synchronization.Atomic<Int>(0)
    @usableFromInline let parking = Synchronization.Atomic<UnsafeMutablePointer<Parking>?>(nil)
    /// The owning thread's id, 0 until a thread takes the lock; its two low bits
    /// (thread ids are aligned pointers) are `revokingBit` and `revokedBit`. Set once
    /// from 0, by a compare-and-exchange; the bits are only ever added. So the owner
    /// finds its lock still biased to it with one load that equals its id.
    @usableFromInline let bias = Synchronization.Atomic<UInt>(0)
    /// 1 while the owner holds the lock through its bias; written only by the owner,
    /// with plain (relaxed and releasing) stores.
    @usableFromInline let biasedHold = Synchronization.Atomic<UInt>(0)

    /// The bit of `bias` set by the first thread that revokes it, before its barrier.
    @inlinable
    static var revokingBit: UInt { 1 }
    /// The bit of `bias` set once a revocation's barrier has run: the bias is gone.
    @inlinable
    static var revokedBit: UInt { 2 }
    /// Both bits of `bias`; also the whole word of a lock that is never biased.
    @inlinable
    static var stateBits: UInt { 3 }

    /// The mutex and condition variable that waiting threads sleep on.
    @usableFromInline
    struct Parking {
        var mutex = pthread_mutex_t()
        var condition = pthread_cond_t()
        /// How many waiters are asleep on `condition`, and how many of them have
        /// been signalled and not yet woken (at most `sleepers`; a spurious wake-up
        /// only makes it smaller, which costs an extra signal, never a lost one).
        var sleepers = 0
        var signalsPending = 0
    }

    @inlinable
    init() {}

    deinit {
        if let parking = parking.load(ordering: .acquiring) {
            pthread_cond_destroy(&parking.pointee.condition)
            pthread_mutex_destroy(&parking.pointee.mutex)
            parking.deallocate()
        }
    }

    /// Takes the lock for `thread` if it is free; returns 0 if it did, or else the
    /// thread that holds it (`thread` itself for a recursive attempt).
    ///
    /// The owner of a biased lock announces its hold in `biasedHold` and then reads
    /// `bias` again: a revoker writes `bias` and then, after a process-wide barrier,
    /// reads `biasedHold`, so either the owner sees the revocation and withdraws, or
    /// the revoker sees the hold and waits for its end. Between the owner's store
    /// and load there is only a compiler barrier: the revoker's barrier stands in for
    /// the processor's.
    @inlinable
    func tryHold(for thread: UInt) -> UInt {
        if bias.load(ordering: .relaxed) == thread {
            if biasedHold.load(ordering: .acquiring) != 0 { return thread }
            biasedHold.store(1, ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiringAndReleasing)
            if bias.load(ordering: .acquiring) == thread { return 0 }
            withdrawBiasedHold()
        }
        return tryHoldUnbiased(for: thread)
    }

    /// `tryHold(for:)` for every thread but the owner of a biased lock: binds the
    /// bias on the lock's first hold, revokes it for any other thread, and takes
    /// the lock word.
    @usableFromInline
    func tryHoldUnbiased(for thread: UInt) -> UInt {
        var word = bias.load(ordering: .acquiring)
        if word == 0 {
            // The first hold: bias the lock to this thread, where the barrier exists.
            let desired = ProcessBarrier.isAvailable && thread & Self.stateBits == 0 ? thread : Self.stateBits
            let (bound, found) = bias.compareExchange(expected: 0, desired: desired, ordering: .sequentiallyConsistent)
            if bound, desired == thread { return tryHold(for: thread) }
            word = bound ? desired : found
        }
        let biasOwner = word & ~Self.stateBits
        if biasOwner == thread {
            // The owner, once the bias is revoked: a hold through the bias that began
            // before the revocation is still its own.
            if biasedHold.load(ordering: .relaxed) != 0 { return thread }
        } else if biasOwner != 0, isHeldThroughBias() {
            return biasOwner
        }
        return owner.compareExchange(expected: 0, desired: thread, ordering: .sequentiallyConsistent).original
    }

    /// Whether the owner holds the lock through its bias, asked by another thread:
    /// revokes the bias first (the owner cannot take it through the bias again).
    /// A hold seen is confirmed after a process-wide barrier, which stands in for the
    /// fence the owner does not execute between giving the lock back and reading
    /// what other threads left for it (`waiters`, its user's version words): if the
    /// hold is still seen after the barrier, the owner's release comes after it, so
    /// the owner will read whatever this thread wrote before asking.
    @usableFromInline
    func isHeldThroughBias() -> Bool {
        if bias.load(ordering: .acquiring) & Self.revokedBit == 0 {
            bias.bitwiseOr(Self.revokingBit, ordering: .acquiringAndReleasing)
            ProcessBarrier.run()
            bias.bitwiseOr(Self.revokedBit, ordering: .acquiringAndReleasing)
        }
        guard biasedHold.load(ordering: .acquiring) != 0 else { return false }
        ProcessBarrier.run()
        return biasedHold.load(ordering: .acquiring) != 0
    }

    /// The owner announced a hold through its bias and then found it revoked: takes
    /// the announcement back (waking a thread that saw it and went to sleep) before
    /// it tries the lock word like any other thread.
    @usableFromInline
    func withdrawBiasedHold() {
        biasedHold.store(0, ordering: .releasing)
        atomicMemoryFence(ordering: .acquiringAndReleasing)
        if waiters.load(ordering: .relaxed) & ~(Self.requestFlag | Self.noticeFlag) != 0 { wakeWaiter() }
    }

    /// Takes the lock for `thread` once `tryHold(for:)` has found it held by
    /// another thread: sleeps until the lock is free, and takes it.
    ///
    /// It does not spin first: measured with two threads sending into one signal
    /// (Benchmarks, W8), a spinning waiter takes the lock between two sends of the
    /// holder, so the signal's state moves between the cores at every event, while
    /// a sleeping one lets the holder send on alone for a while.
    @usableFromInline
    func waitToHold(for thread: UInt) {
        let parking = parkingPlace()
        pthread_mutex_lock(&parking.pointee.mutex)
        waiters.add(1, ordering: .sequentiallyConsistent)
        while tryHold(for: thread) != 0 {
            parking.pointee.sleepers += 1
            pthread_cond_wait(&parking.pointee.condition, &parking.pointee.mutex)
            parking.pointee.sleepers -= 1
            if parking.pointee.signalsPending > 0 { parking.pointee.signalsPending -= 1 }
        }
        waiters.subtract(1, ordering: .sequentiallyConsistent)
        pthread_mutex_unlock(&parking.pointee.mutex)
    }

    /// The bit of `waiters` that says a request was left for the holder.
    @inlinable
    static var requestFlag: Int { 1 << (Int.bitWidth - 2) }

    /// The bit of `waiters` that says the lock's user left other work for the holder
    /// (a signal core: runs to interrupt), set by `leaveNotice()`.
    @inlinable
    static var noticeFlag: Int { 1 << (Int.bitWidth - 3) }

    /// Gives the lock back; by `thread`, which holds it. Whether a request or a
    /// notice was left (see `leaveRequest()`, `leaveNotice()`): the caller then
    /// serves it, taking the lock again if it is free (if not, its new holder learns
    /// of it when it gives the lock back).
    ///
    /// A hold through the bias ends with a releasing store and a plain load of
    /// `waiters`, kept in that order by a compiler barrier: a thread that left
    /// something there and saw the hold confirms it after a process-wide barrier
    /// (`isHeldThroughBias()`), which orders the two for the processor.
    @inlinable @inline(__always) @discardableResult
    func release(for thread: UInt) -> Bool {
        // Still biased to this thread: its hold went through the bias.
        guard bias.load(ordering: .relaxed) == thread else { return releaseUnbiased(for: thread) }
        biasedHold.store(0, ordering: .releasing)
        atomicMemoryFence(ordering: .acquiringAndReleasing)
        let attention = waiters.load(ordering: .relaxed)
        return attention == 0 ? false : serve(attention)
    }

    /// `release(for:)` of a lock not biased to `thread` (any more): a hold through
    /// the bias that began before a revocation ends as above, any other on the word.
    @usableFromInline
    func releaseUnbiased(for thread: UInt) -> Bool {
        let attention: Int
        if bias.load(ordering: .relaxed) & ~Self.stateBits == thread, biasedHold.load(ordering: .relaxed) != 0 {
            biasedHold.store(0, ordering: .releasing)
            atomicMemoryFence(ordering: .acquiringAndReleasing)
            attention = waiters.load(ordering: .relaxed)
        } else {
            owner.store(0, ordering: .sequentiallyConsistent)
            attention = waiters.load(ordering: .sequentiallyConsistent)
        }
        return attention == 0 ? false : serve(attention)
    }

    /// What a release found in `waiters`, not 0: wakes a waiter if one is counted,
    /// and returns whether a request or a notice was left.
    @usableFromInline
    func serve(_ attention: Int) -> Bool {
        if attention & ~(Self.requestFlag | Self.noticeFlag) != 0 { wakeWaiter() }
        return attention & (Self.requestFlag | Self.noticeFlag) != 0
    }

    /// Tells the holder that work was left for it elsewhere (its user's own word),
    /// after that work was published; the caller then tries the lock itself, as
    /// after `leaveRequest()`. Costs a delivery nothing: `release()` reads the word
    /// anyway.
    @inlinable
    func leaveNotice() {
        waiters.bitwiseOr(Self.noticeFlag, ordering: .sequentiallyConsistent)
    }

    /// Clears the notice; by the thread that holds the lock, before it takes out the
    /// work the notice was about, so that work published later leaves a new notice.
    @inlinable
    func clearNotice() {
        guard waiters.load(ordering: .sequentiallyConsistent) & Self.noticeFlag != 0 else { return }
        waiters.bitwiseAnd(~Self.noticeFlag, ordering: .sequentiallyConsistent)
    }

    /// Leaves a request for the thread that holds the lock, instead of waiting for
    /// it; the caller then tries the lock itself (see above).
    @inlinable
    func leaveRequest() {
        waiters.bitwiseOr(Self.requestFlag, ordering: .sequentiallyConsistent)
    }

    /// Takes out the request left for the holder, if any; by the thread that holds
    /// the lock. Whether there was one.
    @inlinable
    func takeRequest() -> Bool {
        guard waiters.load(ordering: .sequentiallyConsistent) & Self.requestFlag != 0 else { return false }
        return waiters.bitwiseAnd(~Self.requestFlag, ordering: .sequentiallyConsistent).oldValue & Self.requestFlag != 0
    }

    /// Wakes one sleeping waiter, unless every sleeper has been signalled already:
    /// a holder that keeps sending does not pay for a wake-up per release. Taking the mutex makes sure that a waiter that has counted itself
    /// is asleep (or has not yet retried the word) first.
    @usableFromInline
    func wakeWaiter() {
        let parking = parkingPlace()
        pthread_mutex_lock(&parking.pointee.mutex)
        if parking.pointee.signalsPending < parking.pointee.sleepers {
            parking.pointee.signalsPending += 1
            pthread_cond_signal(&parking.pointee.condition)
        }
        pthread_mutex_unlock(&parking.pointee.mutex)
    }

    /// Whether some thread holds the lock, asked by `thread`; sequentially
    /// consistent (see above). A thread other than the owner of a biased lock
    /// revokes the bias to ask (see `isHeldThroughBias()`).
    @inlinable
    func isHeld(asking thread: UInt) -> Bool {
        let biasOwner = bias.load(ordering: .sequentiallyConsistent) & ~Self.stateBits
        if biasOwner == thread {
            if biasedHold.load(ordering: .relaxed) != 0 { return true }
        } else if biasOwner != 0, isHeldThroughBias() {
            return true
        }
        return owner.load(ordering: .sequentiallyConsistent) != 0
    }

    /// The parking, allocated by the first thread that needs it.
    @usableFromInline
    func parkingPlace() -> UnsafeMutablePointer<Parking> {
        if let parking = parking.load(ordering: .acquiring) { return parking }
        let made = UnsafeMutablePointer<Parking>.allocate(capacity: 1)
        made.initialize(to: Parking())
        var status = pthread_mutex_init(&made.pointee.mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        status = pthread_cond_init(&made.pointee.condition, nil)
        precondition(status == 0, "pthread_cond_init failed with \(status)")
        let (installed, current) = parking.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        guard !installed, let current else { return made }
        pthread_cond_destroy(&made.pointee.condition)
        pthread_mutex_destroy(&made.pointee.mutex)
        made.deallocate()
        return current
    }
}

/// A memory barrier executed by every running thread of the process, for the
/// biased send lock (see `SendLock`): Linux's `membarrier` with its private
/// expedited command, registered once for the process at the first use.
@usableFromInline
enum ProcessBarrier {
    /// Whether the barrier can be used here; checked once, when the first send
    /// lock is taken. Setting `RIPPLE_UNBIASED_SEND_LOCKS=1` in the environment
    /// turns biasing off (every lock then takes the lock word).
    @usableFromInline
    static let isAvailable: Bool = {
        if let setting = getenv("RIPPLE_UNBIASED_SEND_LOCKS"), String(cString: setting) == "1" { return false }
        // Registered, and run once: a sandbox that lets the registration through
        // but refuses the barrier itself leaves the locks unbiased.
        return ripple_register_process_barrier() == 1 && ripple_process_barrier() == 1
    }()

    /// Runs the barrier; only where `isAvailable`.
    @usableFromInline
    static func run() {
        if ripple_process_barrier() == 1 { return }
        // A process that lost its registration (a kernel that does not carry it into
        // a forked child) registers again; the barrier is what keeps biased locks
        // exclusive, so there is no going on without it.
        let done = ripple_register_process_barrier() == 1 && ripple_process_barrier() == 1
        precondition(done, "membarrier failed after the process registered for it")
    }
}
