import ErrorReporting
import Foundation

/// Everything that can go wrong with one load, told apart so that callers and people can act on it.
public enum NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL could not be used at all (no host, malformed).
    case invalidURL(String)
    /// The URL's scheme is not `http` or `https`.
    case unsupportedScheme(String)
    /// The host could not be reached: no network, DNS failure, connection refused, no route.
    case offline(host: String)
    /// The load ran past the client's deadline and was cancelled.
    case timedOut(after: Duration)
    /// The caller cancelled the load (its Task was cancelled).
    case cancelled
    /// The server answered with a status that is not 2xx (only from `data(from:)`).
    case httpStatus(code: Int, url: URL)
    /// The connection closed before the whole body arrived.
    case connectionDropped(bytesReceived: Int)
    /// The response (announced or received) is larger than the client accepts.
    case responseTooLarge(limit: Int)
    /// The server sent the load through more than `limit` redirects.
    case tooManyRedirects(limit: Int)
    /// Any other transport failure, with the platform's description.
    case transport(description: String)

    /// True when the failure says the network or host is unreachable: worth retrying when
    /// ``Connectivity`` reports the machine online again.
    public var isConnectivityFailure: Bool {
        if case .offline = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL \(Redactor.redact(url))"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)'"
        case .offline(let host): "cannot reach \(host)"
        case .timedOut(let after): "timed out after \(after)"
        case .cancelled: "cancelled"
        case .httpStatus(let code, let url): "HTTP \(code) from \(Redactor.redact(url))"
        case .connectionDropped(let bytes): "connection dropped after \(bytes) bytes"
        case .responseTooLarge(let limit): "response larger than \(limit) bytes"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .transport(let description): "transport error: \(Redactor.redact(description))"
        }
    }
}

extension NetworkError: UserFacingErrorConvertible {
    /// What a person sees. Codes: `offline`, `timeout`, `cancelled`, `http`, `dropped`, `tooLarge`, `invalidURL`, `redirects`, `transport`.
    public var userFacingError: UserFacingError {
        switch self {
        case .invalidURL, .unsupportedScheme:
            return UserFacingError(
                code: "invalidURL",
                message: LocalizedText(en: "This address is not a valid web link",
                                       ru: "Этот адрес не является корректной веб-ссылкой"),
                recovery: LocalizedText(en: "Check the address", ru: "Проверьте адрес")
            )
        case .offline:
            return UserFacingError(
                code: "offline",
                message: CommonPhrases.noInternet,
                recovery: LocalizedText(en: "Check the connection; loading resumes when it is back",
                                        ru: "Проверьте подключение; загрузка продолжится, когда оно появится")
            )
        case .timedOut:
            return UserFacingError(code: "timeout", message: CommonPhrases.tookTooLong)
        case .cancelled:
            return UserFacingError(code: "cancelled",
                                   message: LocalizedText(en: "Loading was cancelled", ru: "Загрузка отменена"))
        case .httpStatus(let code, _):
            // A generic HTTP message; callers that know what the resource is (the image pipeline)
            // map the status to their own wording, such as "image unavailable".
            return UserFacingError(
                code: "http",
                message: LocalizedText(en: "The server answered with an error (HTTP \(code))",
                                       ru: "Сервер ответил ошибкой (HTTP \(code))")
            )
        case .connectionDropped:
            return UserFacingError(
                code: "dropped",
                message: LocalizedText(en: "The connection was lost during loading",
                                       ru: "Соединение прервалось во время загрузки")
            )
        case .responseTooLarge(let limit):
            return UserFacingError(
                code: "tooLarge",
                message: LocalizedText(en: "The response is too large (over \(limit / 1_000_000) MB)",
                                       ru: "Ответ слишком большой (более \(limit / 1_000_000) МБ)")
            )
        case .tooManyRedirects:
            return UserFacingError(
                code: "redirects",
                message: LocalizedText(en: "The server sent the request round in circles (too many redirects)",
                                       ru: "Сервер гоняет запрос по кругу (слишком много перенаправлений)"),
                recovery: LocalizedText(en: "Check the address", ru: "Проверьте адрес")
            )
        case .transport(let description):
            let detail = Redactor.redact(description)
            return UserFacingError(
                code: "transport",
                message: LocalizedText(en: "Network error: \(detail)", ru: "Ошибка сети: \(detail)")
            )
        }
    }
}
