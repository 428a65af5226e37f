import Foundation

/// Keeps bytes across launches under a string key. ``DiskCache`` is the production store; tests
/// inject their own.
public protocol DataCaching: Sendable {
    /// The verified bytes for `key`, or nil (a corrupt entry is dropped and reported as a miss).
    func data(forKey key: String) -> Data?
    /// Stores `data` atomically; a failure leaves what was cached before untouched.
    func store(_ data: Data, forKey key: String) throws(DiskCacheError)
    /// Forgets `key`.
    func removeData(forKey key: String)
}

extension DiskCache: DataCaching {
    /// Forgets `key`; the same as ``DiskCache/removeValue(forKey:)``.
    public func removeData(forKey key: String) {
        removeValue(forKey: key)
    }
}
