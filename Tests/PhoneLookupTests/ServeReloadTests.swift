import DemoServer
import Foundation
import Locking
import Networking
@testable import lookup
import PhoneLookup
import TestSupport
import Testing

/// `lookup serve` as a deployment runs it: new numbering data on SIGHUP without failing a request,
/// broken data refused with the old kept, /healthz saying whether data is in, and a SIGTERM that
/// lets a request in flight finish (issue 35). Each waits on the server's own words: its log
/// lines, its readiness and its in-flight gauge.
@Suite("lookup serve's data reloads, readiness and stop", .serialized)
struct ServeReloadTests {
    @Test("SIGHUP loads the new data while a request is in flight and others keep coming; none fails")
    func reloadWithRequestInFlight() async throws {
        let data = try TestDataSet(version: "libphonenumber test-1 (reload test)")
        defer { data.remove() }
        let serve = try await ServeProcess.start(["--data-dir", data.directory.path])
        let client = HTTPClient(configuration: .init(deadline: .seconds(10)))
        defer { client.invalidate() }
        let status = try await serve.run {
            #expect(try await serve.health(client) == (200, "libphonenumber test-1 (reload test)"))
            let body = Data(#"{"numbers": ["+79994673756", "+7999"]}"#.utf8)
            let held = try serve.halfSentBatch(body)
            try await serve.waitForRequestsInFlight(atLeast: 2, client)

            // Requests keep coming while the data is replaced under them.
            let reloaded = LockedValue(false)
            let load = Task {
                var statuses: [Int] = []
                var versions: Set<String> = []
                // Until one request was sent after the reload was said to be done: one sent
                // before it may still be answered from the old data.
                var sentAfterReload = false
                while !sentAfterReload || statuses.count < 5, statuses.count < 5_000 {
                    let afterReload = reloaded.withLock { $0 }
                    let number = "%2B7999467" + String(format: "%04d", statuses.count % 10_000)
                    let response = try await client.send(HTTPRequest(url: serve.url("/v1/lookup?number=\(number)")))
                    statuses.append(response.statusCode)
                    versions.insert(response.header("X-Numbering-Data") ?? "")
                    sentAfterReload = sentAfterReload || afterReload
                }
                return (statuses, versions)
            }
            try data.setVersion("libphonenumber test-2 (reload test)")
            kill(serve.process.pid, SIGHUP)
            let line = await serve.process.errorLine(containing: "reloaded the numbering data")
            reloaded.withLock { $0 = true }
            #expect(line?.contains("now answering with libphonenumber test-2 (reload test)") == true, "\(line ?? "no line")")

            try held.send(body.dropFirst(10))
            let (status, answer) = try await held.response()
            #expect(status == 200)
            let items = try #require(try JSONSerialization.jsonObject(with: answer) as? [[String: Any]])
            #expect(items.count == 2 && items[0]["number"] as? String == "+79994673756" && items[1]["error"] != nil)

            let (statuses, versions) = try await load.value
            #expect(statuses.allSatisfy { $0 == 200 }, "statuses other than 200: \(statuses.filter { $0 != 200 })")
            #expect(versions.contains("libphonenumber test-2 (reload test)"), "\(versions)")
            #expect(try await serve.health(client) == (200, "libphonenumber test-2 (reload test)"))
            let scrape = try await Scrape.read(serve.base, client)
            #expect(scrape.value("lookup_numbering_data_reloads_total", [("result", "loaded")]) == 1)
            #expect(scrape.value("lookup_numbering_data_info", [("version", "libphonenumber test-2 (reload test)")]) == 1)
            #expect(scrape.value("lookup_numbering_data_info", [("version", "libphonenumber test-1 (reload test)")]) == nil)
        }
        #expect(status == 0)
    }

    @Test("the shipped data is checked against its MANIFEST as --data-dir is: a file changed under it is refused")
    func shippedDataChecked() async throws {
        let data = try TestDataSet(version: "libphonenumber test-2 (shipped copy)")
        defer { data.remove() }
        let loader = ServedDataLoader(dataDirectory: nil, prefixData: nil, language: .english, placeLanguage: nil,
                                      shippedDirectory: data.directory)
        #expect(loader.source(in: .english) == "the shipped data")
        #expect(try await loader.load().version == "libphonenumber test-2 (shipped copy)")
        try data.corrupt("metadata.tsv")
        await #expect(throws: NumberingDataError.corrupt(path: data.directory.appendingPathComponent("metadata.tsv").path)) {
            try await loader.load()
        }
    }

