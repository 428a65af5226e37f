/// The machine-readable answer about one number, beside the display rows: what `search --json`
/// and the API's `details` carry. Every key is always present, null where the data does not say.
public struct NumberDetails: Codable, Sendable, Equatable {
    /// How to dial the number from another region.
    package struct DialFrom: Codable, Sendable, Equatable {
        package var regionCode: String
        package var number: String

        package init(regionCode: String, number: String) {
            self.regionCode = regionCode
            self.number = number
        }
    }

    /// What a short number is.
    package struct Short: Codable, Sendable, Equatable {
        package var emergency: Bool
        /// `tollFree`, `standardRate` or `premiumRate`; null where unknown.
        package var cost: String?

        package init(emergency: Bool, cost: String?) {
            self.emergency = emergency
            self.cost = cost
        }
    }

    /// Null for a short number, which has no E.164 form.
    package var e164: String?
    /// Null for a short number, which is dialled only within its region.
    package var international: String?
    package var national: String
    /// `tel:+7-495-123-45-67`; a short number is a local number with its context, `tel:112;phone-context=+7`.
    package var rfc3966: String
    package var regionCode: String?
    /// libphonenumber's type name in lower camel case (`fixedLineOrMobile`).
    package var lineType: String?
    package var carrier: String?
    package var place: String?
    /// Every zone the number may be in, as libphonenumber gives them.
    package var timeZones: [String]?
    package var dialFrom: DialFrom?
    package var shortNumber: Short?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case e164, international, national, rfc3966, regionCode, lineType, carrier, place, timeZones, dialFrom, shortNumber
    }

    /// Writes every key, nulls included, so a reader never has to tell a missing key from an unknown value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(e164, forKey: .e164)
        try container.encode(international, forKey: .international)
        try container.encode(national, forKey: .national)
        try container.encode(rfc3966, forKey: .rfc3966)
        try container.encode(regionCode, forKey: .regionCode)
        try container.encode(lineType, forKey: .lineType)
        try container.encode(carrier, forKey: .carrier)
        try container.encode(place, forKey: .place)
        try container.encode(timeZones, forKey: .timeZones)
        try container.encode(dialFrom, forKey: .dialFrom)
        try container.encode(shortNumber, forKey: .shortNumber)
    }
}
