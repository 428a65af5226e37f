import DemoServer
import Foundation
import TestSupport
import Testing

/// A 2 GiB compression bomb (about 14 MB on the wire) against the commands that download: each
/// gives up at its 50 MB cap on the decoded bytes, within its deadline, and its peak resident
/// memory stays within the cap and 16 MB of what the same run with an honest body took.
@Suite("Compression bombs against the real commands", .serialized)
struct CompressionBombTests {
    static let cap = 50_000_000
    static let bomb = DemoFault.compressionBomb(decodedBytes: 2 << 30)
    static let deadline = 5.0

    struct Timed {
        var result: ProcessResult
        var seconds: Double
    }

    static func timed(_ tool: String, _ arguments: [String]) async throws -> Timed {
        let start = ContinuousClock.now
        let result = try await HostileServerTests.run(tool, arguments)
        return Timed(result: result, seconds: (ContinuousClock.now - start) / .seconds(1))
    }

    static func expectBombHeld(_ bombed: Timed, honest: Timed, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let ceiling = honest.result.peakResidentBytes + cap + 16 << 20
        #expect(bombed.result.peakResidentBytes < ceiling,
                "\(what): \(bombed.result.peakResidentBytes >> 20) MB resident, honest run \(honest.result.peakResidentBytes >> 20) MB",
                sourceLocation: sourceLocation)
        // The deadline bounds the download; the rest is the process starting and stopping.
        #expect(bombed.seconds < deadline + 3, "\(what): took \(bombed.seconds) s", sourceLocation: sourceLocation)
        HostileServerTests.expectSafe(bombed.result, what, sourceLocation: sourceLocation)
    }

    @Test("gallery refuses a picture that unpacks to 2 GiB, within its deadline and its memory")
    func gallery() async throws {
        let server = DemoServer()
        let picture = try DemoPictures.jpeg(number: 2, size: .init(width: 64, height: 48))
        server.route("/img/honest.jpg", .bytes(picture, contentType: "image/jpeg"))
        server.route("/img/bomb.jpg", .bytes(picture, contentType: "image/jpeg"))
        server.setFaults([Self.bomb], for: "/img/bomb.jpg")
        try await server.run { base in
            let cache = try HostileServerTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            func arguments(_ name: String) -> [String] {
                ["--plain", "--url", base.appendingPathComponent("img/\(name).jpg").absoluteString,
                 "--cache-dir", cache.path, "--timeout", String(Self.deadline)]
            }
            let honest = try await Self.timed("gallery", arguments("honest"))
            let bombed = try await Self.timed("gallery", arguments("bomb"))
            #expect(honest.result.status == 0, "\(honest.result.output)\(honest.result.errorOutput)")
            #expect(bombed.result.status == 2, "\(bombed.result.output)\(bombed.result.errorOutput)")
            #expect(bombed.result.output.contains("1 failed") || bombed.result.output.contains("failed"))
            Self.expectBombHeld(bombed, honest: honest, "gallery")
        }
    }

    @Test("lookup refuses a country dataset that unpacks to 2 GiB, within its deadline and its memory")
    func lookupDataset() async throws {
        let server = DemoServer()
        let dataset = Data(#"[{"name":"Russia","dial_code":"+7","code":"RU"}]"#.utf8)
        server.route("/honest.json", .json(dataset))
        server.route("/bomb.json", .json(dataset))
        server.setFaults([Self.bomb], for: "/bomb.json")
        try await server.run { base in
            func arguments(_ name: String, cache: URL) -> [String] {
                ["countries", "--countries-url", base.appendingPathComponent("\(name).json").absoluteString,
                 "--cache-dir", cache.path, "--timeout", String(Self.deadline)]
            }
            let honestCache = try HostileServerTests.temporaryDirectory()
            let bombCache = try HostileServerTests.temporaryDirectory()
            defer {
                try? FileManager.default.removeItem(at: honestCache)
                try? FileManager.default.removeItem(at: bombCache)
            }
            let honest = try await Self.timed("lookup", arguments("honest", cache: honestCache))
            let bombed = try await Self.timed("lookup", arguments("bomb", cache: bombCache))
            #expect(honest.result.status == 0, "\(honest.result.errorOutput)")
            #expect(bombed.result.status != 0, "\(bombed.result.output)")
            Self.expectBombHeld(bombed, honest: honest, "lookup countries")
        }
    }
}
