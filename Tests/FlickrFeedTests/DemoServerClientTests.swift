import DemoServer
import ErrorReporting
import Foundation
import Networking
import Testing
@testable import FlickrDemo
import FlickrFeed
@testable import flickr
import Imaging

/// The real client over the shared HTTPClient, against the Flickr look-alike on 127.0.0.1.
@Suite("Flickr client against DemoServer")
struct DemoServerClientTests {
    private func withDemo(
        initialCount: Int = 1000, perPage: Int = 40, key: String = "demo",
        _ body: (FlickrClient, FlickrDemoStream, DemoServer) async throws -> Void
    ) async throws {
        let stream = FlickrDemoStream(initialCount: initialCount, uploadInterval: nil)
        let server = DemoServer()
        FlickrDemoRoutes.register(stream, on: server)
        let http = HTTPClient(configuration: .init(deadline: .seconds(5)))
        defer { http.invalidate() }
        try await server.run { base in
            let endpoint = FlickrEndpoint(
                apiBase: base.appendingPathComponent("services/rest/"), apiKey: key, perPage: perPage)
            try await body(FlickrClient(http: http, endpoint: endpoint), stream, server)
        }
    }

    @Test("three pages with uploads in between: no duplicates, none lost")
    func threePagesWithUploads() async throws {
        try await withDemo { client, stream, _ in
            var state = FeedState()
            var effects = FeedModel().reduce(into: &state, action: .launched(saved: nil))
            var fetched = 0
            while fetched < 3,
                case .fetch(let request)? = effects.first(where: {
                    if case .fetch = $0 { true } else { false }
                })
            {
                let page = try await client.recentPhotos(page: request.page)
                effects = FeedModel().reduce(into: &state, action: .pageArrived(request, page, at: Date()))
                fetched += 1
                stream.upload(fetched == 1 ? 5 : 7)  // uploads between the pages shift them
                effects += FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: state.photos.count - 1))
            }
            let ids = state.photos.map(\.id)
            #expect(Set(ids).count == ids.count)
            #expect(state.droppedDuplicates == 12)
            #expect(ids.count == 120 - 12)
            // None lost: the ids are the newest 108 of the stream as it was at page 1, in order.
            let expected = (893...1000).reversed().map { stream.photo(number: $0).id }
            #expect(ids == expected)
        }
    }

    @Test("a wrong key is refused as apiKey, and the key is not in the message")
    func wrongKey() async throws {
        try await withDemo(key: "wrong-k3y-123456") { client, _, _ in
            do throws(FlickrError) {
                _ = try await client.recentPhotos(page: 1)
                Issue.record("a wrong key was accepted")
            } catch {
                #expect(error == .api(code: 100, message: "Invalid API Key (Key has invalid format)"))
                #expect(error.userFacingError.code == "apiKey")
                #expect(!error.userFacingError.line(in: .english).contains("wrong-k3y-123456"))
            }
        }
    }

    @Test("a server that is gone is offline, worth retrying")
    func serverGone() async throws {
        var client: FlickrClient?
        try await withDemo { live, _, server in
            await server.stop()
            client = live
            do throws(FlickrError) {
                _ = try await live.recentPhotos(page: 1)
                Issue.record("a stopped server answered")
            } catch {
                // The network carried the refusal: the server is what is missing, not the internet.
                #expect(!error.isConnectivityFailure)
                #expect(error.userFacingError.code == "refused")
            }
        }
        #expect(client != nil)
    }

    @Test("an HTTP error status with an HTML body is an http error, not a decoding one")
    func httpStatus() async throws {
        try await withDemo { client, _, server in
            server.route("/services/rest/", .status(503, body: "<html>busy</html>"))
            do throws(FlickrError) {
                _ = try await client.recentPhotos(page: 1)
                Issue.record("a 503 was accepted")
            } catch {
                guard case .network(.httpStatus(let code, _)) = error else {
                    Issue.record("\(error)"); return
                }
                #expect(code == 503)
            }
        }
    }

    @Test("every size suffix serves a JPEG of the photo's shape")
    func images() async throws {
        try await withDemo { client, stream, _ in
            let page = try await client.recentPhotos(page: 1)
            let photo = try #require(page.photos.first)
            let number = try #require(stream.photoNumber(id: photo.id, secret: photo.secret))
            let base = try #require(
                client.endpoint.apiBase.deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("img") as URL?)
            for size in PhotoSize.allCases {
                let url = FlickrImageURLs(imageBase: base).url(for: photo, size: size)
                let data = try await client.http.data(for: url)
                let info = try ImageDecoder.probe(data)
                let expected = FlickrDemoStream.pixelSize(of: number, at: size)
                #expect(
                    info.format == .jpeg && info.width == expected.width && info.height == expected.height)
            }
        }
    }
}
