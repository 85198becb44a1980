/// A first-in, first-out queue: appending and removing are O(1) amortised, and a
/// removed element is released at once (it is not kept in the storage until the
/// storage is compacted). The buffer of `zip` and of `values` (`AsyncValues`).
///
/// Not synchronised: its owner guards it with its own lock.
struct FIFOQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    /// Whether the queue holds no element.
    var isEmpty: Bool { head == storage.count }

    /// How many elements the queue holds.
    var count: Int { storage.count - head }

    /// Appends `element` after every other.
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element, or `nil` if the queue is empty.
    mutating func removeFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
