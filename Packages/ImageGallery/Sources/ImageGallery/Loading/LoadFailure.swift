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

    public init(kind: FailureKind, error: UserFacingError) {
        self.kind = kind
        self.error = error
    }

    /// Classifies any error thrown by a loader.
    public init(_ error: any Error) {
        let userFacing = UserFacingError.from(error)
        self.init(kind: FailureKind(classifying: error), error: userFacing)
    }

    /// True when `error` says the load was cancelled (the cell left the screen, or a refresh began).
    public static func isCancellation(_ error: any Error) -> Bool {
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

    /// The text shown inside the cell.
    public var cellMessage: LocalizedText {
        switch kind {
        case .offline: CommonPhrases.noInternet
        case .unavailable, .invalidImage: CommonPhrases.imageUnavailable
        case .timeout: CommonPhrases.tookTooLong
        case .dropped: CommonPhrases.connectionDropped
        case .other: error.message
        }
    }
}
