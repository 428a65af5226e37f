import Locking

/// A thread-safe, in-memory least-recently-used cache bounded by a total cost and an entry count.
///
/// Every entry carries a cost chosen by the caller (for a decoded image, its byte count). Inserting
/// evicts the least recently used entries until both limits hold again; reading an entry marks it
/// as the most recently used. Every operation is O(1).
///
/// ```swift
/// let bitmaps = MemoryCache<URL, Bitmap>(costLimit: 64 << 20)
/// bitmaps.insert(bitmap, forKey: url, cost: bitmap.byteCount)
/// let hit = bitmaps.value(forKey: url)
/// ```
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The total cost the cache holds at most.
    public let costLimit: Int
    /// The number of entries the cache holds at most.
    public let countLimit: Int

    private let storage: LockedValue<LRUList<Key, Value>>

    /// Creates an empty cache.
    /// - Parameters:
    ///   - costLimit: The most total cost kept; an entry whose own cost exceeds it is not kept at all.
    ///   - countLimit: The most entries kept.
    public init(costLimit: Int, countLimit: Int = .max) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
        storage = LockedValue(LRUList())
    }

    /// The value stored for `key`, marking it as the most recently used; nil on a miss.
    public func value(forKey key: Key) -> Value? {
        storage.withLock { $0.value(forKey: key) }
    }

    /// Stores `value` for `key` with the given cost, replacing any previous value, then evicts the
    /// least recently used entries until the cost and count limits hold.
    ///
    /// A value whose cost alone exceeds ``costLimit`` is not stored (and any older value for `key`
    /// is removed, so a stale value is never served in its place).
    public func insert(_ value: Value, forKey key: Key, cost: Int = 0) {
        let cost = max(0, cost)
        let costLimit = costLimit
        let countLimit = countLimit
        storage.withLock { list in
            guard cost <= costLimit, countLimit > 0 else {
                list.remove(key)
                return
            }
            list.insert(value, forKey: key, cost: cost)
            while list.totalCost > costLimit || list.count > countLimit {
                list.removeLeastRecentlyUsed()
            }
        }
    }

    /// Removes the value for `key` and returns it, if there was one.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        storage.withLock { $0.remove(key) }
    }

    /// Removes every entry.
    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }

    /// The sum of the costs of the entries held now.
    public var totalCost: Int { storage.withLock { $0.totalCost } }

    /// The number of entries held now.
    public var count: Int { storage.withLock { $0.count } }

    /// The keys from the least to the most recently used (for tests and diagnostics; O(n)).
    var keysByRecency: [Key] { storage.withLock { $0.keysFromLeastRecent() } }
}

/// A dictionary plus a doubly linked list threaded through an array of nodes, so that lookup,
/// insertion, promotion and eviction are all O(1) without allocating an object per entry.
struct LRUList<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value?
        var cost: Int
        var previous: Int
        var next: Int
    }

    private static var none: Int { -1 }

    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slotByKey: [Key: Int] = [:]
    /// Least recently used end.
    private var head = LRUList.none
    /// Most recently used end.
    private var tail = LRUList.none
    private(set) var totalCost = 0

    var count: Int { slotByKey.count }

    mutating func value(forKey key: Key) -> Value? {
        guard let slot = slotByKey[key] else { return nil }
        moveToTail(slot)
        return nodes[slot].value
    }

    mutating func insert(_ value: Value, forKey key: Key, cost: Int) {
        if let slot = slotByKey[key] {
            totalCost += cost - nodes[slot].cost
            nodes[slot].value = value
            nodes[slot].cost = cost
            moveToTail(slot)
            return
        }
        let node = Node(key: key, value: value, cost: cost, previous: tail, next: Self.none)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if tail != Self.none { nodes[tail].next = slot }
        tail = slot
        if head == Self.none { head = slot }
        slotByKey[key] = slot
        totalCost += cost
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = slotByKey.removeValue(forKey: key) else { return nil }
        return release(slot)
    }

    mutating func removeLeastRecentlyUsed() {
        guard head != Self.none else { return }
        slotByKey.removeValue(forKey: nodes[head].key)
        release(head)
    }

    mutating func removeAll() {
        self = LRUList()
    }

    func keysFromLeastRecent() -> [Key] {
        var keys: [Key] = []
        var slot = head
        while slot != Self.none {
            keys.append(nodes[slot].key)
            slot = nodes[slot].next
        }
        return keys
    }

    /// Unlinks `slot`, frees it for reuse and returns the value it held.
    @discardableResult
    private mutating func release(_ slot: Int) -> Value? {
        unlink(slot)
        totalCost -= nodes[slot].cost
        let value = nodes[slot].value
        nodes[slot].value = nil  // drop the reference now, not when the slot is reused
        freeSlots.append(slot)
        return value
    }

    private mutating func moveToTail(_ slot: Int) {
        guard slot != tail else { return }
        unlink(slot)
        nodes[slot].previous = tail
        nodes[slot].next = Self.none
        if tail != Self.none { nodes[tail].next = slot }
        tail = slot
        if head == Self.none { head = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let previous = nodes[slot].previous
        let next = nodes[slot].next
        if previous != Self.none { nodes[previous].next = next } else { head = next }
        if next != Self.none { nodes[next].previous = previous } else { tail = previous }
        nodes[slot].previous = Self.none
        nodes[slot].next = Self.none
    }
}
