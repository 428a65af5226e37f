import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that nothing listens on: one the OS has just handed out, bound, then closed.
/// For a server that cannot take port 0 (nginx), or an address that must refuse connections.
public func unusedLoopbackPort() -> Int {
    let descriptor = tcpSocket()
    defer { close(descriptor) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something on 127.0.0.1 takes a TCP connection at `port` now.
public func acceptsConnections(port: Int) -> Bool {
    let descriptor = tcpSocket()
    defer { close(descriptor) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

private func tcpSocket() -> Int32 {
    #if canImport(Glibc)
    socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    socket(AF_INET, SOCK_STREAM, 0)
    #endif
}

private func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return address
}
