/// Finds the phone numbers in free text as libphonenumber's `PhoneNumberMatcher` does at
/// leniency `VALID`: a run of digits and phone punctuation is a candidate; dates, time stamps,
/// page ranges, prices and codes glued to Latin letters are turned down; a candidate that is no
/// valid number is searched for one inside it (split at a slash, a bracket, a spaced dash, a
/// full stop or a space); a number written without its calling code is read in `region`, and
/// must carry its national prefix where the region's formats always write one.
///
/// ```swift
/// let matcher = PhoneNumberMatcher(plan: plan, region: "RU")
/// matcher.matches(in: "Звоните 8 (495) 123-45-67 до 18:00").map(\.number.e164)   // ["+74951234567"]
/// ```
public struct PhoneNumberMatcher: Sendable {
    public let plan: NumberingPlan
    /// The ISO code numbers without a calling code are read in; nil reads only `+` numbers.
    public let region: String?
    /// How many candidates may fail before the search gives up, as libphonenumber's `maxTries`
    /// (it guards against text that is nearly all digits).
    public let maxTries: Int
    private let parser: PhoneNumberParser
    private let territory: Territory?

    public init(plan: NumberingPlan, region: String?, maxTries: Int = 65_535) {
        self.plan = plan
        self.region = region?.uppercased()
        self.maxTries = maxTries
        parser = PhoneNumberParser(plan: plan)
        territory = self.region.flatMap(plan.metadata.territory(forRegion:))
    }

    /// Every number in `text`, in order.
    public func matches(in text: String) -> [PhoneNumberMatch] {
        matches(in: Array(text.unicodeScalars))
    }

    /// Every number in `text` given as its Unicode scalars.
    public func matches(in text: [Unicode.Scalar]) -> [PhoneNumberMatch] {
        var search = Search(text: text, triesLeft: maxTries)
        var found: [PhoneNumberMatch] = []
        var index = 0
        while let match = find(from: index, &search) {
            found.append(match)
            index = match.end
        }
        return found
    }

    /// The number written international by its region's rules (`+7 495 123-45-67`).
    public func international(_ number: PhoneNumber) -> String {
        let code = Int(number.callingCode) ?? 0
        return OfflineEngine.formatted(Digits(number.nationalNumber), callingCode: code,
                                       territory: plan.metadata.mainTerritory(forCallingCode: code),
                                       extension: number.phoneExtension).international
    }

    /// The state of one pass over a text.
    private struct Search {
        let text: [Unicode.Scalar]
        var triesLeft: Int
    }

    private func find(from index: Int, _ search: inout Search) -> PhoneNumberMatch? {
        var position = index
        while search.triesLeft > 0, let range = Self.candidate(in: search.text, from: position) {
            var candidate = Array(search.text[range])
            if let second = CandidateReading.secondNumberStart(candidate) { candidate = Array(candidate[..<second]) }
            if let match = extractMatch(candidate, at: range.lowerBound, &search) { return match }
            search.triesLeft -= 1
            position = range.lowerBound + candidate.count
        }
        return nil
    }

    private func extractMatch(_ candidate: [Unicode.Scalar], at offset: Int, _ search: inout Search) -> PhoneNumberMatch? {
        if candidate.contains("/"), CandidateRules.slashSeparatedDate.occurs(in: candidate) { return nil }
        if CandidateRules.mayEndInTimeStamp(candidate), CandidateRules.timeStamp.occurs(in: candidate),
           CandidateRules.timeStampMinutes.matches(search.text, at: offset + candidate.count) { return nil }
        if let match = parseAndVerify(candidate[...], at: offset, search.text) { return match }
        return extractInnerMatch(candidate, at: offset, &search)
    }

