import Foundation

/// A table of `prefix|description` lines, as libphonenumber ships its carrier and geocoding data.
///
/// Prefixes are international digits without `+` (`7495|Moscow`); the longest prefix of a number
/// that the table holds gives its description. Lines starting with `#` and blank lines are ignored.
///
/// ```swift
/// let table = try PrefixTable(parsing: "7495|Moscow\n7|Russia", source: "geocoding/7.txt")
/// table.description(for: "74951234567")   // "Moscow"
/// ```
package struct PrefixTable: Sendable, Equatable {
    /// Descriptions keyed by the prefix's digits read as a number after a leading 1 (so `07` and `7` differ).
    private var storage: [UInt64: String] = [:]
    /// The longest prefix held, in digits.
    package private(set) var longestPrefix = 0

    /// An empty table.
    package init() {}

    /// Parses the text of one table file.
    ///
    /// - Parameter source: the file's name, used in error messages.
    /// - Throws: `PrefixTableError` naming the first line that is not `digits|description`.
    package init(parsing text: String, source: String) throws(PrefixTableError) {
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard let bar = line.firstIndex(of: "|") else {
                throw .malformedLine(source: source, line: offset + 1, text: line)
            }
            let prefix = line[..<bar].trimmingCharacters(in: .whitespaces)
            let description = line[line.index(after: bar)...].trimmingCharacters(in: .whitespaces)
            guard (1...18).contains(prefix.count), prefix.allSatisfy(\.isASCIIDigit), !description.isEmpty else {
                throw .malformedLine(source: source, line: offset + 1, text: line)
            }
            insert(description, forPrefix: prefix)
        }
    }

    /// Reads generated `prefix|description` lines without checking them (the generator did).
    init(trusted text: String) {
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else { continue }
            insert(String(decoding: line[line.index(after: bar)...], as: UTF8.self), forKey: line[..<bar])
        }
    }

    /// Reads a generated geocoding table: a count, that many descriptions, then `prefix|index` lines.
    init(numbered text: String) {
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"))[...]
        guard let first = lines.popFirst(), let count = Int(String(decoding: first, as: UTF8.self)) else { return }
        let names = lines.prefix(count).map { String(decoding: $0, as: UTF8.self) }
        for line in lines.dropFirst(count) {
            guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else { continue }
            var index = 0
            for byte in line[line.index(after: bar)...] { index = index * 10 + Int(byte &- 48) }
            guard index < names.count else { continue }
            insert(names[index], forKey: line[..<bar])
        }
    }

    private mutating func insert(_ description: String, forKey prefix: some Collection<UInt8>) {
        var key: UInt64 = 1
        for byte in prefix { key = key &* 10 &+ UInt64(byte &- 48) }
        storage[key] = description
        longestPrefix = max(longestPrefix, prefix.count)
    }

    /// Adds or replaces one entry.
    package mutating func insert(_ description: String, forPrefix prefix: String) {
        var key: UInt64 = 1
        for byte in prefix.utf8 { key = key &* 10 &+ UInt64(byte &- 48) }
        storage[key] = description
        longestPrefix = max(longestPrefix, prefix.utf8.count)
    }

    /// Adds every entry of `other`, which wins where both hold a prefix.
    package mutating func merge(_ other: PrefixTable) {
        storage.merge(other.storage) { _, new in new }
        longestPrefix = max(longestPrefix, other.longestPrefix)
    }

    /// Every entry as (prefix, description), in no particular order.
    package var entries: [(prefix: String, description: String)] {
        storage.map { (String(String($0.key).dropFirst()), $0.value) }
    }

    /// The number of entries.
    package var count: Int { storage.count }

    /// Every distinct description the table holds.
    var descriptions: Set<String> { Set(storage.values) }

    /// The description of the longest prefix of `digits` in the table, or nil.
    package func description(for digits: some StringProtocol) -> String? {
        match(digits)?.description
    }

    /// The longest prefix of `digits` in the table, with its description.
    package func match(_ digits: some StringProtocol) -> (prefixLength: Int, description: String)? {
        var key: UInt64 = 1
        var found: (Int, String)?
        var length = 0
        for byte in digits.utf8 {
            guard length < longestPrefix, byte >= 48, byte <= 57 else { break }
            key = key &* 10 &+ UInt64(byte - 48)
            length += 1
            if let description = storage[key] { found = (length, description) }
        }
        return found.map { (prefixLength: $0.0, description: $0.1) }
    }

    /// ``match(_:)`` for digits already read (no text to decode): what the engine asks per number.
    func match(_ digits: Digits) -> (prefixLength: Int, description: String)? {
        var key: UInt64 = 1
        var found: (Int, String)?
        for (offset, value) in digits.values.prefix(longestPrefix).enumerated() {
            key = key &* 10 &+ UInt64(value)
            if let description = storage[key] { found = (offset + 1, description) }
        }
        return found.map { (prefixLength: $0.0, description: $0.1) }
    }
}

/// A prefix table file that could not be read.
package enum PrefixTableError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedLine(source: String, line: Int, text: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .malformedLine(let source, let line, let text):
            "\(source):\(line): expected digits|description, found \"\(text)\""
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}
