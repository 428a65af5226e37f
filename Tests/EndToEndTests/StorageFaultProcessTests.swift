import Foundation
import TestSupport
import Testing

/// Disk full and a read-only cache folder through `gallery --json`, the pictures still shown.
@Suite("Storage faults through the gallery command", .serialized)
struct StorageFaultProcessTests {
    static func gallery(_ arguments: [String], language: String) async throws -> ProcessResult {
        let path = try #require(builtExecutable("gallery"), "gallery is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = language
        environment["LC_ALL"] = nil
        return try await Subprocess.run(path, arguments, environment: environment, timeout: .seconds(60))
    }

    static func items(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["event"] as? String == "item" }
    }

    @Test("a disk that fills: every picture still shows, those not kept say diskFull; the kept ones come from disk next",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs"))
    func diskFull() async throws {
        let disk = try #require(SmallDisk(kilobytes: 300))
        let port = try await GalleryPort.free()
        let arguments = ["--demo", "--demo-port", "\(port)", "--json", "--cache-dir", disk.url.appendingPathComponent("c").path]
        let first = try await Self.gallery(arguments, language: "en_US.UTF-8")
        #expect(first.status == 0, "\(first.errorOutput)")
        let items = Self.items(first.output)
        #expect(items.count == 7 && items.allSatisfy { $0["state"] as? String == "loaded" })
        let notKept = items.filter { $0["notSaved"] != nil }
        #expect(!notKept.isEmpty && notKept.allSatisfy { $0["notSaved"] as? String == "diskFull" }, "\(first.output)")
        let kept = Set(items.filter { $0["notSaved"] == nil }.compactMap { $0["index"] as? Int })
        #expect(!kept.isEmpty, "something fitted")
        let second = try await Self.gallery(arguments, language: "en_US.UTF-8")
        let fromDisk = Set(Self.items(second.output).filter { $0["source"] as? String == "disk" }.compactMap { $0["index"] as? Int })
        #expect(kept.isSubset(of: fromDisk), "what was kept is not lost: \(kept) \(fromDisk)")
    }

    @Test("a read-only cache folder is said as such, in English and Russian, and the pictures still load",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs"))
    func readOnly() async throws {
        let disk = try #require(SmallDisk(kilobytes: 64, readOnly: true))
        let port = try await GalleryPort.free()
        let folder = disk.url.appendingPathComponent("c").path
        for (language, words) in [("en_US.UTF-8", "\(folder) is read-only"), ("ru_RU.UTF-8", "\(folder) доступен только для чтения")] {
            let result = try await Self.gallery(["--demo", "--demo-port", "\(port)", "--json", "--cache-dir", folder],
                                                language: language)
            #expect(result.status == 0)
            #expect(Self.items(result.output).count == 7)
            #expect(result.errorOutput.contains(words), "\(result.errorOutput)")
            #expect(!result.errorOutput.contains("SQLite"))
        }
    }
}

/// The same storage faults through `flickr --json`: the saved first page says what happened in the
/// cache's words, and the command adds what to do.
@Suite("Storage faults through the flickr command", .serialized)
struct FlickrStorageFaultProcessTests {
    static func flickr(_ arguments: [String], language: String) async throws -> ProcessResult {
        let path = try #require(builtExecutable("flickr"), "flickr is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = language
        environment["LC_ALL"] = nil
        return try await Subprocess.run(path, arguments, environment: environment, timeout: .seconds(60))
    }

    static func warnings(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["event"] as? String == "warning" }
    }

    @Test("a full disk and a read-only folder: the photos are listed, the first page's warning says why and what to do",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs"))
    func firstPageNotKept() async throws {
        let full = try #require(SmallDisk(kilobytes: 8))
        let readOnly = try #require(SmallDisk(kilobytes: 64, readOnly: true))
        let folder = readOnly.url.appendingPathComponent("c").path
        let cases = [
            (full.url.appendingPathComponent("c").path, "diskFull", "en_US.UTF-8",
             "The first page could not be kept for the next launch: the disk is full. "
                + "Free some disk space, or choose another cache directory with --cache-dir"),
            (folder, "readOnly", "en_US.UTF-8",
             "The first page could not be kept for the next launch: \(folder) is read-only. "
                + "Choose another cache directory with --cache-dir"),
            (folder, "readOnly", "ru_RU.UTF-8",
             "Первую страницу не удалось сохранить до следующего запуска: \(folder) доступен только для чтения. "
                + "Укажите другой каталог кэша через --cache-dir"),
        ]
        for (cache, code, language, reason) in cases {
            let result = try await Self.flickr(["--demo", "--json", "--pages", "1", "--cache-dir", cache], language: language)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.output.contains(#""event":"page","page":1,"source":"network","count":40"#))
            let warnings = Self.warnings(result.output)
            #expect(warnings.count == 1 && warnings.first?["warning"] as? String == code, "\(result.output)")
            #expect(warnings.first?["reason"] as? String == reason)
            #expect(!result.output.contains("SQLite"))
        }
    }
}

/// A port nothing listens on, for the demo server to take.
enum GalleryPort {
    static func free() async throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
