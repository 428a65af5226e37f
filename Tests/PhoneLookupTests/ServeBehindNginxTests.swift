import Foundation
import Networking
import TestSupport
import Testing

/// `lookup serve` keeps no state between requests, so scaling it is running more copies: the
/// README's example puts two behind nginx (Debian's nginx-light, from scripts/setup) as the load
/// balancer. This runs exactly that configuration (issue 35).
@Suite("Two lookup serve copies behind nginx", .serialized)
struct ServeBehindNginxTests {
    @Test("nginx spreads requests over both copies, and a copy stopped mid-load loses no request nginx can retry")
    func twoCopiesBehindNginx() async throws {
        let nginx = try #require(
            ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "nginx is missing: scripts/setup installs nginx-light")
        let copies = [try await ServeCopy.start(), try await ServeCopy.start()]
        let balancer: Balancer
        do {
            balancer = try await Balancer.start(nginx: nginx, upstreams: copies.map(\.port))
        } catch {
            for copy in copies { _ = await copy.process.terminate() }
            throw error
        }
        do {
            try await loadBoth(balancer: balancer, copies: copies)
        } catch {
            for copy in copies { _ = await copy.process.terminate() }
            await balancer.stop()
            throw error
        }
        _ = await copies[1].process.terminate()
        await balancer.stop()
    }

    private func loadBoth(balancer: Balancer, copies: [ServeCopy]) async throws {
        let client = HTTPClient(configuration: .init(deadline: .seconds(10), maxConcurrentRequests: 8))
        defer { client.invalidate() }
        // Distinct numbers, so that the client's coalescing of identical GETs never merges two.
        func ask(_ index: Int) async throws -> HTTPResponse {
            let number = "%2B7999467" + String(format: "%04d", index)
            let url = try #require(URL(string: "http://127.0.0.1:\(balancer.port)/v1/lookup?number=\(number)"))
            return try await client.send(HTTPRequest(url: url))
        }

        // Both copies answer.
        var servedBy: Set<String> = []
        for index in 0..<20 {
            let response = try await ask(index)
            #expect(response.statusCode == 200)
            if let upstream = response.header("X-Upstream") { servedBy.insert(upstream) }
        }
        #expect(servedBy == Set(copies.map { "127.0.0.1:\($0.port)" }), "answered by \(servedBy)")

        // Under load, the first copy is stopped: every request still gets its answer.
        var stoppedCleanly = false
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 100..<400 {
                group.addTask { try await ask(index).statusCode }
            }
            var statuses: [Int] = []
            for try await status in group {
                statuses.append(status)
                // SIGTERM: the copy finishes the answers it owes, then exits 0.
                if statuses.count == 60 { stoppedCleanly = await copies[0].process.terminate() == 0 }
            }
            return statuses
        }
        #expect(stoppedCleanly, "the stopped copy did not exit 0 after SIGTERM")
        #expect(statuses.count == 300)
        #expect(statuses.allSatisfy { $0 == 200 }, "statuses other than 200: \(statuses.filter { $0 != 200 })")
    }
}

/// One `lookup serve` on a port the OS chose.
private struct ServeCopy {
    let process: RunningProcess
    let port: Int

    static func start() async throws -> ServeCopy {
        let process = try Subprocess.launch(try lookupExecutable().path, ["serve", "--port", "0", "--lang", "en"])
        let line = try #require(await process.firstLine(), "lookup serve printed nothing")
        let port = try #require(
            line.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "no port in: \(line)")
        return ServeCopy(process: process, port: port)
    }
}

/// nginx in the foreground with a configuration of the test's own, balancing over `upstreams`.
private struct Balancer {
    let process: RunningProcess
    let port: Int
    let folder: URL

    static func start(nginx: String, upstreams: [Int]) async throws -> Balancer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = unusedLoopbackPort()
        let servers = upstreams.map { "        server 127.0.0.1:\($0) max_fails=1 fail_timeout=30s;" }
        // A GET is idempotent: on a refused or reset connection nginx asks the other copy.
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log warn;
            events { worker_connections 512; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                upstream lookup {
            \(servers.joined(separator: "\n"))
                    keepalive 16;
                }
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://lookup;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_next_upstream error timeout http_502 http_503;
                        proxy_connect_timeout 2s;
                        add_header X-Upstream $upstream_addr always;
                    }
                }
            }

            """
        let file = folder.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let process = try Subprocess.launch(nginx, ["-p", folder.path, "-c", file.path, "-e", "\(folder.path)/error.log"])
        let balancer = Balancer(process: process, port: port, folder: folder)
        // nginx says nothing when it is ready: wait until its port takes a connection.
        guard await waitUntil(timeout: .seconds(10), { acceptsConnections(port: port) }) else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            await balancer.stop()
            throw BalancerError(log: log)
        }
        return balancer
    }

    /// SIGQUIT: nginx's graceful stop.
    func stop() async {
        _ = await process.terminate(with: SIGQUIT)
        try? FileManager.default.removeItem(at: folder)
    }
}

private struct BalancerError: Error, CustomStringConvertible {
    let log: String
    var description: String { "nginx did not start: \(log)" }
}
