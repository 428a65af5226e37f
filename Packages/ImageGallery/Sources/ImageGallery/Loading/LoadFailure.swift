import ErrorReporting
import ImagePipeline
import Imaging
import Networking

/// Why a cell has no picture: the image pipeline's ``ImagePipelineError/Kind``, the one
/// classification every task shares (`other` for an error from outside the pipeline).
public typealias FailureKind = ImagePipelineError.Kind

extension ImagePipelineError.Kind {
    /// Classifies an error thrown by a loader by its typed case, never by its printed code; a
    /// cancelled load (which no cell shows) and an error from elsewhere are `other`.
    public init(classifying error: any Error) {
        let kind = ImagePipelineError(wrapping: error)?.kind ?? .other
        self = kind == .cancelled ? .other : kind
    }

    /// True when the failure may go away by trying again, so the gallery says "pull down to
    /// refresh": ``isTransient``, decided by the pipeline once.
    public var suggestsRefresh: Bool { isTransient }
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

    /// The words before the reason: the seeds' for the kind, else the error's own.
    public var message: LocalizedText
    /// True when loading again later may well succeed (``ImagePipelineError/mayPassOnRetry``).
    public var mayPassOnRetry = false

    public init(kind: FailureKind, error: UserFacingError, reason: LocalizedText? = nil) {
        self.kind = kind
        self.error = error
        self.reason = reason
        self.message = kind.commonMessage ?? error.message
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
        let pipeline = ImagePipelineError(wrapping: error)
        if let pipeline, kind != .other { message = pipeline.message }
        mayPassOnRetry = pipeline?.mayPassOnRetry ?? false
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

    /// The stable code printed by `--json`: the pipeline's (the network's own for a network
    /// failure), or the error's own code for anything else.
    public var code: String {
        switch kind {
        case .other, .unavailable: error.code
        default: kind.rawValue
        }
    }

    /// The text shown inside the cell: the seed's words, with the exact cause beside them, as a
    /// Flickr thumbnail says the same failure.
    public var cellMessage: LocalizedText { message.adding(reason: reason) }
}
