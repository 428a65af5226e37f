import ErrorReporting
import Foundation
import Networking

/// What can go wrong asking Flickr for photos.
public enum FlickrError: Error, Sendable, Equatable, CustomStringConvertible {
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
    var isKeyRefused: Bool {
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
    public var userFacingError: UserFacingError {
        switch self {
        case .api(let code, let message) where code == Self.invalidAPIKeyCode:
            let detail = Redactor.redact(message)
            return UserFacingError(
                code: "apiKey",
                message: LocalizedText(
                    en: "Flickr refused the API key (\(detail))",
                    ru: "Flickr отклонил ключ API (\(detail))"
                ),
                recovery: FlickrMessages.howToPassKey
            )
        case .api(let code, let message):
            let detail = Redactor.redact(message)
            return UserFacingError(
                code: "api",
                message: LocalizedText(
                    en: "Flickr answered with error \(code): \(detail)",
                    ru: "Flickr ответил ошибкой \(code): \(detail)"
                ),
                recovery: FlickrMessages.pullToRefresh
            )
        case .notJSON, .malformed:
            return UserFacingError(
                code: "api",
                message: LocalizedText(
                    en: "Flickr's answer could not be read (\(description))",
                    ru: "Не удалось прочитать ответ Flickr (\(description))"
                ),
                recovery: LocalizedText(
                    en: "Check --api-base: it must point at Flickr's REST endpoint",
                    ru: "Проверьте --api-base: он должен указывать на REST-адрес Flickr"
                )
            )
        case .jsonp(let callback):
            return UserFacingError(
                code: "api",
                message: LocalizedText(
                    en: "Flickr answered with JSONP (\(callback)(...)) instead of JSON",
                    ru: "Flickr ответил в формате JSONP (\(callback)(...)) вместо JSON"
                ),
                recovery: LocalizedText(
                    en: "The request needs nojsoncallback=1; check --api-base for a proxy that drops it",
                    ru:
                        "В запросе нужен nojsoncallback=1; проверьте, не отбрасывает ли его прокси в --api-base"
                )
            )
        case .network(let error):
            // The transport says what happened; the feed says what to do: a slow or broken link,
            // or a server having a bad moment, may pass on a refresh.
            var shown = error.userFacingError
            if Self.mayPassOnRefresh(error) { shown.recovery = FlickrMessages.pullToRefresh }
            return shown
        }
    }

    private static func mayPassOnRefresh(_ error: NetworkError) -> Bool {
        error.isTransient || error.isServerFailure
    }
}
