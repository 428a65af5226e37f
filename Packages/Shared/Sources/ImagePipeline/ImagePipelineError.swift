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

    /// What kind of failure this is, told apart by case: the screens branch on it, never on a string.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The network or the host cannot be reached.
        case offline
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

        /// True when the same load may well succeed if tried again: the link was slow or broke.
        public var isTransient: Bool { self == .timeout || self == .dropped }

        /// The seeds' words for this kind of failure.
        public var message: LocalizedText {
            switch self {
            case .offline: CommonPhrases.noInternet
            case .timeout: CommonPhrases.tookTooLong
            case .dropped: CommonPhrases.connectionDropped
            case .cancelled: LocalizedText(en: "Cancelled", ru: "Отменено")
            // «Изображение по заданному URL недоступно»: a broken URL, an HTTP error, not an image.
            case .unavailable, .invalidImage: CommonPhrases.imageUnavailable
            }
        }
    }

    /// The kind of this failure. A transport failure libcurl names (a reset, a TLS error midway)
    /// is a connection that broke, as a cut one is.
    public var kind: Kind {
        switch self {
        case .network(.offline): .offline
        case .network(.timedOut): .timeout
        case .network(.connectionDropped), .network(.transport): .dropped
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

    /// True when the same load may well succeed if tried again (``Kind/isTransient``).
    public var isTransient: Bool { kind.isTransient }

    /// The seeds' words for this failure (``Kind/message``).
    public var message: LocalizedText { kind.message }

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
        case .httpStatus(let code, _) where code == 404 || code == 410:
            LocalizedText(en: "not found (HTTP \(code))", ru: "не найдено (HTTP \(code))")
        case .httpStatus(let code, _):
            LocalizedText(en: "the server answered HTTP \(code)", ru: "сервер ответил HTTP \(code)")
        case .invalidURL, .unsupportedScheme:
            LocalizedText(en: "not a valid link", ru: "некорректная ссылка")
        case .responseTooLarge: LocalizedText(en: "too large", ru: "слишком большой файл")
        case .tooManyRedirects: LocalizedText(en: "too many redirects", ru: "слишком много перенаправлений")
        case .transport(let description):
            // libcurl's own words (or why it could not be loaded): the one clue there is.
            LocalizedText(en: Redactor.redact(description), ru: Redactor.redact(description))
        case .offline, .timedOut, .cancelled, .connectionDropped: nil
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
