import ErrorReporting
import Imaging
import Networking

/// Why a picture could not be shown.
///
/// The one vocabulary of a failed picture, from the transport up: every task classifies a failure
/// by ``kind`` and words it with ``message`` and ``reason``, so the same dropped connection reads
/// the same in the gallery's cell and in a Flickr thumbnail. It says what happened; what the person
/// is told to do about it (pull down, press `r`) is the task's to choose.
public enum ImagePipelineError: Error, Sendable, CustomStringConvertible {
    /// The download failed: offline, timed out, an HTTP error, a dropped connection...
    case network(NetworkError)
    /// The bytes arrived but are not a picture we can decode (not an image, corrupt, too large).
    case invalidImage(ImagingError)
    /// The request was cancelled (the cell left the screen); nothing was cached.
    case cancelled

    /// What kind of failure this is, told apart by case: the screens branch on it, never on a
    /// string. The network's kinds map onto it one to one, except that every answer that gives no
    /// picture (an HTTP error, a bad URL, a body too large) is ``unavailable``.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// The network itself is down.
        case offline
        /// The host's name did not resolve.
        case hostNotFound
        /// The host could not be connected to.
        case refused
        /// The load ran past its deadline.
        case timeout
        /// The connection closed before the whole picture arrived, or broke in another way.
        case dropped
        /// The load was cancelled.
        case cancelled
        /// The URL gives no picture: an HTTP error, a bad URL, a body too large.
        case unavailable
        /// The bytes are not a picture we can decode.
        case invalidImage
        /// An error from outside the pipeline (a loader's own); it is shown in its own words.
        case other

        /// The pipeline's kind for the network's, decided there once.
        public init(_ network: NetworkError.Kind) {
            switch network {
            case .offline: self = .offline
            case .hostNotFound: self = .hostNotFound
            case .refused: self = .refused
            case .timeout: self = .timeout
            case .dropped: self = .dropped
            case .cancelled: self = .cancelled
            case .http, .tooLarge, .invalidURL, .redirects: self = .unavailable
            }
        }

        /// True when the same load may well succeed if tried again: the link was slow or broke.
        public var isTransient: Bool { self == .timeout || self == .dropped }

        /// True when the network may be down: worth retrying once it is back
        /// (`NetworkError.Kind.isUnreachable`).
        public var isUnreachable: Bool { self == .offline || self == .hostNotFound }

        /// The seeds' words for this kind, where they do not depend on the cause (a refused
        /// connection names its host, so it has none here).
        public var commonMessage: LocalizedText? {
            switch self {
            case .offline: CommonPhrases.noInternet
            case .timeout: CommonPhrases.tookTooLong
            case .dropped: CommonPhrases.connectionDropped
            case .cancelled: LocalizedText(en: "Cancelled", ru: "Отменено")
            // «Изображение по заданному URL недоступно»: a broken URL, an HTTP error, not an image.
            case .unavailable, .invalidImage: CommonPhrases.imageUnavailable
            case .hostNotFound, .refused, .other: nil
            }
        }
    }

    /// The kind of this failure: the network's own kind, mapped (``Kind/init(_:)``).
    public var kind: Kind {
        switch self {
        case .network(let network): Kind(network.kind)
        case .invalidImage: .invalidImage
        case .cancelled: .cancelled
        }
    }

    /// True when loading the same picture again later may well succeed: the network's own verdict
    /// (`NetworkError.mayPassOnRetry`); bytes that are no picture stay so.
    public var mayPassOnRetry: Bool {
        if case .network(let network) = self { return network.mayPassOnRetry }
        return false
    }

    /// The stable machine name printed by plain and JSON output: the network's code for a
    /// network failure (one code per cause on every surface), else `invalidImage` or `cancelled`.
    public var code: String {
        switch self {
        case .network(let network): network.code
        case .invalidImage: Kind.invalidImage.rawValue
        case .cancelled: Kind.cancelled.rawValue
        }
    }

    /// True when the failure may be the network being down: worth retrying once it is back.
    public var isConnectivityFailure: Bool { kind.isUnreachable }

    /// True when the same load may well succeed if tried again (``Kind/isTransient``).
    public var isTransient: Bool { kind.isTransient }

    /// The seeds' words for this failure, or the network's own where they name the host.
    public var message: LocalizedText {
        if let common = kind.commonMessage { return common }
        if case .network(let network) = self { return network.message }
        return CommonPhrases.imageUnavailable
    }

    /// The exact cause, where the seeds' words cover several («Image at this URL is unavailable»:
    /// not found, not an image, damaged...); nil when the message says it all.
    public var reason: LocalizedText? {
        switch self {
        case .network(let network): Self.reason(of: network)
        case .invalidImage(let imaging): Self.reason(of: imaging)
        case .cancelled: nil
        }
    }

    /// The words a picture's place shows: the message, with the exact cause beside it.
    public var cellMessage: LocalizedText { message.adding(reason: reason) }

    public var description: String {
        switch self {
        case .network(let error): "network: \(error)"
        case .invalidImage(let error): "invalid image: \(error)"
        case .cancelled: "cancelled"
        }
    }

    private static func reason(of network: NetworkError) -> LocalizedText? {
        switch network {
        case .invalidURL, .unsupportedScheme:
            LocalizedText(en: "not a valid link", ru: "некорректная ссылка")
        case .responseTooLarge: LocalizedText(en: "too large", ru: "слишком большой файл")
        case .tooManyRedirects: LocalizedText(en: "too many redirects", ru: "слишком много перенаправлений")
        default: network.reason
        }
    }

    private static func reason(of imaging: ImagingError) -> LocalizedText? {
        switch imaging {
        case .notAnImage, .unsupported: LocalizedText(en: "not an image", ru: "это не изображение")
        case .truncated, .corrupt: LocalizedText(en: "the image is damaged", ru: "изображение повреждено")
        case .tooLarge, .animationTooLarge: LocalizedText(en: "the image is too large", ru: "изображение слишком большое")
        case .encodingFailed: nil
        // "AVIF support needs libavif15": the one thing to do about it.
        case .libraryMissing: imaging.userFacingError.message
        }
    }
}

extension ImagePipelineError: UserFacingErrorConvertible {
    public var userFacingError: UserFacingError {
        UserFacingError(code: code, message: message)
    }
}
