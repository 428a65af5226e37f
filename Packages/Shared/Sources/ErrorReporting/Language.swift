/// The language a person reads messages in. The workbench speaks English and Russian.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case russian = "ru"

    /// Picks the language from an explicit `--lang` value, else from the POSIX locale variables.
    ///
    /// The locale variables are read in POSIX precedence: `LC_ALL`, then `LC_MESSAGES`, then `LANG`.
    /// The first one that is set and not empty decides; a value starting with `ru` means Russian.
    ///
    /// ```swift
    /// let language = Language.resolve(flag: options.lang, environment: ProcessInfo.processInfo.environment)
    /// ```
    public static func resolve(flag: String?, environment: [String: String]) -> Language {
        if let flag, let language = Language(code: flag) { return language }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ru") ? .russian : .english
        }
        return .english
    }

    /// Parses `en`, `ru`, `english`, `russian`, or a locale such as `ru_RU.UTF-8`; nil for anything else.
    public init?(code: String) {
        let lowered = code.lowercased()
        if lowered.hasPrefix("ru") {
            self = .russian
        } else if lowered.hasPrefix("en") {
            self = .english
        } else {
            return nil
        }
    }
}
