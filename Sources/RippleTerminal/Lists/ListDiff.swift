// ListDiff: what changed between two lists of identifiers — deletions, insertions
// and moves — computed in O(n log n).
//
//     old  [a b c d e]        deletions  [1]          (b, at 1 in the old list)
//     new  [a d c e f]        insertions [4]          (f, at 4 in the new list)
//                             moves      [3 → 1]      (d moved before c)
//
// Items are matched by identifier: the k-th occurrence of an identifier in the old
// list is the k-th occurrence in the new one (identifiers should be unique; a
// repeated one is matched in order rather than trapping). An old item with no match
// is deleted, a new item with no match is inserted. Among the matched items, the
// longest run that keeps its relative order stays put; every other matched item is
// a move, so the moves are as few as can be. As in UIKit's batch updates,
// deletions and a move's source are old offsets, insertions and a move's
// destination new ones.

/// The changes that turn one list of identifiers into another: the diff a
/// ``ListView`` applies when its items change, so that the selection, the scroll
/// position and the rows follow the items that stay.
///
/// ```swift
/// let diff = ListDiff(from: ["a", "b", "c"], to: ["c", "a", "x"])
/// // deletions [1], insertions [2], moves [2 → 0]
/// ```
public struct ListDiff: Sendable, Hashable {
    /// An item that stays but changes its place among the others.
    public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// Its offset in the old list.
        public let from: Int
        /// Its offset in the new list.
        public let to: Int

        /// A move from `from` to `to`.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        /// "from → to".
        public var description: String {
            "\(from) → \(to)"
        }
    }

    /// The offsets in the old list of the items that are gone, ascending.
    public let deletions: [Int]
    /// The offsets in the new list of the items that are new, ascending.
    public let insertions: [Int]
    /// The items that stay but change their order, ascending by new offset.
    public let moves: [Move]

    /// The diff from `old` to `new`, matching items by identifier.
    public init<ID: Hashable>(from old: [ID], to new: [ID]) {
        let oldKeys = ItemKey.keys(of: old), newKeys = ItemKey.keys(of: new)
        self.init(from: oldKeys, indexed: ItemKey.index(of: oldKeys), to: newKeys, indexed: ItemKey.index(of: newKeys))
    }

    /// The diff between two lists of keys, with their key-to-offset indexes.
    init<ID>(from old: [ItemKey<ID>], indexed oldIndex: [ItemKey<ID>: Int],
             to new: [ItemKey<ID>], indexed newIndex: [ItemKey<ID>: Int]) {
        deletions = old.indices.filter { newIndex[old[$0]] == nil }
        var insertions: [Int] = []
        var kept: [(from: Int, to: Int)] = []
        for (offset, key) in new.enumerated() {
            if let from = oldIndex[key] {
                kept.append((from, offset))
            } else {
                insertions.append(offset)
            }
        }
        self.insertions = insertions
        let staying = Self.longestIncreasingRun(kept.map(\.from))
        var moves: [Move] = []
        for (position, pair) in kept.enumerated() where !staying.contains(position) {
            moves.append(Move(from: pair.from, to: pair.to))
        }
        self.moves = moves
    }

    /// Whether the lists hold the same items in the same order.
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty
    }

    /// The positions in `values` of one longest strictly increasing subsequence
    /// (patience sorting with back links), ascending.
    private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []                       // positions; values[tails[k]] ends a run of k + 1
        var previous = Array(repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>(minimumCapacity: tails.count)
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}

/// An identifier and which occurrence of it this is (0 for the first): what a list
/// matches items by, so that a repeated identifier cannot merge two items.
struct ItemKey<ID: Hashable>: Hashable {
    let id: ID
    let ordinal: Int

    /// The keys of `ids`, in order.
    static func keys(of ids: some Sequence<ID>) -> [ItemKey] {
        var seen: [ID: Int] = [:]
        return ids.map { id in
            let ordinal = seen[id, default: 0]
            seen[id] = ordinal + 1
            return ItemKey(id: id, ordinal: ordinal)
        }
    }

    /// Each key's offset in `keys`.
    static func index(of keys: [ItemKey]) -> [ItemKey: Int] {
        var index = [ItemKey: Int](minimumCapacity: keys.count)
        for (offset, key) in keys.enumerated() {
            index[key] = offset
        }
        return index
    }
}
