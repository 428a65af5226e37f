import Foundation
import TestSupport
import Testing

/// A script reading any command's `--json` finds a failure the same way: an object with a stable
/// `error` code and the `reason` a person reads (issue 28).
@Suite("One JSON error shape in every command", .serialized)
struct JSONErrorShapeTests {
    /// The JSON objects of `output` that report a failure.
    static func failures(in output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["error"] != nil
            else { return nil }
            return object
        }
    }

    @Test("a gallery item, a flickr run and a lookup search fail with the same keys: error and reason",
          arguments: [
              ("gallery", ["--demo", "--demo-port", "0", "--demo-faults", "2=404", "--json"]),
              ("flickr", ["--json"]),
              ("lookup", ["search", "--json", "+7 999 1"]),
          ])
    func sameShape(tool: String, arguments: [String]) async throws {
        let home = try DemoCacheTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await DemoCacheTests.run(tool, arguments, home: home)
        #expect(result.status != 0)
        let failures = Self.failures(in: result.output)
        #expect(!failures.isEmpty, "\(tool) printed no failure object: \(result.output) \(result.errorOutput)")
        for failure in failures {
            #expect(failure["error"] is String, "\(tool): \(failure)")
            #expect((failure["reason"] as? String)?.isEmpty == false, "\(tool): \(failure)")
            #expect(failure["message"] == nil, "\(tool): \(failure)")
        }
    }
}
