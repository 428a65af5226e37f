import ErrorReporting
import Imaging
import Networking

/// Why a picture could not be shown.
public enum ImagePipelineError: Error, Sendable, CustomStringConvertible {
    /// The download failed: offline, timed out, an HTTP error, a dropped connection...
    case network(NetworkError)
    /// The bytes arrived but are not a picture we can decode (not an image, corrupt, too large).
    case invalidImage(ImagingError)
    /// The request was cancelled (the cell left the screen); nothing was cached.
    case cancelled

    /// The stable machine name printed by plain and JSON output:
    /// `offline`, `timeout`, `unavailable`, `dropped`, `invalidImage` or `cancelled`.
    public var code: String {
        switch self {
        case .network(let error):
            switch error {
            case .offline: "offline"
            case .timedOut: "timeout"
            case .connectionDropped: "dropped"
            case .cancelled: "cancelled"
            default: "unavailable"
            }
        case .invalidImage: "invalidImage"
        case .cancelled: "cancelled"
        }
    }

    /// True when the failure is the network being down: worth retrying once it is back.
    public var isConnectivityFailure: Bool { code == "offline" }

    /// True when pulling down to refresh is the right advice (the seed's «Pull down to refresh»).
    public var suggestsRefresh: Bool { code == "timeout" || code == "dropped" }

    public var description: String {
        switch self {
        case .network(let error): "network: \(error)"
        case .invalidImage(let error): "invalid image: \(error)"
        case .cancelled: "cancelled"
        }
    }
}

extension ImagePipelineError: UserFacingErrorConvertible {
    public var userFacingError: UserFacingError {
        switch code {
        case "offline":
            UserFacingError(code: code, message: CommonPhrases.noInternet, recovery: CommonPhrases.pullToRefresh)
        case "timeout":
            UserFacingError(code: code, message: CommonPhrases.tookTooLong, recovery: CommonPhrases.pullToRefresh)
        case "dropped":
            UserFacingError(
                code: code,
                message: CommonPhrases.connectionDropped,
                recovery: CommonPhrases.pullToRefresh
            )
        case "cancelled":
            UserFacingError(code: code, message: LocalizedText(en: "Cancelled", ru: "Отменено"))
        default:
            // «Изображение по заданному URL недоступно»: a broken URL, an HTTP error, not an image.
            UserFacingError(code: code, message: CommonPhrases.imageUnavailable)
        }
    }
}
