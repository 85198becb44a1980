/// A key to an entry of a ``KeyedBag``: the object handed out to whoever may remove
/// the entry later. It knows where the entry sits.
///
/// `bagIndex` belongs to the bag: it is read and written only by the bag's
/// methods, under whatever lock guards the bag. A key is inserted into one bag at
/// most, once: its `bagIndex` is its position in that bag, or -1 once removed.
@usableFromInline
protocol BagKey: AnyObject {
    var bagIndex: Int { get set }
}

/// Contiguous storage in insertion order with O(1) amortised insertion and removal:
/// the observers of a signal, the members of a composite disposable. (``Bag`` is
/// ReactiveSwift's public collection, for client code.)
///
/// Each entry pairs a key (kept by whoever may remove the entry) with a payload
/// (kept only by the bag), so that removing an entry releases its payload even
/// while its key is still referenced.
///
/// Nothing the bag holds is released by ``remove(_:)`` or ``removeAll()``: both
/// hand it back, for the caller to release outside its lock.
///
/// Removal leaves a hole (`nil`) so that the indices of other entries stay valid;
/// trailing holes are trimmed at once and the storage is compacted when holes
/// outnumber the entries, which keeps both operations O(1) amortised.
///
/// Iteration goes over ``slots``, skipping holes. Because `slots` is a
/// copy-on-write array, a reader may take it as a snapshot and iterate it without
/// a lock: a mutation while the snapshot is alive copies the storage once, and a
/// mutation while nobody holds a snapshot happens in place.
@usableFromInline
struct KeyedBag<Key: BagKey, Payload> {
    /// One entry.
    @usableFromInline
    struct Slot {
        @usableFromInline let key: Key
        @usableFromInline let payload: Payload

        @inlinable
        init(key: Key, payload: Payload) {
            self.key = key
            self.payload = payload
        }
    }

    // Written only by the methods below (internal rather than private so that they
    // can be inlined into, and specialised by, the signal core's callers).
    @usableFromInline var slots: ContiguousArray<Slot?> = []

    /// The number of entries, holes excluded.
    @usableFromInline var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func insert(_ payload: Payload, for key: Key) {
        key.bagIndex = slots.count
        slots.append(Slot(key: key, payload: payload))
        count += 1
    }

    /// Removes the entry of `key`; returns its payload, or `nil` if it was not in
    /// this bag.
    ///
    /// The payload is handed back rather than released here: releasing it may run
    /// deinitialisers (user code), which must not run under the lock that guards
    /// the bag. The caller releases it once it has unlocked.
    @inlinable
    mutating func remove(_ key: Key) -> Payload? {
        let index = key.bagIndex
        // A key is in at most one bag, so its index alone says whether it is in this
        // one; comparing the entry's key would copy the entry (retaining its payload).
        guard slots.indices.contains(index) else { return nil }
        assert(slots[index]?.key === key, "a BagKey belongs to at most one bag")
        key.bagIndex = -1
        count -= 1
        let removed: Slot?
        if index == slots.count - 1 {
            // The last entry: take it out with any holes before it (`removeLast`
            // rather than `removeSubrange`, which is much slower for so few).
            removed = slots.removeLast()
            while slots.count > count, slots[slots.count - 1] == nil { slots.removeLast() }
        } else {
            removed = slots[index].take()
            if slots.count - count > Swift.max(count, 16) { compact() }
        }
        return removed?.payload
    }

    /// Empties the bag and returns what it held, in insertion order, holes included.
    @inlinable
    mutating func removeAll() -> ContiguousArray<Slot?> {
        let all = slots
        for case let slot? in all { slot.key.bagIndex = -1 }
        slots = []
        count = 0
        return all
    }

    @inlinable
    mutating func compact() {
        var compacted = ContiguousArray<Slot?>()
        compacted.reserveCapacity(count)
        for case let slot? in slots {
            slot.key.bagIndex = compacted.count
            compacted.append(slot)
        }
        slots = compacted
    }
}
