import Testing
@testable import Caching

@Suite("MemoryCache")
struct MemoryCacheTests {
    @Test("a stored value comes back and a missing key is a miss")
    func roundTrip() {
        let cache = MemoryCache<String, Int>(costLimit: 100)
        cache.insert(1, forKey: "a", cost: 10)
        #expect(cache.value(forKey: "a") == 1)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.totalCost == 10)
        #expect(cache.count == 1)
    }

    @Test("past the cost limit the least recently used entry goes, and a recent read saves an entry")
    func lruOrderByCost() {
        let cache = MemoryCache<String, Int>(costLimit: 30)
        cache.insert(1, forKey: "a", cost: 10)
        cache.insert(2, forKey: "b", cost: 10)
        cache.insert(3, forKey: "c", cost: 10)
        #expect(cache.value(forKey: "a") == 1)  // a is now the most recent

        cache.insert(4, forKey: "d", cost: 10)

        #expect(cache.keysByRecency == ["c", "a", "d"])
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "a") == 1)
        #expect(cache.value(forKey: "c") == 3)
        #expect(cache.value(forKey: "d") == 4)
        #expect(cache.totalCost == 30)
    }

    @Test("the count limit evicts the least recently used entry")
    func countLimit() {
        let cache = MemoryCache<Int, String>(costLimit: .max, countLimit: 2)
        cache.insert("one", forKey: 1)
        cache.insert("two", forKey: 2)
        _ = cache.value(forKey: 1)
        cache.insert("three", forKey: 3)
        #expect(cache.count == 2)
        #expect(cache.value(forKey: 2) == nil)
        #expect(cache.value(forKey: 1) == "one")
        #expect(cache.value(forKey: 3) == "three")
    }

    @Test("replacing a value updates its cost and makes it the most recent")
    func replaceUpdatesCost() {
        let cache = MemoryCache<String, Int>(costLimit: 100)
        cache.insert(1, forKey: "a", cost: 10)
        cache.insert(2, forKey: "b", cost: 10)
        cache.insert(3, forKey: "a", cost: 50)
        #expect(cache.totalCost == 60)
        #expect(cache.keysByRecency == ["b", "a"])
        #expect(cache.value(forKey: "a") == 3)
    }

    @Test("a value costlier than the whole limit is not kept and does not evict others")
    func oversizedValue() {
        let cache = MemoryCache<String, Int>(costLimit: 50)
        cache.insert(1, forKey: "a", cost: 10)
        cache.insert(2, forKey: "a", cost: 10)
        cache.insert(9, forKey: "huge", cost: 51)
        #expect(cache.value(forKey: "huge") == nil)
        #expect(cache.value(forKey: "a") == 2)
        cache.insert(3, forKey: "a", cost: 51)
        #expect(cache.value(forKey: "a") == nil, "a stale value must not stay in place of a refused one")
        #expect(cache.totalCost == 0)
    }

    @Test("removeValue and removeAll empty the cache and free the cost")
    func removal() {
        let cache = MemoryCache<String, Int>(costLimit: 100)
        for (index, key) in ["a", "b", "c"].enumerated() { cache.insert(index, forKey: key, cost: 5) }
        #expect(cache.removeValue(forKey: "b") == 1)
        #expect(cache.removeValue(forKey: "b") == nil)
        #expect(cache.totalCost == 10)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
        #expect(cache.value(forKey: "a") == nil)
        cache.insert(7, forKey: "a", cost: 5)
        #expect(cache.value(forKey: "a") == 7)
    }

    @Test("slots freed by removal are reused without breaking the recency order")
    func slotReuse() {
        let cache = MemoryCache<Int, Int>(costLimit: .max, countLimit: 4)
        for key in 0..<4 { cache.insert(key, forKey: key) }
        cache.removeValue(forKey: 1)
        cache.removeValue(forKey: 2)
        cache.insert(10, forKey: 10)
        cache.insert(11, forKey: 11)
        _ = cache.value(forKey: 0)
        #expect(cache.keysByRecency == [3, 10, 11, 0])
        cache.insert(12, forKey: 12)
        #expect(cache.keysByRecency == [10, 11, 0, 12])
    }

    @Test("the cost and count limits hold while many tasks insert, read and remove at once")
    func concurrentUse() async {
        let cache = MemoryCache<Int, [UInt8]>(costLimit: 10_000, countLimit: 300)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<2_000 {
                        let key = (worker * 7_919 + step * 31) % 500
                        switch step % 5 {
                        case 0, 1: cache.insert([UInt8](repeating: 1, count: 10), forKey: key, cost: 10 + key % 90)
                        case 2, 3: _ = cache.value(forKey: key)
                        default: cache.removeValue(forKey: key)
                        }
                        #expect(cache.totalCost <= 10_000)
                        #expect(cache.count <= 300)
                    }
                }
            }
        }
        let keys = cache.keysByRecency
        #expect(keys.count == cache.count)
        #expect(Set(keys).count == keys.count)
        let recomputed = keys.reduce(0) { $0 + 10 + $1 % 90 }
        #expect(recomputed == cache.totalCost, "the running total agrees with the entries held")
    }
}
