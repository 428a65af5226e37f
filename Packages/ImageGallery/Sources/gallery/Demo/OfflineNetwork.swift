import Foundation
import Networking

/// The demo's `--demo-faults all=offline`: a machine with no network, played where the app meets
/// the network. Every load fails at once as libcurl's does with no route to any network
/// (`NetworkError.offline`) and tells the connectivity signal so, as `HTTPClient` does; the probe
/// finds no network either. A demo on 127.0.0.1 cannot take the network away for real, and a
/// stopped server is no such thing: the probe meets its refusal, and a refusal says the network
/// is up.
struct OfflineNetwork: DataLoading {
    let connectivity: Connectivity

    /// The probe of a machine with no network.
    static let probe = Connectivity.Probe { false }

    func data(for url: URL) async throws(NetworkError) -> Data {
        connectivity.record(reachable: false)
        throw .offline(host: url.host ?? "")
    }
}
