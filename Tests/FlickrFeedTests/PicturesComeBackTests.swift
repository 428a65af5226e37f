import DemoServer
import Foundation
import ImagePipeline
import Imaging
import Locking
import Networking
import Testing
@testable import FlickrDemo
@testable import FlickrFeed

/// The feed's store with real pictures from the Flickr look-alike: thumbnails that failed come back
/// by the shared rule, from a refresh or from the network's return.
@Suite("Failed Flickr pictures come back")
@MainActor
struct PicturesComeBackTests {
    /// The HTTP client behind a switch: while off, every load fails as a network that is down would.
    final class SwitchableLoader: DataLoading {
        let http: HTTPClient
        let isOffline = LockedValue(false)

        init(http: HTTPClient) { self.http = http }

        func data(for url: URL) async throws(NetworkError) -> Data {
            guard !isOffline.withLock({ $0 }) else { throw .offline(host: url.host ?? "") }
            return try await http.data(for: url)
        }
    }

    private let cell = PixelSize(width: 40, height: 30)

    private func withFeed(
        _ body: @MainActor (FeedStore, DemoServer, SwitchableLoader) async throws -> Void
    ) async throws {
        let stream = FlickrDemoStream(initialCount: 100, uploadInterval: nil)
        let server = DemoServer()
        FlickrDemoRoutes.register(stream, on: server)
        let base = try await server.start()
        let http = HTTPClient(configuration: .init(deadline: .seconds(5)))
        let loader = SwitchableLoader(http: http)
        let pipeline = ImagePipeline(loader: loader, diskCache: nil)
        let endpoint = FlickrEndpoint(apiBase: base.appendingPathComponent("services/rest/"), apiKey: "demo", perPage: 40)
        let feed = FeedStore(
            api: FlickrClient(http: http, endpoint: endpoint), store: nil,
            pictures: FeedPictureLoader(
                pipeline: pipeline, imageURLs: FlickrImageURLs(imageBase: base.appendingPathComponent("img"))))
        defer { feed.cancelAll() }
        do {
            try await body(feed, server, loader)
        } catch {
            http.invalidate()
            await server.stop()
            throw error
        }
        http.invalidate()
        await server.stop()
    }

    /// Launches the feed and shows its first three rows (the two on screen and the one ahead).
    private func showGrid(_ feed: FeedStore) async {
        feed.launch()
        await feed.settle()
        feed.send(.viewportChanged(FeedViewport(topRow: 0, visibleRows: 2, columns: 3, thumbnailSize: cell)))
        await feed.settle()
    }

    @Test("with the image host down then up, after r no cell still shows the failure")
    func refreshAfterHostReturns() async throws {
        try await withFeed { feed, server, _ in
            server.setFaults([.status(503)], for: "/img/*")
            await showGrid(feed)
            #expect(feed.state.pictures.failed.count == 9 && feed.state.pictures.thumbnails.isEmpty)

            server.setFaults([], for: "/img/*")
            feed.send(.refresh)
            await feed.settle()
            #expect(feed.state.pictures.failed.isEmpty)
            #expect(Set(feed.state.pictures.thumbnails.keys) == Set(feed.state.photos[0..<9].map(\.id)))
        }
    }

    @Test("cells that failed while offline reload when connectivity returns, without a key press")
    func reconnectReloads() async throws {
        try await withFeed { feed, server, loader in
            loader.isOffline.withLock { $0 = true }
            await showGrid(feed)
            #expect(feed.state.pictures.failed.count == 9 && feed.state.pictures.isOffline)
            server.resetStats()

            loader.isOffline.withLock { $0 = false }
            feed.send(.connectivityChanged(isOnline: true))
            await feed.settle()
            #expect(feed.state.pictures.failed.isEmpty && !feed.state.pictures.isOffline)
            #expect(feed.state.pictures.thumbnails.count == 9)
            #expect(server.stats.requestsServed == 9)
        }
    }
}
