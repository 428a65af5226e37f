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

    /// What kind of failure this is, told apart by case: the screens branch on it, never on a string.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The network or the host cannot be reached.
        case offline
        /// The load ran past its deadline.
        case timeout
        /// The connection closed before the whole picture arrived.
        case dropped
        /// The load was cancelled.
        case cancelled
        /// The URL gives no picture: an HTTP error, a bad URL, a body too large, any other transport failure.
        case unavailable
        /// The bytes are not a picture we can decode.
        case invalidImage
    }

    /// The kind of this failure.
    public var kind: Kind {
        switch self {
        case .network(.offline): .offline
        case .network(.timedOut): .timeout
        case .network(.connectionDropped): .dropped
        case .network(.cancelled), .cancelled: .cancelled
        case .network: .unavailable
        case .invalidImage: .invalidImage
        }
    }

    /// The stable machine name printed by plain and JSON output:
    /// `offline`, `timeout`, `unavailable`, `dropped`, `invalidImage` or `cancelled`.
    public var code: String { kind.rawValue }

    /// True when the failure is the network being down: worth retrying once it is back.
    public var isConnectivityFailure: Bool { kind == .offline }

    /// True when pulling down to refresh is the right advice (the seed's «Pull down to refresh»).
    public var suggestsRefresh: Bool { kind == .timeout || kind == .dropped }

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
        switch kind {
        case .offline:
            UserFacingError(code: code, message: CommonPhrases.noInternet, recovery: CommonPhrases.pullToRefresh)
        case .timeout:
            UserFacingError(code: code, message: CommonPhrases.tookTooLong, recovery: CommonPhrases.pullToRefresh)
        case .dropped:
            UserFacingError(
                code: code,
                message: CommonPhrases.connectionDropped,
                recovery: CommonPhrases.pullToRefresh
            )
        case .cancelled:
            UserFacingError(code: code, message: LocalizedText(en: "Cancelled", ru: "Отменено"))
        case .unavailable, .invalidImage:
            // «Изображение по заданному URL недоступно»: a broken URL, an HTTP error, not an image.
            UserFacingError(code: code, message: CommonPhrases.imageUnavailable)
        }
    }
}
