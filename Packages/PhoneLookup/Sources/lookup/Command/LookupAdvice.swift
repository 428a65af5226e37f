import ErrorReporting
import PhoneLookup

/// What the lookup command tells a person to do about a failed lookup: the core says what
/// happened and whether asking again may help; the command words it, in the alert and in plain
/// output alike.
enum LookupAdvice {
    static let tryAgain = LocalizedText(en: "Try again", ru: "Попробуйте ещё раз")
    static let tryAgainLater = LocalizedText(en: "Try again later", ru: "Попробуйте позже")

    /// `failure` with what to do as its recovery: try again at once after a slow, broken or
    /// refused connection, later after the service's own failure, nothing new when the answer
    /// would be the same.
    static func shown(_ failure: LookupFailure) -> UserFacingError {
        var shown = failure.error
        switch failure.retry {
        case .now: shown.recovery = tryAgain
        case .later: shown.recovery = tryAgainLater
        case .never: break
        }
        return shown
    }
}