    /// A number inside a candidate that is none as a whole: the text before the first break,
    /// then after each break, for each kind of break in turn.
    private func extractInnerMatch(_ candidate: [Unicode.Scalar], at offset: Int, _ search: inout Search) -> PhoneNumberMatch? {
        for kind in InnerBreak.allCases {
            var found = kind.search(candidate, from: 0)
            var isFirst = true
            while let inner = found, search.triesLeft > 0 {
                if isFirst {
                    let before = CandidateReading.trimmingUnwantedEnd(Array(candidate[..<inner.start]))
                    if let match = parseAndVerify(before[...], at: offset, search.text) { return match }
                    search.triesLeft -= 1
                    isFirst = false
                }
                let group = CandidateReading.trimmingUnwantedEnd(Array(candidate[inner.group]))
                if let match = parseAndVerify(group[...], at: offset + inner.group.lowerBound, search.text) { return match }
                search.triesLeft -= 1
                found = kind.search(candidate, from: inner.start + 1)
            }
        }
        return nil
    }

    private func parseAndVerify(_ candidate: ArraySlice<Unicode.Scalar>, at offset: Int,
                                _ text: [Unicode.Scalar]) -> PhoneNumberMatch? {
        let scalars = Array(candidate)
        guard !scalars.isEmpty else { return nil }
        if scalars.contains(where: { ScanCharacters.isOpening($0) || ScanCharacters.isClosing($0) }) {
            guard CandidateRules.matchingBrackets.wholeMatch(scalars) else { return nil }
            if scalars.contains("-"), CandidateRules.publicationPages.occurs(in: scalars) { return nil }
        }
        if offset > 0, !ScanCharacters.isLead(scalars[0]) {
            let previous = text[offset - 1]
            if ScanCharacters.isInvalidPunctuation(previous) || ScanCharacters.isLatinLetter(previous) { return nil }
        }
        let endIndex = offset + scalars.count
        if endIndex < text.count {
            let next = text[endIndex]
            if ScanCharacters.isInvalidPunctuation(next) || ScanCharacters.isLatinLetter(next) { return nil }
        }
        guard let (number, source) = read(scalars), isValid(number),
              containsOnlyValidX(scalars, number), nationalPrefixPresentIfRequired(number, source, scalars)
        else { return nil }
        return PhoneNumberMatch(start: offset, end: endIndex, raw: String(String.UnicodeScalarView(scalars)),
                                number: number)
    }

    /// libphonenumber's `parse(candidate, region)`, with where the calling code came from.
    private func read(_ scalars: [Unicode.Scalar]) -> (PhoneNumber, PhoneNumberParser.CallingCodeSource)? {
        guard let reading = CandidateReading(scalars) else { return nil }
        guard reading.international || territory != nil else { return nil }
        do {
            return try parser.read(reading.digits, international: reading.international,
                                   phoneExtension: reading.phoneExtension, territory: territory, hasCountry: region != nil)
        } catch .unknownCallingCode where reading.international {
            // libphonenumber reads the digits after a `+` with no known calling code once more
            // as written in the region, keeping them only if they carry a calling code after all.
            guard let again = try? parser.read(reading.digits, international: false, phoneExtension: reading.phoneExtension,
                                               territory: territory, hasCountry: region != nil),
                  again.source != .selectedRegion else { return nil }
            return again
        } catch {
            return nil
        }
    }

    private func isValid(_ number: PhoneNumber) -> Bool {
        OfflineEngine.classify(number, in: plan.metadata).lineType != nil
    }

    /// An `x` in the candidate is either the extension's label or, doubled, a carrier code
    /// before the number; anything else written with an `x` is no number.
    private func containsOnlyValidX(_ candidate: [Unicode.Scalar], _ number: PhoneNumber) -> Bool {
        var index = 0
        while index < candidate.count - 1 {
            defer { index += 1 }
            guard candidate[index] == "x" || candidate[index] == "X" else { continue }
            let next = candidate[index + 1]
            if next == "x" || next == "X" {
                index += 1
                let rest = String(String.UnicodeScalarView(candidate[index...]))
                let own = number.e164 + (number.phoneExtension.map { ";ext=\($0)" } ?? "")
                if parser.match(own, rest) != .nationalNumber { return false }
            } else {
                let digits = String(decoding: candidate[index...].compactMap(ScanCharacters.digitValue).map { $0 + 48 },
                                    as: UTF8.self)
                // libphonenumber compares with the extension it read; with none, nothing equals it.
                guard let phoneExtension = number.phoneExtension, digits == phoneExtension else { return false }
            }
        }
        return true
    }

