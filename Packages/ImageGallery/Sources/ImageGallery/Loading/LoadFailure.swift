import ErrorReporting
import ImagePipeline
import Imaging
import Networking

/// Why a cell has no picture, as the seed's "what to finish" list tells the cases apart.
public enum FailureKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// The network is down (no route, DNS failure, connection refused).
    case offline
    /// The URL gives no picture: 404 and other HTTP errors, a bad URL.
    case unavailable
    /// The load ran past its deadline.
    case timeout
    /// The connection closed before the whole picture arrived.
    case dropped
    /// The bytes are not a picture we can decode, or are corrupt.
    case invalidImage
    /// Anything else; the cell shows the error's own message.
    case other

    /// Classifies an error thrown by a loader by its typed case, never by its printed code.
    public init(classifying error: any Error) {
        switch error {
        case let pipeline as ImagePipelineError:
            switch pipeline {
            case .network(let network): self.init(network)
            case .invalidImage: self = .invalidImage
            case .cancelled: self = .other
            }
        case let network as NetworkError: self.init(network)
        case is ImagingError: self = .invalidImage
        default: self = .other
        }
    }

    /// The kind a cell shows for a network failure.
    init(_ network: NetworkError) {
        switch network {
        case .offline: self = .offline
        case .invalidURL, .unsupportedScheme, .httpStatus, .responseTooLarge, .tooManyRedirects: self = .unavailable
        case .timedOut: self = .timeout
        case .connectionDropped: self = .dropped
        case .transport: self = .dropped
        case .cancelled: self = .other
        }
    }

    /// True when the failure may go away by trying again, so the status bar says "pull down to refresh".
    public var suggestsRefresh: Bool { self == .timeout || self == .dropped }
}

/// A failed load: its kind plus the error a person reads.
public struct LoadFailure: Error, Sendable, Hashable {
    /// What kind of failure this is.
    public var kind: FailureKind
    /// The error as the shared modules explained it.
    public var error: UserFacingError
    /// Why exactly, shown beside the seed's words when they cover several causes («Image at this
    /// URL is unavailable»: not found, not an image, damaged...); nil when the message says it all.
    public var reason: LocalizedText?

    public init(kind: FailureKind, error: UserFacingError, reason: LocalizedText? = nil) {
        self.kind = kind
        self.error = error
        self.reason = reason
    }

    /// Classifies any error thrown by a loader.
    public init(_ error: any Error) {
        let userFacing = UserFacingError.from(error)
        self.init(kind: FailureKind(classifying: error), error: userFacing, reason: Self.reason(of: error))
    }

    /// The exact cause of a failure the seed's words leave open, by the error's typed case.
    static func reason(of error: any Error) -> LocalizedText? {
        switch error {
        case let pipeline as ImagePipelineError:
            switch pipeline {
            case .network(let network): reason(of: network)
            case .invalidImage(let imaging): reason(of: imaging)
            case .cancelled: nil
            }
        case let network as NetworkError:
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
        case let imaging as ImagingError:
            switch imaging {
            case .notAnImage, .unsupported: LocalizedText(en: "not an image", ru: "это не изображение")
            case .truncated, .corrupt: LocalizedText(en: "the image is damaged", ru: "изображение повреждено")
            case .tooLarge, .animationTooLarge:
                LocalizedText(en: "the image is too large", ru: "изображение слишком большое")
            case .encodingFailed: nil
            }
        default: nil
        }
    }

    /// True when `error` says the load was cancelled (the cell left the screen, or a refresh began).
    package static func isCancellation(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError: true
        case let pipeline as ImagePipelineError: pipeline.kind == .cancelled
        case let network as NetworkError: network == .cancelled
        default: false
        }
    }

    /// The stable code printed by `--json` (`offline`, `timeout`, `unavailable`, `dropped`,
    /// `invalidImage`, or the error's own code for anything else).
    public var code: String { kind == .other ? error.code : kind.rawValue }

    /// The text shown inside the cell: the seed's words, with the exact cause beside them.
    public var cellMessage: LocalizedText {
        guard let reason else { return message }
        return LocalizedText(en: "\(message.english) (\(reason.english))", ru: "\(message.russian) (\(reason.russian))")
    }

    /// The seed's words for this kind of failure.
    public var message: LocalizedText {
        switch kind {
        case .offline: CommonPhrases.noInternet
        case .unavailable, .invalidImage: CommonPhrases.imageUnavailable
        case .timeout: CommonPhrases.tookTooLong
        case .dropped: CommonPhrases.connectionDropped
        case .other: error.message
        }
    }
}
