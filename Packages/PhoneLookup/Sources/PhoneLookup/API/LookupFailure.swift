import ErrorReporting
import Networking

/// A lookup that failed: what a person reads, and whether asking again may help, decided from the
/// error's type where the lookup met it. What to say about trying again is the command's.
public struct LookupFailure: Error, Sendable, Hashable, CustomStringConvertible, UserFacingErrorConvertible {
    /// Whether asking again may help.
    public enum Retry: Sendable, Hashable {
        /// The link was slow or broke, or the service could not be reached: it may work at once.
        case now
        /// The service itself failed (a 5xx): it may work later.
        case later
        /// The service refused the number, or its answer cannot be read: asking again changes nothing.
        case never
    }

    /// What happened, as every surface says it.
    public var error: UserFacingError
    /// Whether asking again may help.
    public var retry: Retry

    public init(error: UserFacingError, retry: Retry) {
        self.error = error
        self.retry = retry
    }

    /// Classifies whatever a backend threw: the lookup's and the network's errors by their type,
    /// anything else as a failure that asking again will not mend.
    public init(_ error: any Error) {
        switch error {
        case let failure as LookupFailure: self = failure
        case let lookup as LookupError: self.init(error: lookup.userFacingError, retry: lookup.retry)
        case let network as NetworkError: self.init(LookupError.network(network))
        default: self.init(error: UserFacingError.from(error), retry: .never)
        }
    }

    public var userFacingError: UserFacingError { error }
    public var description: String { error.description }
}

extension LookupError {
    /// Whether asking again may help this failure.
    public var retry: LookupFailure.Retry {
        switch self {
        case .invalidNumber, .badResponse, .emptyAnswer: .never
        case .server(let status): status >= 500 || status == 429 ? .later : .never
        case .timedOut: .now
        case .network(let error) where !error.mayPassOnRetry: .never
        case .network(let error): error.kind == .http ? .later : .now
        }
    }
}
