#if canImport(Darwin)
import Darwin
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one lock Ripple uses: `os_unfair_lock` on Apple platforms, a default
/// `pthread_mutex_t` elsewhere. Both are visible to the thread sanitizer
/// (`Synchronization.Mutex` is not on Linux, see DESIGN.md).
///
/// Invariant: the lock is not recursive; a thread that already holds it must not
/// take it again. `Lock` is a handle to heap storage with a stable address; the
/// owner calls ``deallocate()`` exactly once, from its `deinit`.
@usableFromInline
struct Lock: @unchecked Sendable {  // a handle; the primitive itself is the synchronisation
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let primitive: UnsafeMutablePointer<Primitive>

    @usableFromInline
    init() {
        primitive = .allocate(capacity: 1)
        #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
        #else
        primitive.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(primitive, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
    }

    /// Destroys the primitive. Call once, when no thread can use the lock any more.
    @usableFromInline
    func deallocate() {
        #if !canImport(Darwin)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
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
