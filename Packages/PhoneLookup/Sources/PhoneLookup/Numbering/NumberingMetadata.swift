import Foundation
import Locking

/// libphonenumber's per-region metadata, read from the compact `metadata.tsv` the generator
/// writes (`Tools/generate-numbering.py`): one block of tab-separated lines per territory.
///
/// Reading splits lines only; a territory's patterns are compiled the first time a number
/// needs them, and kept.
final class NumberingMetadata: Sendable {
    /// The raw lines of each territory block, in the data's order.
    private let blocks: [[[Substring]]]
    /// Block indices per calling code, the main region first (libphonenumber's order).
    private let codes: [Int: [Int]]
    /// Block index per ISO region code (non-geographic `001` blocks are reached by code only).
    private let regionIndex: [String: Int]
    /// ``regions(forCallingCode:)`` made once.
    private let owners: [Int: [String]]
    private let compiled: LockedValue<[Int: Territory]>

    init(text: String) throws(NumberingDataError) {
        var blocks: [[[Substring]]] = []
        // Split as UTF-8 bytes: splitting 150 kB by Character costs milliseconds at every launch.
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n")) where bytes.first != UInt8(ascii: "#") {
            let line = Substring(bytes)
            let fields = bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Substring($0) }
            if fields[0] == "T" {
                blocks.append([fields])
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].append(fields)
            } else {
                throw .malformed(String(line.prefix(60)))
            }
        }
        var codes: [Int: [Int]] = [:]
        var regionIndex: [String: Int] = [:]
        for (index, block) in blocks.enumerated() {
            let head = block[0]
            guard head.count > 3, let code = Int(head[2]) else { throw .malformed(String(head.joined(separator: " "))) }
            if head[3] == "1" { codes[code, default: []].insert(index, at: 0) } else { codes[code, default: []].append(index) }
            if head[1] != "001" { regionIndex[String(head[1])] = index }
        }
        self.blocks = blocks
        self.codes = codes
        self.regionIndex = regionIndex
        owners = codes.mapValues { indices in indices.map { String(blocks[$0][0][1]) } }
        compiled = LockedValue([:])
    }

    /// Every calling code the data knows.
    var callingCodes: Set<Int> { Set(codes.keys) }

    /// Every ISO region code the data knows (not `001`).
    var regionCodes: [String] { regionIndex.keys.sorted() }

    /// True when `code` is a calling code in the data.
    func knows(callingCode code: Int) -> Bool { codes[code] != nil }

    /// The region codes sharing `code`, the main one first (`001` for non-geographic codes).
    func regions(forCallingCode code: Int) -> [String] {
        owners[code] ?? []
    }

    /// The territory of `region` (an ISO code), or nil when the data does not know it.
    func territory(forRegion region: String) -> Territory? {
        guard let index = regionIndex[region.uppercased()] else { return nil }
        return territory(at: index)
    }

    /// The territories sharing `code`, the main one first.
    func territories(forCallingCode code: Int) -> [Territory] {
        (codes[code] ?? []).compactMap { territory(at: $0) }
    }

    /// The only territory of `code`, nil where the code is shared or unknown.
    func onlyTerritory(forCallingCode code: Int) -> Territory? {
        guard let indices = codes[code], indices.count == 1 else { return nil }
        return territory(at: indices[0])
    }

    /// The main territory of `code` (libphonenumber's `getMetadataForRegionOrCallingCode`).
    func mainTerritory(forCallingCode code: Int) -> Territory? {
        codes[code]?.first.flatMap { territory(at: $0) }
    }

    private func territory(at index: Int) -> Territory? {
        if let territory = compiled.withLock({ $0[index] }) { return territory }
        // The shipped data is checked by the tests; a pattern the matcher cannot read drops its region.
        guard let territory = try? Territory(lines: blocks[index]) else { return nil }
        compiled.withLock { $0[index] = territory }
        return territory
    }
}

/// Numbering data that could not be read.
package enum NumberingDataError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(String)
    case malformed(String)
    /// A file whose size or checksum is not the one its data set's `MANIFEST` records.
    case corrupt(path: String)
    /// A file a data set needs that its `MANIFEST` does not list.
    case notListed(String)

    public var description: String {
        switch self {
        case .missing(let what): "numbering data not found: \(what)"
        case .malformed(let line): "numbering data is malformed near \"\(line)\""
        case .corrupt(let path): "\(path) differs from its MANIFEST entry (size or CRC-32)"
        case .notListed(let name): "\(name) is not in MANIFEST"
        }
    }
}
