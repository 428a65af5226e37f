import Foundation

/// What libphonenumber's data says about one region's numbers: prefixes, lengths, the pattern
/// of every line type and the formatting rules. Built from one block of `metadata.tsv`.
///
/// A class so that handing one out of the metadata's cache costs one reference, not a copy of
/// every pattern's storage.
final class Territory: Sendable {
    /// ISO 3166 code, or `001` for non-geographic codes (+800, +882 …).
    let id: String
    let callingCode: Int
    let isMainForCode: Bool
    /// For regions sharing a calling code: the national-number prefixes that are theirs.
    let leadingDigits: DigitPattern?
    let internationalPrefix: DigitPattern?
    let preferredInternationalPrefix: String
    let nationalPrefix: String
    let nationalPrefixForParsing: DigitPattern?
    let nationalPrefixTransformRule: String
    let preferredExtensionPrefix: String
    let general: NumberDescription
    /// Numbers that cannot be dialled from abroad (libphonenumber's `noInternationalDialling`).
    let noInternationalDialling: NumberDescription?
    /// Line types in the order libphonenumber tests them (fixed line and mobile last).
    let types: [NumberDescription?]
    let sameMobileAndFixedLinePattern: Bool
    let nationalFormats: [NumberFormat]
    let internationalFormats: [NumberFormat]

    /// Decodes the lines of one territory block.
    init(lines: [[Substring]]) throws(PatternError) {
        let head = lines[0]
        func text(_ index: Int) -> String { index < head.count ? String(head[index]) : "" }
        func pattern(_ text: String) throws(PatternError) -> DigitPattern? { text.isEmpty ? nil : try DigitPattern(text) }
        id = text(1)
        callingCode = Int(text(2)) ?? 0
        isMainForCode = text(3) == "1"
        leadingDigits = try pattern(text(4))
        internationalPrefix = try pattern(text(5))
        preferredInternationalPrefix = text(6)
        nationalPrefix = text(7)
        nationalPrefixForParsing = try pattern(text(8))
        nationalPrefixTransformRule = text(9)
        // text(10), the territory's national-prefix formatting rule, is already on every format line.
        preferredExtensionPrefix = text(11)
        var general: NumberDescription?
        var noInternationalDialling: NumberDescription?
        var types: [LineType: NumberDescription] = [:]
        var formats: [NumberFormat] = []
        var intlFormats: [NumberFormat] = []
        var hasIntl = false
        for line in lines.dropFirst() {
            func field(_ index: Int) -> String { index < line.count ? String(line[index]) : "" }
            if line[0] == "D" {
                let description = try NumberDescription(pattern: field(2), lengths: field(3), localOnly: field(4),
                                                        example: field(5))
                if field(1) == "general" { general = description } else if field(1) == "noInternationalDialling" {
                    noInternationalDialling = description
                } else if let type = LineType(dataName: field(1)) {
                    types[type] = description
                }
            } else if line[0] == "F" {
                let rule = field(4)
                    .replacingOccurrences(of: "$NP", with: nationalPrefix)
                    .replacingOccurrences(of: "$FG", with: "$1")
                let format = NumberFormat(pattern: try DigitPattern(field(1)), format: field(2),
                                          leadingDigits: try pattern(field(3)), nationalPrefixFormattingRule: rule,
                                          nationalPrefixIsOptional: field(6) == "1")
                formats.append(format)
                let intl = field(5)
                if !intl.isEmpty { hasIntl = true }
                if intl != "NA" {
                    intlFormats.append(NumberFormat(pattern: format.pattern, format: intl.isEmpty ? format.format : intl,
                                                    leadingDigits: format.leadingDigits, nationalPrefixFormattingRule: ""))
                }
            }
        }
        if let general { self.general = general } else {
            self.general = try NumberDescription(pattern: "", lengths: "", localOnly: "")
        }
        self.noInternationalDialling = noInternationalDialling
        self.types = LineType.allCases.map { types[$0] }
        sameMobileAndFixedLinePattern = types[.fixedLine]?.pattern?.source == types[.mobile]?.pattern?.source
            && types[.fixedLine] != nil
        nationalFormats = formats
        internationalFormats = hasIntl ? intlFormats : formats
    }

    /// libphonenumber's `getNumberTypeHelper`: the line type of a national number, or nil.
    func lineType(of number: Digits) -> LineType? {
        guard general.matches(number) else { return nil }
        for type in LineType.testedBeforeFixedLine where description(of: type)?.matches(number) == true { return type }
        if description(of: .fixedLine)?.matches(number) == true {
            if sameMobileAndFixedLinePattern || description(of: .mobile)?.matches(number) == true {
                return .fixedLineOrMobile
            }
            return .fixedLine
        }
        if !sameMobileAndFixedLinePattern, description(of: .mobile)?.matches(number) == true { return .mobile }
        return nil
    }

    /// The description of one line type, nil where the region has no such numbers.
    func description(of type: LineType) -> NumberDescription? { types[type.index] }

    /// libphonenumber's `testNumberLength` against the lengths of every type.
    func lengthCheck(_ count: Int) -> LengthCheck {
        let lengths = general.lengths
        guard let minimum = lengths.first, let maximum = lengths.last else { return .invalidLength }
        if general.localOnly.contains(count) { return .possibleLocalOnly }
        if count == minimum { return .possible }
        if count < minimum { return .tooShort }
        if count > maximum { return .tooLong }
        return lengths.contains(count) ? .possible : .invalidLength
    }

