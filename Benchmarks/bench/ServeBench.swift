import Foundation
import Networking

/// `lookup serve` under load beside nginx serving the very same answer as a static file: the
/// ratio of requests per second is the row, with each one's 99th-percentile latency beside it.
/// Both are loaded by wrk with one thread and 32 connections, one after the other, on loopback.
let serveScenarios: [Scenario] = [
    Scenario(name: "lookup-serve") { [try await serveRow()] },
]

private let servePath = "/v1/lookup?number=%2B79994673756"

private func serveRow() async throws -> Row {
    let target = "≥ 0.5x nginx's requests/s"
    guard let lookup = siblingExecutable("lookup") else {
        return Row(scenario: "lookup-serve", figure: "lookup not built in release",
                   reference: "swift build -c release --product lookup", target: target, met: false)
    }
    guard let wrk = installed("wrk") else {
        return Row(scenario: "lookup-serve", figure: "wrk is missing", reference: "scripts/setup installs it",
                   target: target, met: nil)
    }
    let server = try ServedProcess.start(lookup, ["serve", "--port", "0", "--lang", "en"])
    defer { server.stop() }
    let port = try server.port()
    let ours = try load(wrk, url: "http://127.0.0.1:\(port)\(servePath)")

    guard let nginx = installed("nginx", in: ["/usr/sbin/", "/usr/bin/"]) else {
        return Row(scenario: "lookup-serve", figure: ours.summary, reference: "nginx is missing (nginx-light)",
                   target: target, met: nil)
    }
    let client = HTTPClient(configuration: .init(deadline: .seconds(5)))
    defer { client.invalidate() }
    let answer = try await client.data(for: URL(string: "http://127.0.0.1:\(port)\(servePath)")!)
    let staticServer = try StaticNginx.start(nginx, body: answer)
    defer { staticServer.stop() }
    let theirs = try load(wrk, url: "http://127.0.0.1:\(staticServer.port)/answer.json")
    let ratio = ours.requestsPerSecond / theirs.requestsPerSecond
    return Row(scenario: "lookup-serve", figure: ours.summary + String(format: " (%.2fx)", ratio),
               reference: "nginx " + theirs.summary, target: target, met: ratio >= 0.5)
}

/// What one wrk run measured.
private struct Load {
    var requestsPerSecond: Double
    var p99Milliseconds: Double
    var summary: String { String(format: "%.0f req/s, p99 %.2f ms", requestsPerSecond, p99Milliseconds) }
}

private func load(_ wrk: String, url: String) throws -> Load {
    // A short warm-up, then the measured run.
    _ = try output(of: wrk, ["-t1", "-c32", "-d1s", url])
    let text = try output(of: wrk, ["-t1", "-c32", "-d5s", "--latency", url])
    guard let rate = text.firstMatch(of: /Requests\/sec:\s+([\d.]+)/).flatMap({ Double($0.1) }),
          let p99 = text.firstMatch(of: /99%\s+([\d.]+)(us|ms|s)/) else {
        throw BenchError("wrk said: \(text)")
    }
    let scales: [String: Double] = ["us": 0.001, "ms": 1, "s": 1000]
    let scale = scales[String(p99.output.2)] ?? 1
    guard text.range(of: "Non-2xx") == nil else { throw BenchError("answers other than 2xx: \(text)") }
    let p99Value = Double(String(p99.output.1)) ?? 0
    return Load(requestsPerSecond: rate, p99Milliseconds: p99Value * scale)
}

/// A server process started by the bench, stopped with it.
private final class ServedProcess {
    let process: Process
    let pipe = Pipe()

    private init(process: Process) { self.process = process }

    static func start(_ executable: String, _ arguments: [String]) throws -> ServedProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["LANG": "C", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let served = ServedProcess(process: process)
        process.standardOutput = served.pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        return served
    }

    /// The port named in the first line it printed ("… on http://127.0.0.1:PORT/…").
    func port() throws -> Int {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap({ Int($0.1) }) else {
            throw BenchError("no port in: \(text)")
        }
        return port
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// nginx with one worker serving `body` as a static file, as a real deployment would serve it.
private struct StaticNginx {
    let server: ServedProcess
    let port: Int
    let folder: URL

    static func start(_ nginx: String, body: Data) throws -> StaticNginx {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("www"), withIntermediateDirectories: true)
        try body.write(to: folder.appendingPathComponent("www/answer.json"))
        let port = try unusedPort()
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                default_type application/json;
                server {
                    listen 127.0.0.1:\(port);
                    root \(folder.path)/www;
                }
            }

            """
        let file = folder.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let server = try ServedProcess.start(nginx, ["-p", folder.path, "-c", file.path, "-e", "\(folder.path)/error.log"])
        // nginx prints nothing when ready: wait until its port answers.
        for _ in 0..<500 where !portAnswers(port) { usleep(10_000) }
        return StaticNginx(server: server, port: port, folder: folder)
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

private func unusedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    guard ok else { throw BenchError("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

private func portAnswers(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

private func installed(_ name: String, in folders: [String] = ["/usr/bin/", "/usr/local/bin/"]) -> String? {
    folders.map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

private struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
