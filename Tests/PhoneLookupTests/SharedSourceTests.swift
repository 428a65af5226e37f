import Caching
import DemoServer
import ErrorReporting
import Foundation
import Networking
import Testing
import PhoneLookup

@Suite("Countries through HTTPClient and DiskCache")
struct SharedSourceTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lookup-cache-\(UUID().uuidString)")
    }

    func collect(_ source: CachedCountrySource) async -> [String] {
        var all: [String] = []
        for await update in source.countryUpdates() {
            switch update {
            case .loaded(let catalog, let origin): all.append("\(origin):\(catalog.countries.count)")
            case .failed(let error, let hasCopy): all.append("failed:\(error.userFacingError.code):\(hasCopy)")
            }
        }
        return all
    }

    @Test("first run fetches and saves; the next run shows the saved copy at once, then refreshes")
    func staleWhileRevalidate() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withDemoServer { server, base in
            let client = quickClient()
            defer { client.invalidate() }
            let cache = try DiskCache(directory: directory)
            let source = CachedCountrySource(url: base.appendingPathComponent("countries.json"), fetcher: client, cache: cache)
            #expect(await collect(source) == ["network:242"])
            #expect(await collect(source) == ["savedCopy:242", "network:242"])
            server.setFaults([.status(500)], for: "/countries.json")
            #expect(await collect(source) == ["savedCopy:242", "failed:http:true"])
        }
    }

    @Test("no server and no saved copy: one failure saying the connection was refused")
    func offlineNoCopy() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = quickClient()
        defer { client.invalidate() }
        let source = CachedCountrySource(url: URL(string: "http://127.0.0.1:9/countries.json")!, fetcher: client,
                                         cache: try DiskCache(directory: directory))
        #expect(await collect(source) == ["failed:refused:false"])
    }

    @Test("a dropped download keeps the saved copy")
    func droppedKeepsCopy() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withDemoServer { server, base in
            let client = quickClient()
            defer { client.invalidate() }
            let source = CachedCountrySource(url: base.appendingPathComponent("countries.json"), fetcher: client,
                                             cache: try DiskCache(directory: directory))
            _ = await collect(source)
            server.setFaults([.drop(afterBytes: 100)], for: "/countries.json")
            #expect(await collect(source) == ["savedCopy:242", "failed:dropped:true"])
        }
    }
}
