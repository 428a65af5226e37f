import ErrorReporting

/// The lookup API answered in-process by ``OfflineEngine``: no network, no waiting.
public struct OfflineLookup: AsyncLookupBackend {
    public let engine: OfflineEngine
    public let language: Language

    public init(engine: OfflineEngine, language: Language) {
        self.engine = engine
        self.language = language
    }

    public func answer(for number: PhoneNumber) async throws -> [String] {
        try Task.checkCancellation()
        return engine.results(for: number, language: language)
    }
}
