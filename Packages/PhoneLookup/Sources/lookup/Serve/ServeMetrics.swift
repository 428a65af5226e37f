import CoreMetrics
import DemoServer
import Foundation
import Locking
import PhoneLookup
import Prometheus

/// What `lookup serve` counts, through swift-metrics into a Prometheus registry of its own, and
/// serves at `GET /metrics` in Prometheus's text format: requests by endpoint, method and status,
/// their latency, lookups by line type, requests in flight, reloads of the numbering data and
/// which data answers (an info-style gauge whose `version` label names it).
///
/// Off the hot path: every handle a request touches is made once and kept, so a request costs a
/// few atomic adds and one short lock, never a registry look-up.
final class ServeMetrics: DemoServerObserving {
    /// Where a scraper reads them.
    static let path = "/metrics"
    /// The content type of Prometheus's text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The endpoints counted apart; every other path counts as `other`, so that a scanner asking
    /// for random paths cannot grow the label set without bound.
    static let endpoints = [LookupEndpoint.path, LookupEndpoint.documentPath, LookupEndpoint.healthPath, path, datasetPath]

    private struct RequestKey: Hashable {
        var endpoint: String
        var method: String
        var status: Int
    }

    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let requests = LockedValue<[RequestKey: CoreMetrics.Counter]>([:])
    private let durations: [String: CoreMetrics.Timer]
    private let inFlight: CoreMetrics.Meter
    private let lookups: [String: CoreMetrics.Counter]
    private let reloads: [String: CoreMetrics.Counter]
    private let dataVersion = LockedValue<(version: String, gauge: CoreMetrics.Gauge)?>(nil)

    /// The line types a lookup is counted under: libphonenumber's, `unknown` for an answer with
    /// none (a short number), `refused` for a number refused.
    static let lineTypes = LineType.allCases.map(\.rawValue) + ["unknown", "refused"]

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // A lookup takes microseconds: the default buckets start at 5 ms and would put every one in the first.
        factory.durationHistogramBuckets["lookup_http_request_duration_seconds"] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .seconds(1),
        ]
        self.factory = factory
        var durations: [String: CoreMetrics.Timer] = [:]
        for endpoint in Self.endpoints + ["other"] {
            durations[endpoint] = CoreMetrics.Timer(label: "lookup_http_request_duration_seconds",
                                                    dimensions: [("endpoint", endpoint)], factory: factory)
        }
        self.durations = durations
        inFlight = CoreMetrics.Meter(label: "lookup_http_requests_in_flight", factory: factory)
        var lookups: [String: CoreMetrics.Counter] = [:]
        for type in Self.lineTypes {
            lookups[type] = CoreMetrics.Counter(label: "lookup_lookups_total", dimensions: [("line_type", type)],
                                                factory: factory)
        }
        self.lookups = lookups
        var reloads: [String: CoreMetrics.Counter] = [:]
        for result in ["loaded", "refused"] {
            reloads[result] = CoreMetrics.Counter(label: "lookup_numbering_data_reloads_total",
                                                  dimensions: [("result", result)], factory: factory)
        }
        self.reloads = reloads
    }

    // MARK: - DemoServerObserving

    func requestStarted(method: String, path: String) {
        inFlight.increment()
    }

    func requestAnswered(_ exchange: DemoExchange) {
        inFlight.decrement()
        let endpoint = Self.endpoint(of: exchange.path)
        let key = RequestKey(endpoint: endpoint, method: Self.method(exchange.method), status: exchange.status)
        let counter = requests.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(
                label: "lookup_http_requests_total",
                dimensions: [("endpoint", key.endpoint), ("method", key.method), ("status", String(key.status))],
                factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
        durations[endpoint]?.recordNanoseconds(exchange.duration.nanoseconds)
    }

    // MARK: - What the service reports

    /// Counts the lookups one request made, each by what it found (see ``lineTypes``).
    func counted(lookups found: [String]) {
        for type in found { lookups[type]?.increment() }
    }

    /// Says which numbering data answers from now on.
    func answering(with version: String) {
        let previous = dataVersion.withLock { kept -> CoreMetrics.Gauge? in
            guard kept?.version != version else { return nil }
            let gauge = CoreMetrics.Gauge(label: "lookup_numbering_data_info", dimensions: [("version", version)],
                                          factory: factory)
            gauge.record(1)
            defer { kept = (version, gauge) }
            return kept?.gauge
        }
        previous?.destroy()
    }

    /// Counts a reload of the numbering data, `loaded` or `refused`.
    func reloaded(_ loaded: Bool) {
        reloads[loaded ? "loaded" : "refused"]?.increment()
    }

    /// Everything, in Prometheus's text format.
    func render() -> Data {
        Data(registry.emitToBuffer())
    }

    private static func endpoint(of path: String) -> String {
        endpoints.contains(path) ? path : "other"
    }

    private static func method(_ method: String) -> String {
        ["GET", "HEAD", "POST"].contains(method) ? method : "other"
    }
}

extension Duration {
    /// The whole nanoseconds, for swift-metrics' timers.
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
