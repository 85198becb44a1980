import Synchronization

// How a signal core ends: with a terminal event, or silently once its shell is gone
// and its last observer has left (see `Signal.Core` in SignalCore.swift, and
// the Architecture article, Ripple.docc/Architecture.md, "The signal core").

extension Signal.Core {
    /// Ends the signal with `event` unless it has already ended; `true` if it did.
    @inlinable
    func terminate(with event: Event) -> Bool {
        stateLock.lock()
        guard !isTerminated else {
            stateLock.unlock()
            return false
        }
        isTerminated = true
        let stale = observersWillChange()
        let all = observers.removeAll()
        stateLock.unlock()
        withExtendedLifetime(stale) {}
        // The observers may make the cores this one covers deliver (`reduce`
        // sends its result on completion), so this counts as a delivery.
        let setsFlag = setsDeliveringFlag
        if setsFlag { delivering.store(true, ordering: .sequentiallyConsistent) }
        for case let slot? in all where slot.key.detachFromTerminatedCore() {
            slot.key.receive(event)
            slot.key.didTerminate()
        }
        // Out of the bag, and read by no other delivery: their sinks are released
        // here, still inside this delivery (so that no other thread drops a cache
        // holding them meanwhile), whether their disposables are kept or not.
        for case let slot? in all {
            withExtendedLifetime(slot.key.takeSink()) {}
        }
        if setsFlag { delivering.store(false, ordering: .sequentiallyConsistent) }
        if gate == nil, deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 { dropDeferredCaches() }
        return true
    }

    /// The shell is gone: nobody can attach an observer any more. With no
    /// observer left either, the signal ends without an event.
    ///
    /// Called from the shell's `deinit`, which runs unspecialised: reading the
    /// bag's stored `count` rather than calling a method of the generic bag keeps
    /// it from looking up the bag's type metadata at run time.
    @usableFromInline
    func shellDidDeinitialize() {
        stateLock.lock()
        hasShell = false
        let endsSilently = observers.count == 0 && !isTerminated
        if endsSilently { isTerminated = true }
        stateLock.unlock()
        if endsSilently { resources.dispose() }
    }
}
