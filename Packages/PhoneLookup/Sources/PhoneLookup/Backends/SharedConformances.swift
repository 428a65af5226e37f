import Caching
import Foundation
import Networking

/// The shared HTTP client fetches the dataset: one GET, non-2xx is an error.
extension HTTPClient: CountryDataFetching {
    public func countryData(from url: URL) async throws -> Data {
        try await data(from: url).body
    }
}

/// The shared disk cache keeps the last good dataset (checksummed, written atomically).
extension DiskCache: CountryDataCaching {
    public func savedCountryData(forKey key: String) -> Data? {
        data(forKey: key)
    }

    public func saveCountryData(_ data: Data, forKey key: String) throws {
        try store(data, forKey: key)
    }
}
