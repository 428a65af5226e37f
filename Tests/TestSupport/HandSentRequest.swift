import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 request written by hand over its own connection to 127.0.0.1, so that a test can
/// hold it half sent (the server has its head and part of its body) while something else happens:
/// a reload, a stop.
public final class HandSentRequest: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    private let descriptor: Int32

    /// Connects and sends `head` (request line and fields, without the blank line) and `firstPart`
    /// of the body.
    public init(port: Int, head: String, firstPart: Data) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        // A reply that never comes fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            throw Failure(description: "no connection to 127.0.0.1:\(port)")
        }
        try send(Data((head + "\r\n\r\n").utf8) + firstPart)
    }

    deinit { close(descriptor) }

    /// Sends the rest of the body.
    public func send(_ bytes: Data) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard sent > 0 else { throw Failure(description: "the connection closed while sending") }
            offset += sent
        }
    }

    /// Reads the response: its status and its body (by `Content-Length`).
    public func response() async throws -> (status: Int, body: Data) {
        let descriptor = descriptor
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Self.read(descriptor) }) }.start()
        }
    }

    private static func read(_ descriptor: Int32) throws -> (status: Int, body: Data) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = received.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
                let length = lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                let body = received[end.upperBound...]
                if let status, body.count >= length { return (status, Data(body.prefix(length))) }
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                throw Failure(description: "the connection ended after \(received.count) bytes of the response")
            }
            received.append(contentsOf: buffer[..<count])
        }
    }
}
