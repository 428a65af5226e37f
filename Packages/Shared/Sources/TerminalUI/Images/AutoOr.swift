/// What a person asked for with an option that names one of a set of values or `auto`, such as
/// `--graphics` (``GraphicsChoice``) or `--symbols` (``SymbolChoice``): `auto` lets the terminal
/// decide.
public enum AutoOr<Value>: Sendable, Hashable, CustomStringConvertible
where Value: RawRepresentable & CaseIterable & Sendable & Hashable, Value.RawValue == String {
    /// Decide from the terminal.
    case auto
    /// This value whatever the terminal is.
    case fixed(Value)

    /// The values the option accepts, for help texts: `auto`, then each value's name, `|` between.
    public static var allNames: String { (["auto"] + Value.allCases.map(\.rawValue)).joined(separator: "|") }

    /// Parses `auto` or a value's name (any case); nil otherwise.
    public init?(argument: String) {
        let name = argument.lowercased()
        if name == "auto" {
            self = .auto
        } else if let fixed = Value(rawValue: name) {
            self = .fixed(fixed)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case let .fixed(value): value.rawValue
        }
    }
}
