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

    /// A transport failure in the words every task uses for its cause (the network's own message
    /// and code, classified once where it was detected), with what happened to the lookup service
    /// beside them. What to do about it is the command's to say.
    private static func describe(_ error: NetworkError) -> UserFacingError {
        switch error {
        case .httpStatus(let code, _):
            return LookupError.server(status: code).userFacingError
        case .timedOut(let after):
            return UserFacingError(code: error.code, message: error.message.adding(reason: LocalizedText(
                en: "the lookup service did not answer within \(after.seconds) s",
                ru: "сервис поиска не ответил за \(after.seconds) с")))
        case .connectionDropped, .transport:
            return UserFacingError(code: error.code, message: error.message.adding(reason: LocalizedText(
                en: "the lookup service dropped the connection before answering",
                ru: "сервис поиска оборвал соединение, не ответив")))
        default:
            return error.userFacingError
        }
    }

    public var userFacingError: UserFacingError {
        switch self {
        case .invalidNumber(let message):
            UserFacingError(code: "invalidNumber", message: LocalizedText(en: message, ru: message))
        case .server(let status):
            UserFacingError(
                code: NetworkError.Kind.http.rawValue,
                message: (status >= 500
                    ? LocalizedText(en: "The lookup service failed", ru: "Сбой на стороне сервиса поиска")
                    : LocalizedText(en: "The lookup service refused the request", ru: "Сервис поиска отклонил запрос"))
                    .followed(by: NetworkError.httpStatus(code: status, url: Self.noURL).reason
                        ?? LocalizedText(en: "HTTP \(status)", ru: "HTTP \(status)")))
        case .badResponse(let detail):
            UserFacingError(code: "api",
                            message: LocalizedText(en: "The lookup service sent an answer we cannot read: \(detail)",
                                                   ru: "Ответ сервиса поиска не удалось прочитать: \(detail)"))
        case .network(let error):
            Self.describe(error)
        case .timedOut(let after):
            UserFacingError(code: NetworkError.Kind.timeout.rawValue, message: CommonPhrases.tookTooLong.adding(
                reason: LocalizedText(en: "no answer within \(after.seconds) s", ru: "нет ответа за \(after.seconds) с")))
        case .emptyAnswer:
            UserFacingError(code: "api", message: LocalizedText(en: "The lookup service gave an empty answer",
                                                                ru: "Сервис поиска вернул пустой ответ"))
        }
    }

    /// The status's words do not depend on the address.
    private static let noURL = URL(fileURLWithPath: "/")
}

private extension Duration {
    /// Whole seconds, or one decimal below ten (`0.5`, `30`).
    var seconds: String {
        let value = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return value < 10 && value != value.rounded() ? String(format: "%.1f", value) : String(Int(value.rounded()))
    }
}
