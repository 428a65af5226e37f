import Logging

/// Reports errors through swift-log, always redacted, with the stable code as metadata.
///
/// One reporter per command, made at its composition root and handed to whatever needs it.
public struct ErrorReporter: Sendable {
    public let logger: Logger
    public let language: Language

    public init(logger: Logger, language: Language) {
        self.logger = logger
        self.language = language
    }

    /// Logs `error` as a person would read it, with `context` saying what we were doing.
    @discardableResult
    public func report(_ error: any Error, context: String, level: Logger.Level = .error) -> UserFacingError {
        let userFacing = UserFacingError.from(error)
        logger.log(
            level: level,
            "\(Redactor.redact(context)): \(Redactor.redact(userFacing.line(in: language)))",
            metadata: [
                "code": .string(userFacing.code),
                "underlying": .string(Redactor.redact(String(describing: error))),
            ]
        )
        return userFacing
    }
}
