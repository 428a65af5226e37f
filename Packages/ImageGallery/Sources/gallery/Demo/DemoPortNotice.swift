import DemoServer
import ErrorReporting

/// What the gallery says about its demo server's port: that it took another one, or why it could
/// not start at all (a runtime failure, exit 1, never a usage error).
enum DemoPortNotice {
    /// The port asked for was busy, so the server listens on `taken` instead.
    static func busy(asked: Int, taken: Int) -> LocalizedText {
        LocalizedText(
            en: "port \(asked) is busy, so the demo server took 127.0.0.1:\(taken) instead "
                + "(pictures cached through port \(asked) are fetched again)",
            ru: "порт \(asked) занят, поэтому демо-сервер занял 127.0.0.1:\(taken) "
                + "(картинки, сохранённые через порт \(asked), загрузятся заново)")
    }

    /// The error to exit with when the demo server could not start.
    static func failure(_ error: any Error, language: Language) -> DemoStartFailure {
        DemoStartFailure(
            message: LocalizedText(
                en: "The demo server could not start on 127.0.0.1 (\(error))",
                ru: "Демо-сервер не запустился на 127.0.0.1 (\(error))"),
            language: language)
    }
}

/// The demo server did not start: printed as `Error: …` with exit status 1.
struct DemoStartFailure: Error, CustomStringConvertible {
    let message: LocalizedText
    let language: Language

    var description: String { message.text(in: language) }
}
