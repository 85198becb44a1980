import RippleTerminal
import Testing

/// ListDiff, the diff ListView applies: deletions, insertions and the fewest moves.
@Suite struct ListViewDiffTests {
    @Test func deletionsInsertionsAndMovesAreFoundByIdentifier() {
        let diff = ListDiff(from: ["a", "b", "c", "d", "e"], to: ["a", "d", "c", "e", "f"])
        #expect(diff.deletions == [1])
        #expect(diff.insertions == [4])
        #expect(diff.moves.count == 1)
        #expect(!diff.isEmpty)
    }

    @Test func equalListsGiveAnEmptyDiff() {
        #expect(ListDiff(from: [1, 2, 3], to: [1, 2, 3]).isEmpty)
        #expect(ListDiff(from: [Int](), to: []).isEmpty)
    }

    @Test func aReversedListKeepsOneItemAndMovesTheRest() {
        let diff = ListDiff(from: Array(0..<5), to: Array((0..<5).reversed()))
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty)
        #expect(diff.moves.count == 4)
        #expect(diff.moves.map(\.to) == diff.moves.map(\.to).sorted())
    }

    @Test func repeatedIdentifiersAreMatchedInOrder() {
        let diff = ListDiff(from: ["x", "x", "y"], to: ["y", "x"])
        #expect(diff.deletions == [1])
        #expect(diff.insertions.isEmpty)
        #expect(diff.moves.count == 1)
    }

    @Test func randomEditsGiveACorrectAndMinimalDiff() {
        var random = SeededRandom(seed: 19)
        for _ in 0..<300 {
            let old = Array(0..<Int.random(in: 0...12, using: &random))
            var new = old.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.shuffled(using: &random)
            new.insert(contentsOf: (100..<100 + Int.random(in: 0...3, using: &random)), at: Int.random(in: 0...new.count, using: &random))
            let diff = ListDiff(from: old, to: new)
            #expect(diff.deletions == old.indices.filter { !new.contains(old[$0]) })
            #expect(diff.insertions == new.indices.filter { !old.contains(new[$0]) })
            // The items that do not move keep their order, and they are as many as can.
            let moved = Set(diff.moves.map(\.to))
            let staying = new.indices.filter { !diff.insertions.contains($0) && !moved.contains($0) }.map { new[$0] }
            #expect(staying == staying.sorted())
            let kept = new.filter { old.contains($0) }
            #expect(staying.count == longestIncreasingLength(kept))
            for move in diff.moves { #expect(old[move.from] == new[move.to]) }
        }
    }

    /// The length of the longest strictly increasing subsequence, the slow way.
    private func longestIncreasingLength(_ values: [Int]) -> Int {
        var lengths = Array(repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { lengths[i] = max(lengths[i], lengths[j] + 1) }
        }
        return lengths.max() ?? 0
    }
}
