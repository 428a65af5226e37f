import ErrorReporting
import Foundation

/// The parsed country dataset: the good entries, in file order, and the entries that were left out.
///
/// Parsing is lenient where the data is sloppy (`"+ 345"` becomes `+345`, `"ky"` becomes `KY`,
/// names are trimmed) and strict where it is broken: an entry without a usable name, dial code
/// or ISO code is skipped and reported, and the rest are kept.
///
/// ```swift
/// let dataset = try CountryDataset.parse(data)
/// print(dataset.countries.count, dataset.skipped)
/// ```
public struct CountryDataset: Sendable, Equatable {
    /// The usable entries in file order.
    public var countries: [Country]
    /// The entries that were left out, each with what is wrong with it.
    public var skipped: [SkippedEntry]

    public init(countries: [Country], skipped: [SkippedEntry] = []) {
        self.countries = countries
        self.skipped = skipped
    }

    /// Parses the JSON array of `{"name", "dial_code", "code"}` objects.
    ///
    /// - Throws: ``DatasetError`` when the file as a whole is unusable: not JSON, not an array,
    ///   an empty array, or no entry usable at all.
    public static func parse(_ data: Data) throws(DatasetError) -> CountryDataset {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON(detail: Self.describe(error))
        }
        guard let entries = json as? [Any] else { throw .notAList(found: JSONKind(of: json)) }
        guard !entries.isEmpty else { throw .empty }

        var dataset = CountryDataset(countries: [])
        var seenCodes = Set<String>()
        dataset.countries.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            switch parseEntry(entry) {
            case .success(let country) where seenCodes.insert(country.isoCode).inserted:
                dataset.countries.append(country)
            case .success(let country):
                dataset.skipped.append(SkippedEntry(index: index, problem: .duplicateCode(country.isoCode)))
            case .failure(let problem):
                dataset.skipped.append(SkippedEntry(index: index, problem: problem))
            }
        }
        guard !dataset.countries.isEmpty else { throw .noUsableEntries(skipped: dataset.skipped) }
        return dataset
    }

    private static func parseEntry(_ entry: Any) -> Result<Country, EntryProblem> {
        guard let object = entry as? [String: Any] else { return .failure(.notAnObject(found: JSONKind(of: entry))) }
        func text(_ field: String) -> Result<String, EntryProblem> {
            guard let value = object[field], !(value is NSNull) else { return .failure(.missingField(field)) }
            guard let string = value as? String else {
                return .failure(.wrongType(field: field, expected: .string, found: JSONKind(of: value)))
            }
            let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? .failure(.emptyField(field)) : .success(trimmed)
        }
        return text("name").flatMap { name in
            text("dial_code").flatMap { rawDial in
                text("code").flatMap { rawCode in
                    guard let dial = DialCode(parsing: rawDial) else { return .failure(.invalidDialCode(rawDial)) }
                    let code = rawCode.uppercased()
                    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                        return .failure(.invalidISOCode(rawCode))
                    }
                    return .success(Country(name: name, dialCode: dial, isoCode: code))
                }
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
        return nsError.localizedDescription
    }
}

/// One dataset entry that was left out, and why.
public struct SkippedEntry: Sendable, Equatable, CustomStringConvertible {
    /// Its position in the array, counting from 0.
    public var index: Int
    public var problem: EntryProblem

    public init(index: Int, problem: EntryProblem) {
        self.index = index
        self.problem = problem
    }

    public var description: String { "entry \(index): \(problem)" }
}

/// What is wrong with one dataset entry.
public enum EntryProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case notAnObject(found: JSONKind)
    case missingField(String)
    case wrongType(field: String, expected: JSONKind, found: JSONKind)
    case emptyField(String)
    case invalidDialCode(String)
    case invalidISOCode(String)
    case duplicateCode(String)

    public var description: String {
        switch self {
        case .notAnObject(let found): "expected an object, found \(found)"
        case .missingField(let field): "missing field \"\(field)\""
        case .wrongType(let field, let expected, let found): "field \"\(field)\" should be \(expected), found \(found)"
        case .emptyField(let field): "field \"\(field)\" is empty"
        case .invalidDialCode(let raw): "dial code \"\(raw)\" is not a + followed by digits"
        case .invalidISOCode(let raw): "code \"\(raw)\" is not a two-letter ISO code"
        case .duplicateCode(let code): "code \(code) appears more than once; the first entry is kept"
        }
    }
}

/// The kind of a JSON value, for error messages.
public enum JSONKind: String, Sendable, Equatable, CustomStringConvertible {
    case object, array, string, number, bool, null

    init(of value: Any) {
        switch value {
        case is [String: Any]: self = .object
        case is [Any]: self = .array
        case is String: self = .string
        case is NSNull: self = .null
        case let number as NSNumber:
            // Foundation boxes JSON `true`/`false` as NSNumber too; their Objective-C type is `c`.
            self = String(cString: number.objCType) == "c" ? .bool : .number
        default: self = .null
        }
    }

    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true/false"
        case .null: "null"
        }
    }
}

/// Why the dataset as a whole could not be used.
public enum DatasetError: Error, Sendable, Equatable, CustomStringConvertible, UserFacingErrorConvertible {
    /// The bytes are not JSON.
    case malformedJSON(detail: String)
    /// The JSON is valid but its top level is not an array of countries.
    case notAList(found: JSONKind)
    /// The array is empty.
    case empty
    /// Every entry was unusable.
    case noUsableEntries(skipped: [SkippedEntry])

    public var description: String {
        switch self {
        case .malformedJSON(let detail): "the country list is not valid JSON: \(detail)"
        case .notAList(let found): "the country list should be a JSON array, found \(found)"
        case .empty: "the country list is empty"
        case .noUsableEntries(let skipped):
            "no entry of the country list is usable (\(skipped.prefix(3).map(\.description).joined(separator: "; ")))"
        }
    }

    public var userFacingError: UserFacingError {
        let russian = switch self {
        case .malformedJSON: "Список стран повреждён (это не JSON)"
        case .notAList: "Список стран имеет неверный формат (ожидался массив)"
        case .empty: "Список стран пуст"
        case .noUsableEntries: "В списке стран нет ни одной пригодной записи"
        }
        return UserFacingError(code: "invalidDataset", message: LocalizedText(en: description.capitalizedFirst, ru: russian))
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
