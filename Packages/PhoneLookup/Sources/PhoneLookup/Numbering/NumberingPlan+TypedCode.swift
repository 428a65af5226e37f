extension NumberingPlan {
    /// The code a dialer's country button shows while `text` is typed with `region` selected, as
    /// a phone's dialer follows the number: `+44` once `+44` is typed, `+1 345` once a `+1` (or,
    /// with the US selected, a national) number is far enough in to be the Cayman Islands'; nil
    /// while the text says nothing the selected country's label does not.
    ///
    /// ```swift
    /// plan.dialLabel(forTyped: "+44 20 7946 0958", region: "US")   // "+44"
    /// ```
    public func dialLabel(forTyped text: String, region: String?) -> String? {
        let typed = text.filter { !$0.isWhitespace }
        let international = typed.hasPrefix("+")
        guard international || region != nil else { return nil }
        // The whole number, once it is one, names its region (codes shared by several regions).
        if let number = try? PhoneNumberParser(plan: self).read(typed, region: international ? nil : region),
           let found = self.region(of: number), found != "001", found != region || international,
           let code = callingCode(forRegion: found), let dialCode = DialCode(parsing: code) {
            return dialLabel(for: Country(name: found, dialCode: dialCode, isoCode: found))
        }
        guard international else { return nil }
        let digits = typed.dropFirst().prefix { $0.isASCIIDigit }
        // Calling codes are prefix-free: the first one that matches is the one being typed.
        for length in stride(from: 1, through: min(3, digits.count), by: 1) {
            guard let code = Int(digits.prefix(length)), metadata.mainTerritory(forCallingCode: code) != nil else { continue }
            return "+\(code)"
        }
        return nil
    }
}
