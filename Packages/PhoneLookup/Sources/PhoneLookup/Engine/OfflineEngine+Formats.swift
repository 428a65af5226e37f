/// The number written for dialling: RFC 3966, from another country, from a mobile, as
/// libphonenumber's `format`, `formatOutOfCountryCallingNumber` and
/// `formatNumberForMobileDialing` write them.
extension OfflineEngine {
    /// libphonenumber's `RFC3966` format: `tel:+7-495-123-45-67`, `;ext=` for an extension.
    /// A short number is RFC 3966's local number, whose context is its calling code
    /// (`tel:112;phone-context=+7`): libphonenumber's `tel:+7-112` would claim a global number.
    package func rfc3966(_ facts: NumberFacts) -> String {
        let number = facts.number
        if facts.shortNumber != nil { return "tel:\(number.nationalNumber);phone-context=+\(number.callingCode)" }
        let territory = plan.metadata.mainTerritory(forCallingCode: Int(number.callingCode) ?? 0)
        let national = Digits(number.nationalNumber)
        var written = number.nationalNumber
        if let format = territory?.format(for: national, international: true),
           let applied = format.apply(to: national, national: false) {
            written = Self.rfcSeparated(applied)
        }
        let suffix = number.phoneExtension.map { ";ext=" + $0 } ?? ""
        return "tel:+\(number.callingCode)-\(written)\(suffix)"
    }

    /// Leading punctuation dropped, every other run of it one `-` (libphonenumber's separator pattern).
    private static func rfcSeparated(_ text: String) -> String {
        var result = ""
        var pending = false
        for scalar in text.unicodeScalars {
            if separatorScalars.contains(scalar) || scalar.properties.isWhitespace {
                pending = !result.isEmpty
            } else {
                if pending { result.append("-") }
                pending = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static let separatorScalars = Set("-x\u{2010}\u{2011}\u{2012}\u{2013}\u{2014}\u{2015}\u{2212}\u{30FC}\u{FF0D}\u{FF0F}\u{00A0}\u{00AD}\u{200B}\u{2060}\u{3000}()\u{FF08}\u{FF09}\u{FF3B}\u{FF3D}.[]/~\u{2053}\u{223C}\u{FF5E}".unicodeScalars)

    /// libphonenumber's `formatOutOfCountryCallingNumber`: `011 7 495 123-45-67` from the US,
    /// the national form within the calling code, the international form where the region
    /// calling has several international prefixes and prefers none.
    package func dialled(_ facts: NumberFacts, from region: String) -> String {
        guard let from = plan.metadata.territory(forRegion: region) else { return facts.international }
        let code = Int(facts.number.callingCode) ?? 0
        if code == 1 {
            if from.callingCode == 1 { return "1 " + facts.national }
        } else if code == from.callingCode {
            return facts.national
        }
        var prefix = from.preferredInternationalPrefix
        if prefix.isEmpty, let pattern = from.internationalPrefix?.source, Self.isSinglePrefix(pattern) { prefix = pattern }
        guard !prefix.isEmpty else { return facts.international }
        return prefix + " " + facts.number.callingCode + " " + facts.international.dropFirst(facts.number.callingCode.count + 2)
    }

    /// libphonenumber's `SINGLE_INTERNATIONAL_PREFIX`: digits, optionally a tilde (wait for a tone) and digits.
    private static func isSinglePrefix(_ pattern: String) -> Bool {
        let parts = pattern.split(separator: "~", omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// libphonenumber's `formatNumberForMobileDialing` with formatting: how a mobile phone in
    /// `region` dials the number; nil where it cannot (libphonenumber's empty answer).
    package func dialledFromMobile(_ facts: NumberFacts, in region: String) -> String? {
        let number = facts.number
        let code = Int(number.callingCode) ?? 0
        guard let main = plan.metadata.mainTerritory(forCallingCode: code) else { return nil }
        let plain = withoutExtension(facts)
        guard region.uppercased() == main.id else {
            return facts.lineType != nil && canBeDialledInternationally(facts) ? plain.international : nil
        }
        let fixedOrMobile = facts.lineType.map { [.fixedLine, .mobile, .fixedLineOrMobile].contains($0) } ?? false
        // A Brazilian number needs a carrier code to be dialled within Brazil, which a number written with + lacks.
        if main.id == "BR", fixedOrMobile { return nil }
        if code == 1 {
            let length = main.lengthCheck(number.nationalNumber.count)
            return canBeDialledInternationally(facts) && length != .tooShort ? plain.international : plain.national
        }
        if (main.id == "001" || (["MX", "CL", "UZ"].contains(main.id) && fixedOrMobile)) && canBeDialledInternationally(facts) {
            return plain.international
        }
        return plain.national
    }

    /// False for numbers of the region's `noInternationalDialling` ranges (`canBeInternationallyDialled`).
    func canBeDialledInternationally(_ facts: NumberFacts) -> Bool {
        guard let region = facts.region, region != "001",
              let territory = plan.metadata.territory(forRegion: region),
              let barred = territory.noInternationalDialling else { return true }
        return !barred.matches(Digits(facts.number.nationalNumber))
    }

    private func withoutExtension(_ facts: NumberFacts) -> (international: String, national: String) {
        guard facts.number.phoneExtension != nil else { return (facts.international, facts.national) }
        let code = Int(facts.number.callingCode) ?? 0
        return Self.formatted(Digits(facts.number.nationalNumber), callingCode: code,
                              territory: plan.metadata.mainTerritory(forCallingCode: code), extension: nil)
    }
}
