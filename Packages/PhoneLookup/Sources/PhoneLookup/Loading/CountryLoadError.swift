import ErrorReporting
import Networking

/// Why the country list could not be loaded, classified where the load met it: the fetch failed
/// (the network's own error, which knows whether trying again may help), or the bytes that came
/// are no usable dataset. What to do about it is the screen's or the command's to say.
public enum CountryLoadError: Error, Sendable, Equatable, CustomStringConvertible, UserFacingErrorConvertible {
    /// The dataset could not be fetched.
    case unreachable(NetworkError)
    /// The dataset arrived but cannot be used.
    case unusable(DatasetError)

    /// True when fetching again later may well succeed (``NetworkError/mayPassOnRetry``); an
    /// unusable dataset stays unusable.
    public var mayPassOnRetry: Bool {
        guard case .unreachable(let network) = self else { return false }
        return network.mayPassOnRetry
    }

    public var description: String {
        switch self {
        case .unreachable(let network): "cannot load the country list: \(network)"
        case .unusable(let dataset): dataset.description
        }
    }

    /// The fetch error under the list's heading, with the network's code; the dataset's own
    /// words when it is unusable.
    public var userFacingError: UserFacingError {
        switch self {
        case .unreachable(let network):
            var userFacing = network.userFacingError
            userFacing.message = LocalizedText(
                en: "Cannot load the country list", ru: "Не удалось загрузить список стран").followed(by: userFacing.message)
            userFacing.recovery = nil
            return userFacing
        case .unusable(let dataset):
            return dataset.userFacingError
        }
    }
}
