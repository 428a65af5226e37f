import ArgumentParser
import ErrorReporting
import Foundation

/// Range checks for the numbers people type on a command line, with the refusal in their language.
///
/// Every number a user can type is checked before it is used: an absurd value (`--timeout 1e308`,
/// `--max-concurrent 1000000000`) is a usage error with a clear message and exit status 64, never
/// a crash or a spinning core.
public enum OptionCheck {
    /// Throws a `ValidationError` (exit 64) unless `value` is in `range`; NaN is never in range.
    ///
    /// ```swift
    /// try OptionCheck.value(maxConcurrent, of: "--max-concurrent", in: 1...64, language: shared.language)
    /// ```
    public static func value<Number: Comparable & CustomStringConvertible>(
        _ value: Number, of flag: String, in range: ClosedRange<Number>, language: Language
    ) throws {
        guard !range.contains(value) else { return }
        throw ValidationError(
            message(
                english: "\(flag) must be between \(range.lowerBound) and \(range.upperBound), not \(value)",
                russian: "\(flag): нужно число от \(range.lowerBound) до \(range.upperBound), а не \(value)",
                language: language))
    }

    /// A number of seconds already range-checked as a duration, rounded to the millisecond.
    public static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return .seconds(0) }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// `value` as an http(s) URL with a host, or a usage error naming `name` in `language`:
    /// the one check of every URL option (`--api-base`, `--api`, `--countries-url`...).
    public static func webURL(_ value: String, of name: String, language: Language) throws -> URL {
        guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw ValidationError(
                message(
                    english: "\(name) must be an http(s) URL, not '\(value)'",
                    russian: "\(name): нужен адрес http(s), а не «\(value)»",
                    language: language))
        }
        return url
    }

    /// The message in the reader's language.
    public static func message(english: String, russian: String, language: Language) -> String {
        switch language {
        case .english: english
        case .russian: russian
        }
    }
}
