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

/// A TCP connect with a timeout, off the cooperative pool: the cheapest honest "is it reachable".
enum TCPProbe {
    static func canConnect(host: String, port: Int, timeout: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: connect(host: host, port: port, timeout: timeout))
            }
        }
    }

    private static func connect(host: String, port: Int, timeout: Duration) -> Bool {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return false }
        defer { freeaddrinfo(list) }
        let milliseconds = Int32(max(1, timeout.components.seconds * 1000
            + timeout.components.attoseconds / 1_000_000_000_000_000))
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
            let started = systemConnect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            if started == 0 { return true }
            guard errno == EINPROGRESS else { continue }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&descriptor, 1, milliseconds) == 1 else { continue }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { continue }
            return true
        }
        return false
    }
}
