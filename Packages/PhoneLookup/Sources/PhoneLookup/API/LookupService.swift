import ErrorReporting
import Foundation
import Locking

/// The lookup API over numbering data that can be replaced while it answers: what `lookup serve`
/// runs. Each request is answered whole by one data set, the one current when its answer is
/// made, so loading new data (SIGHUP) never fails a request in flight; until the first data is in, the service says it
/// is loading.
///
/// ```swift
/// let service = LookupService(language: .english)
/// service.respond(to: .init(method: "GET", path: "/healthz")).status   // 503: loading
/// service.install(LookupEndpoint(engine: engine, language: .english))
/// service.respond(to: .init(method: "GET", path: "/healthz")).status   // 200
/// ```
package final class LookupService: Sendable {
    private let current = LockedValue<LookupEndpoint?>(nil)
    /// The language of messages when a request names none.
    package let language: Language
    private let documentBody: Data?

    package init(language: Language) {
        self.language = language
        documentBody = LookupEndpoint.document()
    }

    /// The endpoint over the data answering now; nil while the first data loads.
    package var endpoint: LookupEndpoint? { current.withLock { $0 } }

    /// Answers every request from now on with `endpoint`; requests already begun finish with the one
    /// they began with.
    package func install(_ endpoint: LookupEndpoint) {
        current.withLock { $0 = endpoint }
    }

    /// The answer of the current data, or, while none is in, 503: `/healthz` says `loading`, the
    /// OpenAPI document is served as ever, and every other path answers the `loading` error with
    /// `Retry-After`.
    package func respond(to request: LookupEndpoint.Request) -> LookupEndpoint.Response {
        if let endpoint { return endpoint.respond(to: request) }
        let json = "application/json; charset=utf-8"
        if request.path == LookupEndpoint.documentPath, LookupEndpoint.allowedMethods.contains(request.method),
           let documentBody {
            return .init(status: 200, headers: ["Content-Type": json, "Cache-Control": LookupEndpoint.cacheControl],
                         body: documentBody)
        }
        let headers = ["Content-Type": json, "Cache-Control": "no-store", "Retry-After": "1"]
        if request.path == LookupEndpoint.healthPath {
            return .init(status: 503, headers: headers, body: Data(#"{"status":"loading"}"#.utf8))
        }
        let language = request.query["lang"].flatMap(Language.init(code:)) ?? self.language
        let message = LocalizedText(en: "The numbering data is loading; ask again in a moment",
                                    ru: "Данные нумерации загружаются; повторите запрос чуть позже")
        return .init(status: 503, headers: headers, body: LookupEndpoint.encode(
            LookupRefusal(code: "loading", message: message.text(in: language))))
    }
}
