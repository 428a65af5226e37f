/// Formats a number while it is being typed, as a phone's dialer does: `+7999467` shows as
/// `+7 999 467`, `8999467` in Russia as `8 (999) 467`.
///
/// The region's own formatting rules are used: the typed digits are completed to a possible
/// length with a filler digit, the first rule whose leading digits and pattern take the completed
/// number formats it, and the result is cut after the last digit actually typed.
struct AsYouTypeFormatter: Sendable {
    let metadata: NumberingMetadata

    /// `text` formatted for `region` (an ISO code); unchanged when nothing applies or it holds
    /// anything but digits, spaces and a leading `+`.
    func format(_ text: String, region: String?) -> String {
        guard let scanned = try? PhoneNumberParser.scan(text), scanned.phoneExtension == nil else { return text }
        let digits = scanned.digits
        if scanned.international {
            for length in 1...min(3, digits.count) {
                guard let code = Int(digits.prefix(length).description),
                      let territory = metadata.mainTerritory(forCallingCode: code) else { continue }
                let rest = digits.dropFirst(length)
                let body = rest.isEmpty ? "" : " " + (partial(rest, territory, rules: territory, international: true)
                    ?? rest.description)
                return "+\(code)" + body
            }
            return "+" + digits.description
        }
        guard let territory = region.flatMap(metadata.territory(forRegion:)),
              let rules = metadata.mainTerritory(forCallingCode: territory.callingCode) else { return text }
        let prefix = Digits(territory.nationalPrefix)
        if !prefix.isEmpty, digits.hasPrefix(prefix), digits.count > prefix.count,
           let formatted = partial(digits.dropFirst(prefix.count), territory, rules: rules, international: false,
                                   withPrefix: true) {
            return formatted
        }
        return partial(digits, territory, rules: rules, international: false) ?? text
    }

    /// `digits` formatted by the first of `rules`' formats that takes them completed to one of
    /// `territory`'s lengths; a local-only length (seven digits in the NANP) only when exactly
    /// that many were typed, so `2125550` shows as `212-5550` and one digit more as `(212) 555-01`.
    private func partial(_ digits: Digits, _ territory: Territory, rules: Territory, international: Bool,
                         withPrefix: Bool = false) -> String? {
        let lengths = territory.general.localOnly.filter { $0 == digits.count }
            + territory.general.lengths.filter { $0 >= digits.count }
        for length in lengths {
            for filler: UInt8 in [5, 0, 2, 7, 9, 1, 3, 4, 6, 8] {
                let completed = Digits(digits.values + Array(repeating: filler, count: length - digits.count))
                guard let rule = rules.format(for: completed, international: international) else { continue }
                let nationalPrefixRule = withPrefix && rule.nationalPrefixFormattingRule.isEmpty
                guard var formatted = rule.apply(to: completed, national: withPrefix) else { continue }
                if nationalPrefixRule { formatted = territory.nationalPrefix + " " + formatted }
                let typed = digits.count + (withPrefix ? territory.nationalPrefix.count : 0)
                return Self.cut(formatted, afterDigits: typed)
            }
        }
        return nil
    }

    /// `text` up to and including its `count`-th digit (brackets opened before it are kept).
    static func cut(_ text: String, afterDigits count: Int) -> String {
        var seen = 0
        var result = ""
        for character in text {
            if character.isNumber {
                guard seen < count else { break }
                seen += 1
            } else if seen == count {
                if character == ")" && result.contains("(") && !result.contains(")") { result.append(character) }
                break
            }
            result.append(character)
        }
        return result
    }
}

extension NumberingPlan {
    /// What a dialer shows for `text` typed with `region` selected (`8 (999) 467-3` for `89994673`).
    public func formatAsTyped(_ text: String, region: String?) -> String {
        AsYouTypeFormatter(metadata: metadata).format(text, region: region)
    }
}
