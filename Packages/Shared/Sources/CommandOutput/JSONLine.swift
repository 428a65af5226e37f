import Foundation

/// One value of a ``JSONLine`` member.
public enum JSONValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)
}

/// One-line JSON objects for the commands' `--json` output, with the keys in the order given.
///
/// The issues spell each line's keys in a fixed order (`{"event":"item","index":1,...}`), which
/// `JSONEncoder` does not promise; scripts and people reading the lines both profit from it.
///
/// ```swift
/// print(JSONLine.object([("event", .string("summary")), ("loaded", .int(5)), ("offline", .bool(false))]))
/// // {"event":"summary","loaded":5,"offline":false}
/// ```
public enum JSONLine {
    /// The members as one JSON object on one line.
    public static func object(_ members: [(String, JSONValue)]) -> String {
        let body = members.map { key, value in
            let encoded = switch value {
            case .string(let text): quoted(text)
            case .int(let number): String(number)
            case .bool(let flag): flag ? "true" : "false"
            }
            return "\(quoted(key)):\(encoded)"
        }
        return "{" + body.joined(separator: ",") + "}"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, and so is every
    /// scalar a terminal would act on (DEL, C1 controls, bidi controls; see ``TerminalSafeText``) and
    /// U+2028/U+2029 (so a line is also safe inside JavaScript); everything else as UTF-8. The line
    /// parses back to the same text, and printing it raw never drives the terminal.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where TerminalSafeText.isUnsafe(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
