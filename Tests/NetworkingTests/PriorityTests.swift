import DemoServer
import Foundation
import Locking
import Networking
import TestSupport
import Testing

@Suite("Load priority")
struct PriorityTests {
    @Test("with the limit at 1 and ten loads queued, raising the last one's priority makes it start next")
    func raisedPriorityStartsNext() async throws {
        let order = LockedValue<[String]>([])
        let (release, released) = AsyncStream<Void>.makeStream()
        let server = demoServer { server in
            server.route("/hold") { _ in
                // Holds the one slot until the test says.
                for await _ in release { break }
                return .bytes(Data([1]))
            }
            server.route("/queued/*") { request in
                order.withLock { $0.append(request.path) }
                return .bytes(Data([2]))
            }
        }
        try await server.run { base in
            let client = testClient(deadline: .seconds(10), limit: 1)
            let holder = Task { try await client.data(from: base.appendingPathComponent("hold")) }
            #expect(await server.waitForStats(timeout: .seconds(5)) { $0.activeRequests == 1 })

            let priorities = (0..<10).map { _ in RequestPriority(.normal) }
            let loads = (0..<10).map { index in
                Task {
                    try await client.send(
                        HTTPRequest(url: base.appendingPathComponent("queued/\(index)")), priority: priorities[index])
                }
            }
            #expect(await waitUntil(timeout: .seconds(5)) { client.waitingForSlotCount == 10 })
            priorities[9].level = .high
            released.yield()
            _ = try await holder.value
            for load in loads { _ = try await load.value }

            let served = order.withLock { $0 }
            #expect(served.first == "/queued/9")
            #expect(Set(served.dropFirst()) == Set((0..<9).map { "/queued/\($0)" }))
            client.invalidate()
        }
    }
}
