import DemoServer
import ErrorReporting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the gallery says about its demo server's port: that it took another one, or why it could
/// not start at all (a runtime failure, exit 1, never a usage error).
enum DemoPortNotice {
    /// The port asked for was busy, so the server listens on `taken` instead.
    static func busy(asked: Int, taken: Int) -> LocalizedText {
        LocalizedText(
            en: "port \(asked) is busy, so the demo server took 127.0.0.1:\(taken) instead "
                + "(pictures cached through port \(asked) are fetched again)",
            ru: "порт \(asked) занят, поэтому демо-сервер занял 127.0.0.1:\(taken) "
                + "(картинки, сохранённые через порт \(asked), загрузятся заново)")
    }

    /// True when nothing listens on 127.0.0.1:`port` right now (a bind that is undone at once),
    /// so the screen can show before the server has started on it.
    static func isFree(port: Int) -> Bool {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// The error to exit with when the demo server could not start.
    static func failure(_ error: any Error, language: Language) -> DemoStartFailure {
        DemoStartFailure(
            message: LocalizedText(
                en: "The demo server could not start on 127.0.0.1 (\(error))",
                ru: "Демо-сервер не запустился на 127.0.0.1 (\(error))"),
            language: language)
    }
}

/// The demo server did not start: printed as `Error: …` with exit status 1.
struct DemoStartFailure: Error, CustomStringConvertible {
    let message: LocalizedText
    let language: Language

    var description: String { message.text(in: language) }
}
