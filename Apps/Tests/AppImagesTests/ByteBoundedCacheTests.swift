import AppImages
import Testing

/// The cache's bound in bytes and its order of use.
@Suite struct ByteBoundedCacheTests {
    @Test func theLeastRecentlyUsedValuesLeaveToKeepTheTotalWithinTheCapacity() {
        var cache = ByteBoundedCache<String, Int>(capacity: 100)
        cache.insert(1, cost: 40, for: "a")
        cache.insert(2, cost: 40, for: "b")
        #expect(cache.value(for: "a") == 1)   // "a" is now more recent than "b"
        cache.insert(3, cost: 40, for: "c")
        #expect(cache.totalCost == 80)
        #expect(cache.keysByRecentUse == ["c", "a"])
        #expect(cache.value(for: "b") == nil)
        #expect(cache.evictionCount == 1)
    }

    @Test func aValueLargerThanTheCapacityIsNotKeptAndReplacingAKeyCountsItsNewCostOnly() {
        var cache = ByteBoundedCache<String, Int>(capacity: 100)
        cache.insert(1, cost: 101, for: "huge")
        #expect(cache.count == 0 && cache.totalCost == 0)
        cache.insert(1, cost: 30, for: "a")
        cache.insert(2, cost: 50, for: "a")
        #expect(cache.count == 1 && cache.totalCost == 50 && cache.value(for: "a") == 2)
    }

    @Test func slotsFreedByEvictionAreReusedAndTheOrderStaysWhole() {
        var cache = ByteBoundedCache<Int, Int>(capacity: 10)
        for key in 0..<1_000 {
            cache.insert(key, cost: 1, for: key)
            if key % 3 == 0 { _ = cache.value(for: key - 5) }
        }
        #expect(cache.count == 10 && cache.totalCost == 10)
        #expect(Set(cache.keysByRecentUse).count == 10)
        // 999 went in last, then reading 994 (999 − 5) made it the most recent.
        #expect(Array(cache.keysByRecentUse.prefix(2)) == [994, 999])
    }
}
