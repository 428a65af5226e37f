import Foundation
@testable import gallery
import ImageGallery
import Imaging
import Networking
import Testing

@Suite("The gallery's launch probe: a refused server is not a missing network")
struct GalleryServicesTests {
    static func services(probing url: URL, networkDown: Bool = false) -> (GalleryServices, URL) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-services-\(UUID().uuidString)")
        let options = GalleryServices.Options(
            cacheDirectory: cache, timeout: .seconds(5), maxConcurrent: 2, memoryLimit: 1 << 20, probeURL: url,
            networkDown: networkDown)
        return (GalleryServices(options: options), cache)
    }

    static func failure(loading url: URL, with services: GalleryServices) async -> LoadFailure? {
        do {
            _ = try await services.loader.load(url, targetSize: PixelSize(width: 8, height: 8), policy: .cached)
            return nil
        } catch {
            return error
        }
    }

    @Test("nobody listening at the pictures' host: the launch probe says online and the load says refused")
    func refusedServerKeepsOnline() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/x.jpg"))
        let (services, cache) = Self.services(probing: url)
        defer { try? FileManager.default.removeItem(at: cache) }
        #expect(await services.connectivity.probeNow() == true)
        let failure = await Self.failure(loading: url, with: services)
        #expect(failure?.kind == .refused)
        #expect(failure?.message.english == "Could not connect to 127.0.0.1")
        #expect(services.connectivity.isOnline)
    }

    @Test("the demo's all=offline: the launch probe finds no network, and every load fails as offline")
    func networkDownIsOffline() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/x.jpg"))
        let (services, cache) = Self.services(probing: url, networkDown: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        #expect(await services.connectivity.probeNow() == false)
        #expect(!services.connectivity.isOnline)
        services.connectivity.record(reachable: true)
        let failure = await Self.failure(loading: url, with: services)
        #expect(failure?.kind == .offline)
        #expect(failure?.message.english == "No internet connection")
        // The load told the banner, as a real one does.
        #expect(!services.connectivity.isOnline)
    }
}