    @Test("a data set that does not match its MANIFEST is refused with a log line; the old data answers on")
    func brokenDataRefused() async throws {
        let data = try TestDataSet(version: "libphonenumber test-1 (refusal test)")
        defer { data.remove() }
        let serve = try await ServeProcess.start(["--data-dir", data.directory.path])
        let client = HTTPClient(configuration: .init(deadline: .seconds(10)))
        defer { client.invalidate() }
        let status = try await serve.run {
            try data.corrupt("metadata.tsv")
            kill(serve.process.pid, SIGHUP)
            let line = try #require(await serve.process.errorLine(containing: "refused the numbering data"))
            #expect(line.contains("metadata.tsv differs from its MANIFEST entry"), "\(line)")
            #expect(line.hasSuffix("still answering with libphonenumber test-1 (refusal test)"), "\(line)")

            #expect(try await serve.health(client) == (200, "libphonenumber test-1 (refusal test)"))
            let answer = try await client.send(HTTPRequest(url: serve.url("/v1/lookup?number=%2B79994673756")))
            #expect(answer.statusCode == 200)
            #expect(answer.header("X-Numbering-Data") == "libphonenumber test-1 (refusal test)")
            let scrape = try await Scrape.read(serve.base, client)
            #expect(scrape.value("lookup_numbering_data_reloads_total", [("result", "refused")]) == 1)
        }
        #expect(status == 0)
    }

