import ErrorReporting

/// A short number (an emergency number, a service code) as libphonenumber's `ShortNumberInfo`
/// answers it: valid only in the region it is dialled in, never with a calling code.
public struct ShortNumber: Sendable, Equatable {
    /// The region the number is a short number of (`RU` for 112 dialled in Russia).
    package let region: String
    /// True when the number reaches the emergency services (libphonenumber's `isEmergencyNumber`).
    package let isEmergency: Bool
    /// What a call costs, where the data says.
    package let cost: ShortNumberCost?

    package init(region: String, isEmergency: Bool, cost: ShortNumberCost?) {
        self.region = region
        self.isEmergency = isEmergency
        self.cost = cost
    }
}

/// libphonenumber's `ShortNumberCost`, without its `UNKNOWN_COST` (nil stands for that).
package enum ShortNumberCost: String, Sendable, Equatable, CaseIterable {
    case tollFree, standardRate, premiumRate

    /// libphonenumber's constant name (`TOLL_FREE`), as the fixtures write it.
    package var constantName: String {
        switch self {
        case .tollFree: "TOLL_FREE"
        case .standardRate: "STANDARD_RATE"
        case .premiumRate: "PREMIUM_RATE"
        }
    }

    /// The cost for people, in English and Russian.
    var text: LocalizedText {
        switch self {
        case .tollFree: LocalizedText(en: "free of charge", ru: "бесплатно")
        case .standardRate: LocalizedText(en: "standard rate", ru: "по обычному тарифу")
        case .premiumRate: LocalizedText(en: "premium rate", ru: "по повышенному тарифу")
        }
    }
}