    /// A number read in the selected region whose formats always write the national prefix
    /// must have been written with it (`8 495 …` in Russia, not `495 …`).
    private func nationalPrefixPresentIfRequired(_ number: PhoneNumber, _ source: PhoneNumberParser.CallingCodeSource,
                                                 _ candidate: [Unicode.Scalar]) -> Bool {
        guard source == .selectedRegion, let code = Int(number.callingCode),
              let main = plan.metadata.mainTerritory(forCallingCode: code),
              let format = main.format(for: Digits(number.nationalNumber), international: false),
              !format.nationalPrefixFormattingRule.isEmpty else { return true }
        if format.nationalPrefixIsOptional || CandidateRules.isFirstGroupOnly(format.nationalPrefixFormattingRule) {
            return true
        }
        let written = Digits(candidate.compactMap(ScanCharacters.digitValue))
        return PhoneNumberParser.nationalPrefixStripped(written, main).stripped
    }

    /// libphonenumber's candidate pattern, found from `index`: up to two leads (an opening
    /// bracket or a plus, each with up to four punctuation marks), digits, then up to twenty
    /// more blocks of digits each after up to four punctuation marks, then perhaps an extension.
    static func candidate(in text: [Unicode.Scalar], from index: Int) -> Range<Int>? {
        var position = index
        while position < text.count {
            let scalar = text[position]
            if ScanCharacters.isDigit(scalar) { return position..<body(text, from: position) }
            if ScanCharacters.isLead(scalar), let first = leadEnd(text, from: position) {
                return position..<body(text, from: first)
            }
            position += 1
        }
        return nil
    }

    private static let blockLimit = 20
    private static let punctuationLimit = 4

    /// Where the first digit after a lead at `start` is, if the marks between make one or two leads.
    private static func leadEnd(_ text: [Unicode.Scalar], from start: Int) -> Int? {
        var digit = start + 1
        while digit < text.count, digit - start <= 2 * (punctuationLimit + 1), !ScanCharacters.isDigit(text[digit]) {
            guard ScanCharacters.isPunctuation(text[digit]) || ScanCharacters.isLead(text[digit]) else { return nil }
            digit += 1
        }
        guard digit < text.count, ScanCharacters.isDigit(text[digit]) else { return nil }
        let marks = start + 1..<digit
        if marks.count <= punctuationLimit, marks.allSatisfy({ ScanCharacters.isPunctuation(text[$0]) }) { return digit }
        for second in marks where ScanCharacters.isLead(text[second]) {
            let before = start + 1..<second, after = second + 1..<digit
            if before.count <= punctuationLimit, after.count <= punctuationLimit,
               before.allSatisfy({ ScanCharacters.isPunctuation(text[$0]) }),
               after.allSatisfy({ ScanCharacters.isPunctuation(text[$0]) }) { return digit }
        }
        return nil
    }

    private static func body(_ text: [Unicode.Scalar], from first: Int) -> Int {
        var end = digitRun(text, from: first)
        var blocks = 0
        while blocks < blockLimit {
            var next = end
            while next < text.count, next - end < punctuationLimit, ScanCharacters.isPunctuation(text[next]) { next += 1 }
            guard next < text.count, ScanCharacters.isDigit(text[next]) else { break }
            end = digitRun(text, from: next)
            blocks += 1
        }
        if let phoneExtension = ExtensionPattern.match(text, at: end, parsing: false, toEnd: false) { end = phoneExtension.end }
        return end
    }

    private static func digitRun(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < text.count, end - start < blockLimit, ScanCharacters.isDigit(text[end]) { end += 1 }
        return end
    }
}
