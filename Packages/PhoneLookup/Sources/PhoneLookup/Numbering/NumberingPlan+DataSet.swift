import Foundation

extension NumberingPlan {
    /// The shipped data set: `Resources/Numbering` of the package.
    package static var bundledDirectory: URL? {
        Bundle.module.url(forResource: "Resources", withExtension: nil)?.appendingPathComponent("Numbering")
    }

    /// A data set on disk, laid out as the shipped one (`Resources/Numbering`, written by
    /// `Tools/regenerate.sh` from a libphonenumber checkout): `VERSION`, whose first line names
    /// the release; `MANIFEST`, the `crc32 size path` of every other file; `metadata.tsv`,
    /// `shortnumbers.tsv`, `timezones.txt`, and the prefix tables under `carrier/`, `geocoding/`
    /// and `l10n/`.
    ///
    /// Checked whole before it is used, since the prefix tables are read only when a number first
    /// needs them: every file `MANIFEST` lists must be there with its size and checksum, and every
    /// region's metadata must compile. What `lookup serve --data-dir` loads, and loads again on SIGHUP.
    ///
    /// - Throws: `NumberingDataError` naming the first file missing, differing from `MANIFEST`
    ///   or malformed.
    package static func load(dataDirectory directory: URL) throws(NumberingDataError) -> NumberingPlan {
        let version = try text(of: "VERSION", in: directory).prefix { $0 != "\n" }
        guard !version.trimmingCharacters(in: .whitespaces).isEmpty else { throw .malformed("VERSION is empty") }
        let manifest = try Self.manifest(in: directory)
        for required in ["metadata.tsv", "shortnumbers.tsv"] where manifest[required] == nil {
            throw .notListed(required)
        }
        for (path, entry) in manifest.sorted(by: { $0.key < $1.key }) {
            let file = directory.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: file.path) else { throw .missing(file.path) }
            guard data.count == entry.size, CRC32.checksum(data) == entry.crc else {
                throw .corrupt(path: file.path)
            }
        }
        let metadata = try NumberingMetadata(text: try text(of: "metadata.tsv", in: directory))
        guard !metadata.regionCodes.isEmpty else { throw .malformed("metadata.tsv has no region") }
        // Territories are compiled when a number first needs them: compile each now, so that one
        // that does not is refused here rather than answered wrongly later.
        for region in metadata.regionCodes where metadata.territory(forRegion: region) == nil {
            throw .malformed("metadata.tsv: region \(region)")
        }
        return NumberingPlan(metadata: metadata, tables: PrefixTables(directory: directory),
                             shortNumbers: ShortNumberTable(file: directory.appendingPathComponent("shortnumbers.tsv")),
                             version: String(version))
    }

    private static func text(of name: String, in directory: URL) throws(NumberingDataError) -> String {
        let file = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .missing(file.path) }
        guard let text = String(data: data, encoding: .utf8) else { throw .malformed("\(name) is not UTF-8") }
        return text
    }

    /// `MANIFEST`'s entries by path: `crc32 size path` a line, the checksum in hexadecimal.
    private static func manifest(in directory: URL) throws(NumberingDataError) -> [String: (crc: UInt32, size: Int)] {
        var entries: [String: (crc: UInt32, size: Int)] = [:]
        for line in try text(of: "MANIFEST", in: directory).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, let crc = UInt32(parts[0], radix: 16), let size = Int(parts[1]),
                  !parts[2].hasPrefix("/"), !parts[2].split(separator: "/").contains("..") else {
                throw .malformed("MANIFEST: \(line.prefix(60))")
            }
            entries[parts[2]] = (crc, size)
        }
        guard !entries.isEmpty else { throw .malformed("MANIFEST lists no file") }
        return entries
    }
}
