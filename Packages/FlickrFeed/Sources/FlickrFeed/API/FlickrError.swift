import ErrorReporting
import Foundation
import Networking

/// What can go wrong asking Flickr for photos.
public enum FlickrError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Flickr answered `{"stat":"fail"}` (with HTTP 200). Code 100 means the API key was refused.
    case api(code: Int, message: String)
    /// The body is not JSON at all (an HTML error page, a proxy's login page...).
    case notJSON(preview: String)
    /// The body is JSONP (`jsonFlickrApi({...})`): the request lacked `nojsoncallback=1`.
    case jsonp(callback: String)
    /// The body is JSON but not the shape of a getRecent answer.
    case malformed(reason: String)
    /// The request got no usable answer: offline, timed out, an HTTP error status...
    case network(NetworkError)

    /// Flickr's code for "Invalid API Key".
    static let invalidAPIKeyCode = 100

    /// True for failures worth retrying when the network returns.
    public var isConnectivityFailure: Bool {
        guard case .network(let error) = self else { return false }
        return error.isConnectivityFailure
    }

    /// True when Flickr refused the key: retrying cannot help until the key changes.
    public var isKeyRefused: Bool {
        guard case .api(let code, _) = self else { return false }
        return code == Self.invalidAPIKeyCode
    }

    public var description: String {
        switch self {
        case .api(let code, let message): "Flickr error \(code): \(Redactor.redact(message))"
        case .notJSON(let preview): "the answer is not JSON: \(Redactor.redact(preview))"
        case .jsonp(let callback): "the answer is JSONP wrapped in \(callback)(...), not plain JSON"
        case .malformed(let reason): "the answer is not a getRecent page: \(reason)"
        case .network(let error): error.description
        }
    }
}

extension FlickrError: UserFacingErrorConvertible {
    /// What happened. What to do about it (which flag, which key, pull down) is the command's to say.
    public var userFacingError: UserFacingError {
        switch self {
        case .api(let code, let message) where code == Self.invalidAPIKeyCode:
            let detail = Redactor.redact(message)
            return UserFacingError(
                code: "apiKey",
                message: LocalizedText(
                    en: "Flickr refused the API key (\(detail))",
                    ru: "Flickr отклонил ключ API (\(detail))"
                )
            )
        case .api(let code, let message):
            let detail = Redactor.redact(message)
            return UserFacingError(
                code: "api",
                message: LocalizedText(
                    en: "Flickr answered with error \(code): \(detail)",
                    ru: "Flickr ответил ошибкой \(code): \(detail)"
                )
            )
        case .notJSON, .malformed:
            return UserFacingError(
                code: "api",
                message: LocalizedText(
                    en: "Flickr's answer could not be read (\(description))",
                    ru: "Не удалось прочитать ответ Flickr (\(description))"
                )
            )
        case .jsonp(let callback):
            return UserFacingError(
                code: "api",
                message: LocalizedText(
                    en: "Flickr answered with JSONP (\(callback)(...)) instead of JSON",
                    ru: "Flickr ответил в формате JSONP (\(callback)(...)) вместо JSON"
                )
            )
        case .network(let error):
            return error.userFacingError
        }
    }

    /// The stable code printed by plain and JSON output (the transport's own for a network failure).
    public var code: String { userFacingError.code }

    /// True when trying again may help: a slow or broken link, or a server having a bad moment.
    public var mayPassOnRefresh: Bool {
        switch self {
        case .network(let error): error.isTransient || error.isServerFailure
        case .api(let code, _): code != Self.invalidAPIKeyCode
        case .notJSON, .malformed, .jsonp: false
        }
    }

    /// True when running the same command again later may well succeed: the network's verdict
    /// (``NetworkError/mayPassOnRetry``: a refused or unreachable host too), or Flickr's own
    /// error other than a refused key.
    public var mayPassOnRetry: Bool {
        switch self {
        case .network(let error): error.mayPassOnRetry
        case .api: mayPassOnRefresh
        case .notJSON, .malformed, .jsonp: false
        }
    }

    /// True when Flickr's answer is not what its REST endpoint sends: the address is likely wrong.
    public var pointsAtAnotherEndpoint: Bool {
        switch self {
        case .notJSON, .malformed, .jsonp: true
        case .api, .network: false
        }
    }
}
