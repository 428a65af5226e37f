import DemoServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Waiting for the demo server's stats")
struct StatsWaitTests {
    @Test("a wait that never holds ends false at its deadline; one that holds later ends true, once")
    func deadlineThenEvent() async throws {
        let server = DemoServer()
        server.route("/x", .text("x"))
        try await server.run { base in
            #expect(await server.waitForStats(timeout: .milliseconds(50)) { $0.requestsServed == 1 } == false)
            async let served = server.waitForStats { $0.requestsServed == 1 }
            let (body, _) = try await URLSession.shared.data(from: base.appendingPathComponent("x"))
            #expect(body == Data("x".utf8))
            #expect(await served)
            // A change after both waits ended resumes neither again (a double resume would trap).
            server.resetStats()
            #expect(await server.waitForStats { $0.requestsServed == 0 })
        }
    }
}
