// ByteBoundedCache: values kept by key while their total size in bytes stays within
// a bound, the least recently used going first when a new one would pass it.
//
//     insert(v, cost: 300, for: k)   k is now the most recent; older ones leave until
//                                    the total is within the capacity
//     value(for: k)                  the value, and k becomes the most recent
//
// The order of use is a doubly linked list threaded through an array of slots (a
// slot's `newer` and `older` are indices), so a look-up, an insert and an eviction
// each take constant time however many values are kept. Not thread-safe: its owner
// holds it under its own lock.

/// A least-recently-used cache bounded by the sum of its values' costs in bytes.
///
/// ```swift
/// var cache = ByteBoundedCache<URL, Image>(capacity: 32 << 20)
/// cache.insert(image, cost: image.pixels.count, for: url)
/// cache.value(for: url)   // the image; url is now the most recently used
/// ```
public struct ByteBoundedCache<Key: Hashable, Value> {
    fileprivate struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most bytes the values may cost together.
    public let capacity: Int
    /// What the values kept cost together, never more than ``capacity``.
    public private(set) var totalCost = 0
    /// How many values were dropped to make room since the cache was made.
    public private(set) var evictionCount = 0

    fileprivate var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var indexByKey: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    /// An empty cache that keeps values costing up to `capacity` bytes together.
    public init(capacity: Int) {
        precondition(capacity >= 0, "a cache's capacity cannot be negative")
        self.capacity = capacity
    }

    /// How many values are kept.
    public var count: Int {
        indexByKey.count
    }

    /// The keys from the most recently used to the least.
    public var keysByRecentUse: [Key] {
        var keys: [Key] = []
        var cursor = newest
        while let index = cursor, let slot = slots[index] {
            keys.append(slot.key)
            cursor = slot.older
        }
        return keys
    }

    /// The value kept for `key`, which becomes the most recently used; `nil` when none is.
    public mutating func value(for key: Key) -> Value? {
        guard let index = indexByKey[key], let slot = slots[index] else { return nil }
        moveToNewest(index)
        return slot.value
    }

    /// Whether a value is kept for `key` (its place in the order is left alone).
    public func contains(_ key: Key) -> Bool {
        indexByKey[key] != nil
    }

    /// Keeps `value` for `key` as the most recently used, replacing what was kept for
    /// it, then drops the least recently used values until the total cost is within
    /// ``capacity``. A value costing more than the capacity is not kept.
    public mutating func insert(_ value: Value, cost: Int, for key: Key) {
        removeValue(for: key)
        guard cost <= capacity else { return }
        while totalCost + cost > capacity, let last = oldest {
            unlink(last)
            evictionCount += 1
        }
        let slot = Slot(key: key, value: value, cost: max(cost, 0), newer: nil, older: newest)
        let index: Int
        if let free = freeSlots.popLast() {
            index = free
            slots[index] = slot
        } else {
            index = slots.count
            slots.append(slot)
        }
        if let previous = newest { slots[previous]?.newer = index }
        newest = index
        if oldest == nil { oldest = index }
        indexByKey[key] = index
        totalCost += slot.cost
    }

    /// Drops the value kept for `key`, if any.
    public mutating func removeValue(for key: Key) {
        guard let index = indexByKey[key] else { return }
        unlink(index)
    }

    private mutating func moveToNewest(_ index: Int) {
        guard newest != index, let slot = slots[index] else { return }
        detach(index, slot)
        slots[index]?.older = newest
        slots[index]?.newer = nil
        if let previous = newest { slots[previous]?.newer = index }
        newest = index
        if oldest == nil { oldest = index }
    }

    /// Takes the slot out of the order, leaving it in place.
    private mutating func detach(_ index: Int, _ slot: Slot) {
        if let newer = slot.newer { slots[newer]?.older = slot.older } else { newest = slot.older }
        if let older = slot.older { slots[older]?.newer = slot.newer } else { oldest = slot.newer }
    }

    /// Takes the slot out of the order and frees it.
    private mutating func unlink(_ index: Int) {
        guard let slot = slots[index] else { return }
        detach(index, slot)
        slots[index] = nil
        freeSlots.append(index)
        indexByKey[slot.key] = nil
        totalCost -= slot.cost
    }
}

extension ByteBoundedCache: Sendable where Key: Sendable, Value: Sendable {}

extension ByteBoundedCache.Slot: Sendable where Key: Sendable, Value: Sendable {}
