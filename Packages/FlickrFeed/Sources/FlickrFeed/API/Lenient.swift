import Foundation

/// An integer that Flickr may send as `25`, `"25"` or `25.0`.
struct LenientInt: Decodable, Sendable {
    let value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self),
            let number = Int(text.trimmingCharacters(in: .whitespaces))
        {
            value = number
        } else if let number = try? container.decode(Double.self), number.isFinite,
            number.rounded() == number, abs(number) < 1e15
        {
            value = Int(number)
        } else if let flag = try? container.decode(Bool.self) {
            value = flag ? 1 : 0
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a number or a string holding one")
        }
    }
}

/// A string that Flickr may send as `"8"` or `8` (ids, servers), or as `{"_content": "..."}`.
struct LenientString: Decodable, Sendable {
    let value: String

    private struct Content: Decodable { let _content: String }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int.self) {
            value = String(number)
        } else if let number = try? container.decode(Double.self), number.isFinite {
            value = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        } else if let content = try? container.decode(Content.self) {
            value = content._content
        } else if container.decodeNil() {
            value = ""
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a string or a number")
        }
    }
}