    /// The first format whose leading digits and pattern fit `number`.
    func format(for number: Digits, international: Bool) -> NumberFormat? {
        for format in international ? internationalFormats : nationalFormats {
            if let leading = format.leadingDigits, leading.prefixMatch(number) == nil { continue }
            if format.pattern.matches(number) { return format }
        }
        return nil
    }
}

/// The outcome of a length check, as libphonenumber names it.
enum LengthCheck: Sendable, Equatable {
    case possible, possibleLocalOnly, tooShort, tooLong, invalidLength
}

/// The pattern and possible lengths of one line type (or of all, for the general description).
struct NumberDescription: Sendable {
    let pattern: DigitPattern?
    let lengths: [Int]
    let localOnly: [Int]
    /// libphonenumber's example national number of this type, if the data gives one.
    let example: String?

    init(pattern: String, lengths: String, localOnly: String, example: String = "") throws(PatternError) {
        self.pattern = pattern.isEmpty ? nil : try DigitPattern(pattern)
        self.lengths = lengths.split(separator: ",").compactMap { Int($0) }
        self.localOnly = localOnly.split(separator: ",").compactMap { Int($0) }
        self.example = example.isEmpty ? nil : example
    }

    /// libphonenumber's `isNumberMatchingDesc`: a possible length and the whole pattern.
    func matches(_ number: Digits) -> Bool {
        guard let pattern else { return false }
        if !lengths.isEmpty, !lengths.contains(number.count) { return false }
        return pattern.matches(number)
    }

    /// The pattern alone, without the length check (libphonenumber's `matchNationalNumber`).
    func patternMatches(_ number: Digits) -> Bool {
        pattern?.matches(number) ?? false
    }
}

/// One formatting rule: the number's pattern, how its groups are written, and when it applies.
///
/// A class, so finding the format of a number hands out a reference, not a copy of five fields.
final class NumberFormat: Sendable {
    let pattern: DigitPattern
    let format: String
    let leadingDigits: DigitPattern?
    /// With `$NP` and `$FG` already replaced; empty when the national prefix is not written.
    let nationalPrefixFormattingRule: String
    /// libphonenumber's `nationalPrefixOptionalWhenFormatting`: people write such numbers with or
    /// without the national prefix, so text without it is still a number (the matcher's check).
    let nationalPrefixIsOptional: Bool
    /// `format` read once into literal bytes and group references, without and with the national
    /// prefix rule, so writing a number costs no String searching.
    private let plainTemplate: [Piece]
    private let nationalTemplate: [Piece]

    /// A piece of a template: bytes written as they are, or the digits of a pattern group (1-based).
    private enum Piece: Sendable {
        case literal([UInt8])
        case group(Int)
    }

    init(pattern: DigitPattern, format: String, leadingDigits: DigitPattern?, nationalPrefixFormattingRule: String,
         nationalPrefixIsOptional: Bool = false) {
        self.pattern = pattern
        self.nationalPrefixIsOptional = nationalPrefixIsOptional
        self.format = format
        self.leadingDigits = leadingDigits
        self.nationalPrefixFormattingRule = nationalPrefixFormattingRule
        plainTemplate = Self.pieces(format)
        nationalTemplate = Self.pieces(Self.withNationalPrefix(format, rule: nationalPrefixFormattingRule))
    }

    /// `number` written by this rule (`$1 $2` → `495 123-45-67`), national prefix included if asked.
    func apply(to number: Digits, national: Bool) -> String? {
        guard let match = pattern.match(number, anchored: true) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(number.count * 2 + 4)
        for piece in national ? nationalTemplate : plainTemplate {
            switch piece {
            case .literal(let text):
                bytes += text
            case .group(let index):
                guard index <= match.groups.count, let range = match.groups[index - 1] else { continue }
                for value in number.values[range] { bytes.append(value &+ 48) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The format with its first group reference (`$1`) wrapped in the national prefix rule
    /// (`$NP $FG` → `8 ($1)`), as libphonenumber writes a national number.
    private static func withNationalPrefix(_ format: String, rule: String) -> String {
        guard !rule.isEmpty, let token = format.range(of: "$", options: .literal),
              format.index(after: token.lowerBound) < format.endIndex else { return format }
        var template = format
        let tokenEnd = template.index(token.lowerBound, offsetBy: 2)
        let group = String(template[token.lowerBound..<tokenEnd])
        template.replaceSubrange(token.lowerBound..<tokenEnd, with: rule.replacingOccurrences(of: "$1", with: group))
        return template
    }

    /// Splits a template into literal bytes and `$n` group references; a `$` not followed by a
    /// group number is dropped with the character after it, a `$` at the end ends the template.
    private static func pieces(_ template: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "$" else { literal.append(character); continue }
            guard let next = characters.next() else { break }
            guard let index = next.wholeNumberValue, index >= 1 else { continue }
            if !literal.isEmpty { pieces.append(.literal(Array(literal.utf8))) }
            literal = ""
            pieces.append(.group(index))
        }
        if !literal.isEmpty { pieces.append(.literal(Array(literal.utf8))) }
        return pieces
    }
}
