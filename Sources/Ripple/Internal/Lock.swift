#if canImport(Darwin)
import Darwin
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock Ripple uses (but for a signal's send lock, `SendLock`, and
/// `ImmediateRun`'s lock word, see there): `os_unfair_lock` on Apple platforms, a
/// default `pthread_mutex_t` elsewhere. Both are visible to the thread sanitizer.
/// `Synchronization.Mutex` exists on Linux too, but there the thread sanitizer does
/// not see its locking: it reports false races on the state a `Mutex` guards
/// (checked with Swift 6.3: `withLock` from four threads is reported as a Swift
/// access race on the mutex's storage, a `pthread_mutex_t` around the same code is
/// not). The stress tests run under the sanitizer without suppressions, so Ripple
/// keeps its own lock; see the Architecture article (Ripple.docc/Architecture.md),
/// "Locks".
///
/// Invariant: the lock is not recursive; a thread that already holds it must not
/// take it again. `Lock` is a handle to heap storage with a stable address; the
/// owner calls ``deallocate()`` exactly once, from its `deinit` (or, for locks made
/// from one ``allocateGroup(of:)``, ``deallocateGroup(_:of:)`` once for all of them).
@usableFromInline
struct Lock: @unchecked Sendable {  // a handle; the primitive itself is the synchronisation
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let primitive: UnsafeMutablePointer<Primitive>

    /// A lock with storage of its own.
    @usableFromInline
    init() {
        self.init(primitive: Self.allocateGroup(of: 1))
    }

    /// The lock at `primitive`, one of a group made by ``allocateGroup(of:)``.
    @inlinable
    init(primitive: UnsafeMutablePointer<Primitive>) {
        self.primitive = primitive
    }

    /// Destroys the primitive of a lock made by ``init()``. Call once, when no thread
    /// can use the lock any more.
    @usableFromInline
    func deallocate() {
        Self.deallocateGroup(primitive, of: 1)
    }

    /// `count` initialised primitives in one allocation, for an owner that needs
    /// several locks (one allocation instead of `count`); make each lock with
    /// ``init(primitive:)``.
    @usableFromInline
    static func allocateGroup(of count: Int) -> UnsafeMutablePointer<Primitive> {
        let group = UnsafeMutablePointer<Primitive>.allocate(capacity: count)
        for index in 0..<count {
            let primitive = group + index
            #if canImport(Darwin)
            primitive.initialize(to: os_unfair_lock())
            #else
            primitive.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
            #endif
        }
        return group
    }

    /// Destroys a group made by ``allocateGroup(of:)``. Call once, when no thread can
    /// use its locks any more.
    @usableFromInline
    static func deallocateGroup(_ group: UnsafeMutablePointer<Primitive>, of count: Int) {
        #if !canImport(Darwin)
        for index in 0..<count { pthread_mutex_destroy(group + index) }
        #endif
        group.deinitialize(count: count)
        group.deallocate()
    }

    @inlinable
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        #else
        pthread_mutex_lock(primitive)
        #endif
    }

    @inlinable
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
        #else
        pthread_mutex_unlock(primitive)
        #endif
    }

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// An identifier of the calling thread, never 0, distinct among live threads.
@inlinable
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}

/// Lets other threads run: what a thread does while it waits for a lock word held
/// by another (see `ImmediateRun`).
@usableFromInline
func yieldThread() {
    sched_yield()
}
