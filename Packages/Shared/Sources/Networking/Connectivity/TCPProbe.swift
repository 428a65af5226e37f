import Foundation
#if canImport(Glibc)
import Glibc
private let systemConnect = Glibc.connect
#elseif canImport(Musl)
import Musl
private let systemConnect = Musl.connect
#elseif canImport(Darwin)
import Darwin
private let systemConnect = Darwin.connect
#endif

/// A TCP connect with a timeout, off the cooperative pool: the cheapest honest "is the network there".
///
/// A refusal is an answer: the network carried it from the host, so it says the network is up and
/// only the server is missing. The network is down when the kernel has no route (`ENETUNREACH`,
/// `EHOSTUNREACH`, `ENETDOWN`), when the name does not resolve, or when nothing answers in time.
package enum TCPProbe {
    /// What one connect found.
    package enum Outcome: Sendable, Hashable {
        /// The host accepted the connection.
        case connected
        /// The host answered that nothing listens there (`ECONNREFUSED`): the network works.
        case refused
        /// No route, no name resolved, or no answer in time: the network itself may be down.
        case unreachable

        /// True unless the network itself may be down.
        package var networkIsUp: Bool { self != .unreachable }
    }

    /// Connects to `host:port` once, within `timeout`, and says what it found.
    package static func outcome(host: String, port: Int, timeout: Duration) async -> Outcome {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: connect(host: host, port: port, timeout: timeout))
            }
        }
    }

    private static func connect(host: String, port: Int, timeout: Duration) -> Outcome {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        // A name that does not resolve counts as no network, as the client counts `hostNotFound`:
        // with the network down, that is how every name fails.
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .unreachable }
        defer { freeaddrinfo(list) }
        let milliseconds = Int32(max(1, timeout.components.seconds * 1000
            + timeout.components.attoseconds / 1_000_000_000_000_000))
        var outcome = Outcome.unreachable
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            switch attempt(info.pointee, milliseconds: milliseconds) {
            case .connected: return .connected
            case .refused: outcome = .refused
            case .unreachable: continue
            }
        }
        return outcome
    }

    /// One address: connected, refused by the host, or not reached.
    private static func attempt(_ info: addrinfo, milliseconds: Int32) -> Outcome {
        let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard fd >= 0 else { return .unreachable }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
        if systemConnect(fd, info.ai_addr, info.ai_addrlen) == 0 { return .connected }
        guard errno == EINPROGRESS else { return verdict(errno) }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, milliseconds) == 1 else { return .unreachable }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return .unreachable }
        return error == 0 ? .connected : verdict(error)
    }

    /// A failed connect's errno: the host's refusal, or no way to it.
    package static func verdict(_ code: Int32) -> Outcome {
        code == ECONNREFUSED || code == ECONNRESET ? .refused : .unreachable
    }
}