    @Test("a data set that cannot be loaded at start is said, with exit 65")
    func brokenDataAtStart() async throws {
        let data = try TestDataSet(version: "libphonenumber test-1 (start test)")
        defer { data.remove() }
        try FileManager.default.removeItem(at: data.directory.appendingPathComponent("shortnumbers.tsv"))
        let result = try await runLookup(["serve", "--port", "0", "--lang", "en", "--data-dir", data.directory.path])
        #expect(result.status == 65)
        #expect(result.err.hasPrefix("lookup: cannot load the numbering data from \(data.directory.path): "), "\(result.err)")
        #expect(result.err.contains("shortnumbers.tsv"), "\(result.err)")
        let russian = try await runLookup(["serve", "--port", "0", "--lang", "ru", "--data-dir", data.directory.path])
        #expect(russian.status == 65)
        #expect(russian.err.hasPrefix("lookup: не удалось загрузить данные нумерации из \(data.directory.path): нет "),
                "\(russian.err)")
    }

    @Test("SIGTERM lets a request in flight finish its answer, then the process exits 0")
    func stopWithRequestInFlight() async throws {
        let serve = try await ServeProcess.start([])
        let client = HTTPClient(configuration: .init(deadline: .seconds(10)))
        defer { client.invalidate() }
        let body = Data(#"{"numbers": ["+79994673756"], "lang": "ru"}"#.utf8)
        let held: HandSentRequest
        do {
            held = try serve.halfSentBatch(body)
            try await serve.waitForRequestsInFlight(atLeast: 2, client)
        } catch {
            await serve.process.terminate()
            throw error
        }
        kill(serve.process.pid, SIGTERM)
        try held.send(body.dropFirst(10))
        let (status, answer) = try await held.response()
        #expect(status == 200)
        let items = try #require(try JSONSerialization.jsonObject(with: answer) as? [[String: Any]])
        #expect((items.first?["results"] as? [String])?.first?.hasPrefix("Страна: Россия") == true)
        #expect(await serve.process.terminate() == 0)
    }

    @Test("/healthz answers 503 while no data is in, and 200 with the data's version once it is; both as documented")
    func healthWhileLoading() throws {
        let service = LookupService(language: .english)
        let document = try OpenAPISubset(try #require(LookupEndpoint.document()))
        let loading = service.respond(to: .init(method: "GET", path: LookupEndpoint.healthPath))
        #expect(loading.status == 503 && loading.headers["Retry-After"] == "1")
        let lookup = service.respond(to: .init(method: "GET", path: LookupEndpoint.path, query: ["number": "+79994673756"]))
        #expect(lookup.status == 503)
        #expect(try JSONDecoder().decode(LookupRefusal.self, from: lookup.body).error.code == "loading")
        #expect(service.respond(to: .init(method: "GET", path: LookupEndpoint.documentPath)).status == 200)
        for (path, response) in [(LookupEndpoint.healthPath, loading), (LookupEndpoint.path, lookup)] {
            let schema = try #require(document.responseSchema(method: "GET", path: path, status: 503), "\(path) 503")
            let problems = document.problems(try JSONSerialization.jsonObject(with: response.body), against: schema)
            #expect(problems.isEmpty, "\(path): \(problems)")
        }

        service.install(LookupEndpoint(engine: Fixtures.engine, language: .english))
        let ready = service.respond(to: .init(method: "GET", path: LookupEndpoint.healthPath))
        #expect(ready.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: ready.body) as? [String: String])
        #expect(body == ["status": "ready", "numberingData": Fixtures.engine.plan.version])
    }
}

/// One `lookup serve` process on a port the OS chose, its standard error kept.
private struct ServeProcess {
    let process: RunningProcess
    let base: URL

    static func start(_ arguments: [String]) async throws -> ServeProcess {
        let process = try Subprocess.launch(try lookupExecutable().path, ["serve", "--port", "0", "--lang", "en"] + arguments,
                                            keepingErrors: true)
        guard let line = await process.firstLine(),
              let port = line.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap({ Int($0.1) }),
              let base = URL(string: "http://127.0.0.1:\(port)") else {
            let errors = process.errorOutputSoFar
            await process.terminate()
            throw HandSentRequest.Failure(description: "lookup serve did not start: \(errors)")
        }
        return ServeProcess(process: process, base: base)
    }

    /// Runs `body` against the server, then stops it with SIGTERM and gives the status it ended
    /// with; when `body` throws, the server is stopped before the error goes on.
    func run(_ body: () async throws -> Void) async throws -> Int32 {
        do {
            try await body()
        } catch {
            await process.terminate()
            throw error
        }
        return await process.terminate()
    }

    func url(_ pathAndQuery: String) throws -> URL {
        try #require(URL(string: base.absoluteString + pathAndQuery))
    }

    /// `/healthz`'s status and the data version it names.
    func health(_ client: HTTPClient) async throws -> (Int, String?) {
        let response = try await client.send(HTTPRequest(url: try url("/healthz")))
        let body = try JSONSerialization.jsonObject(with: response.body) as? [String: String]
        return (response.statusCode, body?["numberingData"])
    }

    /// A `POST /v1/lookup` of `body` whose first ten bytes alone are sent.
    func halfSentBatch(_ body: Data) throws -> HandSentRequest {
        try HandSentRequest(
            port: base.port ?? 0,
            head: "POST /v1/lookup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)",
            firstPart: body.prefix(10))
    }

    /// Returns once the server's in-flight gauge, which counts the scrape asking, reaches `count`.
    func waitForRequestsInFlight(atLeast count: Double, _ client: HTTPClient) async throws {
        let reached = try await waitUntil(timeout: .seconds(10), every: .milliseconds(5)) {
            (try await Scrape.read(base, client).value("lookup_http_requests_in_flight", []) ?? 0) >= count
        }
        try #require(reached, "the server never had \(Int(count)) requests in flight")
    }
}

/// A small numbering data set of the shipped data's layout in a folder of its own: the shipped
/// metadata, short numbers and time zones, Russia's carriers, a `VERSION` of the test's and a
/// `MANIFEST` that matches.
private struct TestDataSet {
    let directory: URL
    private static let files = ["metadata.tsv", "shortnumbers.tsv", "timezones.txt", "carrier/7.txt"]

    init(version: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("numbering-\(UUID().uuidString)")
        let shipped = try #require(NumberingPlan.bundledDirectory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("carrier"),
                                                withIntermediateDirectories: true)
        for file in Self.files {
            try FileManager.default.copyItem(at: shipped.appendingPathComponent(file),
                                             to: directory.appendingPathComponent(file))
        }
        try setVersion(version)
    }

    /// Names `version` in `VERSION`, and lists every file in `MANIFEST` as it now is.
    func setVersion(_ version: String) throws {
        try Data((version + "\n").utf8).write(to: directory.appendingPathComponent("VERSION"))
        var manifest = ""
        for file in Self.files + ["VERSION"] {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            manifest += String(format: "%08x %d %@\n", CRC32.checksum(data), data.count, file)
        }
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("MANIFEST"))
    }

    /// Changes `file` behind `MANIFEST`'s back, as a copy cut short or overwritten would.
    func corrupt(_ file: String) throws {
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent(file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("T\tXX\t999\n".utf8))
        try handle.close()
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
