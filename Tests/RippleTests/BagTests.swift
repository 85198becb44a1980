import Ripple
import Testing

/// `Bag`: ReactiveSwift's collection whose elements are removed by the token their
/// insertion returned.
@Suite struct BagTests {
    @Test func insertedValuesAreIteratedInInsertionOrder() {
        var bag = Bag<String>()
        bag.insert("foo")
        bag.insert("bar")
        bag.insert("foo")
        #expect(Array(bag) == ["foo", "bar", "foo"])
        #expect(bag.count == 3)
        #expect(bag.contains("bar"))
        #expect(!bag.contains("buzz"))
    }

    @Test func removeUsingATokenRemovesThatInsertionOnly() {
        var bag = Bag<String>()
        let a = bag.insert("foo")
        let b = bag.insert("bar")
        let c = bag.insert("foo")
        #expect(bag.remove(using: b) == "bar")
        #expect(Array(bag) == ["foo", "foo"])
        #expect(bag.remove(using: c) == "foo")
        #expect(Array(bag) == ["foo"])
        #expect(bag.remove(using: a) == "foo")
        #expect(bag.isEmpty)
    }

    @Test func removingTwiceWithTheSameTokenDoesNothingTheSecondTime() {
        var bag = Bag<Int>()
        let token = bag.insert(1)
        bag.insert(2)
        #expect(bag.remove(using: token) == 1)
        #expect(bag.remove(using: token) == nil)
        #expect(Array(bag) == [2])
    }

    @Test func aBagCreatedWithValuesHoldsThemBeforeLaterInsertions() {
        var bag = Bag(["foo", "bar", "buzz"])
        let fuzz = bag.insert("fuzz")
        #expect(Array(bag) == ["foo", "bar", "buzz", "fuzz"])
        bag.remove(using: fuzz)
        #expect(Array(bag) == ["foo", "bar", "buzz"])
    }

    @Test func removalFindsItsElementAmongManyAfterOthersWereRemoved() {
        var bag = Bag<Int>()
        let tokens = (0..<100).map { bag.insert($0) }
        for index in stride(from: 0, to: 100, by: 2) { bag.remove(using: tokens[index]) }
        #expect(Array(bag) == Array(stride(from: 1, to: 100, by: 2)))
        #expect(bag.remove(using: tokens[51]) == 51)
        #expect(bag.remove(using: tokens[50]) == nil)
        #expect(bag[bag.startIndex] == 1)
        #expect(bag.count == 49)
    }
}
