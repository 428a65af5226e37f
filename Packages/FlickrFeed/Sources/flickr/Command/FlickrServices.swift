import Caching
import FlickrFeed
import Foundation
import ImagePipeline
import Logging
import Networking

/// The composition root of `flickr`, as `GalleryServices` and `LookupServices` are of theirs:
/// from the options, the one HTTP client with its connectivity watch, the Flickr client, the
/// saved first page and, for the screens, the image pipeline; torn down with ``shutdown()``.
struct FlickrServices: Sendable {
    /// What the services are built from, read off the command line.
    struct Options {
        var endpoint: FlickrEndpoint
        var imageURLs: FlickrImageURLs
        var cacheDirectory: URL
        var timeout: Duration
        var transport: HTTPClient.Transport = .default()
    }

    let endpoint: FlickrEndpoint
    let imageURLs: FlickrImageURLs
    let cacheDirectory: URL
    let store: FirstPageStore
    let connectivity: Connectivity
    let http: HTTPClient
    let client: FlickrClient
    let logger: Logger

    init(options: Options) {
        endpoint = options.endpoint
        imageURLs = options.imageURLs
        cacheDirectory = options.cacheDirectory
        store = FirstPageStore(directory: options.cacheDirectory)
        // Logs would scribble over the full screen: the feed shows its errors itself.
        logger = Logger(label: "flickr") { _ in SwiftLogNoOpLogHandler() }
        let probe = Connectivity.Probe.tcp(reaching: options.endpoint.apiBase) ?? .tcp(host: "api.flickr.com", port: 443)
        connectivity = Connectivity(probe: probe)
        http = HTTPClient(
            configuration: .init(deadline: options.timeout, transport: options.transport),
            connectivity: connectivity,
            logger: logger)
        client = FlickrClient(http: http, endpoint: options.endpoint)
    }

    /// The pictures' pipeline over the same client, with the offline cache beside the saved page;
    /// when that cannot be opened, pictures still load, and `unavailable` says why none are kept.
    func makePipeline() -> (pipeline: ImagePipeline, unavailable: FeedStorageFailure?) {
        do throws(DiskCacheError) {
            let disk = try DiskCache(directory: cacheDirectory.appendingPathComponent("images"), logger: logger)
            return (ImagePipeline(loader: http, diskCache: disk, logger: logger), nil)
        } catch {
            return (ImagePipeline(loader: http, diskCache: nil, logger: logger), .pictures(error))
        }
    }

    /// Closes the client's connections and stops watching the network.
    func shutdown() {
        connectivity.stopProbing()
        http.invalidate()
    }
}
