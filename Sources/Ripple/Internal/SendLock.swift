import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The send lock of a signal core: a lock that records which thread holds it, in
/// one word, so that taking it, finding out whether the calling thread already
/// holds it (a recursive send) and telling other threads that a delivery is under
/// way are one atomic operation.
///
/// - `owner` is the holder's thread id (see `currentThreadID()`), 0 when free. It is
///   taken with a compare-and-exchange and given back with a store, both
///   sequentially consistent: the signal core reads `owner` as its "delivering"
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
/// Uncontended, a hold and a release cost one compare-and-exchange and one store,
/// with no call into the C library; contended, waiters sleep on a pthread mutex and
/// condition variable (visible to the thread sanitizer, like the word itself).
@usableFromInline
struct SendLock: ~Copyable, @unchecked Sendable {  // every field is atomic; `Parking` is guarded by its own mutex
    @usableFromInline let owner = Synchronization.Atomic<UInt>(0)
    /// How many threads wait for the lock, plus `requestFlag` while a request is left
    /// and `noticeFlag` while a notice is.
    @usableFromInline let waiters = Synchronization.Atomic<Int>(0)
    @usableFromInline let parking = Synchronization.Atomic<UnsafeMutablePointer<Parking>?>(nil)

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
    @inlinable
    func tryHold(for thread: UInt) -> UInt {
        owner.compareExchange(expected: 0, desired: thread, ordering: .sequentiallyConsistent).original
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

    /// Gives the lock back; by the thread that holds it. Whether a request or a
    /// notice was left (see `leaveRequest()`, `leaveNotice()`): the caller then
    /// serves it, taking the lock again if it is free (if not, its new holder learns
    /// of it when it gives the lock back).
    @inlinable @discardableResult
    func release() -> Bool {
        owner.store(0, ordering: .sequentiallyConsistent)
        let attention = waiters.load(ordering: .sequentiallyConsistent)
        guard attention != 0 else { return false }
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

    /// Whether some thread holds the lock; sequentially consistent (see above).
    @inlinable
    var isHeld: Bool {
        owner.load(ordering: .sequentiallyConsistent) != 0
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
