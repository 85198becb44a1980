/// The latest `capacity` elements appended, oldest first, in a ring: appending is
/// O(1) and allocates nothing once the ring is full. The buffer of `replay` and of
/// `take(last:)`.
///
/// Not synchronised: its owner guards it with its own lock.
struct RingBuffer<Element> {
    private let capacity: Int
    private var storage = ContiguousArray<Element>()
    /// The index of the oldest element once the storage is full.
    private var head = 0

    /// An empty ring that keeps at most `capacity` elements.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Appends `element`; returns the element it pushes out, if any (`element`
    /// itself if the capacity is 0), for the caller to release when it sees fit
    /// (after unlocking, if it holds a lock).
    @discardableResult
    mutating func append(_ element: Element) -> Element? {
        guard capacity > 0 else { return element }
        guard storage.count == capacity else {
            storage.append(element)
            return nil
        }
        var pushedOut = element
        swap(&pushedOut, &storage[head])
        head = (head + 1) % capacity
        return pushedOut
    }

    /// The elements, oldest first.
    var elements: ContiguousArray<Element> {
        head == 0 ? storage : ContiguousArray(storage[head...] + storage[..<head])
    }

    /// The elements, oldest first; empties the ring.
    @discardableResult
    mutating func removeAll() -> ContiguousArray<Element> {
        defer {
            storage = []
            head = 0
        }
        return elements
    }
}
