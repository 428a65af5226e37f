import ErrorReporting

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

    /// Maps a `UserFacingError.code` from the shared modules to the kind a cell shows.
    public init(code: String) {
        switch code {
        case "offline": self = .offline
        case "unavailable", "http", "invalidURL", "unsupportedScheme", "tooLarge": self = .unavailable
        case "timeout": self = .timeout
        case "dropped", "transport": self = .dropped
        case "invalidImage": self = .invalidImage
        default: self = .other
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
        self.init(kind: FailureKind(code: userFacing.code), error: userFacing)
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
