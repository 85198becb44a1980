/// An element that knows where it sits in the ``Bag`` that holds it.
///
/// `bagIndex` belongs to the bag: it is read and written only by the bag's
/// methods, under whatever lock guards the bag.
@usableFromInline
protocol BagElement: AnyObject {
    var bagIndex: Int { get set }
}

/// Contiguous storage in insertion order with O(1) amortised insertion and removal.
///
/// Removal leaves a hole (`nil`) so that indices of the other elements stay valid;
/// trailing holes are trimmed at once and the storage is compacted when holes
/// outnumber the elements, which keeps both operations O(1) amortised.
///
/// Iteration goes over ``slots``, skipping holes. Because `slots` is a
/// copy-on-write array, a reader may take it as a snapshot and iterate it without
/// a lock: a mutation while the snapshot is alive copies the storage once, and a
/// mutation while nobody holds a snapshot happens in place.
@usableFromInline
struct Bag<Element: BagElement> {
    @usableFromInline private(set) var slots: ContiguousArray<Element?> = []

    /// The number of elements, holes excluded.
    @usableFromInline private(set) var count = 0

    @usableFromInline
    init() {}

    @usableFromInline
    var isEmpty: Bool { count == 0 }

    @usableFromInline
    mutating func insert(_ element: Element) {
        element.bagIndex = slots.count
        slots.append(element)
        count += 1
    }

    /// Removes `element`; returns `false` if it was not in this bag.
    @usableFromInline
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        let index = element.bagIndex
        guard slots.indices.contains(index), slots[index] === element else { return false }
        slots[index] = nil
        element.bagIndex = -1
        count -= 1
        if index == slots.count - 1 {
            while let last = slots.last, last == nil { slots.removeLast() }
        } else if slots.count - count > Swift.max(count, 16) {
            compact()
        }
        return true
    }

    /// Empties the bag and returns what it held, in insertion order, holes included.
    @usableFromInline
    mutating func removeAll() -> ContiguousArray<Element?> {
        let all = slots
        for case let element? in all { element.bagIndex = -1 }
        slots = []
        count = 0
        return all
    }

    private mutating func compact() {
        var compacted = ContiguousArray<Element?>()
        compacted.reserveCapacity(count)
        for case let element? in slots {
            element.bagIndex = compacted.count
            compacted.append(element)
        }
        slots = compacted
    }
}
