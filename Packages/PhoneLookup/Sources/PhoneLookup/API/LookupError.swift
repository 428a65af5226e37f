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

    /// A transport failure in the words every task uses for its kind (the seeds' "took too long",
    /// "the connection dropped", with the same codes), and what happened to the lookup service
    /// beside them. A host that cannot be reached is told as that, not as "no internet": a lookup
    /// service that is down on a working network is the likelier cause here.
    private static func describe(_ error: NetworkError) -> UserFacingError {
        let again = LocalizedText(en: "Try again", ru: "Попробуйте ещё раз")
        switch error {
        case .offline(let host):
            return UserFacingError(code: "offline", message: LocalizedText(
                en: "The lookup service at \(host) could not be reached (connection refused or no network)",
                ru: "Не удалось связаться с сервисом поиска \(host) (соединение отклонено или нет сети)"), recovery: again)
        case .timedOut(let after):
            return UserFacingError(code: "timeout", message: CommonPhrases.tookTooLong.adding(reason: LocalizedText(
                en: "the lookup service did not answer within \(after.seconds) s",
                ru: "сервис поиска не ответил за \(after.seconds) с")), recovery: again)
        case .httpStatus(let code, _):
            return LookupError.server(status: code).userFacingError
        case .connectionDropped, .transport:
            return UserFacingError(code: "dropped", message: CommonPhrases.connectionDropped.adding(reason: LocalizedText(
                en: "the lookup service dropped the connection before answering",
                ru: "сервис поиска оборвал соединение, не ответив")), recovery: again)
        default:
            return error.userFacingError
        }
    }

    public var userFacingError: UserFacingError {
        switch self {
        case .invalidNumber(let message):
            UserFacingError(code: "invalidNumber", message: LocalizedText(en: message, ru: message))
        case .server(let status):
            UserFacingError(code: "http",
                            message: status >= 500
                                ? LocalizedText(en: "The lookup service failed with a server error (HTTP \(status))",
                                                ru: "Сбой на стороне сервиса поиска (HTTP \(status))")
                                : LocalizedText(en: "The lookup service refused the request (HTTP \(status))",
                                                ru: "Сервис поиска отклонил запрос (HTTP \(status))"),
                            recovery: LocalizedText(en: "Try again later", ru: "Попробуйте позже"))
        case .badResponse(let detail):
            UserFacingError(code: "api",
                            message: LocalizedText(en: "The lookup service sent an answer we cannot read: \(detail)",
                                                   ru: "Ответ сервиса поиска не удалось прочитать: \(detail)"))
        case .network(let error):
            Self.describe(error)
        case .timedOut(let after):
            UserFacingError(code: "timeout", message: CommonPhrases.tookTooLong.adding(reason: LocalizedText(
                en: "no answer within \(after.seconds) s", ru: "нет ответа за \(after.seconds) с")),
                            recovery: LocalizedText(en: "Try again", ru: "Попробуйте ещё раз"))
        case .emptyAnswer:
            UserFacingError(code: "api", message: LocalizedText(en: "The lookup service gave an empty answer",
                                                                ru: "Сервис поиска вернул пустой ответ"))
        }
    }
}

private extension Duration {
    /// Whole seconds, or one decimal below ten (`0.5`, `30`).
    var seconds: String {
        let value = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return value < 10 && value != value.rounded() ? String(format: "%.1f", value) : String(Int(value.rounded()))
    }
}
