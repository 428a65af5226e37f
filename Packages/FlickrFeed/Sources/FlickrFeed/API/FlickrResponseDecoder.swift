import Foundation

/// Reads a `flickr.photos.getRecent` body into a ``FlickrPage`` or a ``FlickrError``.
///
/// ```swift
/// let page = try FlickrResponseDecoder.page(from: response.body)
/// ```
package enum FlickrResponseDecoder {
    /// Decodes a getRecent answer as Flickr really sends it: numbers as numbers or strings,
    /// unknown fields ignored, `stat: fail` (with HTTP 200) as ``FlickrError/api(code:message:)``.
    package static func page(from body: Data) throws(FlickrError) -> FlickrPage {
        let envelope = try envelope(from: body)
        guard envelope.stat == "ok" else {
            throw .api(
                code: envelope.code?.value ?? 0,
                message: envelope.message ?? "stat: \(envelope.stat ?? "missing")")
        }
        guard let photos = envelope.photos else {
            throw .malformed(reason: "no \"photos\" object")
        }
        let items = photos.photo ?? []
        let page = photos.page?.value ?? 1
        return FlickrPage(
            page: page,
            pages: photos.pages?.value ?? page,
            perPage: photos.perpage?.value ?? photos.per_page?.value ?? items.count,
            total: photos.total?.value ?? items.count,
            photos: items
        )
    }

    private static func envelope(from body: Data) throws(FlickrError) -> Envelope {
        let text = String(decoding: body.prefix(512), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = trimmed.first else { throw .notJSON(preview: "(empty body)") }
        guard first == "{" || first == "[" else {
            if let callback = jsonpCallback(in: trimmed) { throw .jsonp(callback: callback) }
            throw .notJSON(preview: preview(of: trimmed))
        }
        do {
            return try JSONDecoder().decode(Envelope.self, from: body)
        } catch let error as DecodingError {
            throw .malformed(reason: describe(error))
        } catch {
            throw .malformed(reason: String(describing: error))
        }
    }

    /// `jsonFlickrApi({` → `jsonFlickrApi`: an identifier directly followed by `(` and JSON.
    private static func jsonpCallback(in text: Substring) -> String? {
        guard let paren = text.firstIndex(of: "(") else { return nil }
        let name = text[..<paren]
        guard !name.isEmpty,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." })
        else { return nil }
        let rest = text[text.index(after: paren)...].drop { $0.isWhitespace }
        guard rest.first == "{" || rest.first == "[" else { return nil }
        return String(name)
    }

    private static func preview(of text: Substring) -> String {
        let line = text.prefix(60).replacingOccurrences(of: "\n", with: " ")
        return text.count > 60 ? line + "…" : line
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "invalid JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default:
            return "unreadable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private struct Envelope: Decodable {
        let stat: String?
        let code: LenientInt?
        let message: String?
        let photos: Photos?
    }

    private struct Photos: Decodable {
        let page: LenientInt?
        let pages: LenientInt?
        let perpage: LenientInt?
        let per_page: LenientInt?
        let total: LenientInt?
        let photo: [FlickrPhoto]?
    }
}
