import ErrorReporting
import Foundation

/// Everything that can go wrong with one load, told apart so that callers and people can act on it.
///
/// The one place a transport failure is classified: ``kind`` (and so ``code``), ``isTransient``
/// and the words (``message``, ``reason``) are decided here, where libcurl's or URLSession's code
/// is seen; every layer above maps the kind and never re-reads a string.
public enum NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL could not be used at all (no host, malformed).
    case invalidURL(String)
    /// The URL's scheme is not `http` or `https`.
    case unsupportedScheme(String)
    /// The network itself is down: no route to any network, the interface is down.
    case offline(host: String)
    /// The host's name could not be resolved.
    case hostNotFound(host: String)
    /// The host answered, but nothing accepts connections on that port (or it could not be
    /// connected to for another reason than the network being down).
    case refused(host: String)
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
    /// Any other transport failure, with the platform's description: a connection that broke in
    /// a way the platform names (a reset, a TLS failure midway).
    case transport(description: String)

    /// What kind of failure this is; its raw value is the stable code every surface prints.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// The network itself is down.
        case offline
        /// The host's name did not resolve.
        case hostNotFound
        /// The host could not be connected to.
        case refused
        /// The load ran past its deadline.
        case timeout
        /// The load was cancelled.
        case cancelled
        /// The server answered with an error status.
        case http
        /// The connection closed or broke before the whole answer arrived.
        case dropped
        /// The answer is larger than the client accepts.
        case tooLarge
        /// The address cannot be loaded (malformed, or not http/https).
        case invalidURL
        /// The server sent the request round in circles.
        case redirects

        /// True when the same load may well succeed if tried again: the link was slow or broke.
        public var isTransient: Bool { self == .timeout || self == .dropped }

        /// True when the network itself may be down: the connectivity probe decides, and the load
        /// is worth retrying once it is back. A refused connection is not: the network carried
        /// the refusal, the server is what is missing.
        public var isUnreachable: Bool { self == .offline || self == .hostNotFound }
    }

    /// The kind of this failure.
    public var kind: Kind {
        switch self {
        case .invalidURL, .unsupportedScheme: .invalidURL
        case .offline: .offline
        case .hostNotFound: .hostNotFound
        case .refused: .refused
        case .timedOut: .timeout
        case .cancelled: .cancelled
        case .httpStatus: .http
        case .connectionDropped, .transport: .dropped
        case .responseTooLarge: .tooLarge
        case .tooManyRedirects: .redirects
        }
    }

    /// The stable machine name printed by plain and JSON output and HTTP error bodies.
    public var code: String { kind.rawValue }

    /// True when the same load may well succeed if tried again (``Kind/isTransient``).
    public var isTransient: Bool { kind.isTransient }

    /// True when the server answered, but with a 5xx: its bad moment may pass.
    public var isServerFailure: Bool {
        if case .httpStatus(let code, _) = self { return (500..<600).contains(code) }
        return false
    }

    /// True when the same request, made again later, may well succeed: the link was slow or broke,
    /// the host could not be reached, or the server failed (5xx) or asked to wait (429). What
    /// sysexits calls a temporary failure; a 404, a bad URL or a too-large answer stay as they are.
    public var mayPassOnRetry: Bool {
        switch kind {
        case .timeout, .dropped, .refused, .offline, .hostNotFound: true
        case .http:
            if case .httpStatus(let code, _) = self { (500..<600).contains(code) || code == 429 } else { false }
        case .cancelled, .tooLarge, .invalidURL, .redirects: false
        }
    }

    /// True when the failure says the network may be down (``Kind/isUnreachable``): worth
    /// retrying when ``Connectivity`` reports it reachable again.
    public var isConnectivityFailure: Bool { kind.isUnreachable }

    /// What happened, in the words every surface uses for this cause. It says nothing about what
    /// to do: that is the command's to add.
    public var message: LocalizedText {
        switch self {
        case .invalidURL, .unsupportedScheme:
            LocalizedText(en: "This address is not a valid web link",
                          ru: "Этот адрес не является корректной веб-ссылкой")
        case .offline: CommonPhrases.noInternet
        case .hostNotFound(let host):
            LocalizedText(en: "Could not find \(host)", ru: "Не удалось найти \(host)")
        case .refused(let host):
            LocalizedText(en: "Could not connect to \(host)", ru: "Не удалось подключиться к \(host)")
        case .timedOut: CommonPhrases.tookTooLong
        case .cancelled: LocalizedText(en: "Loading was cancelled", ru: "Загрузка отменена")
        case .httpStatus: LocalizedText(en: "The server answered with an error",
                                        ru: "Сервер ответил ошибкой")
        case .connectionDropped, .transport: CommonPhrases.connectionDropped
        case .responseTooLarge(let limit):
            LocalizedText(en: "The response is too large (over \(limit / 1_000_000) MB)",
                          ru: "Ответ слишком большой (более \(limit / 1_000_000) МБ)")
        case .tooManyRedirects:
            LocalizedText(en: "The server sent the request round in circles (too many redirects)",
                          ru: "Сервер гоняет запрос по кругу (слишком много перенаправлений)")
        }
    }

    /// The exact cause, where the message covers several: the HTTP status, libcurl's own words.
    /// The same clause on every surface, beside whatever message that surface starts with.
    public var reason: LocalizedText? {
        switch self {
        case .httpStatus(let code, _) where code == 404 || code == 410:
            LocalizedText(en: "not found (HTTP \(code))", ru: "не найдено (HTTP \(code))")
        case .httpStatus(let code, _):
            // After "The server answered with an error", "Image at this URL is unavailable": the
            // status alone, which those words already say a server sent.
            LocalizedText(en: "HTTP \(code)", ru: "HTTP \(code)")
        case .transport(let description):
            // The platform's own words: the one clue there is.
            LocalizedText(en: Redactor.redact(description), ru: Redactor.redact(description))
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL \(Redactor.redact(url))"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)'"
        case .offline(let host): "network down, cannot reach \(host)"
        case .hostNotFound(let host): "cannot resolve \(host)"
        case .refused(let host): "cannot connect to \(host)"
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
    /// What a person sees: ``message`` with ``reason`` beside it, coded by ``kind``.
    public var userFacingError: UserFacingError {
        guard let reason else { return UserFacingError(code: code, message: message) }
        // "The server answered with an error: not found (HTTP 404)": the status reads as the
        // sentence's end rather than as brackets inside brackets.
        return UserFacingError(code: code, message: kind == .http ? message.followed(by: reason)
                                                                  : message.adding(reason: reason))
    }
}
