import Foundation
import Locking

/// Time-zone names in a reader's language, as Foundation's locale data has them ("Eastern
/// Time", «Владивосток, стандартное время»); the IANA identifier where it has none.
///
/// On Linux, swift-corelibs-foundation answers from ICU, which names every zone libphonenumber
/// gives in both English and Russian; the fallback is for an identifier it does not know and
/// for a Foundation built without that data. JSON keeps the identifiers either way.
package struct TimeZoneNames: Sendable {
    /// Foundation's name of a zone in a language, or nil where it has none.
    package typealias Naming = @Sendable (_ identifier: String, _ language: String) -> String?

    private let naming: Naming
    /// Asking Foundation for a zone's name costs microseconds, which a batch of numbers would
    /// pay on every line; each name is asked once per language.
    private let cache = LockedValue<[String: String]>([:])

    /// Names from Foundation's data (`TimeZone.localizedName(for: .generic, locale:)`).
    package static let foundation = TimeZoneNames { identifier, language in
        TimeZone(identifier: identifier)?.localizedName(for: .generic, locale: Locale(identifier: language))
    }

    package init(naming: @escaping Naming) {
        self.naming = naming
    }

    /// The name of `identifier` in `language` (libphonenumber's code, `ru`), else the identifier.
    package func name(of identifier: String, in language: String) -> String {
        let key = language + "\u{0}" + identifier
        if let known = cache.withLock({ $0[key] }) { return known }
        let name = naming(identifier, language).flatMap { $0.isEmpty ? nil : $0 } ?? identifier
        cache.withLock { $0[key] = name }
        return name
    }

    /// The zones as people read them: up to three by name, `; ` between them since a Russian
    /// name holds a comma (one name for zones that share it, as New York and Detroit share
    /// Eastern Time), more as how many there are (one zone named
    /// out of several would be a guess; `--json` carries them all).
    package func text(of zones: [String], in language: String, russian: Bool) -> String {
        guard zones.count > 3 else {
            var names: [String] = []
            for zone in zones {
                let name = self.name(of: zone, in: language)
                if !names.contains(name) { names.append(name) }
            }
            return names.joined(separator: "; ")
        }
        return russian ? "один из \(zones.count) поясов" : "one of \(zones.count) zones"
    }
}
