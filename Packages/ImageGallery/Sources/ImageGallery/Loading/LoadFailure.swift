import ErrorReporting
import ImagePipeline
import Imaging
import Networking

/// Why a cell has no picture: the image pipeline's ``ImagePipelineError/Kind`` (one
/// classification for every task), plus `other` for an error from outside the pipeline.
public enum FailureKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// The network is down (no route, DNS failure, connection refused).
    case offline
    /// The URL gives no picture: 404 and other HTTP errors, a bad URL.
    case unavailable
    /// The load ran past its deadline.
    case timeout
    /// The connection closed before the whole picture arrived, or broke in another way.
    case dropped
    /// The bytes are not a picture we can decode, or are corrupt.
    case invalidImage
    /// Anything else; the cell shows the error's own message.
    case other

    /// Classifies an error thrown by a loader by its typed case, never by its printed code.
    public init(classifying error: any Error) {
        self.init(ImagePipelineError(wrapping: error)?.kind)
    }

    /// The cell's kind for the pipeline's; a cancelled load (which no cell shows) is `other`.
    init(_ kind: ImagePipelineError.Kind?) {
        switch kind {
        case .offline: self = .offline
        case .timeout: self = .timeout
        case .dropped: self = .dropped
        case .unavailable: self = .unavailable
        case .invalidImage: self = .invalidImage
        case .cancelled, nil: self = .other
        }
    }

    /// True when the failure may go away by trying again, so the gallery says "pull down to
    /// refresh": the pipeline's ``ImagePipelineError/Kind/isTransient``, decided there once.
    public var suggestsRefresh: Bool {
        ImagePipelineError.Kind(rawValue: rawValue)?.isTransient ?? false
    }
}

extension ImagePipelineError {
    /// The pipeline's error for any error a loader throws: itself, a network or decoding error
    /// it wraps, or nil for an error from elsewhere.
    init?(wrapping error: any Error) {
        switch error {
        case let pipeline as ImagePipelineError: self = pipeline
        case let network as NetworkError: self = .network(network)
        case let imaging as ImagingError: self = .invalidImage(imaging)
        default: return nil
        }
    }
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

    /// Classifies any error thrown by a loader; a loader that throws a `LoadFailure` has
    /// classified it already, and it is kept as it is.
    public init(_ error: any Error) {
        if let failure = error as? LoadFailure {
            self = failure
            return
        }
        let userFacing = UserFacingError.from(error)
        self.init(kind: FailureKind(classifying: error), error: userFacing, reason: Self.reason(of: error))
    }

    /// The exact cause of a failure the seed's words leave open: the pipeline's ``ImagePipelineError/reason``.
    static func reason(of error: any Error) -> LocalizedText? {
        ImagePipelineError(wrapping: error)?.reason
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

    /// The text shown inside the cell: the seed's words, with the exact cause beside them, as a
    /// Flickr thumbnail says the same failure.
    public var cellMessage: LocalizedText {
        guard let reason else { return message }
        return LocalizedText(en: "\(message.english) (\(reason.english))", ru: "\(message.russian) (\(reason.russian))")
    }

    /// The seed's words for this kind of failure: the pipeline's, or the error's own for `other`.
    public var message: LocalizedText {
        guard kind != .other, let pipelineKind = ImagePipelineError.Kind(rawValue: kind.rawValue) else {
            return error.message
        }
        return pipelineKind.message
    }
}
