import ErrorReporting

/// How alike two written numbers are, as libphonenumber's `isNumberMatch` answers.
package enum NumberMatch: String, Sendable, Equatable, CaseIterable {
    /// The same calling code, national number and extension (`EXACT_MATCH`).
    case exact
    /// The same national number and extension, one or both without a calling code (`NSN_MATCH`).
    case nationalNumber
    /// One national number ends the other, or only one has an extension (`SHORT_NSN_MATCH`).
    case shortNationalNumber
    /// Different numbers (`NO_MATCH`).
    case none

    /// libphonenumber's constant name, as the fixtures write it.
    package var constantName: String {
        switch self {
        case .exact: "EXACT_MATCH"
        case .nationalNumber: "NSN_MATCH"
        case .shortNationalNumber: "SHORT_NSN_MATCH"
        case .none: "NO_MATCH"
        }
    }

    /// The answer for people, in English and Russian.
    package var text: LocalizedText {
        switch self {
        case .exact: LocalizedText(en: "The same number", ru: "Один и тот же номер")
        case .nationalNumber:
            LocalizedText(en: "The same national number (one is written without a country code)",
                          ru: "Один и тот же национальный номер (один записан без кода страны)")
        case .shortNationalNumber:
            LocalizedText(en: "Probably the same number: one national number ends the other, or only one has an extension",
                          ru: "Вероятно, один номер: один национальный номер оканчивает другой или добавочный указан только у одного")
        case .none: LocalizedText(en: "Different numbers", ru: "Разные номера")
        }
    }
}
