import Caching
import CommandOptions
import ErrorReporting
import Foundation
import ImageGallery
import ImagePipeline
import Logging
import Networking

/// The composition root: one HTTP client, one connectivity signal, one disk cache and one image
/// pipeline for the run, and the gallery's loader on top.
struct GalleryServices: Sendable {
    struct Options: Sendable {
        var cacheDirectory: URL
        var timeout: Duration
        var maxConcurrent: Int
        var transport: HTTPClient.Transport = .default()
        var memoryLimit: Int
        /// Where the connectivity probe knocks while offline.
        var probeURL: URL?
        /// The demo's `all=offline`: the probe and every load find no network (see ``OfflineNetwork``).
        var networkDown = false
    }

    let connectivity: Connectivity
    let client: HTTPClient
    let loader: PipelineGalleryLoader
    /// Set when the offline cache could not be opened: pictures still load, but are not kept.
    let diskCacheWarning: UserFacingError?

    init(options: Options) {
        // Logs would scribble over the full screen: the gallery shows its errors itself.
        let logger = Logger(label: "gallery") { _ in SwiftLogNoOpLogHandler() }
        let probe = options.networkDown
            ? OfflineNetwork.probe : options.probeURL.flatMap { Connectivity.Probe.tcp(reaching: $0) }
        connectivity = Connectivity(initiallyOnline: true, probe: probe)
        var configuration = HTTPClient.Configuration()
        configuration.deadline = options.timeout
        configuration.maxConcurrentRequests = options.maxConcurrent
        configuration.transport = options.transport
        client = HTTPClient(configuration: configuration, connectivity: connectivity, logger: logger)
        var diskCache: DiskCache?
        do {
            diskCache = try DiskCache(directory: options.cacheDirectory, logger: logger)
            diskCacheWarning = nil
        } catch {
            diskCache = nil
            diskCacheWarning = CacheAdvice.advising(error)
        }
        let network: any DataLoading = options.networkDown ? OfflineNetwork(connectivity: connectivity) : client
        loader = PipelineGalleryLoader(client: network, diskCache: diskCache, memoryCostLimit: options.memoryLimit, logger: logger)
    }
}
