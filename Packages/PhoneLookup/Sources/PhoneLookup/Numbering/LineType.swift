import ErrorReporting

/// The kinds of line libphonenumber tells apart.
package enum LineType: String, Sendable, CaseIterable, Codable {
    case fixedLine, mobile, fixedLineOrMobile, tollFree, premiumRate, sharedCost, voip, personalNumber
    case pager, uan, voicemail

    /// Types tested before fixed line and mobile, in libphonenumber's order.
    static let testedBeforeFixedLine: [LineType] = [
        .premiumRate, .tollFree, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail,
    ]

    /// The position in `allCases`, for tables indexed by type.
    var index: Int {
        switch self {
        case .fixedLine: 0
        case .mobile: 1
        case .fixedLineOrMobile: 2
        case .tollFree: 3
        case .premiumRate: 4
        case .sharedCost: 5
        case .voip: 6
        case .personalNumber: 7
        case .pager: 8
        case .uan: 9
        case .voicemail: 10
        }
    }

    init?(dataName: String) {
        self.init(rawValue: dataName)
    }

    /// libphonenumber's constant name (`FIXED_LINE_OR_MOBILE`), as its APIs and our fixtures write it.
    package var constantName: String {
        switch self {
        case .fixedLine: "FIXED_LINE"
        case .mobile: "MOBILE"
        case .fixedLineOrMobile: "FIXED_LINE_OR_MOBILE"
        case .tollFree: "TOLL_FREE"
        case .premiumRate: "PREMIUM_RATE"
        case .sharedCost: "SHARED_COST"
        case .voip: "VOIP"
        case .personalNumber: "PERSONAL_NUMBER"
        case .pager: "PAGER"
        case .uan: "UAN"
        case .voicemail: "VOICEMAIL"
        }
    }

    /// True for the types whose range holder is a carrier (libphonenumber names carriers only for these).
    var hasCarrier: Bool { self == .mobile || self == .fixedLineOrMobile || self == .pager }

    /// True for the types that serve a place (geocoding and time zones by prefix).
    var isGeographic: Bool { self == .fixedLine || self == .mobile || self == .fixedLineOrMobile }

    /// libphonenumber's `isNumberGeographical`: fixed lines everywhere, mobiles only where
    /// their prefixes are areas (Mexico, Argentina, Brazil, Indonesia, China). Time zones of
    /// other numbers are their whole country's.
    func hasZonesByPrefix(callingCode: Int) -> Bool {
        self == .fixedLine || self == .fixedLineOrMobile || (self == .mobile && [52, 54, 55, 62, 86].contains(callingCode))
    }

    /// The type for people, in English and Russian.
    var text: LocalizedText {
        switch self {
        case .fixedLine: LocalizedText(en: "fixed line", ru: "стационарный")
        case .mobile: LocalizedText(en: "mobile", ru: "мобильный")
        case .fixedLineOrMobile: LocalizedText(en: "fixed line or mobile", ru: "стационарный или мобильный")
        case .tollFree: LocalizedText(en: "toll-free", ru: "бесплатный")
        case .premiumRate: LocalizedText(en: "premium rate", ru: "платный (премиум)")
        case .sharedCost: LocalizedText(en: "shared cost", ru: "с разделённой оплатой")
        case .voip: LocalizedText(en: "VoIP", ru: "IP-телефония")
        case .personalNumber: LocalizedText(en: "personal number", ru: "персональный номер")
        case .pager: LocalizedText(en: "pager", ru: "пейджер")
        case .uan: LocalizedText(en: "universal access number (UAN)", ru: "единый номер доступа (UAN)")
        case .voicemail: LocalizedText(en: "voicemail", ru: "голосовая почта")
        }
    }
}
