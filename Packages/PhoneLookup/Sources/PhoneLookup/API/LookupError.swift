import ErrorReporting
import Foundation
import Networking

/// Why a lookup gave no results.
public enum LookupError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError,
    UserFacingErrorConvertible {
    /// The service refused the number (HTTP 400), with its own explanation.
    case invalidNumber(message: String)
    /// The service answered with a status other than 200 or 400.
    case server(status: Int)
    /// The service answered 200 with a body that is not the contract's JSON.
    case badResponse(detail: String)
    /// The request could not be carried out: no connection, dropped, past the client's deadline...
    case network(NetworkError)
    /// No answer within the deadline.
    case timedOut(after: Duration)
    /// A backend called back with neither results nor an error.
    case emptyAnswer

    public var description: String { userFacingError.line(in: .english) }

    /// What `localizedDescription` shows: the alert's text.
    public var errorDescription: String? { userFacingError.message(in: .english) }

    public var userFacingError: UserFacingError {
        switch self {
        case .invalidNumber(let message):
            UserFacingError(code: "invalidNumber", message: LocalizedText(en: message, ru: message))
        case .server(let status):
            UserFacingError(code: "http",
                            message: LocalizedText(en: "The lookup service failed (HTTP \(status))",
                                                   ru: "Сервис поиска не отвечает как должен (HTTP \(status))"),
                            recovery: LocalizedText(en: "Try again later", ru: "Попробуйте позже"))
        case .badResponse(let detail):
            UserFacingError(code: "api",
                            message: LocalizedText(en: "The lookup service sent an answer we cannot read: \(detail)",
                                                   ru: "Ответ сервиса поиска не удалось прочитать: \(detail)"))
        case .network(let error):
            error.userFacingError
        case .timedOut:
            UserFacingError(code: "timeout", message: CommonPhrases.tookTooLong,
                            recovery: LocalizedText(en: "Try again", ru: "Попробуйте ещё раз"))
        case .emptyAnswer:
            UserFacingError(code: "api", message: LocalizedText(en: "The lookup service gave an empty answer",
                                                                ru: "Сервис поиска вернул пустой ответ"))
        }
    }
}
