import Foundation

/// Validates JSON values against the subset of OpenAPI 3.1 (JSON Schema 2020-12) the lookup API's
/// document uses: `$ref` to components, `type` (one or a list, `null` included), `required`,
/// `properties`, `additionalProperties: false`, `items`, `maxItems`, `oneOf`, `enum` and `pattern`. A keyword outside
/// the subset is itself reported, so the document cannot grow past what is checked.
struct OpenAPISubset {
    let document: [String: Any]

    init(_ data: Data) throws {
        document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static let understood: Set<String> = [
        "$ref", "type", "required", "properties", "additionalProperties", "items", "maxItems", "oneOf", "enum", "pattern",
        "description", "example",
    ]

    /// The response schema the document gives for `method path` answered with `status`, if any;
    /// a path the document does not list takes `components.responses.NotFound`.
    func responseSchema(method: String, path: String, status: Int) -> [String: Any]? {
        let paths = document["paths"] as? [String: Any] ?? [:]
        let response: [String: Any]?
        if let item = paths[path] as? [String: Any] {
            let operation = (item[method.lowercased()] ?? item["get"]) as? [String: Any]
            response = (operation?["responses"] as? [String: Any])?[String(status)] as? [String: Any]
        } else {
            response = ((document["components"] as? [String: Any])?["responses"] as? [String: Any])?["NotFound"]
                as? [String: Any]
        }
        let content = response?["content"] as? [String: Any]
        return (content?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
    }

    /// The media types the document gives for `method path` answered with `status`.
    func contentTypes(method: String, path: String, status: Int) -> [String] {
        let item = (document["paths"] as? [String: Any])?[path] as? [String: Any]
        let operation = (item?[method.lowercased()] ?? item?["get"]) as? [String: Any]
        let response = (operation?["responses"] as? [String: Any])?[String(status)] as? [String: Any]
        return (response?["content"] as? [String: Any]).map { Array($0.keys).sorted() } ?? []
    }

    /// Whether `method path` answered with `status` may carry header `name`, per the document.
    func declaresHeader(_ name: String, method: String, path: String, status: Int) -> Bool {
        let item = (document["paths"] as? [String: Any])?[path] as? [String: Any]
        let operation = (item?[method.lowercased()] ?? item?["get"]) as? [String: Any]
        let response = (operation?["responses"] as? [String: Any])?[String(status)] as? [String: Any]
        return (response?["headers"] as? [String: Any])?[name] != nil
    }

    /// Every way `value` breaks `schema`, as `path: problem` lines; empty when it validates.
    func problems(_ value: Any, against schema: [String: Any], at path: String = "$") -> [String] {
        var schema = schema
        if let reference = schema["$ref"] as? String {
            guard let resolved = resolve(reference) else { return ["\(path): unresolved \(reference)"] }
            schema = resolved
        }
        var found = schema.keys.filter { !Self.understood.contains($0) }.map { "\(path): keyword \($0) not checked" }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matching = options.filter { problems(value, against: $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf's \(options.count) schemas, not 1") }
        }
        let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty, !types.contains(where: { Self.value(value, is: $0) }) {
            return found + ["\(path): \(Self.describe(value)) is not \(types.joined(separator: "|"))"]
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
            found.append("\(path): \(Self.describe(value)) not in enum")
        }
        if let pattern = schema["pattern"] as? String, let text = value as? String,
           text.range(of: pattern, options: .regularExpression) == nil {
            found.append("\(path): \"\(text)\" does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): missing \(key)")
            }
            if (schema["additionalProperties"] as? Bool) == false {
                found += object.keys.filter { properties[$0] == nil }.map { "\(path): unexpected key \($0)" }
            }
            for (key, child) in object {
                if let childSchema = properties[key] as? [String: Any] {
                    found += problems(child, against: childSchema, at: "\(path).\(key)")
                }
            }
        }
        if let array = value as? [Any], let most = schema["maxItems"] as? Int, array.count > most {
            found.append("\(path): \(array.count) items, more than \(most)")
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { found += problems(element, against: items, at: "\(path)[\(index)]") }
        }
        return found
    }

    private func resolve(_ reference: String) -> [String: Any]? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = document
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let object = node as? [String: Any], let next = object[String(part)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    private static func value(_ value: Any, is type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBool(value)
        case "number", "integer": return value is NSNumber && !isBool(value)
        default: return false
        }
    }

    /// JSONSerialization hands `true` and `false` out as NSNumbers whose type is a C char.
    private static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return value is Bool }
        return String(cString: number.objCType) == "c"
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if let a = a as? String, let b = b as? String { return a == b }
        return false
    }

    private static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let text = value as? String { return "\"\(text)\"" }
        return String(describing: type(of: value))
    }
}
