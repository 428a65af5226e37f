import Foundation
import PhoneLookup
import Testing

/// The generated numbering data against the version it records: `Tools/regenerate.sh` writes
/// every file of `Resources/Numbering` from one libphonenumber checkout, names the version in
/// `VERSION` and lists each file's CRC-32 and size in `MANIFEST`. A hand edit, a file left over
/// from another version or a partial regeneration fails here.
@Suite("Generated numbering data and its recorded version")
struct GeneratedDataTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Packages/PhoneLookup/Sources/PhoneLookup/Resources/Numbering").standardized

    /// `crc32 size path` per line.
    static func manifest() throws -> [String: (crc: UInt32, size: Int)] {
        let text = try String(contentsOf: directory.appendingPathComponent("MANIFEST"), encoding: .utf8)
        var entries: [String: (UInt32, Int)] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, let crc = UInt32(parts[0], radix: 16), let size = Int(parts[1]) else { continue }
            entries[parts[2]] = (crc, size)
        }
        return entries
    }

    @Test("every generated file is the one MANIFEST lists, byte for byte, and nothing else is there")
    func filesMatchManifest() throws {
        let listed = try Self.manifest()
        #expect(listed.count > 400)
        var found: Set<String> = []
        let base = Self.directory.path + "/"
        let walker = try #require(FileManager.default.enumerator(atPath: Self.directory.path))
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  path != "MANIFEST" else { continue }
            found.insert(path)
            let data = try Data(contentsOf: URL(fileURLWithPath: base + path))
            let entry = try #require(listed[path], "\(path) is not in MANIFEST")
            #expect(data.count == entry.size && CRC32.checksum(data) == entry.crc, "\(path) differs from what was generated")
        }
        #expect(found == Set(listed.keys), "listed but missing: \(Set(listed.keys).subtracting(found).sorted())")
    }

    @Test("VERSION, metadata.tsv and shortnumbers.tsv name the same libphonenumber version")
    func oneVersion() throws {
        func firstLine(_ name: String) throws -> String {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            return String(text.prefix { $0 != "\n" })
        }
        let version = try firstLine("VERSION")
        #expect(version.hasPrefix("libphonenumber "))
        #expect(try firstLine("metadata.tsv").hasPrefix("# \(version), compiled"))
        #expect(try firstLine("shortnumbers.tsv").hasPrefix("# \(version) short numbers"))
    }

    @Test("the checksum is the CRC-32 zlib computes")
    func checksum() {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
    }
}
