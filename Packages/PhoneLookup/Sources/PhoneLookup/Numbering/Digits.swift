/// Digit values (0–9) of a number, the form every pattern and table works on.
struct Digits: Sendable, Hashable, CustomStringConvertible {
    var values: [UInt8]

    init(_ values: [UInt8]) { self.values = values }

    /// The ASCII digits of `text`; anything else is skipped.
    init(_ text: some StringProtocol) {
        values = text.utf8.compactMap { $0 >= 48 && $0 <= 57 ? $0 - 48 : nil }
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }
    var description: String { String(decoding: values.map { $0 + 48 }, as: UTF8.self) }

    func dropFirst(_ count: Int) -> Digits { Digits(Array(values.dropFirst(count))) }
    func prefix(_ count: Int) -> Digits { Digits(Array(values.prefix(count))) }
    func hasPrefix(_ other: Digits) -> Bool { values.starts(with: other.values) }
    subscript(range: Range<Int>) -> Digits { Digits(Array(values[range])) }
}
